/**
 * `GET api/dashboard/stats`: the stat cards of the caller's figures, from
 * the rows of the period and the one before it (dashboard-periods.ts), with
 * the same pure function the device runs on its local store
 * (src/domain/dashboard-figures.ts), so the two agree after a sync.
 */
import { and, gte, isNotNull, lt, lte } from 'drizzle-orm';
import { z } from 'zod';
import { dashboardStatsQuerySchema, sampleRiskOf, statCardSchema } from '@sync/contract/dashboard';
import { addDays } from '@/domain/dates';
import { dashboardStats, type DashboardInput, type StatCard } from '@/domain/dashboard-figures';
import { DEFAULT_DASHBOARD_PERIOD, periodRanges, zonedDay, type DashboardPeriod } from '@/domain/dashboard-periods';
import type { AppContext, ZodApp } from '@server/app-context';
import { requireAuth } from '@server/auth/authenticate';
import type { Db } from '@server/db/client';
import { equipment, quotations, samples } from '@server/db/schema';
import { iso } from '@server/lib/wire';
import { resultsHiddenFrom } from '@server/routes/samples/customer-view';
import { DASHBOARD_ACCESS } from './access';
import { figureScope, inCustomers, type FigureScope } from './scope';
import { readDashboardSettings } from './settings';

/** The caller's figures for a period at `now` (what the route answers). */
export async function statsFor(db: Db, scope: FigureScope, period: DashboardPeriod, now: Date): Promise<StatCard[]> {
  const settings = await readDashboardSettings(db);
  const { current, previous } = periodRanges(period, now);
  const input: DashboardInput = { period, now, calibrationAlertDays: settings.alertDays };
  if (scope.quotations) {
    const rows = await db
      .select({ created_at: quotations.created_at, status: quotations.status, total: quotations.total })
      .from(quotations)
      .where(and(gte(quotations.created_at, previous.start), lt(quotations.created_at, current.end), inCustomers(scope, quotations.customer_id)));
    input.quotations = rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
  }
  if (scope.samples) {
    const rows = await db
      .select({
        updated_at: samples.updated_at,
        status: samples.status,
        type_id: samples.type_id,
        memory_field: samples.memory_field,
        result: samples.result,
        risk_classification: samples.risk_classification,
      })
      .from(samples)
      .where(and(gte(samples.updated_at, previous.start), lt(samples.updated_at, current.end), inCustomers(scope, samples.customer_id)));
    // A customer-type user's device holds the unreleased samples without results (issue 28): count what it has.
    const isCustomer = scope.customers !== 'all';
    const seen = (row: (typeof rows)[number]) => (resultsHiddenFrom(isCustomer, row) ? { ...row, result: {}, risk_classification: {} } : row);
    input.samples = rows.map((row) => ({ updated_at: iso(row.updated_at), filled: sampleRiskOf(seen(row), settings.noise).filled }));
  }
  if (scope.equipment) {
    // Only what can be due: expiry dates up to the end of the alert window.
    const lastDue = addDays(zonedDay(now), settings.alertDays)!;
    input.equipment = await db
      .select({ expiration_date: equipment.expiration_date })
      .from(equipment)
      .where(and(isNotNull(equipment.expiration_date), lte(equipment.expiration_date, lastDue)));
  }
  return dashboardStats(input);
}

export function registerDashboardStats(app: ZodApp, ctx: AppContext) {
  app.get(
    '/api/dashboard/stats',
    { config: DASHBOARD_ACCESS.figures, schema: { querystring: dashboardStatsQuerySchema, response: { 200: z.array(statCardSchema) } } },
    async (request) => {
      const scope = figureScope(requireAuth(request).user);
      return statsFor(ctx.db, scope, request.query.period ?? DEFAULT_DASHBOARD_PERIOD, new Date(ctx.clock.now()));
    },
  );
}
