/**
 * A sample's history and comments (issue 28):
 *
 *   GET  api/sample/{id}/history   every event, oldest first (sampleHistoryResponseSchema)
 *   POST api/sample/{id}/comment   {text} → 201 the comment's event
 *
 * The history is read like the sample itself (the samples module;
 * customer-type users their own customers' samples, and only once the
 * results are released). Comments are append-only: no route edits or
 * deletes an event. A comment does not change the sample.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SAMPLE_MESSAGES, sampleCommentInputSchema, sampleEventSchema, sampleHistoryResponseSchema } from '@sync/contract/samples';
import type { AppContext, ZodApp } from '@server/app-context';
import { samples } from '@server/db/schema';
import { notFound } from '@server/http/errors';
import { idParam } from '@server/sync/crud-routes';
import { writeTime } from '@server/sync/versioning';
import { assertSampleCustomer, SAMPLE_READ, SAMPLE_WRITE } from './access';
import { assertResultsVisible } from './customer-view';
import { loadSampleHistory, recordSampleEvent } from './history-events';

const params = z.object({ id: idParam });

export function registerSampleHistory(app: ZodApp, ctx: AppContext) {
  app.get('/api/sample/:id/history', { config: SAMPLE_READ, schema: { params, response: { 200: sampleHistoryResponseSchema } } }, async (request) => {
    const [sample] = await ctx.db
      .select({ customer_id: samples.customer_id, status: samples.status })
      .from(samples)
      .where(eq(samples.id, request.params.id));
    if (!sample) throw notFound(SAMPLE_MESSAGES.notFound);
    assertSampleCustomer(request, sample.customer_id);
    assertResultsVisible(request, sample);
    return loadSampleHistory(ctx.db, request.params.id);
  });

  app.post(
    '/api/sample/:id/comment',
    { config: SAMPLE_WRITE, schema: { params, body: sampleCommentInputSchema, response: { 201: sampleEventSchema } } },
    async (request, reply) => {
      const now = writeTime(ctx.clock);
      const event = await ctx.db.transaction(async (tx) => {
        const [sample] = await tx.select({ id: samples.id }).from(samples).where(eq(samples.id, request.params.id));
        if (!sample) throw notFound(SAMPLE_MESSAGES.notFound);
        return recordSampleEvent(tx, request, sample.id, { kind: 'comment', reason: request.body.text.trim() }, now);
      });
      return reply.code(201).send(event);
    },
  );
}
