/**
 * The dashboard's stat cards and quotation lists on a small set computed by
 * hand (now: 29/11/2026 15:00 in São Paulo; last-week is 23/11 to 29/11,
 * the week before 16/11 to 22/11): counts, R$ totals in centavos, the
 * approval rate, the change against the previous period, the daily series,
 * the calibrations against the 'time alert' days, groups the user may not
 * read left out; and the two lists' filters at São Paulo's midnight.
 */
import { describe, expect, it } from 'vitest';
import { dashboardStats, type EquipmentFigure, type QuotationFigure, type SampleFigure, type StatCard } from '@/domain/dashboard-figures';
import { DASHBOARD_LIST_SIZE, dashboardList, type ListedQuotation } from '@/domain/dashboard-lists';

const now = new Date('2026-11-29T18:00:00.000Z');

const quotations: QuotationFigure[] = [
  { created_at: '2026-11-23T03:00:00.000Z', status: 'approved', total: 1000 }, // 23/11 00:00: this week
  { created_at: '2026-11-29T10:00:00.000Z', status: 'pending', total: 250.5 },
  { created_at: '2026-11-25T12:00:00.000Z', status: 'closed', total: 99.99 }, // Concluído counts as approved
  { created_at: null, status: 'open', total: 10 }, // made on this device, not sent: now
  { created_at: '2026-11-23T02:59:59.999Z', status: 'approved', total: 500 }, // 22/11 23:59: the week before
  { created_at: '2026-11-20T12:00:00.000Z', status: 'canceled', total: 300 },
  { created_at: '2026-11-16T02:59:59.999Z', status: 'approved', total: 7000 }, // 15/11: neither
];

const samples: SampleFigure[] = [
  { updated_at: '2026-11-24T12:00:00.000Z', filled: true },
  { updated_at: '2026-11-22T12:00:00.000Z', filled: true },
  { updated_at: '2026-11-25T12:00:00.000Z', filled: false },
  { updated_at: null, filled: true },
];

const equipment: EquipmentFigure[] = [
  { expiration_date: '2026-11-28' }, // expired yesterday
  { expiration_date: '2026-11-29' }, // last valid day: about to expire
  { expiration_date: '2026-12-29' }, // 30 days: about to expire
  { expiration_date: '2026-12-30' }, // 31 days: valid
  { expiration_date: null },
  { expiration_date: '2020-01-01' },
];

const byKey = (cards: StatCard[]) => Object.fromEntries(cards.map((card) => [card.key, card]));

describe('dashboardStats on the hand-computed set (last-week)', () => {
  const cards = dashboardStats({ period: 'last-week', now, quotations, samples, equipment, calibrationAlertDays: 30, unsentSamples: 3 });
  const card = byKey(cards);

  it('shows the cards in the page’s order', () => {
    expect(cards.map((c) => c.key)).toEqual([
      'quotations-created',
      'quotations-approved',
      'quoted-value',
      'approved-value',
      'approval-rate',
      'samples-filled',
      'samples-unsent',
      'calibrations-due',
    ]);
    expect(card['quotations-created']!.label).toBe('Orçamentos criados');
  });

  it.each([
    // key, value, percentage, increase, decrease
    ['quotations-created', 4, 100, true, false], // 4 against 2
    ['quotations-approved', 2, 100, true, false], // 2 against 1
    ['quoted-value', 1360.49, 70.1, true, false], // R$ 1.360,49 against R$ 800,00
    ['approved-value', 1099.99, 120, true, false], // R$ 1.099,99 against R$ 500,00
    ['approval-rate', 50, 0, false, false], // 2 of 4 against 1 of 2: 0 percentage points
    ['samples-filled', 1, 0, false, false], // 1 against 1
    ['samples-unsent', 3, null, false, false],
    ['calibrations-due', 4, null, false, false],
  ])('%s: %d (%s%%)', (key, value, percentage, increase, decrease) => {
    expect(card[key]).toMatchObject({ value, percentage, increase, decrease });
  });

  it('has a daily series for the week, and the calibrations’ breakdown', () => {
    expect(card['quotations-created']!.datasets.map((p) => p.label)).toEqual(['23/11', '24/11', '25/11', '26/11', '27/11', '28/11', '29/11']);
    expect(card['quotations-created']!.datasets.map((p) => p.value)).toEqual([1, 0, 1, 0, 0, 0, 2]);
    expect(card['approved-value']!.datasets.map((p) => p.value)).toEqual([1000, 0, 99.99, 0, 0, 0, 0]);
    expect(card['samples-filled']!.datasets.map((p) => p.value)).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(card['approval-rate']!.datasets).toEqual([]);
    expect(card['calibrations-due']!.datasets).toEqual([
      { label: 'Vencidas', value: 2 },
      { label: 'A vencer', value: 2 },
    ]);
  });
});

describe('dashboardStats, other cases', () => {
  it('follows the time alert: with 0 days only the last valid day is about to expire', () => {
    const [calibrations] = dashboardStats({ period: 'today', now, equipment, calibrationAlertDays: 0 });
    expect(calibrations!.datasets).toEqual([
      { label: 'Vencidas', value: 2 },
      { label: 'A vencer', value: 1 },
    ]);
  });

  it('has no percentage against an empty previous period, and a decrease when fewer', () => {
    const onlyToday = dashboardStats({ period: 'today', now, quotations: quotations.slice(0, 4), calibrationAlertDays: 30 });
    expect(byKey(onlyToday)['quotations-created']).toMatchObject({ value: 2, percentage: null, increase: true, datasets: [] });
    const fewer = dashboardStats({ period: 'last-week', now, quotations: quotations.slice(4), calibrationAlertDays: 30 });
    expect(byKey(fewer)['quotations-created']).toMatchObject({ value: 0, percentage: -100, increase: false, decrease: true });
    expect(byKey(fewer)['approval-rate']).toMatchObject({ value: 0, percentage: -50, decrease: true });
  });

  it('leaves out what the user does not read', () => {
    const cards = dashboardStats({ period: 'last-week', now, samples, calibrationAlertDays: 30 });
    expect(cards.map((c) => c.key)).toEqual(['samples-filled']);
  });

  it('sums money in centavos (no float drift over many lines)', () => {
    const many = Array.from({ length: 10 }, () => ({ created_at: '2026-11-29T12:00:00.000Z', status: 'approved', total: 0.1 }));
    const card = byKey(dashboardStats({ period: 'today', now, quotations: many, calibrationAlertDays: 30 }));
    expect(card['approved-value']!.value).toBe(1);
  });
});

describe('dashboardList: the two lists at their boundaries', () => {
  const at = (id: number, created_at: string | null, status = 'pending'): ListedQuotation => ({ id, created_at, status });
  const rows = [
    at(1, '2026-11-29T02:59:59.999Z'), // 28/11 23:59:59.999 in São Paulo
    at(2, '2026-11-29T03:00:00.000Z', 'approved'), // 29/11 00:00
    at(3, '2026-11-23T03:00:00.000Z'), // 23/11 00:00: first instant of last-week
    at(4, '2026-11-23T02:59:59.999Z', 'approved'), // 22/11: before last-week
    at(5, '2026-10-30T03:00:00.000Z'), // first instant of last-month
    at(6, '2026-10-30T02:59:59.999Z'),
    at(7, '2025-11-30T03:00:00.000Z', 'approved'), // first instant of last-year
    at(8, '2025-11-30T02:59:59.999Z'),
    at(9, '2026-11-29T03:00:00.000Z'), // same instant as 2: the higher id first
    at(0, null, 'open'), // created here, not sent: now
  ];
  const ids = (list: ListedQuotation[]) => list.map((q) => q.id);

  it.each([
    ['today', [0, 9, 2]],
    ['last-week', [0, 9, 2, 1, 3]],
    ['last-month', [0, 9, 2, 1, 3, 4, 5]],
    ['last-year', [0, 9, 2, 1, 3, 4, 5, 6, 7]],
  ] as const)('period %s → %j', (period, expected) => {
    expect(ids(dashboardList(rows, { type: 'period', period }, now))).toEqual(expected);
  });

  it.each([
    ['pending', [9, 1, 3, 5, 6, 8]],
    ['approved', [2, 4, 7]],
    ['open', [0]],
    ['canceled', []],
  ])('status %s → %j', (status, expected) => {
    expect(ids(dashboardList(rows, { type: 'status', status }, now))).toEqual(expected);
  });

  it(`keeps the ${DASHBOARD_LIST_SIZE} newest`, () => {
    const many = Array.from({ length: 15 }, (_, i) => at(i + 1, `2026-11-29T1${Math.floor(i / 10)}:0${i % 10}:00.000Z`));
    expect(ids(dashboardList(many, { type: 'status', status: 'pending' }, now))).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
  });
});
