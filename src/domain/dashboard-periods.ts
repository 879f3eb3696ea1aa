/**
 * The dashboard's periods (samples.md sections 4 and 9: last-week, the
 * default, today, last-month, last-year), in São Paulo time with midnight
 * boundaries, read by the server's dashboard calls and by the device's
 * offline figures, so both count the same records
 * (docs/decisions/dashboard.md).
 *
 * Owns: the calendar days of a period and of the one before it, the
 * instants they start and end at in a time zone, the period's sub-ranges
 * for a small series, and whether an instant falls in a range.
 *
 * A period ends at the end of today and covers whole days: 'today' is
 * today; 'last-week' the 7 days ending today; 'last-month' and 'last-year'
 * from the day after the same date a month (a year) ago, that date clamped
 * to the month's last day (31/03 → 28/02 or 29/02). The previous period is
 * the same span right before. Pure: `now` is always passed in.
 */
import { addDays, daysInMonth, parseIsoDate, type IsoDate } from './dates';

export const DASHBOARD_PERIODS = ['last-week', 'today', 'last-month', 'last-year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'last-week';

/** The company's time: where "today" and midnight are (spec: Brasília time). */
export const DASHBOARD_TIME_ZONE = 'America/Sao_Paulo';

/** Calendar days [from, until): `until` is the first day after the range. */
export interface DayRange {
  from: IsoDate;
  until: IsoDate;
}

/** Instants [start, end). */
export interface InstantRange {
  start: Date;
  end: Date;
}

export interface PeriodBucket {
  /** 'DD/MM' for a day, 'MM/YYYY' for a month. */
  label: string;
  days: DayRange;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let built = formatters.get(timeZone);
  if (!built) {
    built = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, built);
  }
  return built;
}

function wallClock(ms: number, timeZone: string): { day: IsoDate; asUtc: number } {
  const parts = formatter(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const [year, month, day] = [get('year'), get('month'), get('day')];
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { day: iso, asUtc: Date.UTC(year, month - 1, day, get('hour'), get('minute'), get('second')) };
}

/** The calendar day of an instant in the time zone ('2026-11-22T02:59:59Z' → '2026-11-21' in São Paulo). */
export function zonedDay(instant: Date, timeZone: string = DASHBOARD_TIME_ZONE): IsoDate {
  return wallClock(instant.getTime(), timeZone).day;
}

/** The zone's offset from UTC at an instant, in ms (São Paulo today: −3 h). */
function offsetAt(ms: number, timeZone: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return wallClock(wholeSecond, timeZone).asUtc - wholeSecond;
}

/**
 * The first instant of a calendar day in the time zone: its midnight, or,
 * on a day whose midnight a daylight-saving change skipped (Brazil until
 * 2019), the moment the clocks jumped to.
 */
export function startOfZonedDay(day: IsoDate, timeZone: string = DASHBOARD_TIME_ZONE): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  const first = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  const second = midnightAsUtc - offsetAt(first, timeZone);
  const onTheDay = [second, first].filter((ms) => wallClock(ms, timeZone).day === day);
  return new Date(onTheDay.length > 0 ? Math.min(...onTheDay) : first);
}

/** '2026-03-31' − 1 month → '2026-02-28': the same day of the other month, clamped to its length. */
export function addMonths(day: IsoDate, months: number): IsoDate {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const clamped = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(clamped).padStart(2, '0')}`;
}

function shiftBack(period: DashboardPeriod, day: IsoDate): IsoDate {
  switch (period) {
    case 'today':
      return addDays(day, -1)!;
    case 'last-week':
      return addDays(day, -7)!;
    case 'last-month':
      return addMonths(day, -1);
    case 'last-year':
      return addMonths(day, -12);
  }
}

/** The days of the period ending today ('2026-11-29', last-week → 23/11 to 29/11). */
export function periodDays(period: DashboardPeriod, today: IsoDate): DayRange {
  const valid = parseIsoDate(today);
  if (valid === null) throw new Error(`not a calendar date: ${today}`);
  const until = addDays(valid, 1)!;
  return { from: period === 'today' ? valid : addDays(shiftBack(period, valid), 1)!, until };
}

/** The same span right before the period (the figures' comparison). */
export function previousPeriodDays(period: DashboardPeriod, today: IsoDate): DayRange {
  const current = periodDays(period, today);
  return { from: period === 'today' ? addDays(current.from, -1)! : shiftBack(period, current.from), until: current.from };
}

/** Days → instants in the time zone: from the first day's midnight to the midnight after the last. */
export function instantsOf(days: DayRange, timeZone: string = DASHBOARD_TIME_ZONE): InstantRange {
  return { start: startOfZonedDay(days.from, timeZone), end: startOfZonedDay(days.until, timeZone) };
}

/** The period and the one before it, as instants, for a moment `now`. */
export function periodRanges(
  period: DashboardPeriod,
  now: Date,
  timeZone: string = DASHBOARD_TIME_ZONE,
): { current: InstantRange; previous: InstantRange } {
  const today = zonedDay(now, timeZone);
  return { current: instantsOf(periodDays(period, today), timeZone), previous: instantsOf(previousPeriodDays(period, today), timeZone) };
}

/**
 * The period cut for a small series: none for today, a bucket per day for a
 * week or a month, a bucket per calendar month for a year (the first and
 * the last cut at the period's ends, so each is labelled with its month).
 */
export function periodBuckets(period: DashboardPeriod, today: IsoDate): PeriodBucket[] {
  const days = periodDays(period, today);
  const buckets: PeriodBucket[] = [];
  if (period === 'today') return buckets;
  const monthly = period === 'last-year';
  for (let from = days.from; from < days.until; ) {
    const next = monthly ? `${addMonths(from, 1).slice(0, 8)}01` : addDays(from, 1)!;
    // ISO days compare as text; the last bucket stops at the period's end.
    const until = [next, days.until].sort()[0]!;
    const label = monthly ? `${from.slice(5, 7)}/${from.slice(0, 4)}` : `${from.slice(8, 10)}/${from.slice(5, 7)}`;
    buckets.push({ label, days: { from, until } });
    from = until;
  }
  return buckets;
}

/** True when the instant (an ISO timestamp or a Date) is in [start, end); an unreadable or missing one is in no range. */
export function inRange(instant: string | Date | null | undefined, range: InstantRange): boolean {
  if (instant === null || instant === undefined) return false;
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return Number.isFinite(ms) && ms >= range.start.getTime() && ms < range.end.getTime();
}
