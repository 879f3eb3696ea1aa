/**
 * The dashboard's periods in São Paulo time (samples.md: last-week by
 * default, today, last-month, last-year): the days each covers and the span
 * before it, the instants they start and end at (midnight in São Paulo,
 * 03:00 UTC since 2019; a daylight-saving day of 2018 too), whether an
 * instant one millisecond either side of midnight is in, and the series'
 * buckets.
 */
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  inRange,
  periodBuckets,
  periodDays,
  periodRanges,
  previousPeriodDays,
  startOfZonedDay,
  zonedDay,
  type DashboardPeriod,
} from '@/domain/dashboard-periods';

describe('the periods and their defaults', () => {
  it('offers the spec’s four periods, last-week first and by default', () => {
    expect(DASHBOARD_PERIODS).toEqual(['last-week', 'today', 'last-month', 'last-year']);
    expect(DEFAULT_DASHBOARD_PERIOD).toBe('last-week');
  });
});

describe('periodDays and previousPeriodDays (today → [from, until) and the span before)', () => {
  it.each<[DashboardPeriod, string, [string, string], [string, string]]>([
    ['today', '2026-11-29', ['2026-11-29', '2026-11-30'], ['2026-11-28', '2026-11-29']],
    ['today', '2026-01-01', ['2026-01-01', '2026-01-02'], ['2025-12-31', '2026-01-01']],
    ['last-week', '2026-11-29', ['2026-11-23', '2026-11-30'], ['2026-11-16', '2026-11-23']],
    ['last-week', '2026-03-02', ['2026-02-24', '2026-03-03'], ['2026-02-17', '2026-02-24']],
    ['last-month', '2026-11-29', ['2026-10-30', '2026-11-30'], ['2026-09-30', '2026-10-30']],
    ['last-month', '2026-03-31', ['2026-03-01', '2026-04-01'], ['2026-02-01', '2026-03-01']], // 31/02 clamps to 28/02
    ['last-month', '2028-03-30', ['2028-03-01', '2028-03-31'], ['2028-02-01', '2028-03-01']], // leap year: 30/02 → 29/02
    ['last-year', '2026-11-29', ['2025-11-30', '2026-11-30'], ['2024-11-30', '2025-11-30']],
    ['last-year', '2028-02-29', ['2027-03-01', '2028-03-01'], ['2026-03-01', '2027-03-01']],
  ])('%s on %s', (period, today, current, previous) => {
    expect(periodDays(period, today)).toEqual({ from: current[0], until: current[1] });
    expect(previousPeriodDays(period, today)).toEqual({ from: previous[0], until: previous[1] });
  });

  it('refuses a day that does not exist', () => {
    expect(() => periodDays('today', '2026-02-30')).toThrow();
  });
});

describe('midnight in São Paulo', () => {
  it.each([
    ['2026-11-22', '2026-11-22T03:00:00.000Z'],
    ['2026-01-01', '2026-01-01T03:00:00.000Z'],
    // 04/11/2018: clocks jumped from 00:00 to 01:00 (−02): the day began at 01:00 local.
    ['2018-11-04', '2018-11-04T03:00:00.000Z'],
    // 17/02/2019: clocks went back from 00:00 (−02) to 23:00 of the 16th: the 17th began at 00:00 −03.
    ['2019-02-17', '2019-02-17T03:00:00.000Z'],
    ['2019-02-16', '2019-02-16T02:00:00.000Z'],
  ])('%s starts at %s', (day, instant) => {
    expect(startOfZonedDay(day).toISOString()).toBe(instant);
  });

  it.each([
    ['2026-11-22T02:59:59.999Z', '2026-11-21'],
    ['2026-11-22T03:00:00.000Z', '2026-11-22'],
    ['2026-11-22T23:59:59.999Z', '2026-11-22'],
  ])('%s is São Paulo’s %s', (instant, day) => {
    expect(zonedDay(new Date(instant))).toBe(day);
  });
});

describe('an instant at the boundaries (now: 29/11/2026 15:00 in São Paulo)', () => {
  const now = new Date('2026-11-29T18:00:00.000Z');
  it.each<[DashboardPeriod, string, 'current' | 'previous' | 'none']>([
    ['today', '2026-11-29T03:00:00.000Z', 'current'], // 29/11 00:00
    ['today', '2026-11-29T02:59:59.999Z', 'previous'], // 28/11 23:59:59.999
    ['today', '2026-11-30T02:59:59.999Z', 'current'], // 29/11 23:59:59.999 (later today)
    ['today', '2026-11-30T03:00:00.000Z', 'none'], // tomorrow
    ['today', '2026-11-28T02:59:59.999Z', 'none'], // 27/11
    ['last-week', '2026-11-23T03:00:00.000Z', 'current'], // 23/11 00:00
    ['last-week', '2026-11-23T02:59:59.999Z', 'previous'],
    ['last-week', '2026-11-16T03:00:00.000Z', 'previous'],
    ['last-week', '2026-11-16T02:59:59.999Z', 'none'],
    ['last-month', '2026-10-30T03:00:00.000Z', 'current'],
    ['last-month', '2026-10-30T02:59:59.999Z', 'previous'],
    ['last-month', '2026-09-30T02:59:59.999Z', 'none'],
    ['last-year', '2025-11-30T03:00:00.000Z', 'current'],
    ['last-year', '2025-11-30T02:59:59.999Z', 'previous'],
    ['last-year', '2024-11-30T03:00:00.000Z', 'previous'],
    ['last-year', '2024-11-30T02:59:59.999Z', 'none'],
  ])('%s: %s is %s', (period, instant, where) => {
    const { current, previous } = periodRanges(period, now);
    const found = inRange(instant, current) ? 'current' : inRange(instant, previous) ? 'previous' : 'none';
    expect(found).toBe(where);
  });

  it('counts "today" from São Paulo’s date, not UTC’s: 23:30 in São Paulo is still that day', () => {
    const lateEvening = new Date('2026-11-30T02:30:00.000Z'); // 29/11 23:30 in São Paulo, 30/11 in UTC
    const { current } = periodRanges('today', lateEvening);
    expect(current.start.toISOString()).toBe('2026-11-29T03:00:00.000Z');
    expect(current.end.toISOString()).toBe('2026-11-30T03:00:00.000Z');
  });

  it('reads nothing unreadable as in a range', () => {
    const { current } = periodRanges('last-year', now);
    expect(inRange(null, current)).toBe(false);
    expect(inRange('ontem', current)).toBe(false);
  });
});

describe('addMonths (clamped to the month’s length)', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2024-02-29', -12, '2023-02-28'],
  ])('%s %+d → %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

describe('periodBuckets (the small series)', () => {
  it('has none for today, a day each for a week and a month', () => {
    expect(periodBuckets('today', '2026-11-29')).toEqual([]);
    const week = periodBuckets('last-week', '2026-11-29');
    expect(week.map((bucket) => bucket.label)).toEqual(['23/11', '24/11', '25/11', '26/11', '27/11', '28/11', '29/11']);
    expect(week[0]!.days).toEqual({ from: '2026-11-23', until: '2026-11-24' });
    expect(periodBuckets('last-month', '2026-11-29')).toHaveLength(31);
  });

  it('cuts a year into calendar months, the first and last cut at the period’s ends', () => {
    const year = periodBuckets('last-year', '2026-11-29');
    expect(year).toHaveLength(13);
    expect(year[0]).toEqual({ label: '11/2025', days: { from: '2025-11-30', until: '2025-12-01' } });
    expect(year[1]).toEqual({ label: '12/2025', days: { from: '2025-12-01', until: '2026-01-01' } });
    expect(year.at(-1)).toEqual({ label: '11/2026', days: { from: '2026-11-01', until: '2026-11-30' } });
  });
});
