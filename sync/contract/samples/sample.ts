/**
 * The sample on the wire (spec samples.md sections 3, 7, 8): one record per
 * sampling, linked to its quotation, the quotation's agent row and the
 * customer, with its five JSON blocks whose content depends on the type
 * (validated per type with `SAMPLE_BLOCK_SCHEMAS`, on the server and on
 * every local save), and its files (photos) as lines embedded under `files`.
 *
 * The sampling plan (docs/decisions/samples-plan-and-page.md): every sample of
 * a plan has a slot, (quotation_id, quotation_row_id, plan_unit) — the agent
 * row's position in the quotation (1-based) and the unit of its quantity
 * (1-based). The server keeps at most one sample per slot: a create for a
 * slot that exists updates that sample instead, so `POST api/sample/quotation`
 * and any number of devices making the plan offline end with one plan.
 * Samples added in the field ('Nova amostra') have no `plan_unit`.
 */
import { z } from 'zod';
import { idSchema, MAX_ID, TEXT_LIMITS, trimmedText } from '../fields';
import { syncFieldsSchema, timestampSchema } from '../sync';
import { SAMPLE_BLOCK_SCHEMAS } from './block-schemas';
import { looseBlockSchema, SAMPLE_BLOCKS, type SampleBlock } from './blocks';
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
    /** Position (1-based) of the quotation's agent row the sample measures. */
    quotation_row_id: z.number().int().nullable(),
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
    quotation_row_id: z
      .number()
      .int()
      .positive()
      .max(MAX_PLAN_SAMPLES)
      .nullish()
      .transform((value) => value ?? null),
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

/* ---------- the plan ---------- */

/** The part of an agent row a plan reads. */
export interface PlanRow {
  name: string | null;
  product_type_id: number;
  quantity: number;
}

export interface PlannedSample {
  quotation_row_id: number;
  plan_unit: number;
  sample_no: number;
  type_id: number;
  agent_name: string | null;
}

/**
 * The samples of a quotation's plan, the same on every device and on the
 * server: one per unit of quantity of each agent row whose type is a sample
 * type, numbered 1, 2, … in row order. A fractional quantity counts its
 * whole units (at least one).
 */
export function plannedSamples(rows: readonly PlanRow[]): PlannedSample[] {
  const samples: PlannedSample[] = [];
  rows.forEach((row, index) => {
    if (!sampleTypeById(row.product_type_id)) return;
    const units = Math.max(1, Math.floor(row.quantity));
    for (let unit = 1; unit <= units && samples.length < MAX_PLAN_SAMPLES; unit++) {
      samples.push({
        quotation_row_id: index + 1,
        plan_unit: unit,
        sample_no: samples.length + 1,
        type_id: row.product_type_id,
        agent_name: row.name,
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
