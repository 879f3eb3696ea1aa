/**
 * The dashboard area of the API (samples.md section 7, issue 24): the stat
 * cards (figures.ts), the two quotation lists (quotation-lists.ts) and the
 * caller's alerts (alerts.ts), raised where their events happen
 * (alert-events.ts). One route module registered from server/routes/index.ts.
 */
import type { AppContext, RouteModule, ZodApp } from '@server/app-context';
import { registerDashboardAlerts } from './alerts';
import { registerDashboardStats } from './figures';
import { registerDashboardQuotations } from './quotation-lists';

function register(app: ZodApp, ctx: AppContext) {
  registerDashboardStats(app, ctx);
  registerDashboardQuotations(app, ctx);
  registerDashboardAlerts(app, ctx);
}

export const dashboardRoutes: RouteModule = { name: 'dashboard', register };
