/**
 * A sample's state changes as rows: the locked row a command starts from,
 * the refusal the review table gives (403 for who asks, 409 for the state
 * the sample is in, with the contract's Portuguese message), and the move
 * itself: the new state, the reason a Devolver, Cancelar or Invalidar
 * leaves on the sample (any other move clears it), `updated_at` moved so
 * devices pull the change, and the history event, in the caller's
 * transaction.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  REVIEW_RULES,
  reviewRefusal,
  SAMPLE_MESSAGES,
  SAMPLE_REVIEW_MESSAGES as M,
  sampleStateOf,
  type ReviewAction,
  type ReviewActor,
  type ReviewOptions,
  type SampleState,
} from '@sync/contract/samples';
import type { Tx } from '@server/db/client';
import { samples } from '@server/db/schema';
import { HttpError, notFound } from '@server/http/errors';
import { nextUpdatedAt } from '@server/sync/versioning';
import { recordSampleEvent } from './history-events';

export type SampleRow = typeof samples.$inferSelect;

/** The sample, locked until the transaction ends (404 when there is none). */
export async function lockSampleRow(tx: Tx, id: number): Promise<SampleRow> {
  const [row] = await tx.select().from(samples).where(eq(samples.id, id)).for('update');
  if (!row) throw notFound(SAMPLE_MESSAGES.notFound);
  return row;
}

/** Throws the review table's refusal of `action` on this sample by this actor, if any. */
export function assertMayMove(
  action: ReviewAction,
  row: Pick<SampleRow, 'status' | 'finalized_by'>,
  actor: ReviewActor,
  options: ReviewOptions,
): void {
  const state = sampleStateOf(row);
  const refusal = reviewRefusal(action, { state, finalizedBy: row.finalized_by }, actor, options);
  if (refusal === null) return;
  const aboutWho = refusal === M.customerUser || refusal === M.noPermission || REVIEW_RULES[action].from.includes(state);
  throw new HttpError(aboutWho ? 403 : 409, refusal);
}

export interface Move {
  action: ReviewAction;
  to: SampleState;
  reason: string | null;
}

/** Moves the locked row to `move.to` and records the event. */
export async function moveSample(tx: Tx, request: FastifyRequest, row: SampleRow, move: Move, now: Date): Promise<void> {
  const keepsReason = REVIEW_RULES[move.action].reason;
  await tx
    .update(samples)
    .set({ status: move.to, status_reason: keepsReason ? move.reason : null, updated_at: nextUpdatedAt(samples.updated_at, now) })
    .where(eq(samples.id, row.id));
  await recordSampleEvent(
    tx,
    request,
    row.id,
    { kind: 'state', action: move.action, from: sampleStateOf(row), to: move.to, reason: keepsReason ? move.reason : null },
    now,
  );
}
