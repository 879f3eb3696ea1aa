/**
 * Alerts raised where their events happen (docs/decisions/dashboard.md):
 *
 * - a quotation's status becomes Aprovado (the status command calls
 *   `alertQuotationStatus` in its transaction): to everyone who reads
 *   quotations of that customer, except who approved it;
 * - a sample is saved at its type's highest risk level (the sample save
 *   calls `alertSampleSaved` in its transaction): to everyone who reads
 *   samples of that customer, once per sample;
 * - a calibration expires within the 'time alert' days, or has expired:
 *   found when a user reads their alerts (`raiseCalibrationAlerts`), once
 *   per equipment, expiry date and state.
 *
 * One row per recipient; `dedupe_key` makes a repeated event (a retried
 * save, two reads at once) write nothing.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { mayRead, READ_ACCESS } from '@sync/contract/access';
import { ALERT_TEXTS, sampleRiskOf, type AlertKind } from '@sync/contract/dashboard';
import type { QuotationStatus } from '@sync/contract/quotations';
import { calibrationState, daysUntilExpiry } from '@/domain/calibration-expiry';
import { zonedDay } from '@/domain/dashboard-periods';
import { addDays, formatDateBR } from '@/domain/dates';
import { formatQuotationNumber } from '@/domain/quotation-number';
import type { AuthUser } from '@server/auth/current-user';
import type { Db, Tx } from '@server/db/client';
import { alerts, equipment, quotations, samples, users } from '@server/db/schema';
import { resultsHiddenFrom } from '@server/routes/samples/customer-view';
import { recipientsOf } from './recipients';
import { readerOfUser } from './scope';
import { readDashboardSettings } from './settings';

type Writer = Db | Tx;

interface AlertEvent {
  kind: AlertKind;
  subjectId: number;
  key: string;
  title: string;
  message: string;
}

/** Writes each event for each of its users; an event a user already has writes nothing. */
async function raise(db: Writer, events: ReadonlyArray<{ event: AlertEvent; userIds: readonly number[] }>, now: Date): Promise<void> {
  const rows = events.flatMap(({ event, userIds }) =>
    userIds.map((user_id) => ({
      user_id,
      kind: event.kind,
      title: event.title,
      message: event.message,
      subject_id: event.subjectId,
      dedupe_key: event.key,
      created_at: now,
      updated_at: now,
    })),
  );
  if (rows.length === 0) return;
  await db
    .insert(alerts)
    .values(rows)
    .onConflictDoNothing({ target: [alerts.user_id, alerts.dedupe_key] });
}

type QuotationBefore = Pick<typeof quotations.$inferSelect, 'id' | 'status' | 'customer_id' | 'reference_no' | 'customer_name'>;

/** After a status change: a quotation that has just become Aprovado alerts the others who read it. */
export async function alertQuotationStatus(tx: Tx, before: QuotationBefore, next: QuotationStatus, actorId: number, now: Date): Promise<void> {
  if (next !== 'approved' || before.status === 'approved') return;
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
  const texts = ALERT_TEXTS.quotationApproved(formatQuotationNumber(before), before.customer_name, actor?.name ?? '');
  const event = { kind: 'quotation-approved' as const, subjectId: before.id, key: `quotation-approved:${before.id}:${now.getTime()}`, ...texts };
  await raise(tx, [{ event, userIds: await recipientsOf(tx, READ_ACCESS.quotations, before.customer_id, actorId) }], now);
}

/**
 * After a sample is saved (and when it is approved): at its type's highest
 * risk level, everyone who reads it is alerted (once per sample and user).
 * Customer-type users read its results only once it is released (issue 28),
 * so they are alerted then, not before.
 */
export async function alertSampleSaved(tx: Tx, sampleId: number, now: Date): Promise<void> {
  const [row] = await tx
    .select({
      id: samples.id,
      status: samples.status,
      sample_no: samples.sample_no,
      customer_id: samples.customer_id,
      company_name: samples.company_name,
      agent_name: samples.agent_name,
      type_id: samples.type_id,
      memory_field: samples.memory_field,
      result: samples.result,
      risk_classification: samples.risk_classification,
      quotation_id: quotations.id,
      reference_no: quotations.reference_no,
    })
    .from(samples)
    .innerJoin(quotations, eq(quotations.id, samples.quotation_id))
    .where(eq(samples.id, sampleId));
  if (!row) return;
  const { noise } = await readDashboardSettings(tx);
  if (!sampleRiskOf(row, noise).highest) return;
  const number = formatQuotationNumber({ id: row.quotation_id, reference_no: row.reference_no });
  const texts = ALERT_TEXTS.sampleHighestRisk(row.sample_no, number, row.company_name, row.agent_name);
  const event = { kind: 'sample-highest-risk' as const, subjectId: row.id, key: `sample-highest-risk:${row.id}`, ...texts };
  const rule = resultsHiddenFrom(true, row) ? { ...READ_ACCESS.samples, customers: false } : READ_ACCESS.samples;
  await raise(tx, [{ event, userIds: await recipientsOf(tx, rule, row.customer_id) }], now);
}

/** Before a user's alerts are read: the calibrations due today that they have no alert of yet. */
export async function raiseCalibrationAlerts(db: Db, user: AuthUser, now: Date): Promise<void> {
  if (!mayRead(readerOfUser(user), READ_ACCESS.equipment)) return;
  const { alertDays } = await readDashboardSettings(db);
  const today = zonedDay(now);
  const due = await db
    .select({ id: equipment.id, name: equipment.name, expiration_date: equipment.expiration_date })
    .from(equipment)
    .where(and(isNotNull(equipment.expiration_date), lte(equipment.expiration_date, addDays(today, alertDays)!)));
  const events: AlertEvent[] = [];
  for (const item of due) {
    const days = daysUntilExpiry(item.expiration_date, today);
    if (days === null || item.expiration_date === null) continue;
    const state = calibrationState(days, alertDays);
    if (state === 'valid') continue;
    const date = formatDateBR(item.expiration_date);
    const texts = state === 'expired' ? ALERT_TEXTS.calibrationExpired(item.name, date) : ALERT_TEXTS.calibrationSoon(item.name, date, days);
    const kind = state === 'expired' ? ('calibration-expired' as const) : ('calibration-soon' as const);
    events.push({ kind, subjectId: item.id, key: `${kind}:${item.id}:${item.expiration_date}`, ...texts });
  }
  await raise(
    db,
    events.map((event) => ({ event, userIds: [user.id] })),
    now,
  );
}
