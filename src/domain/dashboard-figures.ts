/**
 * The dashboard's figures (samples.md "Dashboard items": a stat card is
 * label, value, percentage, increase, decrease, datasets) and its two
 * quotation lists, computed from plain records. The server computes them
 * from its tables and the device from its local store with these same
 * functions, so after a sync the device shows the server's figures
 * (docs/decisions/dashboard.md).
 *
 * What is counted, for a period and the one before it (dashboard-periods.ts):
 * - quotations created in the period, and of those the ones approved since
 *   (status Aprovado or Concluído: a closed quotation was approved first),
 *   with their totals in R$ and the approval rate;
 * - samples with a result (dashboard-sample-risk.ts) last saved in the period;
 * - equipment whose calibration has expired or expires within the 'time
 *   alert' days (calibration-expiry.ts), today;
 * - on the device only, its samples with changes not yet sent.
 * A group the user may not read is left out (its records are not given).
 *
 * `percentage` is the change against the previous period in % of the
 * previous value (null when the previous value is 0), and for the approval
 * rate the change in percentage points; one decimal. Money is summed in
 * centavos and answered in reais.
 */
import { calibrationState, daysUntilExpiry } from './calibration-expiry';
import {
  DASHBOARD_TIME_ZONE,
  inRange,
  instantsOf,
  periodBuckets,
  periodRanges,
  zonedDay,
  type DashboardPeriod,
  type InstantRange,
} from './dashboard-periods';
import { fromCents, toCents } from './money';

export type StatKey =
  | 'quotations-created'
  | 'quotations-approved'
  | 'quoted-value'
  | 'approved-value'
  | 'approval-rate'
  | 'samples-filled'
  | 'samples-unsent'
  | 'calibrations-due';

export type StatFormat = 'count' | 'money' | 'percent';

export interface StatPoint {
  label: string;
  value: number;
}

export interface StatCard {
  key: StatKey;
  label: string;
  value: number;
  /** How the value reads: a count, reais, or a percentage. */
  format: StatFormat;
  percentage: number | null;
  increase: boolean;
  decrease: boolean;
  /** A small series (per day, or per month for a year) or a breakdown; empty when none helps. */
  datasets: StatPoint[];
}

export const STAT_LABELS: Readonly<Record<StatKey, string>> = {
  'quotations-created': 'Orçamentos criados',
  'quotations-approved': 'Orçamentos aprovados',
  'quoted-value': 'Valor orçado',
  'approved-value': 'Valor aprovado',
  'approval-rate': 'Taxa de aprovação',
  'samples-filled': 'Amostras preenchidas',
  'samples-unsent': 'Amostras não enviadas',
  'calibrations-due': 'Calibrações vencidas ou a vencer',
};

export const CALIBRATION_BREAKDOWN = { expired: 'Vencidas', soon: 'A vencer' } as const;

/** Statuses that count as approved. */
export const APPROVED_STATUSES: readonly string[] = ['approved', 'closed'];

export interface QuotationFigure {
  /** Server time of creation; null for one created on this device and not sent yet (counted as now). */
  created_at: string | null;
  status: string;
  /** Reais, as on the wire. */
  total: number;
}

export interface SampleFigure {
  updated_at: string | null;
  /** It has a result (dashboard-sample-risk.ts). */
  filled: boolean;
}

export interface EquipmentFigure {
  expiration_date: string | null;
}

export interface DashboardInput {
  period: DashboardPeriod;
  now: Date;
  timeZone?: string;
  /** Absent: the user does not read quotations, and their cards are left out. */
  quotations?: readonly QuotationFigure[];
  samples?: readonly SampleFigure[];
  equipment?: readonly EquipmentFigure[];
  /** The 'time alert' setting, in days. */
  calibrationAlertDays: number;
  /** The device's samples with changes not sent yet (the server has no such figure). */
  unsentSamples?: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function change(value: number, previous: number, points: boolean): Pick<StatCard, 'percentage' | 'increase' | 'decrease'> {
  const percentage = points ? round1(value - previous) : previous === 0 ? null : round1(((value - previous) / previous) * 100);
  return { percentage, increase: value > previous, decrease: value < previous };
}

function card(key: StatKey, format: StatFormat, value: number, previous: number | null, datasets: StatPoint[] = []): StatCard {
  const compared = previous === null ? { percentage: null, increase: false, decrease: false } : change(value, previous, format === 'percent');
  return { key, label: STAT_LABELS[key], value, format, ...compared, datasets };
}

/** A record made here and not sent has no server time yet: it was made now. */
const createdAt = (q: QuotationFigure, now: Date) => q.created_at ?? now.toISOString();
const isApproved = (q: QuotationFigure) => APPROVED_STATUSES.includes(q.status);
const centsOf = (list: readonly QuotationFigure[]) => list.reduce((sum, q) => sum + (toCents(q.total) ?? 0), 0);
const rateOf = (approved: number, created: number) => (created === 0 ? 0 : round1((approved / created) * 100));

type Bucket = { label: string; range: InstantRange };

function series<T>(buckets: readonly Bucket[], records: readonly T[], at: (record: T) => string | null, value: (list: T[]) => number): StatPoint[] {
  return buckets.map((bucket) => ({ label: bucket.label, value: value(records.filter((record) => inRange(at(record), bucket.range))) }));
}

function quotationCards(quotations: readonly QuotationFigure[], current: InstantRange, previous: InstantRange, buckets: Bucket[], now: Date) {
  const at = (q: QuotationFigure) => createdAt(q, now);
  const created = quotations.filter((q) => inRange(at(q), current));
  const before = quotations.filter((q) => inRange(at(q), previous));
  const approved = created.filter(isApproved);
  const approvedBefore = before.filter(isApproved);
  const count = (list: QuotationFigure[]) => list.length;
  const reais = (list: readonly QuotationFigure[]) => fromCents(centsOf(list));
  return [
    card('quotations-created', 'count', created.length, before.length, series(buckets, created, at, count)),
    card('quotations-approved', 'count', approved.length, approvedBefore.length, series(buckets, approved, at, count)),
    card('quoted-value', 'money', reais(created), reais(before), series(buckets, created, at, reais)),
    card('approved-value', 'money', reais(approved), reais(approvedBefore), series(buckets, approved, at, reais)),
    card('approval-rate', 'percent', rateOf(approved.length, created.length), rateOf(approvedBefore.length, before.length)),
  ];
}

function calibrationCard(equipment: readonly EquipmentFigure[], today: string, alertDays: number): StatCard {
  let expired = 0;
  let soon = 0;
  for (const item of equipment) {
    const days = daysUntilExpiry(item.expiration_date, today);
    if (days === null) continue;
    const state = calibrationState(days, alertDays);
    if (state === 'expired') expired += 1;
    else if (state === 'soon') soon += 1;
  }
  return card('calibrations-due', 'count', expired + soon, null, [
    { label: CALIBRATION_BREAKDOWN.expired, value: expired },
    { label: CALIBRATION_BREAKDOWN.soon, value: soon },
  ]);
}

/** The stat cards, in the order the page shows them. */
export function dashboardStats(input: DashboardInput): StatCard[] {
  const timeZone = input.timeZone ?? DASHBOARD_TIME_ZONE;
  const { current, previous } = periodRanges(input.period, input.now, timeZone);
  const today = zonedDay(input.now, timeZone);
  const buckets = periodBuckets(input.period, today).map((bucket) => ({ label: bucket.label, range: instantsOf(bucket.days, timeZone) }));
  const cards: StatCard[] = [];
  if (input.quotations) cards.push(...quotationCards(input.quotations, current, previous, buckets, input.now));
  if (input.samples) {
    const filled = input.samples.filter((sample) => sample.filled);
    const at = (sample: SampleFigure) => sample.updated_at;
    const inCurrent = filled.filter((sample) => inRange(at(sample), current));
    const inPrevious = filled.filter((sample) => inRange(at(sample), previous));
    cards.push(
      card(
        'samples-filled',
        'count',
        inCurrent.length,
        inPrevious.length,
        series(buckets, inCurrent, at, (list) => list.length),
      ),
    );
  }
  if (input.unsentSamples !== undefined) cards.push(card('samples-unsent', 'count', input.unsentSamples, null));
  if (input.equipment) cards.push(calibrationCard(input.equipment, today, input.calibrationAlertDays));
  return cards;
}
