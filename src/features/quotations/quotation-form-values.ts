/**
 * The quotation form's values and rules (spec sections 3, 4, 5 and 9),
 * pure so they are tested without a screen: the values as typed (text for
 * numbers, so nothing typed is lost), the blank-row rules (every list keeps
 * at least one row; removing the last row leaves a blank one), the totals
 * from src/domain/quotation-totals.ts, and the read at Salvar (customer
 * required, 'Total é obrigatório', instalments at least 1, a percentage
 * discount capped at 100 and any discount judged as the field shows it
 * (quotation-discount.ts), the delivery from its start and duration
 * (quotation-delivery.ts), rows without a product dropped). Every line
 * keeps its stable `row_id` (a line added here gets a new one; a line of a
 * quotation this device holds from before lines had ids keeps '' and the
 * server gives it the id it has there).
 */
import { DEFAULT_PAYMENT_INFO, QUOTATION_MESSAGES, type QuotationDeadline, type QuotationEquipment } from '@sync/contract/quotations';
import { isRichTextEmpty, toRichTextDoc, type RichTextDoc } from '@sync/contract/rich-text';
import { newRowId } from '@sync/contract/row-id';
import type { LocalQuotation } from '@sync/react';
import { parseDecimal } from '@/domain/decimal';
import { fromCents, toCents } from '@/domain/money';
import { lineTotalCents, MAX_DISCOUNT_PERCENT, quotationTotals, type QuotationTotals } from '@/domain/quotation-totals';
import { dateToText, moneyToText, parseDateText, parseMoneyText } from '@/ui/inputs';
import { deliveryValues, readDelivery } from './quotation-delivery';
import { discountMessage } from './quotation-discount';

/** Every line carries a key for the screen only (React keys that follow the line when another is removed); never saved. */
let lastLineKey = 0;
export const lineKey = (): string => `line-${++lastLineKey}`;

export interface RowValues {
  uid: string;
  /** The line's stable id, saved with it (samples name their agent row by it). */
  row_id: string;
  product_id: number | null;
  /** The agent's local key when chosen from the device's list (to find its equipment). */
  product_key: string | null;
  name: string;
  product_type_id: number;
  sector: string;
  function: string;
  exposition_type_id: number;
  daily_exposition: string;
  quantity: string;
  value: string;
  unit_type: string;
}
export interface ItemValues {
  uid: string;
  row_id: string;
  product_id: number | null;
  name: string;
  quantity: string;
  value: string;
}
export interface EquipmentValues {
  uid: string;
  row_id: string;
  equipment_id: number | null;
  name: string;
  quantity: string;
}
export type DeadlineValues = { uid: string; row_id: string; activity: string; description: string };

export interface QuotationFormValues {
  customer_key: string | null;
  valid_at: string;
  service_address_key: string | null;
  rows: RowValues[];
  services: ItemValues[];
  costs: ItemValues[];
  equipments: EquipmentValues[];
  deadlines: DeadlineValues[];
  /** 'Início dos serviços' (DD/MM/YYYY): with the duration, the delivery date (quotation-delivery.ts). */
  start_date: string;
  /** 'Prazo de entrega (dias)' as typed. */
  duration_time: string;
  discount: string;
  discount_type: 'pct' | 'value';
  parcel: string;
  payment_id: string;
  payment_info: string;
  /** The seller's user id as text ('' when none: the server makes the author the seller). */
  created_by: string;
  /** The rich-text document (null when empty). */
  details: RichTextDoc | null;
  comment: string;
}

export type LineList = 'rows' | 'services' | 'costs' | 'equipments' | 'deadlines';

export const BLANK: { [K in LineList]: () => QuotationFormValues[K][number] } = {
  rows: () => ({
    uid: lineKey(),
    row_id: newRowId(),
    product_id: null,
    product_key: null,
    name: '',
    product_type_id: 1,
    sector: '',
    function: '',
    exposition_type_id: 1,
    daily_exposition: '',
    quantity: '1',
    value: '',
    unit_type: '',
  }),
  services: () => ({ uid: lineKey(), row_id: newRowId(), product_id: null, name: '', quantity: '1', value: '' }),
  costs: () => ({ uid: lineKey(), row_id: newRowId(), product_id: null, name: '', quantity: '1', value: '' }),
  equipments: () => ({ uid: lineKey(), row_id: newRowId(), equipment_id: null, name: '', quantity: '1' }),
  deadlines: () => ({ uid: lineKey(), row_id: newRowId(), activity: '', description: '' }),
};

/** A list as the form shows it: what it holds, or one blank row (spec: "one blank row on load"). */
export function withBlankRow<K extends LineList>(list: K, lines: QuotationFormValues[K]): QuotationFormValues[K] {
  return (lines.length > 0 ? lines : [BLANK[list]()]) as QuotationFormValues[K];
}

/** Removes a row; removing the last one leaves a blank row (spec section 4). */
export function removeRow<K extends LineList>(list: K, lines: QuotationFormValues[K], index: number): QuotationFormValues[K] {
  return withBlankRow(list, lines.filter((_, position) => position !== index) as QuotationFormValues[K]);
}

export function addRow<K extends LineList>(list: K, lines: QuotationFormValues[K]): QuotationFormValues[K] {
  return [...lines, BLANK[list]()] as QuotationFormValues[K];
}

const quantityText = (value: number | null | undefined) => (value === null || value === undefined ? '1' : String(value).replace('.', ','));

/** `sellerId`: the signed-in user, the seller of a new quotation. */
export function quotationFormValues(record?: LocalQuotation, sellerId?: number | null): QuotationFormValues {
  return {
    customer_key: record?.customer_key ?? null,
    valid_at: dateToText(record?.valid_at),
    service_address_key: record?.service_address_key ?? null,
    rows: withBlankRow(
      'rows',
      (record?.rows ?? []).map((row) => ({
        uid: lineKey(),
        row_id: row.row_id ?? '',
        product_id: row.product_id,
        product_key: null,
        name: row.name ?? '',
        product_type_id: row.product_type_id ?? 1,
        sector: row.sector ?? '',
        function: row.function ?? '',
        exposition_type_id: row.exposition_type_id ?? 1,
        daily_exposition: row.daily_exposition ?? '',
        quantity: quantityText(row.quantity),
        value: moneyToText(row.value),
        unit_type: row.unit_type ?? '',
      })),
    ),
    services: withBlankRow('services', (record?.services ?? []).map(itemValues)),
    costs: withBlankRow('costs', (record?.costs ?? []).map(itemValues)),
    equipments: withBlankRow(
      'equipments',
      (record?.equipments ?? []).map((line: QuotationEquipment) => ({
        uid: lineKey(),
        row_id: line.row_id ?? '',
        equipment_id: line.equipment_id,
        name: line.name ?? '',
        quantity: quantityText(line.quantity),
      })),
    ),
    deadlines: withBlankRow(
      'deadlines',
      (record?.deadlines ?? []).map((line: QuotationDeadline) => ({
        uid: lineKey(),
        row_id: line.row_id ?? '',
        activity: line.activity ?? '',
        description: line.description ?? '',
      })),
    ),
    ...deliveryValues(record),
    discount: record?.discount === null || record?.discount === undefined ? '' : String(record.discount).replace('.', ','),
    discount_type: record?.discount_type ?? 'pct',
    parcel: String(record?.parcel ?? 1),
    payment_id: record?.payment_id ? String(record.payment_id) : '',
    payment_info: record?.payment_info ?? DEFAULT_PAYMENT_INFO,
    created_by: record ? (record.created_by === null ? '' : String(record.created_by)) : sellerId ? String(sellerId) : '',
    // Quotations saved before the editor hold plain text (also on devices that have not pulled since).
    details: toRichTextDoc(record?.details),
    comment: record?.comment ?? '',
  };
}

function itemValues(line: { row_id?: string; product_id: number | null; name: string | null; quantity: number; value: number }): ItemValues {
  return {
    uid: lineKey(),
    row_id: line.row_id ?? '',
    product_id: line.product_id,
    name: line.name ?? '',
    quantity: quantityText(line.quantity),
    value: moneyToText(line.value),
  };
}

/**
 * The discount as typed, with a percentage capped at 100 (spec sections 5
 * and 9): typing 150 with 'pct' gives 100. A value discount is left as typed.
 */
export function capDiscount(text: string, type: 'pct' | 'value'): string {
  if (type !== 'pct') return text;
  const value = parseDecimal(text);
  return value !== null && value > MAX_DISCOUNT_PERCENT ? String(MAX_DISCOUNT_PERCENT) : text;
}

/** The discount to save (reais for 'value', percent capped at 100 for 'pct'), once `discountMessage` found nothing wrong. */
function discountValue(text: string, type: 'pct' | 'value'): number | null {
  if (text.trim() === '') return null;
  if (type === 'value') {
    const money = parseMoneyText(text);
    return money.ok ? money.reais : null;
  }
  const pct = parseDecimal(text);
  return pct === null ? null : Math.min(pct, MAX_DISCOUNT_PERCENT);
}

const centsOf = (text: string) => {
  const money = parseMoneyText(text);
  return money.ok ? toCents(money.reais) : null;
};

const line = (item: { value: string; quantity: string }) => ({ unitCents: centsOf(item.value), quantity: item.quantity });

/** One line's total as typed (the figure beside it), from the domain (centavos). */
export function lineCents(item: { value: string; quantity: string }): number {
  return lineTotalCents(line(item));
}

/** What the totals are computed from. */
export type TotalsValues = Pick<QuotationFormValues, 'rows' | 'services' | 'costs' | 'discount' | 'discount_type' | 'parcel'>;

/** Every figure of the form, from the domain (centavos). */
export function formTotals(values: TotalsValues): QuotationTotals {
  return quotationTotals({
    rows: values.rows.map(line),
    services: values.services.map(line),
    costs: values.costs.map(line),
    discountType: values.discount_type,
    discount: values.discount_type === 'value' ? centsOf(values.discount) : values.discount,
    instalments: values.parcel,
  });
}

export const QUOTATION_FORM_MESSAGES = {
  customerRequired: QUOTATION_MESSAGES.customerRequired,
  totalRequired: QUOTATION_MESSAGES.totalRequired,
  parcelMin: QUOTATION_MESSAGES.parcelMin,
  quantityInvalid: QUOTATION_MESSAGES.quantityInvalid,
} as const;

export type QuotationFormErrors = Record<string, string | undefined>;
export type QuotationFormRead = { ok: true; fields: Record<string, unknown> } | { ok: false; errors: QuotationFormErrors };

const isBlankItem = (line: { product_id: number | null; name: string }) => line.product_id === null && line.name.trim() === '';
const text = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Salvar's read: the fields for `saveRecord('quotations', …)`, or the
 * messages by field ('customer', 'rows.0.value'). Rows without a product
 * (and services, costs, equipment and deadlines left blank) are dropped; a
 * quotation with no line left has nothing to total: 'Total é obrigatório'.
 */
export function readQuotationForm(values: QuotationFormValues): QuotationFormRead {
  const errors: QuotationFormErrors = {};
  if (!values.customer_key) errors.customer = QUOTATION_FORM_MESSAGES.customerRequired;
  const validAt = parseDateText(values.valid_at);
  if (!validAt.ok) errors.valid_at = validAt.message;

  const priced = <T extends { quantity: string; value: string }>(list: string, lines: { line: T; index: number }[]) =>
    lines.map(({ line, index }) => {
      const quantity = parseDecimal(line.quantity);
      if (quantity === null || quantity <= 0) errors[`${list}.${index}.quantity`] = QUOTATION_FORM_MESSAGES.quantityInvalid;
      const money = parseMoneyText(line.value);
      if (!money.ok) errors[`${list}.${index}.value`] = money.message;
      return { quantity: quantity ?? 1, value: money.ok ? (money.reais ?? 0) : 0 };
    });
  const kept = <T>(lines: T[], blank: (line: T) => boolean) => lines.map((line, index) => ({ line, index })).filter(({ line }) => !blank(line));

  const rows = kept(values.rows, isBlankItem);
  const rowMoney = priced('rows', rows);
  const services = kept(values.services, isBlankItem);
  const serviceMoney = priced('services', services);
  const costs = kept(values.costs, isBlankItem);
  const costMoney = priced('costs', costs);
  const equipments = kept(values.equipments, (line) => line.equipment_id === null && line.name.trim() === '');
  const equipmentQuantities = equipments.map(({ line, index }) => {
    const quantity = parseDecimal(line.quantity);
    if (quantity === null || quantity <= 0 || !Number.isInteger(quantity))
      errors[`equipments.${index}.quantity`] = QUOTATION_FORM_MESSAGES.quantityInvalid;
    return quantity ?? 1;
  });
  const deadlines = kept(values.deadlines, (line) => line.activity.trim() === '' && line.description.trim() === '');

  const parcel = parseDecimal(values.parcel);
  if (parcel === null || parcel < 1 || !Number.isInteger(parcel)) errors.parcel = QUOTATION_FORM_MESSAGES.parcelMin;
  const totals = formTotals(values);
  // Judged as the field shows it while typing (quotation-discount.ts), against the lines' subtotal.
  const discountProblem = discountMessage(values.discount, values.discount_type, totals.subtotalCents);
  if (discountProblem) errors.discount = discountProblem;
  const delivery = readDelivery(values);
  if (!delivery.ok) Object.assign(errors, delivery.errors);
  if (rows.length + services.length + costs.length === 0) errors.total = QUOTATION_FORM_MESSAGES.totalRequired;
  if (Object.values(errors).some(Boolean) || !delivery.ok) return { ok: false, errors };
  const discount = discountValue(values.discount, values.discount_type);

  return {
    ok: true,
    fields: {
      customer_key: values.customer_key,
      valid_at: validAt.ok ? validAt.iso : null,
      service_address_key: values.service_address_key,
      rows: rows.map(({ line }, position) => ({
        row_id: line.row_id,
        product_id: line.product_id,
        name: text(line.name),
        product_type_id: line.product_type_id,
        sector: text(line.sector),
        function: text(line.function),
        exposition_type_id: line.exposition_type_id,
        daily_exposition: text(line.daily_exposition),
        ...rowMoney[position],
        unit_type: text(line.unit_type),
      })),
      services: services.map(({ line }, position) => ({
        row_id: line.row_id,
        product_id: line.product_id,
        name: text(line.name),
        ...serviceMoney[position],
      })),
      costs: costs.map(({ line }, position) => ({ row_id: line.row_id, product_id: line.product_id, name: text(line.name), ...costMoney[position] })),
      equipments: equipments.map(({ line }, position) => ({
        row_id: line.row_id,
        equipment_id: line.equipment_id,
        name: text(line.name),
        quantity: equipmentQuantities[position],
      })),
      deadlines: deadlines.map(({ line }) => ({ row_id: line.row_id, activity: text(line.activity), description: text(line.description) })),
      delivery_date: delivery.delivery_date,
      duration_time: delivery.duration_time,
      discount,
      discount_type: values.discount_type,
      // Required by the contract ('Total é obrigatório'); the store recomputes it from the lines on save.
      total: fromCents(totals.totalCents),
      payment_id: values.payment_id ? Number(values.payment_id) : null,
      parcel,
      payment_info: values.payment_info,
      created_by: values.created_by ? Number(values.created_by) : null,
      details: isRichTextEmpty(values.details) ? null : values.details,
      comment: text(values.comment),
    },
  };
}
