/**
 * The sample on the wire (spec samples.md sections 3, 7, 8): one record per
 * sampling, linked to its quotation, the quotation's agent row and the
 * customer, with its five JSON blocks whose content depends on the type
 * (validated per type with `SAMPLE_BLOCK_SCHEMAS`, on the server and on
 * every local save), and its files (photos) as lines embedded under `files`.
 *
 * The sampling plan (docs/decisions/samples-plan-and-page.md): every sample of
 * a plan has a slot, (quotation_id, quotation_row_id, plan_unit) — the agent
 * row's stable `row_id` (sync/contract/row-id.ts) and the unit of its
 * quantity (1-based). The server keeps at most one sample per slot: a create
 * for a slot that exists updates that sample instead, so
 * `POST api/sample/quotation` and any number of devices making the plan
 * offline end with one plan. Samples added in the field ('Nova amostra')
 * have no `plan_unit`. Editing the quotation's rows (inserting, removing,
 * reordering) never moves a sample to another agent.
 *
 * Before quotation rows had ids, `quotation_row_id` was the row's 1-based
 * position: an input may still carry that number (an outbox entry queued by
 * an older app, a sample stored on a device that has not pulled it since),
 * and the server reads it as the position and stores that row's `row_id`.
 */
import { z } from 'zod';
import { idSchema, MAX_ID, TEXT_LIMITS, trimmedText } from '../fields';
import { ROW_ID_PATTERN } from '../quotations';
import { syncFieldsSchema, timestampSchema } from '../sync';
import { SAMPLE_BLOCK_SCHEMAS } from './block-schemas';
import { looseBlockSchema, SAMPLE_BLOCKS, type SampleBlock } from './blocks';
import { SAMPLE_STATES, sampleReviewFieldsShape } from './review';
import { SAMPLE_TYPE_SLUGS, sampleTypeById } from './types';

export const SAMPLE_MESSAGES = {
  saved: 'Amostragem salva com sucesso',
  deleted: 'Amostra deletado com sucesso',
  planCreated: 'Plano de amostragem criado com sucesso',
  fileDeleted: 'Arquivo deletado com sucesso',
  notFound: 'Amostra não encontrada.',
  fileNotFound: 'Arquivo não encontrado.',
  quotationRequired: 'Orçamento é obrigatório',
  quotationNotFound: 'Orçamento não encontrado.',
  imagesOnly: 'Você não pode enviar arquivos desse tipo.',
  quotationNotApproved: 'O plano de amostragem só pode ser criado a partir de um orçamento aprovado.',
  planExists: 'Este orçamento já tem um plano de amostragem.',
  quotationHasSamples: 'Este orçamento possui amostras e não pode ser excluído. Exclua as amostras dele primeiro.',
  planEmpty: 'O orçamento não tem agentes para amostrar.',
  rowNotFound: 'Agente do orçamento não encontrado.',
  typeRequired: 'Tipo de amostra é obrigatório',
  typeInvalid: 'Tipo de amostra inválido',
  numberInvalid: 'Número da amostra inválido',
  textTooLong: 'Texto muito longo',
  listEmpty: 'Ainda não tem nenhum amostra cadastrado.',
  groupedEmpty: 'Ainda não tem nenhum orçamento aprovado com amostragens.',
  noResult: 'Não houve nenhum resultado.',
} as const;

const id = idSchema;
/** At most this many samples in one plan (a quotation row's quantity is per unit). */
export const MAX_PLAN_SAMPLES = 1000;

/* ---------- files ---------- */

/** A sample's file (photo): spec "files (id, url, name, file_name)". */
export const sampleFileSchema = z
  .object({
    id,
    sample_id: id,
    file_id: id,
    name: z.string(),
    file_name: z.string(),
    /** Relative to the API base; needs the bearer token. Thumbnails: `?w=150&h=150`. */
    url: z.string(),
    type: z.string(),
    size: z.number().int().nonnegative(),
    sha256: z.string(),
  })
  .extend(syncFieldsSchema.shape);
export type SampleFile = z.infer<typeof sampleFileSchema>;

/** Form fields of `POST api/sample/{id}/file` besides the file (`file`). */
export const sampleFileInputSchema = z.object({
  name: trimmedText(TEXT_LIMITS.line).min(1, 'Nome do arquivo é obrigatório'),
});

/* ---------- the sample ---------- */

/** A block as answered: a JSON object (what was written, validated when written). */
const wireBlock = z.record(z.string(), z.unknown());
const blockFields = {
  caracterization: wireBlock,
  memory_field: wireBlock,
  result: wireBlock,
  risk_classification: wireBlock,
  validation: wireBlock,
};

export const sampleTypeSchema = z.object({ id, name: z.string(), slug: z.enum(SAMPLE_TYPE_SLUGS) });

export const sampleSchema = z
  .object({
    id,
    /** The sample's number within its quotation (1, 2, …; the plan numbers them in row order). */
    sample_no: z.number().int(),
    customer_id: id,
    company_name: z.string().nullable(),
    company_city: z.string().nullable(),
    quotation_id: id,
    /** The `row_id` of the quotation's agent row the sample measures (null: no row chosen). */
    quotation_row_id: z.string().nullable(),
    /** Unit (1-based) of that row's quantity, for the plan's samples; null for samples added in the field. */
    plan_unit: z.number().int().nullable(),
    type_id: id,
    type: sampleTypeSchema,
    /** The agent's name from the quotation row (what the lists show as Agente). */
    agent_name: z.string().nullable(),
    /** The caracterization's employee, kept beside the block so lists show and search it (Funcionário). */
    employee: z.string().nullable(),
    chemical_agent: z.string().nullable(),
    ...blockFields,
    files: z.array(sampleFileSchema),
    /** Review and approval (review.ts), set by the server only; a sample stored before them reads as a first-revision draft. */
    status: sampleReviewFieldsShape.status.default('rascunho'),
    revision: sampleReviewFieldsShape.revision.default(1),
    replaces_id: sampleReviewFieldsShape.replaces_id.default(null),
    replaced_by_id: sampleReviewFieldsShape.replaced_by_id.default(null),
    finalized_by: sampleReviewFieldsShape.finalized_by.default(null),
    status_reason: sampleReviewFieldsShape.status_reason.default(null),
    approval: sampleReviewFieldsShape.approval.default(null),
    /** created_at as DD/MM/YYYY in Brasília time. */
    f_created_at: z.string(),
  })
  .extend(syncFieldsSchema.shape);
export type Sample = z.infer<typeof sampleSchema>;

const optionalText = (max: number = TEXT_LIMITS.line) =>
  trimmedText(max, { tooLong: SAMPLE_MESSAGES.textTooLong })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
const emptyBlock = looseBlockSchema.nullish().transform((value) => value ?? {});

/**
 * `POST api/sample` (create; the plan's devices send their slot) and
 * `POST|PUT api/sample/{id}` (the whole sample). The blocks are checked
 * against the type's schemas; the customer and company come from the
 * quotation on the server.
 */
export const sampleInputSchema = z
  .object({
    quotation_id: z
      .number({ error: SAMPLE_MESSAGES.quotationRequired })
      .int(SAMPLE_MESSAGES.quotationRequired)
      .positive(SAMPLE_MESSAGES.quotationRequired)
      .max(MAX_ID, SAMPLE_MESSAGES.quotationRequired),
    /** The agent row's `row_id`; a number is a legacy position (1-based), read by the server as that row. */
    quotation_row_id: z
      .union([
        z.string().regex(ROW_ID_PATTERN, SAMPLE_MESSAGES.rowNotFound),
        z.number().int(SAMPLE_MESSAGES.rowNotFound).positive(SAMPLE_MESSAGES.rowNotFound).max(MAX_PLAN_SAMPLES, SAMPLE_MESSAGES.rowNotFound),
      ])
      .nullish()
      .transform((value): SampleRowRef | null => (value === undefined || value === null || value === '' ? null : value)),
    plan_unit: z
      .number()
      .int()
      .positive()
      .max(MAX_PLAN_SAMPLES)
      .nullish()
      .transform((value) => value ?? null),
    type_id: z
      .number({ error: SAMPLE_MESSAGES.typeRequired })
      .int(SAMPLE_MESSAGES.typeInvalid)
      .refine((value) => sampleTypeById(value) !== undefined, SAMPLE_MESSAGES.typeInvalid),
    sample_no: z
      .number({ error: SAMPLE_MESSAGES.numberInvalid })
      .int(SAMPLE_MESSAGES.numberInvalid)
      .min(1, SAMPLE_MESSAGES.numberInvalid)
      .max(1_000_000, SAMPLE_MESSAGES.numberInvalid)
      .nullish()
      .transform((value) => value ?? null),
    agent_name: optionalText(),
    chemical_agent: optionalText(),
    caracterization: emptyBlock,
    memory_field: emptyBlock,
    result: emptyBlock,
    risk_classification: emptyBlock,
    validation: emptyBlock,
  })
  .superRefine((input, context) => {
    const type = sampleTypeById(input.type_id);
    if (!type) return;
    const schemas = SAMPLE_BLOCK_SCHEMAS[type.slug];
    for (const block of SAMPLE_BLOCKS) {
      const parsed = schemas[block].safeParse(input[block]);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: [block, ...issue.path], message: issue.message });
    }
  });
export type SampleInput = z.input<typeof sampleInputSchema>;
export type SampleBody = z.output<typeof sampleInputSchema>;
export type { SampleBlock };

/** `POST api/sample/quotation`: creates the plan of an approved quotation; answers the updated quotation. */
export const samplePlanInputSchema = z.object({
  quotationId: z
    .number({ error: SAMPLE_MESSAGES.quotationRequired })
    .int(SAMPLE_MESSAGES.quotationRequired)
    .positive(SAMPLE_MESSAGES.quotationRequired)
    .max(MAX_ID, SAMPLE_MESSAGES.quotationRequired),
});

/** `GET api/sample/all/{skip}/{take}` filters besides `search` (agent, employee, company). */
export const sampleListFiltersSchema = {
  type_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  quotation_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  status: z.enum(SAMPLE_STATES).optional(),
};

/** One row of the grouped list (`GET api/sample/quotation/all/{skip}/{take}`): a quotation with samples. */
export const sampleGroupSchema = z.object({
  quotation_id: id,
  reference_no: z.string().nullable(),
  company_name: z.string().nullable(),
  customer_id: id,
  sample_count: z.number().int(),
  created_at: timestampSchema,
  f_created_at: z.string(),
});
export type SampleGroup = z.infer<typeof sampleGroupSchema>;

/* ---------- the quotation row ---------- */

/**
 * How a sample names its quotation row: the row's `row_id`, or (legacy) its
 * 1-based position, which only inputs and not-yet-pulled device records hold.
 */
export type SampleRowRef = string | number;

/** The part of an agent row a sample reads. */
export interface SampleQuotationRow {
  row_id?: string | null | undefined;
  name: string | null;
  sector?: string | null | undefined;
  function?: string | null | undefined;
}

/** How a row is named for a new sample: its id, or its position while it has none (a quotation not pulled since rows had ids). */
export function sampleRowRef(row: SampleQuotationRow, index: number): SampleRowRef {
  return typeof row.row_id === 'string' && row.row_id !== '' ? row.row_id : index + 1;
}

/** The row a sample names: by `row_id`, or, for a legacy number, by its 1-based position. */
export function quotationRowOf<R extends SampleQuotationRow>(rows: readonly R[], ref: SampleRowRef | null | undefined): R | undefined {
  if (ref === null || ref === undefined || ref === '') return undefined;
  if (typeof ref === 'number') return Number.isInteger(ref) && ref >= 1 ? rows[ref - 1] : undefined;
  return rows.find((row) => row.row_id === ref);
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * What a sample made for a quotation row starts with: the row's sector and
 * function in the caracterization, its agent's name in the field memory
 * (only what the row has).
 */
export function rowPrefill(row: SampleQuotationRow): { caracterization: SampleBlock; memory_field: SampleBlock } {
  const caracterization: SampleBlock = {};
  if (!isBlank(row.sector)) caracterization.sector = row.sector;
  if (!isBlank(row.function)) caracterization.function = row.function;
  return { caracterization, memory_field: isBlank(row.name) ? {} : { agent: row.name } };
}

/** A block that holds nothing but (part of) the row's prefill: a create that carries it typed nothing. */
export function isPrefillOnly(block: SampleBlock, prefill: SampleBlock): boolean {
  return Object.entries(block).every(([field, value]) => isBlank(value) || (field in prefill && prefill[field] === value));
}

/* ---------- the plan ---------- */

/** The part of an agent row a plan reads. */
export interface PlanRow extends SampleQuotationRow {
  product_type_id: number;
  quantity: number;
}

export interface PlannedSample {
  /** The row's `row_id` (its position only for a row that has none yet). */
  quotation_row_id: SampleRowRef;
  plan_unit: number;
  sample_no: number;
  type_id: number;
  agent_name: string | null;
  /** The row's sector and function (rowPrefill). */
  caracterization: SampleBlock;
  /** The row's agent (rowPrefill). */
  memory_field: SampleBlock;
}

/**
 * The samples of a quotation's plan, the same on every device and on the
 * server: one per unit of quantity of each agent row whose type is a sample
 * type, numbered 1, 2, … in row order, each starting with its row's sector,
 * function and agent. A fractional quantity counts its whole units (at
 * least one).
 */
export function plannedSamples(rows: readonly PlanRow[]): PlannedSample[] {
  const samples: PlannedSample[] = [];
  rows.forEach((row, index) => {
    if (!sampleTypeById(row.product_type_id)) return;
    const units = Math.max(1, Math.floor(row.quantity));
    for (let unit = 1; unit <= units && samples.length < MAX_PLAN_SAMPLES; unit++) {
      samples.push({
        quotation_row_id: sampleRowRef(row, index),
        plan_unit: unit,
        sample_no: samples.length + 1,
        type_id: row.product_type_id,
        agent_name: row.name,
        ...rowPrefill(row),
      });
    }
  });
  return samples;
}

/** The employee a sample's list row shows (the caracterization's). */
export function sampleEmployee(caracterization: SampleBlock | null | undefined): string | null {
  const employee = caracterization?.employee;
  return typeof employee === 'string' && employee !== '' ? employee : null;
}
