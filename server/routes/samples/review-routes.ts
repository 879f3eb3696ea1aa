/**
 * The review commands of a sample (issue 28; sync/contract/samples/review.ts):
 *
 *   PUT api/sample/{id}/finalize   {}                 the device's outbox command (works offline there)
 *   PUT api/sample/{id}/review     {action, reason?}  lab_done, return, approve, issue, cancel, invalidate (online only)
 *
 * Both answer the sample record (as the caller may see it). Refusals come
 * from the review table with its Portuguese message: 403 for who asks
 * (customer-type, no samples module, no council, approving one's own), 409
 * for the state (`{ message }` only: a second Finalizar of a finalized
 * sample is a refusal, not a version conflict). Both are idempotent through
 * the Idempotency-Key plugin, like the quotation's status command: a device
 * that lost the answer sends the same key and gets the stored answer.
 *
 * Finalizar records 'finalizada' and, in the same transaction, the state
 * the server puts it in (`afterFinalize`: the laboratory for a chemical
 * sample, review otherwise): two events. It does not compare If-Match: the
 * technician's earlier edits went before it in the outbox, and the command
 * is about the state, not a version of the fields. A review action does:
 * with the `updated_at` the reviewer saw, a sample changed since answers
 * 409 `{ message, current }` and nothing moves, so nobody approves a
 * version they did not read. Approve and invalidate: approval.ts, revision.ts.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  afterFinalize,
  SAMPLE_MESSAGES,
  sampleFinalizeInputSchema,
  sampleReviewInputSchema,
  sampleSchema,
  sampleTypeById,
  stateAfter,
  type Sample,
} from '@sync/contract/samples';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { samples } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { notFound } from '@server/http/errors';
import { conflictAnswerSchema } from '@server/sync/conflict';
import { idParam } from '@server/sync/crud-routes';
import { keepAnswer, sendKept } from '@server/sync/idempotent-answer';
import { ifMatchOf, writeTime } from '@server/sync/versioning';
import { alertSampleSaved } from '@server/routes/dashboard/alert-events';
import { SAMPLE_WRITE } from './access';
import { approveSample } from './approval';
import { sampleAsSeenBy } from './customer-view';
import { recordSampleEvent } from './history-events';
import { loadSamples } from './load';
import { copyPhotos, insertNextRevision, removeCopies, type PhotoCopy } from './revision';
import { readReviewOptions, reviewActorOf } from './review-actor';
import { assertMayMove, lockSampleRow, moveSample } from './sample-moves';

const params = z.object({ id: idParam });

async function loadOne(tx: Tx, id: number): Promise<Sample> {
  const [sample] = await loadSamples(tx, [id]);
  if (!sample) throw notFound(SAMPLE_MESSAGES.notFound);
  return sample;
}

export function registerSampleReview(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.put(
    '/api/sample/:id/finalize',
    { config: SAMPLE_WRITE, schema: { params, body: sampleFinalizeInputSchema, response: { 200: sampleSchema } } },
    async (request, reply) => {
      const actor = reviewActorOf(request);
      const now = writeTime(ctx.clock);
      // Its answer kept with the move, so a replay after a crash is not refused as a second Finalizar.
      const kept = await ctx.db.transaction(async (tx) => {
        const row = await lockSampleRow(tx, request.params.id);
        assertMayMove('finalize', row, actor, await readReviewOptions(tx));
        const type = sampleTypeById(row.type_id);
        if (!type) throw new Error(`sample ${row.id} has unknown type_id ${row.type_id}`);
        const next = afterFinalize(type.slug);
        await moveSample(tx, request, row, { action: 'finalize', to: 'finalizada', reason: null }, now);
        // The server takes it on at once: to review, or to the laboratory (a second event, by the server's rule).
        await tx.update(samples).set({ status: next, finalized_by: actor.userId, finalized_at: now }).where(eq(samples.id, row.id));
        await recordSampleEvent(tx, request, row.id, { kind: 'state', action: null, from: 'finalizada', to: next }, now);
        return keepAnswer(tx, request, reply, 200, sampleAsSeenBy(request, await loadOne(tx, row.id)));
      });
      return sendKept(reply, kept);
    },
  );

  app.put(
    '/api/sample/:id/review',
    {
      config: SAMPLE_WRITE,
      schema: { params, body: sampleReviewInputSchema, response: { 200: sampleSchema, 409: conflictAnswerSchema(sampleSchema) } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { action } = request.body;
      const reason = request.body.reason?.trim() || null;
      const actor = reviewActorOf(request);
      const version = ifMatchOf(request);
      let copies: PhotoCopy[] = [];
      if (action === 'invalidate') {
        // Refused before any bytes are copied; checked again under the lock.
        const [row] = await ctx.db.select().from(samples).where(eq(samples.id, id));
        if (!row) throw notFound(SAMPLE_MESSAGES.notFound);
        assertMayMove(action, row, actor, await readReviewOptions(ctx.db));
        copies = await copyPhotos(ctx.db, storage, id);
      }
      const now = writeTime(ctx.clock);
      let outcome: { stale: Sample } | { sample: Sample };
      try {
        outcome = await ctx.db.transaction(async (tx) => {
          const row = await lockSampleRow(tx, id);
          if (version && row.updated_at.getTime() !== version.getTime()) return { stale: await loadOne(tx, id) };
          assertMayMove(action, row, actor, await readReviewOptions(tx));
          if (action === 'approve') await approveSample(tx, request, row, storage, now);
          await moveSample(tx, request, row, { action, to: stateAfter(action), reason }, now);
          // Released: the customer's users now read its results, and its highest-risk alert reaches them too.
          if (action === 'approve') await alertSampleSaved(tx, id, now);
          if (action === 'invalidate') {
            // After the move: revision n has left the slot's live set, so n + 1 may take the slot.
            const nextId = await insertNextRevision(tx, request, row, copies, reason ?? '', now);
            await tx.update(samples).set({ replaced_by_id: nextId }).where(eq(samples.id, id));
          }
          return { sample: await loadOne(tx, id) };
        });
      } catch (error) {
        await removeCopies(storage, copies);
        throw error;
      }
      if ('stale' in outcome) {
        await removeCopies(storage, copies);
        return reply.code(409).send({ message: CONFLICT_MESSAGE, current: sampleAsSeenBy(request, outcome.stale) });
      }
      return sampleAsSeenBy(request, outcome.sample);
    },
  );
}
