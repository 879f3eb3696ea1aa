/**
 * The quotation's delivery (issue 24; spec section 4: "delivery date =
 * start date plus duration_time days"): the form keeps the start date and
 * the duration as typed; the delivery date is computed from them by
 * src/domain's `deliveryDate` and saved as `delivery_date` with
 * `duration_time`. The start is not a field of the quotation: it comes back
 * from the two stored ones (`deliveryStartDate`). A stored delivery date
 * without a duration (written by another client) reads as starting that day
 * with 0 days, so opening and saving it keeps the same date.
 */
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import { parseDecimal } from '@/domain/decimal';
import { deliveryDate, deliveryStartDate } from '@/domain/quotation-totals';
import { dateToText, parseDateText } from '@/ui/inputs';

/** The longest duration the contract keeps (a hundred years, in days). */
const MAX_DURATION_DAYS = 36_500;

export interface DeliveryValues {
  /** 'Início dos serviços' as typed (DD/MM/YYYY). */
  start_date: string;
  /** 'Prazo de entrega (dias)' as typed. */
  duration_time: string;
}

export function deliveryValues(record?: { delivery_date: string | null; duration_time: number | null }): DeliveryValues {
  const delivery = record?.delivery_date ?? null;
  const duration = record?.duration_time ?? null;
  if (delivery && duration === null) return { start_date: dateToText(delivery), duration_time: '0' };
  return { start_date: dateToText(deliveryStartDate(delivery, duration)), duration_time: duration === null ? '' : String(duration) };
}

export type DeliveryRead =
  | { ok: true; delivery_date: string | null; duration_time: number | null }
  | { ok: false; errors: { start_date?: string; duration_time?: string } };

/** The duration typed: null when blank, undefined when it is not a whole number of days in range. */
function durationOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const days = parseDecimal(text);
  return days !== null && Number.isInteger(days) && days >= 0 && days <= MAX_DURATION_DAYS ? days : undefined;
}

/** What Salvar saves, or the messages: a duration that is not whole days; a start without a duration (nothing to count). */
export function readDelivery(values: DeliveryValues): DeliveryRead {
  const start = parseDateText(values.start_date);
  const duration = durationOf(values.duration_time);
  const errors: { start_date?: string; duration_time?: string } = {};
  if (!start.ok) errors.start_date = start.message;
  if (duration === undefined) errors.duration_time = QUOTATION_MESSAGES.durationInvalid;
  else if (duration === null && start.ok && start.iso) errors.duration_time = QUOTATION_MESSAGES.durationRequired;
  if (errors.start_date || errors.duration_time) return { ok: false, errors };
  const iso = start.ok ? start.iso : null;
  return { ok: true, delivery_date: deliveryDate(iso, duration), duration_time: duration ?? null };
}

/** The delivery date the form shows as it is typed (ISO), null until both are readable. */
export function shownDeliveryDate(values: DeliveryValues): string | null {
  const start = parseDateText(values.start_date);
  const duration = durationOf(values.duration_time);
  return start.ok && duration !== undefined ? deliveryDate(start.iso, duration) : null;
}
