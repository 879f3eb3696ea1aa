/**
 * Quotation arithmetic (core-administration.md sections 4, 5 and 9;
 * calculations.md section 5): row totals, subtotal, percentage or value
 * discount (and what is wrong with one), instalments and the delivery
 * date (and its start, back from it). All money is integer centavos
 * (money.ts); the screen converts the wire's decimals with toCents.
 */
import { addDays, type IsoDate } from './dates';
import { parseDecimal } from './decimal';
import { multiplyCents, type Cents } from './money';

export const MAX_DISCOUNT_PERCENT = 100;
export const MIN_INSTALMENTS = 1;

/** An agent row, a service or a cost: unit value and quantity. */
export type QuotationLine = { unitCents: Cents | null | undefined; quantity: number | string | null | undefined };

export type DiscountType = 'pct' | 'value';

export type QuotationTotalsInput = {
  rows?: QuotationLine[];
  services?: QuotationLine[];
  costs?: QuotationLine[];
  discountType?: DiscountType;
  /** Percent for 'pct' (comma decimals accepted), centavos for 'value'. Missing counts as 0. */
  discount?: number | string | null;
  /** Number of instalments; anything below 1 or not a number counts as 1. */
  instalments?: number | string | null;
};

export type QuotationTotals = {
  rowTotals: Cents[];
  serviceTotals: Cents[];
  costTotals: Cents[];
  subtotalCents: Cents;
  /** How much the discount took off, in centavos. */
  discountCents: Cents;
  totalCents: Cents;
  instalments: number;
  instalmentCents: Cents;
};

/**
 * Row total = unit value × quantity, rounded once to the centavo. An empty
 * or negative unit value or quantity contributes nothing: a row being typed
 * must not turn the subtotal into NaN or subtract money.
 */
export function lineTotalCents(line: QuotationLine): Cents {
  const unit = line.unitCents;
  const quantity = parseDecimal(line.quantity);
  if (unit === null || unit === undefined || !Number.isFinite(unit) || unit <= 0) return 0;
  if (quantity === null || quantity <= 0) return 0;
  return multiplyCents(unit, quantity);
}

/** The percentage, capped to 0..100 (spec: "a percentage discount is capped at 100"). */
export function clampDiscountPercent(percent: number | string | null | undefined): number {
  const value = parseDecimal(percent);
  if (value === null || value <= 0) return 0;
  return Math.min(value, MAX_DISCOUNT_PERCENT);
}

/** Instalments: an integer, at least 1 (spec: "instalments minimum 1"). */
export function normaliseInstalments(instalments: number | string | null | undefined): number {
  const value = parseDecimal(instalments);
  if (value === null || value < MIN_INSTALMENTS) return MIN_INSTALMENTS;
  return Math.floor(value);
}

/**
 * Total after the discount. Percentage: subtotal × (100 − pct) / 100 with pct
 * capped at 100. Value: subtotal − discount, never below zero (a discount
 * larger than the quotation gives it away, it does not owe the customer).
 */
export function applyDiscount(subtotalCents: Cents, discountType: DiscountType, discount: number | string | null | undefined): Cents {
  if (discountType === 'value') {
    const value = parseDecimal(discount);
    const cents = value === null || value <= 0 ? 0 : Math.round(value);
    return Math.max(0, subtotalCents - cents);
  }
  const pct = clampDiscountPercent(discount);
  return multiplyCents(subtotalCents, (MAX_DISCOUNT_PERCENT - pct) / 100);
}

/**
 * What is wrong with a discount, as a code the contract turns into its
 * message: 'invalid' (not a number), 'negative', 'aboveSubtotal' (a value
 * discount larger than the subtotal would give the quotation away; the
 * total's floor at zero is a guard, not an answer). A percentage above 100
 * is not a problem here: the form caps it as typed and the contract refuses
 * it on the wire. Blank is no discount.
 */
export type DiscountProblem = 'invalid' | 'negative' | 'aboveSubtotal';

/** `discount`: percent for 'pct', centavos for 'value'; a string is read as typed. */
export function discountProblem(
  discountType: DiscountType,
  discount: number | string | null | undefined,
  subtotalCents: Cents,
): DiscountProblem | null {
  if (discount === null || discount === undefined || (typeof discount === 'string' && discount.trim() === '')) return null;
  const value = parseDecimal(discount);
  if (value === null) return 'invalid';
  if (value < 0) return 'negative';
  if (discountType === 'value' && Math.round(value) > subtotalCents) return 'aboveSubtotal';
  return null;
}

export function quotationTotals(input: QuotationTotalsInput): QuotationTotals {
  const rowTotals = (input.rows ?? []).map(lineTotalCents);
  const serviceTotals = (input.services ?? []).map(lineTotalCents);
  const costTotals = (input.costs ?? []).map(lineTotalCents);
  const subtotalCents = [...rowTotals, ...serviceTotals, ...costTotals].reduce((a, b) => a + b, 0);
  const totalCents = applyDiscount(subtotalCents, input.discountType ?? 'pct', input.discount);
  const instalments = normaliseInstalments(input.instalments);
  return {
    rowTotals,
    serviceTotals,
    costTotals,
    subtotalCents,
    discountCents: subtotalCents - totalCents,
    totalCents,
    instalments,
    instalmentCents: instalmentValueCents(totalCents, instalments),
  };
}

/** Instalment value = total / instalments, rounded to the centavo. */
export function instalmentValueCents(totalCents: Cents, instalments: number | string | null | undefined): Cents {
  return Math.round(totalCents / normaliseInstalments(instalments));
}

/**
 * The instalments as they are charged: whole centavos that add up to the
 * total exactly, the leftover centavos going to the first instalments
 * (R$ 100,00 in 3 → 33,34 + 33,33 + 33,33).
 */
export function splitInstalments(totalCents: Cents, instalments: number | string | null | undefined): Cents[] {
  const count = normaliseInstalments(instalments);
  const base = Math.floor(totalCents / count);
  const leftover = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < leftover ? 1 : 0));
}

/**
 * Delivery date = start date + duration_time days. The start date is passed
 * in (the domain never reads the clock). Empty, negative or fractional
 * durations give null.
 */
export function deliveryDate(start: IsoDate | null | undefined, durationDays: number | string | null | undefined): IsoDate | null {
  const days = parseDecimal(durationDays);
  if (!start || days === null || days < 0 || !Number.isInteger(days)) return null;
  return addDays(start, days);
}

/**
 * The start date back from a stored delivery date and duration (the
 * quotation keeps `delivery_date` and `duration_time`, and the start is
 * what the first was computed from): delivery − duration days. Null when
 * either is missing or the duration is not a whole number of days.
 */
export function deliveryStartDate(delivery: IsoDate | null | undefined, durationDays: number | string | null | undefined): IsoDate | null {
  const days = parseDecimal(durationDays);
  if (!delivery || days === null || days < 0 || !Number.isInteger(days)) return null;
  return addDays(delivery, -days);
}
