/**
 * The blocks of a heat (IBUTG) sample (spec samples.md section 3 "Heat",
 * defaults of section 9: sample 'Calor IBUTG', method NHO 06 stored as
 * 'nho06'). Values are kept as typed (see block-fields.ts); the figures the
 * device computes (each task's duration and IBUTG, the result's metabolism,
 * ibutg, action_level and max, the classification's condition) are stored
 * too, so the PDF and the office read what the technician saw.
 *
 * Two fields beyond the spec's list, because NHO 06 needs them and the spec
 * has nowhere to keep them: a task's `solar_load` ('Sim' → outdoor with sun,
 * IBUTG = 0.7 tbn + 0.2 tg + 0.1 tbs) and the result's `clothing` (the
 * NHO 06 clothing increment). See docs/decisions/samples-noise-heat.md.
 */
import { z } from 'zod';
import type { SampleBlockSchemas } from './blocks';
import { CLOTHING_ADJUSTMENTS, type Clothing } from '@/domain/heat';
import {
  choice,
  decimalText,
  durationText,
  emptyEpiRow,
  epiRowSchema,
  EXPOSITION_TYPES,
  sampleTypeBlocks,
  instrumentFieldsShape,
  lineText,
  lineWithDefault,
  noteText,
  oneRowList,
  rowIdText,
  timeText,
  SAMPLE_FIELD_MESSAGES,
  YES_NO,
} from './block-fields';
import { newRowId } from '../row-id';

export const HEAT_SAMPLE_DEFAULT = 'Calor IBUTG';
/** The only method: NHO 06, stored as 'nho06'. */
export const HEAT_METHODS = [{ value: 'nho06', label: 'NHO 06' }] as const;

export const heatTaskSchema = z.object({
  row_id: rowIdText(),
  task: lineText(),
  /** Relative humidity, %. */
  ura: decimalText(),
  initial: timeText(),
  final: timeText(),
  /** HH:mm, filled from initial and final. */
  duration: durationText(),
  /** Metabolic rate, W. */
  metabolism: decimalText(),
  activity_type: lineText(),
  /** Air speed, m/s. */
  var: decimalText(),
  tbs: decimalText(),
  tbn: decimalText(),
  tg: decimalText(),
  solar_load: choice(YES_NO, 'Não'),
  ibutg: decimalText(),
  /** The computed fields the technician typed over on purpose ('duration', 'ibutg'): kept, and marked 'Digitado pelo técnico'. */
  typed: z
    .array(z.enum(['duration', 'ibutg']))
    .max(2)
    .default([]),
});
export type HeatTaskRow = z.infer<typeof heatTaskSchema>;

export function emptyHeatTask(): HeatTaskRow {
  return heatTaskSchema.parse({ row_id: newRowId() });
}

export const heatMemorySchema = z.object({
  ...instrumentFieldsShape,
  medition: lineText(),
  sample: lineWithDefault(HEAT_SAMPLE_DEFAULT),
  agent: lineText(),
  method: lineWithDefault(HEAT_METHODS[0].value),
  exposition_limit: lineText(),
  tasks: oneRowList(heatTaskSchema, emptyHeatTask),
  epis: oneRowList(epiRowSchema, emptyEpiRow),
  observation: noteText(),
});
export type HeatMemory = z.infer<typeof heatMemorySchema>;

const CLOTHING_KEYS = Object.keys(CLOTHING_ADJUSTMENTS) as [Clothing, ...Clothing[]];

export const heatResultSchema = z.object({
  /** Weighted metabolic rate of the 60 minutes, W. */
  metabolism: decimalText(),
  /** Weighted IBUTG of the 60 minutes plus the clothing increment, °C. */
  ibutg: decimalText(),
  action_level: decimalText(),
  max: decimalText(),
  /** The period weighted on the clock, '09:10–10:10' (heat-figures.ts heatWindowRange); '' when unknown. */
  window: lineText(),
  clothing: z.enum(CLOTHING_KEYS, { message: SAMPLE_FIELD_MESSAGES.option }).default('work-clothes'),
  /** The criterion of the figures, filled by the derivation (heat-derive.ts): NHO 06 edition, limit source, clothing increment; '' without figures. */
  criterion: lineText(),
});
export type HeatResult = z.infer<typeof heatResultSchema>;

export const heatClassificationSchema = z.object({
  condition: lineText(),
  consideration: lineText(),
  recomendation: lineText(),
  exposition_recomendation: noteText(),
});
export type HeatClassification = z.infer<typeof heatClassificationSchema>;

export const heatValidationSchema = z.object({
  avaliation: noteText(),
  exposition: choice(YES_NO),
  sample_type: choice(EXPOSITION_TYPES),
  justify: noteText(),
  initial_tbs: decimalText(),
  initial_tbn: decimalText(),
  initial_tg: decimalText(),
  final_tbs: decimalText(),
  final_tbn: decimalText(),
  final_tg: decimalText(),
  stabilization: lineText(),
  equipment: lineText(),
});
export type HeatValidation = z.infer<typeof heatValidationSchema>;

const HEAT_BLOCK_SCHEMAS_STRICT = {
  memory_field: heatMemorySchema,
  result: heatResultSchema,
  risk_classification: heatClassificationSchema,
  validation: heatValidationSchema,
};
export const HEAT_BLOCK_SCHEMAS: Partial<SampleBlockSchemas> = HEAT_BLOCK_SCHEMAS_STRICT;

export type HeatBlocks = {
  memory_field: HeatMemory;
  result: HeatResult;
  risk_classification: HeatClassification;
  validation: HeatValidation;
};

const heatBlocks = sampleTypeBlocks(HEAT_BLOCK_SCHEMAS_STRICT);

/** A new heat sample's blocks: the spec's defaults, one blank task and one blank EPI row. */
export const emptyHeatBlocks: () => HeatBlocks = heatBlocks.empty;

/** A stored heat block with its defaults filled in (fillDefaults), for the tabs. */
export const normaliseHeatBlock: <K extends keyof HeatBlocks>(block: K, value: unknown) => HeatBlocks[K] = heatBlocks.normalise;
