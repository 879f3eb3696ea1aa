/**
 * Quotations on the wire (spec core-administration.md sections 3, 4, 5, 7,
 * 8, 9): the quotation as one document with its nested lists (agent rows,
 * services, costs, equipment, deadlines), the write body with the spec's
 * Portuguese messages, the status command and its allowed transitions.
 *
 * The nested lists are values of the document, not records of their own:
 * they are sent whole with every write and come back whole
 * (docs/decisions/quotations-documents-commands.md). Every line has a stable
 * `row_id` (sync/contract/row-id.ts): made on the device when the line is
 * added, kept by the server, given by the server to a line that comes
 * without one; a sample names its agent row by it, never by its position
 * (docs/decisions/samples-plan-and-page.md). Blank lines (no product and no name;
 * a deadline with neither activity nor description) are dropped on save,
 * which covers the spec's "agent rows without a product are removed before
 * saving".
 *
 * Texts are one line (names, sector, function, responsible...) except the
 * observations (`comment`), a deadline's description and the payment terms,
 * which may hold line breaks; none may hold U+0000 or a lone surrogate
 * (sync/contract/fields.ts). The status command goes with If-Match on the
 * device (a status changed elsewhere meanwhile is a conflict).
 *
 * Money is reais on the wire (decimal numbers), centavos in the domain.
 * The totals (each line's `total`, `subtotal`, `total`, `parcel_value`)
 * are computed from the lines by `quotationWireTotals` (src/domain's
 * quotation-totals), on the server for every write and on the device for
 * every local save, so a stored total always matches its lines.
 */
import { z } from 'zod';
import { discountProblem, quotationTotals } from '@/domain/quotation-totals';
import { fromCents, toCents } from '@/domain/money';
import { isoDateSchema, MAX_ID, MAX_PRICE } from './catalog';
import { syncFieldsSchema, timestampSchema } from './sync';
import { idSchema, TEXT_LIMITS, trimmedText } from './fields';
import { richTextDocSchema, richTextInputSchema } from './rich-text';
import { newRowId, rowIdText } from './row-id';

export const QUOTATION_STATUSES = ['open', 'pending', 'approved', 'canceled', 'closed'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** The status names the screens show (spec section 3). */
export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  open: 'Rascunho',
  pending: 'Pendente',
  approved: 'Aprovado',
  canceled: 'Cancelado',
  closed: 'Concluído',
};

/**
 * Allowed status changes (the spec does not show them; decided in
 * docs/decisions/quotations-documents-commands.md). A change to the same status is allowed
 * and changes nothing. Concluído is final.
 */
export const QUOTATION_TRANSITIONS: Record<QuotationStatus, readonly QuotationStatus[]> = {
  open: ['pending', 'approved', 'canceled'],
  pending: ['open', 'approved', 'canceled'],
  approved: ['pending', 'closed', 'canceled'],
  canceled: ['open'],
  closed: [],
};

export function canChangeStatus(from: QuotationStatus, to: QuotationStatus): boolean {
  return from === to || QUOTATION_TRANSITIONS[from].includes(to);
}

export const DISCOUNT_TYPES = ['pct', 'value'] as const;
export const DEFAULT_PAYMENT_INFO = 'Pagamento em 30 dias';

export const QUOTATION_MESSAGES = {
  customerRequired: 'Cliente é obrigatório',
  customerNotFound: 'Cliente não encontrado.',
  totalRequired: 'Total é obrigatório',
  totalInvalid: 'Total deve ser maior ou igual a zero',
  parcelMin: 'O número mínimo de parcelas é 1',
  discountInvalid: 'Desconto deve ser maior ou igual a zero',
  discountNotNumber: 'Desconto inválido',
  discountAboveSubtotal: 'Desconto não pode ser maior que o subtotal',
  durationInvalid: 'Prazo deve ser um número inteiro de dias',
  durationRequired: 'Informe o prazo em dias para calcular a data de entrega',
  discountPctMax: 'O desconto percentual não pode passar de 100%',
  quantityInvalid: 'Quantidade deve ser maior que zero',
  valueInvalid: 'Valor deve ser maior ou igual a zero',
  valueTooHigh: 'Valor muito alto',
  textTooLong: 'Texto muito longo',
  tooManyLines: 'Itens demais neste orçamento',
  rowIdInvalid: 'Identificador de linha inválido',
  statusInvalid: 'Status inválido',
  addressNotOfCustomer: 'O endereço de execução não pertence ao cliente.',
  paymentNotFound: 'Forma de pagamento não encontrada.',
  sellerNotFound: 'Vendedor não encontrado.',
  sellerNotStaff: 'O vendedor precisa ser da equipe: um usuário do tipo cliente não pode ser vendedor.',
  notFound: 'Orçamento não encontrado.',
  customerHasQuotations: 'Este cliente possui orçamentos e não pode ser excluído. Exclua os orçamentos dele primeiro.',
  saved: 'Orçamento salvo com sucesso',
  deleted: 'Orçamento deletado com sucesso',
  duplicated: 'Orçamento duplicado com sucesso',
  statusChanged: 'Status do orçamento alterado com sucesso',
  markAsSentQuestion: 'Deseja marcar esse orçamento como enviado para o cliente?',
} as const;

/** 409 text for a status change the transitions table refuses. */
export function statusChangeRefused(from: QuotationStatus, to: QuotationStatus): string {
  return `Não é possível mudar o status de ${QUOTATION_STATUS_LABELS[from]} para ${QUOTATION_STATUS_LABELS[to]}.`;
}

/* ---------- field schemas ---------- */

const id = idSchema;
const MAX_LINES = 500;
/** A trimmed text, blank as null: one line, or `multiline` (a deadline's description, the observations, the payment terms). */
const text = (max: number = TEXT_LIMITS.line, multiline = false) =>
  trimmedText(max, { tooLong: QUOTATION_MESSAGES.textTooLong, multiline })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
const money = z
  .number({ error: QUOTATION_MESSAGES.valueInvalid })
  .nonnegative(QUOTATION_MESSAGES.valueInvalid)
  .max(MAX_PRICE, QUOTATION_MESSAGES.valueTooHigh);
const quantity = z
  .number({ error: QUOTATION_MESSAGES.quantityInvalid })
  .positive(QUOTATION_MESSAGES.quantityInvalid)
  .max(1_000_000, QUOTATION_MESSAGES.quantityInvalid);
const optionalId = id.nullish().transform((value) => value ?? null);

/** What a line id may hold: letters, digits, '-' and '_' (what `newRowId()` and the migrations make). */
export const ROW_ID_PATTERN = /^[A-Za-z0-9_-]{0,40}$/;
/** A line's id as written: optional ('' or left out: the server gives one). */
const rowIdInput = () => rowIdText().refine((value) => ROW_ID_PATTERN.test(value), QUOTATION_MESSAGES.rowIdInvalid);

/** A list of lines: blank ones dropped, at most MAX_LINES. */
function lines<T extends z.ZodType>(line: T, isBlank: (line: z.output<T>) => boolean) {
  return z
    .array(line)
    .max(MAX_LINES, QUOTATION_MESSAGES.tooManyLines)
    .nullish()
    .transform((list) => (list ?? []).filter((item) => !isBlank(item)));
}

/* ---------- lines ---------- */

/** An agent row as written (spec: product_id, product_type_id, sector, function, exposition, quantity, unit value, unit type). */
export const quotationRowInputSchema = z.object({
  /** The line's stable id ('' or left out: the server gives one). */
  row_id: rowIdInput(),
  product_id: optionalId,
  /** The agent's name as the quotation shows it (kept even if the agent is later renamed or deleted). */
  name: text(),
  product_type_id: id.nullish().transform((value) => value ?? 1),
  sector: text(),
  function: text(),
  exposition_type_id: id.nullish().transform((value) => value ?? 1),
  daily_exposition: text(),
  quantity: quantity.nullish().transform((value) => value ?? 1),
  value: money.nullish().transform((value) => value ?? 0),
  unit_type: text(),
});

/** A service or other-cost line: what it is (a service or cost of the catalog, or just a description), quantity and unit value. */
export const quotationItemInputSchema = z.object({
  row_id: rowIdInput(),
  product_id: optionalId,
  name: text(),
  quantity: quantity.nullish().transform((value) => value ?? 1),
  value: money.nullish().transform((value) => value ?? 0),
});

export const quotationEquipmentInputSchema = z.object({
  row_id: rowIdInput(),
  equipment_id: optionalId,
  name: text(),
  quantity: z
    .number({ error: QUOTATION_MESSAGES.quantityInvalid })
    .int(QUOTATION_MESSAGES.quantityInvalid)
    .positive(QUOTATION_MESSAGES.quantityInvalid)
    .max(1_000_000, QUOTATION_MESSAGES.quantityInvalid)
    .nullish()
    .transform((value) => value ?? 1),
});

export const quotationDeadlineInputSchema = z.object({
  row_id: rowIdInput(),
  activity: text(),
  description: text(2000, true),
});

const lineTotal = { total: z.number() };
/** Wire lines: what was written plus the line total the server computed. */
export const quotationRowSchema = z.object({
  /** Stable within the quotation ('' only on a device that has not pulled the quotation since lines had ids). */
  row_id: rowIdText(),
  product_id: id.nullable(),
  name: z.string().nullable(),
  product_type_id: id,
  sector: z.string().nullable(),
  function: z.string().nullable(),
  exposition_type_id: id,
  daily_exposition: z.string().nullable(),
  quantity: z.number(),
  value: z.number(),
  unit_type: z.string().nullable(),
  ...lineTotal,
});
export const quotationItemSchema = z.object({
  row_id: rowIdText(),
  product_id: id.nullable(),
  name: z.string().nullable(),
  quantity: z.number(),
  value: z.number(),
  ...lineTotal,
});
export const quotationEquipmentSchema = z.object({
  row_id: rowIdText(),
  equipment_id: id.nullable(),
  name: z.string().nullable(),
  quantity: z.number().int(),
});
export const quotationDeadlineSchema = z.object({ row_id: rowIdText(), activity: z.string().nullable(), description: z.string().nullable() });

export type QuotationRow = z.infer<typeof quotationRowSchema>;
export type QuotationItem = z.infer<typeof quotationItemSchema>;
export type QuotationEquipment = z.infer<typeof quotationEquipmentSchema>;
export type QuotationDeadline = z.infer<typeof quotationDeadlineSchema>;

/* ---------- line ids ---------- */

/** The lists of a quotation whose lines carry a `row_id`. */
export const QUOTATION_LINE_LISTS = ['rows', 'services', 'costs', 'equipments', 'deadlines'] as const;
export type QuotationLineList = (typeof QUOTATION_LINE_LISTS)[number];

/** Lines with new ids: a duplicated quotation's lines are new lines (nothing may point at them through the copy). */
export function withNewRowIds<T extends object>(lines: readonly T[]): Array<T & { row_id: string }> {
  return lines.map((line) => ({ ...line, row_id: newRowId() }));
}

const noProduct = (line: { product_id: number | null; name: string | null }) => line.product_id === null && line.name === null;

/* ---------- the quotation ---------- */

export const quotationSchema = z
  .object({
    id,
    /** Assigned by the server on create ("12/2026": a sequence number and the year). */
    reference_no: z.string(),
    customer_id: id,
    /** The customer's name and phone when the quotation was saved with this customer (a snapshot). */
    customer_name: z.string().nullable(),
    customer_phone: z.string().nullable(),
    valid_at: isoDateSchema.nullable(),
    status: z.enum(QUOTATION_STATUSES),
    service_address_id: id.nullable(),
    rows: z.array(quotationRowSchema),
    services: z.array(quotationItemSchema),
    costs: z.array(quotationItemSchema),
    equipments: z.array(quotationEquipmentSchema),
    deadlines: z.array(quotationDeadlineSchema),
    delivery_date: isoDateSchema.nullable(),
    duration_time: z.number().int().nullable(),
    subtotal: z.number(),
    discount: z.number().nullable(),
    discount_type: z.enum(DISCOUNT_TYPES),
    total: z.number(),
    payment_id: id.nullable(),
    parcel: z.number().int(),
    parcel_value: z.number(),
    payment_info: z.string().nullable(),
    /** The seller (user id). */
    created_by: id.nullable(),
    user: z.object({ id, name: z.string() }).nullable(),
    type_id: id.nullable(),
    /** Rich text: a whitelisted tiptap document (sync/contract/rich-text.ts). */
    details: richTextDocSchema.nullable(),
    comment: z.string().nullable(),
    responsible: z.string().nullable(),
    sample_count: z.number().int(),
    able_create_sample: z.boolean(),
    /** When the user marked it as sent to the customer (status change with markAsSent). */
    sent_at: timestampSchema.nullable(),
    sent_mail_at: timestampSchema.nullable(),
    sent_whatsapp_at: timestampSchema.nullable(),
    /** created_at as DD/MM/YYYY in Brasília time. */
    f_created_at: z.string(),
  })
  .extend(syncFieldsSchema.shape);
export type Quotation = z.infer<typeof quotationSchema>;

const centsLine = (line: { quantity: number; value: number }) => ({ unitCents: toCents(line.value), quantity: line.quantity });

/**
 * `POST api/quotation`, `PUT api/quotation/{id}`: the whole document (a PUT
 * replaces it; a field left out takes its default). The status is not
 * written here: a new quotation starts as Rascunho and the status changes
 * through `PUT api/quotation/{id}/status`. `total` is required, as the spec
 * says, but the server stores the total computed from the lines. A value
 * discount may not exceed the subtotal ('Desconto não pode ser maior que o
 * subtotal').
 */
export const quotationInputSchema = z
  .object({
    customer_id: z
      .number({ error: QUOTATION_MESSAGES.customerRequired })
      .int(QUOTATION_MESSAGES.customerRequired)
      .positive(QUOTATION_MESSAGES.customerRequired)
      .max(MAX_ID, QUOTATION_MESSAGES.customerRequired),
    valid_at: isoDateSchema.nullish().transform((value) => value ?? null),
    service_address_id: optionalId,
    rows: lines(quotationRowInputSchema, noProduct),
    services: lines(quotationItemInputSchema, noProduct),
    costs: lines(quotationItemInputSchema, noProduct),
    equipments: lines(quotationEquipmentInputSchema, (line) => line.equipment_id === null && line.name === null),
    deadlines: lines(quotationDeadlineInputSchema, (line) => line.activity === null && line.description === null),
    delivery_date: isoDateSchema.nullish().transform((value) => value ?? null),
    duration_time: z
      .number({ error: QUOTATION_MESSAGES.durationInvalid })
      .int(QUOTATION_MESSAGES.durationInvalid)
      .min(0, QUOTATION_MESSAGES.durationInvalid)
      .max(36_500, QUOTATION_MESSAGES.durationInvalid)
      .nullish()
      .transform((value) => value ?? null),
    discount: z
      .number({ error: QUOTATION_MESSAGES.discountInvalid })
      .nonnegative(QUOTATION_MESSAGES.discountInvalid)
      .max(MAX_PRICE, QUOTATION_MESSAGES.valueTooHigh)
      .nullish()
      .transform((value) => value ?? null),
    discount_type: z
      .enum(DISCOUNT_TYPES)
      .nullish()
      .transform((value) => value ?? 'pct'),
    total: z
      .number({ error: QUOTATION_MESSAGES.totalRequired })
      .nonnegative(QUOTATION_MESSAGES.totalInvalid)
      .max(MAX_PRICE, QUOTATION_MESSAGES.valueTooHigh),
    payment_id: optionalId,
    parcel: z
      .number({ error: QUOTATION_MESSAGES.parcelMin })
      .int(QUOTATION_MESSAGES.parcelMin)
      .min(1, QUOTATION_MESSAGES.parcelMin)
      .max(1000, QUOTATION_MESSAGES.parcelMin)
      .nullish()
      .transform((value) => value ?? 1),
    payment_info: trimmedText(2000, { tooLong: QUOTATION_MESSAGES.textTooLong, multiline: true })
      .nullish()
      .transform((value) => (value ? value : DEFAULT_PAYMENT_INFO)),
    /** The seller; only an administrator may choose it (others are the seller themselves). */
    created_by: optionalId,
    type_id: optionalId,
    /** A tiptap document (whitelisted), or a legacy plain string made into one. */
    details: richTextInputSchema,
    comment: text(TEXT_LIMITS.message, true),
    responsible: text(),
  })
  .superRefine((input, context) => {
    if (input.discount_type === 'pct' && input.discount !== null && input.discount > 100) {
      context.addIssue({ code: 'custom', path: ['discount'], message: QUOTATION_MESSAGES.discountPctMax });
    }
    // A value discount larger than the lines would silently make the total R$ 0,00: refused, as on the form.
    if (input.discount_type === 'value' && input.discount !== null) {
      const { subtotalCents } = quotationTotals({
        rows: input.rows.map(centsLine),
        services: input.services.map(centsLine),
        costs: input.costs.map(centsLine),
      });
      if (discountProblem('value', toCents(input.discount), subtotalCents) === 'aboveSubtotal') {
        context.addIssue({ code: 'custom', path: ['discount'], message: QUOTATION_MESSAGES.discountAboveSubtotal });
      }
    }
  });
export type QuotationInput = z.input<typeof quotationInputSchema>;
export type QuotationBody = z.output<typeof quotationInputSchema>;

/** `PUT api/quotation/{id}/status`. */
export const quotationStatusInputSchema = z.object({
  status: z.enum(QUOTATION_STATUSES, { error: QUOTATION_MESSAGES.statusInvalid }),
  markAsSent: z.boolean().optional(),
});
export type QuotationStatusInput = z.infer<typeof quotationStatusInputSchema>;

/** The list call's filters besides `search`: `status`, and `sample` (accepted, as documented; see the decisions). */
export const quotationListFiltersSchema = {
  status: z.enum(QUOTATION_STATUSES).optional(),
  sample: z.string().max(10).optional(),
};

/* ---------- totals ---------- */

type PricedLine = { quantity: number; value: number };

export interface QuotationTotalsFields {
  rows: Array<PricedLine & { total: number }>;
  services: Array<PricedLine & { total: number }>;
  costs: Array<PricedLine & { total: number }>;
  subtotal: number;
  total: number;
  parcel_value: number;
}

/**
 * The document's computed money fields from its lines, discount and
 * instalments (reais in, reais out; centavos inside). Lines keep their own
 * fields, `total` last, so the server's and the device's lines compare equal.
 */
export function quotationWireTotals<R extends PricedLine, S extends PricedLine, C extends PricedLine>(document: {
  rows: readonly R[];
  services: readonly S[];
  costs: readonly C[];
  discount: number | null;
  discount_type: 'pct' | 'value';
  parcel: number;
}): {
  rows: Array<R & { total: number }>;
  services: Array<S & { total: number }>;
  costs: Array<C & { total: number }>;
  subtotal: number;
  total: number;
  parcel_value: number;
} {
  const line = (item: PricedLine) => ({ unitCents: toCents(item.value), quantity: item.quantity });
  const totals = quotationTotals({
    rows: document.rows.map(line),
    services: document.services.map(line),
    costs: document.costs.map(line),
    discountType: document.discount_type,
    discount: document.discount_type === 'value' ? toCents(document.discount) : document.discount,
    instalments: document.parcel,
  });
  const withTotal = <T extends PricedLine>(items: readonly T[], cents: number[]) =>
    items.map((item, index) => {
      const { total: _previous, ...fields } = item as T & { total?: number };
      return { ...(fields as T), total: fromCents(cents[index]!) };
    });
  return {
    rows: withTotal(document.rows, totals.rowTotals),
    services: withTotal(document.services, totals.serviceTotals),
    costs: withTotal(document.costs, totals.costTotals),
    subtotal: fromCents(totals.subtotalCents),
    total: fromCents(totals.totalCents),
    parcel_value: fromCents(totals.instalmentCents),
  };
}
