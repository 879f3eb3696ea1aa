/**
 * Aprovar (issue 28): the figures are computed again from the stored
 * inputs with the shared derivation and the thresholds as stored now
 * (figures.ts); a stored figure that differs refuses the approval (422,
 * naming the first such field), because what would be frozen is not what
 * the rules give. Then the content is frozen (approval-content.ts) with a
 * new verification code, in the caller's transaction.
 */
import type { FastifyRequest } from 'fastify';
import { councilText, SAMPLE_BLOCKS, SAMPLE_REVIEW_MESSAGES, sampleFieldLabel } from '@sync/contract/samples';
import type { SampleBlocks } from '@sync/contract/samples/descriptor';
import type { ResultThresholds } from '@/domain/result-thresholds';
import { requireAuth } from '@server/auth/authenticate';
import type { Tx } from '@server/db/client';
import { sampleApprovals, type samples } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { HttpError } from '@server/http/errors';
import { approvalDocument, sealed } from './approval-content';
import { blocksWithFigures, readResultThresholds } from './figures';
import { leafChanges } from './sample-changes';
import { unusedCode } from './verification-code';

type SampleRow = typeof samples.$inferSelect;

/** The label of the first stored figure the derivation computes differently, or null when all agree. */
export function differingFigure(row: SampleRow, thresholds: ResultThresholds): string | null {
  const stored: SampleBlocks = {
    caracterization: row.caracterization,
    memory_field: row.memory_field,
    result: row.result,
    risk_classification: row.risk_classification,
    validation: row.validation,
  };
  const derived = blocksWithFigures(row.type_id, stored, thresholds);
  if (derived === stored) return null;
  for (const block of SAMPLE_BLOCKS) {
    // A row given an id it lacked is no figure; anything else the derivation changes is.
    const change = leafChanges(stored[block], derived[block], [block]).find((leaf) => leaf.steps.at(-1) !== 'row_id');
    if (change) return sampleFieldLabel(row, change.steps) ?? change.steps.join('.');
  }
  return null;
}

/** Checks the figures and freezes the approval of the locked sample row. */
export async function approveSample(tx: Tx, request: FastifyRequest, row: SampleRow, storage: FileStore, now: Date): Promise<void> {
  const thresholds = await readResultThresholds(tx);
  const differing = differingFigure(row, thresholds);
  if (differing !== null) throw new HttpError(422, SAMPLE_REVIEW_MESSAGES.figureDiffers(differing));
  const { user } = requireAuth(request);
  const approver = { id: user.id, name: user.name, council: councilText(user) };
  const { content, hash } = sealed(await approvalDocument(tx, row, storage, { thresholds, approver, approvedAt: now }));
  await tx.insert(sampleApprovals).values({
    sample_id: row.id,
    code: await unusedCode(tx),
    content,
    hash,
    approver_id: user.id,
    approver_name: user.name,
    council: approver.council,
    approved_at: now,
  });
}
