/**
 * The samples grouped by quotation (spec section 7: "a list call with
 * search …, path not shown"): `GET api/sample/quotation/all/{skip}/{take}`
 * with `search` (company name, quotation id or number), newest quotation
 * first, `{ list, total_items }` of `{ quotation_id, reference_no,
 * company_name, customer_id, sample_count, created_at, f_created_at }`.
 * Only quotations with samples; a customer-type user's only theirs. The
 * screens group the samples on the device; this call serves other clients.
 */
import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { listResponseSchema, skipTakeParamsSchema } from '@sync/contract/list';
import { sampleGroupSchema, type SampleGroup } from '@sync/contract/samples';
import { listQuerySchema } from '@sync/contract/sync';
import { formatInstantBR } from '@/domain/dates';
import type { AppContext, ZodApp } from '@server/app-context';
import { requireAuth } from '@server/auth/authenticate';
import { customerScope, customerScopeFilter } from '@server/auth/permissions';
import { quotations, samples } from '@server/db/schema';
import { iso } from '@server/lib/wire';
import { SAMPLE_READ } from './access';

function searchOf(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byId = /^\d{1,9}$/.test(text) ? eq(quotations.id, Number(text)) : undefined;
  return or(ilike(quotations.customer_name, pattern), ilike(quotations.reference_no, pattern), byId);
}

export function registerSampleGroups(app: ZodApp, ctx: AppContext) {
  app.get(
    '/api/sample/quotation/all/:skip/:take',
    {
      config: SAMPLE_READ,
      schema: {
        params: skipTakeParamsSchema,
        querystring: listQuerySchema.pick({ search: true }),
        response: { 200: listResponseSchema(sampleGroupSchema) },
      },
    },
    async (request) => {
      const { skip, take } = request.params;
      // A revision replaced by an invalidation is not another sampling (issue 28).
      const where = and(
        searchOf(request.query.search),
        customerScopeFilter(customerScope(requireAuth(request)), samples.customer_id),
        ne(samples.status, 'substituida'),
      );
      const grouped = ctx.db
        .select({
          quotation_id: quotations.id,
          reference_no: quotations.reference_no,
          company_name: quotations.customer_name,
          customer_id: quotations.customer_id,
          sample_count: count(samples.id),
          created_at: quotations.created_at,
        })
        .from(samples)
        .innerJoin(quotations, eq(quotations.id, samples.quotation_id))
        .where(where)
        .groupBy(quotations.id);
      const [total] = await ctx.db
        .select({ n: sql<number>`count(distinct ${samples.quotation_id})`.mapWith(Number) })
        .from(samples)
        .innerJoin(quotations, eq(quotations.id, samples.quotation_id))
        .where(where);
      const rows = await grouped.orderBy(desc(quotations.created_at), desc(quotations.id)).offset(skip).limit(take);
      const list: SampleGroup[] = rows.map((row) => ({ ...row, created_at: iso(row.created_at), f_created_at: formatInstantBR(row.created_at) }));
      return { list, total_items: total?.n ?? 0 };
    },
  );
}
