/**
 * `GET api/dashboard/quotations?search=…&type=period|status`: 'Últimos
 * orçamentos' (created in the period) or 'Lista de orçamentos por status',
 * newest first, DASHBOARD_LIST_SIZE rows, as the device selects them from
 * its store (src/domain/dashboard-lists.ts): same boundaries, same order.
 * A caller who does not read quotations gets an empty list.
 */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dashboardFilterOf, dashboardQuotationSchema, dashboardQuotationsQuerySchema, type DashboardQuotation } from '@sync/contract/dashboard';
import type { QuotationStatus } from '@sync/contract/quotations';
import { DASHBOARD_LIST_SIZE, type DashboardListFilter } from '@/domain/dashboard-lists';
import { periodRanges } from '@/domain/dashboard-periods';
import type { AppContext, ZodApp } from '@server/app-context';
import { requireAuth } from '@server/auth/authenticate';
import type { Db } from '@server/db/client';
import { quotations } from '@server/db/schema';
import { DASHBOARD_ACCESS } from './access';
import { figureScope, inCustomers, type FigureScope } from './scope';

function filterCondition(filter: DashboardListFilter, now: Date): SQL | undefined {
  if (filter.type === 'status') return eq(quotations.status, filter.status as QuotationStatus);
  const { current } = periodRanges(filter.period, now);
  return and(gte(quotations.created_at, current.start), lt(quotations.created_at, current.end));
}

export async function quotationListFor(db: Db, scope: FigureScope, filter: DashboardListFilter, now: Date): Promise<DashboardQuotation[]> {
  if (!scope.quotations) return [];
  const rows = await db
    .select({
      id: quotations.id,
      reference_no: quotations.reference_no,
      customer_name: quotations.customer_name,
      status: quotations.status,
      total: quotations.total,
    })
    .from(quotations)
    .where(and(filterCondition(filter, now), inCustomers(scope, quotations.customer_id)))
    .orderBy(desc(quotations.created_at), desc(quotations.id))
    .limit(DASHBOARD_LIST_SIZE);
  // The quotation's wire record names it by its id until the reference is written (load.ts).
  return rows.map((row) => ({ ...row, reference_no: row.reference_no ?? String(row.id) }));
}

export function registerDashboardQuotations(app: ZodApp, ctx: AppContext) {
  app.get(
    '/api/dashboard/quotations',
    {
      config: DASHBOARD_ACCESS.figures,
      schema: { querystring: dashboardQuotationsQuerySchema, response: { 200: z.array(dashboardQuotationSchema) } },
    },
    async (request) => {
      const scope = figureScope(requireAuth(request).user);
      return quotationListFor(ctx.db, scope, dashboardFilterOf(request.query), new Date(ctx.clock.now()));
    },
  );
}
