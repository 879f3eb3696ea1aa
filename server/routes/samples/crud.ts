/**
 * Samples (spec samples.md section 7), on the sync CRUD factory (If-Match,
 * incremental pull with `deleted_ids`, idempotent writes):
 *
 *   GET    api/sample/all/{skip}/{take}   search (agent, employee, company), type_id, quotation_id
 *   GET    api/sample/{id}
 *   POST   api/sample                     create (an extension: the engine's create; a plan slot that exists is updated, 200)
 *   POST   api/sample/{id}, PUT api/sample/{id}   the whole sample (POST also as multipart with its images: multipart-save.ts)
 *   DELETE api/sample/{id}
 *
 * Customer-type users read their own customers' samples only, and their
 * results only once released (customer-view.ts). Every create and delete
 * moves the quotation's `updated_at` (its `sample_count` and
 * `able_create_sample` change), so a pull of quotations brings them.
 *
 * After Finalizar (issue 28), a save is allowed only within the caller's
 * `editScope` and logged in the history; a delete only in 'rascunho'
 * (edit-scope.ts). `status` filters the documented list by state.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  SAMPLE_MESSAGES,
  sampleInputSchema,
  sampleListFiltersSchema,
  sampleSchema,
  type Sample,
  type SampleBody,
  type SampleState,
} from '@sync/contract/samples';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { quotations, samples } from '@server/db/schema';
import { idParam, registerCrudRoutes } from '@server/sync/crud-routes';
import type { ListSource } from '@server/sync/list';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { notFound } from '@server/http/errors';
import { alertSampleSaved } from '@server/routes/dashboard/alert-events';
import { assertSampleCustomer, SAMPLE_ACCESS, SAMPLE_READ, sampleVisibility } from './access';
import { sampleAsSeenBy } from './customer-view';
import { guardSampleWrite, logSampleEdit, scopedSampleInput } from './edit-scope';
import { loadSamples } from './load';
import { attachReceivedImages } from './multipart-save';
import { sampleInSlot, sampleValues } from './values';

export const SAMPLES_RESOURCE = 'samples';
export const sampleSource: ListSource<Sample> = { resource: SAMPLES_RESOURCE, table: samples, load: loadSamples };

/** Moves the quotation's `updated_at`: its samples changed. */
export async function bumpQuotation(tx: Tx, quotationId: number, now: Date): Promise<void> {
  await tx
    .update(quotations)
    .set({ updated_at: nextUpdatedAt(quotations.updated_at, now) })
    .where(eq(quotations.id, quotationId));
}

function listFilter(query: { type_id?: number | undefined; quotation_id?: number | undefined; status?: SampleState | undefined }): SQL | undefined {
  const conditions = [
    query.type_id === undefined ? undefined : eq(samples.type_id, query.type_id),
    query.quotation_id === undefined ? undefined : eq(samples.quotation_id, query.quotation_id),
    query.status === undefined ? undefined : eq(samples.status, query.status),
  ].filter((condition) => condition !== undefined);
  return conditions.length === 0 ? undefined : and(...conditions);
}

export function registerSampleCrud(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...sampleSource,
    notFoundMessage: SAMPLE_MESSAGES.notFound,
    access: SAMPLE_ACCESS,
    paths: {
      list: '/api/sample/all/:skip/:take',
      create: '/api/sample',
      update: '/api/sample/:id',
      updateMethods: ['POST', 'PUT'],
      delete: '/api/sample/:id',
    },
    schemas: {
      item: sampleSchema,
      input: sampleInputSchema as unknown as z.ZodType<SampleBody>,
      filters: sampleListFiltersSchema,
    },
    list: { search: [samples.search_text], where: listFilter }, // agent, employee and company, folded (db/schema/search-text.ts)
    visibility: sampleVisibility,
    existing: (tx, input) => sampleInSlot(tx, input),
    guard: guardSampleWrite,
    present: sampleAsSeenBy,
    async values(tx, input, current, request) {
      if (!current) return sampleValues(tx, input, null);
      const values = await sampleValues(tx, await scopedSampleInput(tx, request, input, current), current);
      const now = writeTime(ctx.clock);
      // The images of a multipart save (the documented whole-sample POST) join the sample in this transaction.
      await attachReceivedImages(tx, request, current.id, now);
      await logSampleEdit(tx, request, current, values, now);
      return values;
    },
    async afterSave(tx, id, _input, now, created) {
      await alertSampleSaved(tx, id, now);
      if (!created) return;
      const [row] = await tx.select({ quotation_id: samples.quotation_id }).from(samples).where(eq(samples.id, id));
      if (row) await bumpQuotation(tx, row.quotation_id, now);
    },
    async beforeDelete(tx, id, now) {
      const [row] = await tx.select({ quotation_id: samples.quotation_id }).from(samples).where(eq(samples.id, id));
      if (row) await bumpQuotation(tx, row.quotation_id, now);
      // The files' bytes stay on disk (their rows go with the sample); the sweep of unreferenced bytes is the files area's.
    },
  });

  // One sample: read here (not by the factory) so a customer-type user's scope is checked on the loaded sample.
  app.get(
    '/api/sample/:id',
    { config: SAMPLE_READ, schema: { params: z.object({ id: idParam }), response: { 200: sampleSchema } } },
    async (request) => {
      const [sample] = await loadSamples(ctx.db, [request.params.id]);
      if (!sample) throw notFound(SAMPLE_MESSAGES.notFound);
      assertSampleCustomer(request, sample.customer_id);
      return sampleAsSeenBy(request, sample);
    },
  );
}
