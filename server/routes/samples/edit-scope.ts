/**
 * The sample's saves after Finalizar (issue 28; review.ts `editScope`):
 *
 * - `guardSampleWrite`, on the locked row before If-Match is compared: a
 *   save where the scope is 'none' (an offline edit that reached the server
 *   after the sample was finalized) is 409 'Amostra já finalizada: peça a
 *   devolução' with no `current`, so the device keeps it as a failed change
 *   with that reason instead of merging it; a delete is allowed only in
 *   'rascunho' (409 'Só amostras em rascunho podem ser excluídas…').
 * - `scopedSampleInput`: in 'lab' (waiting for the laboratory) only the
 *   laboratory fields of the chemical result rows (LAB_RESULT_FIELDS) may
 *   differ from what is stored (409 labFieldsOnly otherwise). What is saved
 *   is the stored sample with those fields taken from the body; the figures
 *   the body carries are ignored, the server computes them from that.
 *   Photos are added or removed only where the scope is 'any'.
 * - `logSampleEdit`: every accepted save of a sample finalized at least
 *   once writes an 'edit' event with each changed field, before and after.
 */
import type { FastifyRequest } from 'fastify';
import {
  editScope,
  isSampleFigure,
  LAB_RESULT_FIELDS,
  SAMPLE_BLOCKS,
  SAMPLE_REVIEW_MESSAGES as M,
  sampleStateOf,
  type SampleBlock,
  type SampleBlockName,
  type SampleBody,
} from '@sync/contract/samples';
import type { SampleBlocks } from '@sync/contract/samples/descriptor';
import type { Tx } from '@server/db/client';
import { HttpError } from '@server/http/errors';
import type { RowOf } from '@server/sync/crud-routes';
import { blocksWithFigures, readResultThresholds } from './figures';
import { recordSampleEvent } from './history-events';
import { receivedImageCount } from './multipart-save';
import { reviewActorOf } from './review-actor';
import { leafChanges, sampleChanges, type LeafChange } from './sample-changes';

type Plain = Record<string, unknown>;
export type EditScope = ReturnType<typeof editScope>;

/** The caller's scope on this stored sample. */
export function editScopeOf(request: FastifyRequest, current: Readonly<Record<string, unknown>>): EditScope {
  return editScope(sampleStateOf({ status: current.status }), reviewActorOf(request));
}

/** Refuses what the sample's state no longer allows, before any version is compared. */
export async function guardSampleWrite(_tx: Tx, current: RowOf, request: FastifyRequest, operation: 'update' | 'delete'): Promise<void> {
  if (operation === 'delete') {
    if (sampleStateOf({ status: current.status }) !== 'rascunho') throw new HttpError(409, M.deleteOnlyDraft);
    return;
  }
  if (editScopeOf(request, current) === 'none') throw new HttpError(409, M.alreadyFinalized);
}

/** 409 unless the scope lets photos be added or removed: only a draft or a returned sample. */
export function assertPhotosEditable(scope: EditScope): void {
  if (scope === 'any') return;
  throw new HttpError(409, scope === 'lab' ? M.labFieldsOnly : M.alreadyFinalized);
}

function isLabField(steps: readonly string[]): boolean {
  return steps.length === 4 && steps[0] === 'result' && steps[1] === 'agents' && (LAB_RESULT_FIELDS as readonly string[]).includes(steps[3]!);
}

/** The stored result with the laboratory fields of each row taken from the sent row of the same `row_id`. */
function withLabFields(stored: unknown, sent: unknown): Plain {
  const result = structuredClone((stored ?? {}) as Plain);
  const sentRows = Array.isArray((sent as Plain | undefined)?.agents) ? ((sent as Plain).agents as Plain[]) : [];
  if (!Array.isArray(result.agents)) return result;
  result.agents = (result.agents as Plain[]).map((row) => {
    const match = sentRows.find((candidate) => candidate && candidate.row_id === row.row_id);
    if (!match) return row;
    const next = { ...row };
    for (const field of LAB_RESULT_FIELDS) if (match[field] !== undefined) next[field] = match[field];
    return next;
  });
  return result;
}

/** A block the body leaves empty keeps what is stored (values.ts `mergedBlock`). */
function sentBlock(input: SampleBody, current: RowOf, block: SampleBlockName): SampleBlock {
  return (Object.keys(input[block]).length === 0 ? current[block] : input[block]) as SampleBlock;
}

function fieldChange(field: 'agent_name' | 'sample_no' | 'chemical_agent', sent: unknown, stored: unknown): LeafChange[] {
  return sent === null || sent === undefined || sent === stored ? [] : [{ steps: [field], before: stored, after: sent }];
}

function blocksOf(source: (block: SampleBlockName) => SampleBlock): SampleBlocks {
  return Object.fromEntries(SAMPLE_BLOCKS.map((block) => [block, source(block)])) as SampleBlocks;
}

/**
 * The body this save may apply, given the caller's scope on the stored
 * sample (throws 409 when it may not). While the laboratory is awaited, the
 * body and the stored sample with the body's laboratory fields are both
 * derived (so what the derivation fills in, such as a result row's agent
 * from its memory row, is compared as the derivation gives it) and must
 * differ in nothing but laboratory fields and figures.
 */
export async function scopedSampleInput(tx: Tx, request: FastifyRequest, input: SampleBody, current: RowOf): Promise<SampleBody> {
  const scope = editScopeOf(request, current);
  if (receivedImageCount(request) > 0) assertPhotosEditable(scope);
  if (scope !== 'lab') return input;
  const typeId = current.type_id as number;
  const kept = blocksOf((block) =>
    block === 'result' ? (withLabFields(current.result, input.result) as SampleBlock) : (current[block] as SampleBlock),
  );
  const thresholds = await readResultThresholds(tx);
  const asKept = blocksWithFigures(typeId, kept, thresholds);
  const asSent = blocksWithFigures(
    typeId,
    blocksOf((block) => sentBlock(input, current, block)),
    thresholds,
  );
  const changes = [
    ...fieldChange('agent_name', input.agent_name, current.agent_name),
    ...fieldChange('sample_no', input.sample_no, current.sample_no),
    ...fieldChange('chemical_agent', input.chemical_agent, current.chemical_agent),
    ...SAMPLE_BLOCKS.flatMap((block) => leafChanges(asKept[block], asSent[block], [block])),
  ];
  // Figures are computed again from what is kept; only a laboratory field may be what the body changes.
  if (changes.some((change) => !isLabField(change.steps) && !isSampleFigure(current, change.steps))) throw new HttpError(409, M.labFieldsOnly);
  return {
    ...input,
    type_id: typeId,
    sample_no: current.sample_no as number,
    agent_name: current.agent_name as string | null,
    chemical_agent: current.chemical_agent as string | null,
    ...(kept as Pick<SampleBody, SampleBlockName>),
  };
}

/** The 'edit' event of an accepted save of a sample finalized at least once (nothing when nothing changed). */
export async function logSampleEdit(tx: Tx, request: FastifyRequest, current: RowOf, values: Plain, now: Date): Promise<void> {
  if (current.finalized_at === null || current.finalized_at === undefined) return;
  const changes = sampleChanges(current, values);
  if (changes.length === 0) return;
  await recordSampleEvent(tx, request, current.id, { kind: 'edit', changes }, now);
}
