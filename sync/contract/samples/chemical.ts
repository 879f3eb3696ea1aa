/**
 * The blocks of a chemical sample (spec samples.md section 3 "Chemical",
 * options of section 9; calculations.md section 2): Memória de campo (the
 * agent rows sampled by the pump), Resultado (one row per agent row of the
 * memory, with the laboratory's result, the limits and the risk level),
 * Classificação de risco (one item per result row, and the recommendation)
 * and Validação da medição (the pump's flow check). Values are kept as typed
 * (block-fields.ts); the figures the device computes (an agent row's total
 * time and volume, a result row's deviation factor, maximum value, risk
 * level, conclusion, colour and criterion, the classification items, the
 * flow variation) are stored too, so the office and the report read what
 * the technician saw.
 *
 * Rows: an agent row, a result row and a classification item carry a
 * `row_id`; a result row names its agent row in `agent_row_id`, a
 * classification item its result row's agent row the same way
 * (chemical-rows.ts keeps them in step). Fields beyond the spec's list, and
 * why: docs/decisions/samples-chemical.md.
 */
import { z } from 'zod';
import { NO_DATA_COLOR } from '@/domain/result-thresholds';
import { NO_RISK_LEVEL } from '@/domain/chemical-risk';
import { isValidPumpFlow } from '@/domain/chemical-times';
import { FIELD_MESSAGES, text } from '../fields';
import { newRowId } from '../row-id';
import type { SampleBlockSchemas } from './blocks';
import {
  choice,
  colorText,
  dateText,
  decimalText,
  durationText,
  emptyEpiRow,
  epiRowSchema,
  EXPOSITION_TYPES,
  instrumentFieldsShape,
  lineText,
  lineWithDefault,
  noteText,
  oneRowList,
  rowIdText,
  sampleTypeBlocks,
  timeText,
  YES_NO,
} from './block-fields';

/** Section 9's option lists. 'A cima' is the spec's spelling (the stored value); its label is too. */
export const CHEMICAL_LQ = ['Abaixo', 'A cima'] as const;
export const CHEMICAL_UNITS = ['ppm', 'mg/m³'] as const;
export const CALCULATION_BASES = ['TWA', 'NR-15'] as const;
export const AERODISPERSOID_SIZES = ['Total', 'Toraxico', 'Respirável', 'Inalável', 'n.a.'] as const;

export const CHEMICAL_MESSAGES = {
  pumpFlow: 'Vazão inválida: use um número maior ou igual a zero, com até duas casas decimais.',
} as const;

/** Pump flow (L/min): a number, step 0.01, minimum 0 (spec section 5), or ''. */
const pumpFlowText = () =>
  text(40)
    .refine((value) => value.trim() === '' || isValidPumpFlow(value), CHEMICAL_MESSAGES.pumpFlow)
    .default('');

/** A catalog id copied into a row (the agent's): the server's id, null while unknown. */
const catalogId = () => z.number({ message: FIELD_MESSAGES.invalidId }).int(FIELD_MESSAGES.invalidId).nullable().default(null);

/** The agent row's figures the technician may type over on purpose (heat's `typed`, the same rule). */
export const AGENT_ROW_FIGURES = ['total_time', 'volume'] as const;
export type AgentRowFigure = (typeof AGENT_ROW_FIGURES)[number];

export const chemicalAgentRowSchema = z.object({
  row_id: rowIdText(),
  /** The server's id of the row in the original system, null for a new one (as the EPI rows). */
  id: catalogId(),
  date: dateText(),
  /** The agent (product) chosen: its id, name, code, CAS and method copied (spec section 4). */
  agent_id: catalogId(),
  agent: lineText(),
  agent_code: lineText(),
  agent_cas: lineText(),
  agent_method: lineText(),
  sampler_type: lineText(),
  white_field_no: lineText(),
  /** L/min. */
  pump_flow: pumpFlowText(),
  /** L, pump_flow × total time. */
  volume: decimalText(),
  /** °C. */
  temperature: decimalText(),
  /** %. */
  initial_ura: decimalText(),
  /** The reading as the technician's barometer gives it (mmHg or kPa). */
  atmospheric_pressure: decimalText(),
  initial: timeText(),
  final: timeText(),
  interval_initial: timeText(),
  interval_final: timeText(),
  /** HH:mm, final − initial minus the interval. */
  total_time: durationText(),
  typed: z.array(z.enum(AGENT_ROW_FIGURES)).max(AGENT_ROW_FIGURES.length).default([]),
});
export type ChemicalAgentRow = z.infer<typeof chemicalAgentRowSchema>;

export function emptyChemicalAgentRow(): ChemicalAgentRow {
  return chemicalAgentRowSchema.parse({ row_id: newRowId() });
}

export const chemicalMemorySchema = z.object({
  ...instrumentFieldsShape,
  date: dateText(),
  agents: oneRowList(chemicalAgentRowSchema, emptyChemicalAgentRow),
  epis: oneRowList(epiRowSchema, emptyEpiRow),
  observation: noteText(),
});
export type ChemicalMemory = z.infer<typeof chemicalMemorySchema>;

/** A result row's figures the technician may type over: the deviation factor (NR-15 gives it from the LT). */
export const RESULT_ROW_FIGURES = ['deviation_factor'] as const;

export const chemicalResultRowSchema = z.object({
  row_id: rowIdText(),
  /** The memory's agent row this row follows ('' for a row saved before rows were linked). */
  agent_row_id: rowIdText(),
  code: lineText(),
  agent_id: catalogId(),
  agent_chemical: lineText(),
  method: lineText(),
  lq: choice(CHEMICAL_LQ),
  result: decimalText(),
  /** The laboratory's report number (Nº do laudo), filled with the result while the sample waits for the laboratory. */
  lab_report: lineText(),
  unity: choice(CHEMICAL_UNITS),
  /** The TWA limit (ACGIH TLV-TWA or the one the technician uses), in the result's unit. */
  twa: decimalText(),
  /** The NR-15 Anexo 11 limit (LT), in the result's unit. */
  mp: decimalText(),
  calculation_base: choice(CALCULATION_BASES),
  celling: lineText(),
  teto: lineText(),
  size_aerodispersoides: choice(AERODISPERSOID_SIZES),
  stel: lineText(),
  action_in_body: lineText(),
  notion_skin: lineText(),
  /** NR-15 Anexo 11 deviation factor of the LT (mp). */
  deviation_factor: decimalText(),
  /** The NR-15 maximum value, LT × FD. */
  max_value: decimalText(),
  osha: lineText(),
  dispersal: lineText(),
  ipvs: lineText(),
  odor_limit: lineText(),
  respirator: lineText(),
  /** Molar mass (g/mol), for the ppm ↔ mg/m³ conversion at 25 °C. */
  molar_mass: decimalText(),
  conclusion: lineText(),
  bg_color: colorText(NO_DATA_COLOR),
  /** 'risk1'..'risk4', 'lq' or '---' (chemical-risk.ts). */
  risk_level: lineWithDefault(NO_RISK_LEVEL),
  /** How the risk level and the maximum value were found (the criterion of the figures), '' without them. */
  criterion: noteText(),
  typed: z.array(z.enum(RESULT_ROW_FIGURES)).max(RESULT_ROW_FIGURES.length).default([]),
});
export type ChemicalResultRow = z.infer<typeof chemicalResultRowSchema>;

export function emptyChemicalResultRow(): ChemicalResultRow {
  return chemicalResultRowSchema.parse({ row_id: newRowId() });
}

export const chemicalResultSchema = z.object({
  agents: oneRowList(chemicalResultRowSchema, emptyChemicalResultRow),
});
export type ChemicalResult = z.infer<typeof chemicalResultSchema>;

export const chemicalClassificationItemSchema = z.object({
  row_id: rowIdText(),
  agent_row_id: rowIdText(),
  agent_chemical: lineText(),
  /** The risk index: 'risk1'..'risk4', 'lq' or '---'. */
  index: lineWithDefault(NO_RISK_LEVEL),
  /** LEO %, two decimals unless whole. */
  leo: lineText(),
  frequency: noteText(),
});
export type ChemicalClassificationItem = z.infer<typeof chemicalClassificationItemSchema>;

export function emptyClassificationItem(): ChemicalClassificationItem {
  return chemicalClassificationItemSchema.parse({ row_id: newRowId() });
}

const LEGACY_ITEM_KEYS = ['agent_chemical', 'index', 'leo', 'frequency'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A stored classification in the list form (spec: 'A legacy single-record
 * format is converted to the list'): the single record { agent_chemical,
 * index, leo, frequency, recommendation } becomes a list of one item with
 * the recommendation beside it. A list form, or anything else, as it is.
 */
export function classificationAsList(value: unknown): unknown {
  if (!isObject(value) || Array.isArray(value.classifications)) return value;
  if (!LEGACY_ITEM_KEYS.some((key) => key in value)) return value;
  const item: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((LEGACY_ITEM_KEYS as readonly string[]).includes(key)) item[key] = typeof inner === 'number' ? String(inner) : inner;
    else rest[key] = inner;
  }
  return { ...rest, classifications: [item] };
}

export const chemicalClassificationSchema = z.preprocess(
  classificationAsList,
  z.object({
    classifications: oneRowList(chemicalClassificationItemSchema, emptyClassificationItem),
    recommendation: noteText(),
  }),
);
export type ChemicalClassification = z.infer<typeof chemicalClassificationSchema>;

export const chemicalValidationSchema = z.object({
  exposition: choice(YES_NO),
  avaliation: noteText(),
  sample_type: choice(EXPOSITION_TYPES),
  representative: choice(YES_NO),
  justify: noteText(),
  /** The pump's flow before and after sampling, L/min (the spec's spelling). */
  varification_initial: decimalText(),
  varification_final: decimalText(),
  /** %, 100 × (final − initial) / initial. */
  variation: decimalText(),
  /** The variation against the tolerance, in words with the tolerance ('' without a variation). */
  variation_check: lineText(),
  calibration: choice(YES_NO),
});
export type ChemicalValidation = z.infer<typeof chemicalValidationSchema>;

const CHEMICAL_BLOCK_SCHEMAS_STRICT = {
  memory_field: chemicalMemorySchema,
  result: chemicalResultSchema,
  risk_classification: chemicalClassificationSchema,
  validation: chemicalValidationSchema,
};
export const CHEMICAL_BLOCK_SCHEMAS: Partial<SampleBlockSchemas> = CHEMICAL_BLOCK_SCHEMAS_STRICT as unknown as Partial<SampleBlockSchemas>;

export type ChemicalBlocks = {
  memory_field: ChemicalMemory;
  result: ChemicalResult;
  risk_classification: ChemicalClassification;
  validation: ChemicalValidation;
};

const chemicalBlocks = sampleTypeBlocks(CHEMICAL_BLOCK_SCHEMAS_STRICT);

/** A new chemical sample's blocks: one blank agent row (and its result row and classification item), one blank EPI row. */
export const emptyChemicalBlocks: () => ChemicalBlocks = chemicalBlocks.empty as () => ChemicalBlocks;

/** A stored chemical block with its defaults filled in (fillDefaults), for the tabs; a legacy classification as its list. */
export function normaliseChemicalBlock<K extends keyof ChemicalBlocks>(block: K, value: unknown): ChemicalBlocks[K] {
  return chemicalBlocks.normalise(block, block === 'risk_classification' ? classificationAsList(value) : value) as ChemicalBlocks[K];
}
