/**
 * The dashboard's two quotation lists (samples.md section 2): 'Últimos
 * orçamentos', those created in a period (dashboard-periods.ts), and 'Lista
 * de orçamentos por status', those with a status; newest first (creation
 * time, then id), at most DASHBOARD_LIST_SIZE rows. The server selects the
 * same rows in SQL with the same boundaries and order; the device applies
 * this to its local quotations (docs/decisions/dashboard.md).
 */
import { DASHBOARD_TIME_ZONE, inRange, periodRanges, type DashboardPeriod } from './dashboard-periods';

/** Rows per list; 'Ver todos' opens the whole list. */
export const DASHBOARD_LIST_SIZE = 10;

export type DashboardListFilter = { type: 'period'; period: DashboardPeriod } | { type: 'status'; status: string };

export interface ListedQuotation {
  id: number | null;
  status: string;
  /** Null for one created on this device and not sent yet: the newest, created now. */
  created_at: string | null;
}

function newestFirst(a: ListedQuotation, b: ListedQuotation): number {
  if (a.created_at !== b.created_at) {
    if (a.created_at === null) return -1;
    if (b.created_at === null) return 1;
    return Date.parse(b.created_at) - Date.parse(a.created_at);
  }
  return (b.id ?? Number.MAX_SAFE_INTEGER) - (a.id ?? Number.MAX_SAFE_INTEGER);
}

export function dashboardList<T extends ListedQuotation>(
  quotations: readonly T[],
  filter: DashboardListFilter,
  now: Date,
  timeZone: string = DASHBOARD_TIME_ZONE,
): T[] {
  const matches =
    filter.type === 'status'
      ? (q: T) => q.status === filter.status
      : (() => {
          const { current } = periodRanges(filter.period, now, timeZone);
          return (q: T) => inRange(q.created_at ?? now, current);
        })();
  return quotations.filter(matches).sort(newestFirst).slice(0, DASHBOARD_LIST_SIZE);
}
