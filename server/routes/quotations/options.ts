/**
 * The option lists of the quotation form (spec section 7): `GET
 * api/quotation/payment-type` and `GET api/quotation/exposition`, read by
 * anyone with the quotations module. Without `updated_since` they answer
 * every option by name (a plain array, like the other small lists); with it,
 * the pull shape, so a device can keep them (read-only: they change only
 * through the seed for now; the documented PUT calls are not implemented).
 */
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { quotationOptionSchema, type QuotationOption } from '../../../sync/contract/quotations';
import { listQuerySchema, pullResponseSchema } from '../../../sync/contract/sync';
import type { AppContext, ZodApp } from '../../app-context';
import type { Db, Tx } from '../../db/client';
import { expositionTypes, quotationPaymentTypes } from '../../db/schema';
import { syncFields } from '../../lib/wire';
import { byName, listRecords, pullCursorOf, pullRecords, type ListSource } from '../../sync/list';
import { writeTime } from '../../sync/versioning';
import { QUOTATION_GUARDS } from './access';

type OptionTable = typeof quotationPaymentTypes | typeof expositionTypes;

function optionSource(resource: string, table: OptionTable): ListSource<QuotationOption> {
  return {
    resource,
    table,
    async load(db: Db | Tx, ids) {
      const rows = await db.select().from(table).where(inArray(table.id, [...ids]));
      return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, ...syncFields(row) }));
    },
  };
}

const OPTION_LISTS = [
  { path: '/api/quotation/payment-type', table: quotationPaymentTypes, source: optionSource('quotation_payment_types', quotationPaymentTypes) },
  { path: '/api/quotation/exposition', table: expositionTypes, source: optionSource('exposition_types', expositionTypes) },
] as const;

export function registerQuotationOptions(app: ZodApp, ctx: AppContext) {
  const response = z.union([pullResponseSchema(quotationOptionSchema), z.array(quotationOptionSchema)]);
  for (const { path, table, source } of OPTION_LISTS) {
    app.get(path, { onRequest: QUOTATION_GUARDS.read, schema: { querystring: listQuerySchema, response: { 200: response } } }, async (request) => {
      const serverTime = writeTime(ctx.clock);
      const cursor = pullCursorOf(request.query);
      if (cursor) return pullRecords(ctx.db, source, cursor, null, serverTime);
      return (await listRecords(ctx.db, source, { orderBy: byName(table.name, table.id), take: null })).list;
    });
  }
}
