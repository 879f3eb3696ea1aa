/**
 * Quotations (spec section 7): `GET api/quotation/all/{skip}/{take}` with
 * `search` (number or customer name), `status` and `sample`,
 * `GET`/`PUT`/`DELETE api/quotation/{id}` and `POST api/quotation`, built on
 * the sync CRUD factory (If-Match, incremental pull with `deleted_ids`,
 * idempotent writes). The nested lists are written whole with the
 * document; the reference number is given right after the insert.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  QUOTATION_MESSAGES,
  quotationInputSchema,
  quotationListFiltersSchema,
  quotationSchema,
  type Quotation,
  type QuotationBody,
} from '@sync/contract/quotations';
import { requireAuth } from '@server/auth/authenticate';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { quotations } from '@server/db/schema';
import { registerCrudRoutes } from '@server/sync/crud-routes';
import type { ListSource } from '@server/sync/list';
import { QUOTATION_ACCESS, quotationVisibility } from './access';
import { assertQuotationHasNoSamples } from './sample-guard';
import { loadQuotations } from './load';
import { referenceNumber } from './reference-number';
import { quotationValues } from './values';

export const quotationSource: ListSource<Quotation> = { resource: 'quotations', table: quotations, load: loadQuotations };

/** Sets the number of a row just inserted at `createdAt` (its `updated_at` stays the write time, not the database's now()). */
export async function assignReferenceNumber(tx: Tx, id: number, createdAt: Date): Promise<void> {
  await tx
    .update(quotations)
    .set({ reference_no: referenceNumber(id, createdAt), updated_at: createdAt })
    .where(eq(quotations.id, id));
}

function listFilter(query: { status?: string | undefined; sample?: string | undefined }): SQL | undefined {
  // `sample` (documented, meaning not shown): quotations a sampling plan is made from, the approved ones.
  const sample = query.sample === 'true' || query.sample === '1';
  const status = query.status ?? (sample ? 'approved' : undefined);
  return status === undefined ? undefined : eq(quotations.status, status as Quotation['status']);
}

export function registerQuotationCrud(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...quotationSource,
    notFoundMessage: QUOTATION_MESSAGES.notFound,
    access: QUOTATION_ACCESS,
    visibility: quotationVisibility,
    paths: {
      list: '/api/quotation/all/:skip/:take',
      one: '/api/quotation/:id',
      create: '/api/quotation',
      update: '/api/quotation/:id',
      delete: '/api/quotation/:id',
    },
    schemas: {
      item: quotationSchema,
      input: quotationInputSchema as unknown as z.ZodType<QuotationBody>,
      filters: quotationListFiltersSchema,
    },
    list: { search: [quotations.search_text], where: listFilter }, // number and customer, folded (db/schema/search-text.ts)
    values: (tx, input, current, request) => quotationValues(tx, input, current, requireAuth(request)),
    async afterSave(tx, id, _input, now, created) {
      if (created) await assignReferenceNumber(tx, id, now);
    },
    // A quotation with samples keeps them (field work): 409 before the database's restrict would make it a 500.
    beforeDelete: (tx, id) => assertQuotationHasNoSamples(tx, id),
  });
}
