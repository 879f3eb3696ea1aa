/**
 * The blocks of a vibration sample (spec samples.md section 3 "Vibration",
 * options of section 9): whole body (NHO 09) or hands and arms (NHO 10).
 * Values are kept as typed (see block-fields.ts); the figures the device
 * computes (each measurement's arep and VDV, the result rows, the
 * classification's bands, colours and proposals) are stored too, so the PDF
 * and the office read what the technician saw.
 *
 * Beyond the spec's list (docs/decisions/samples-vibration.md):
 * - the memory's `measurements`: one row per exposure component measured
 *   (its name, exposure time in the day, measured time, the acceleration
 *   and VDV of each axis, and the computed arep and VDV), because aren and
 *   VDVR combine several components and the spec has one field each;
 * - the memory's `agent` (what a plan's sample is prefilled with,
 *   sample.ts rowPrefill): the vibration type is proposed from it;
 * - a result row's `basis` (the criterion its figure was computed by),
 *   `bgColor` (its band's colour) and `typed` (the result typed over on
 *   purpose); the classification's bands, colours and `typed` marks.
 */
import { z } from 'zod';
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
  noteText,
  oneRowList,
  rowIdText,
  sampleTypeBlocks,
  YES_NO,
} from './block-fields';
import { text } from '../fields';
import { newRowId } from '../row-id';

export const VIBRATION_FIELD_MESSAGES = {
  count: 'Número inválido: use só algarismos.',
} as const;

/** A whole number as typed ('12') or '': the number of repetitions, the equipment's year. */
export const countText = () =>
  text(10)
    .refine((value) => value.trim() === '' || /^\d+$/.test(value.trim()), VIBRATION_FIELD_MESSAGES.count)
    .default('');

/** One exposure component measured: its times, each axis's acceleration and VDV, and the computed arep and VDV. */
export const vibrationMeasurementSchema = z.object({
  row_id: rowIdText(),
  name: lineText(),
  /** The component's exposure time in the day, HH:mm. */
  exposure_time: durationText(),
  /** How long it was measured, HH:mm. */
  measured_time: durationText(),
  /** Weighted acceleration of each axis, m/s². */
  ax: decimalText(),
  ay: decimalText(),
  az: decimalText(),
  /** Partial resultant acceleration, m/s²: computed from the axes, or typed when no axis is. */
  arep: decimalText(),
  /** VDV of each axis as measured, m/s^1,75 (whole body). */
  vdv_x: decimalText(),
  vdv_y: decimalText(),
  vdv_z: decimalText(),
  /** The component's VDV scaled to its exposure, the three axes combined, m/s^1,75 (computed). */
  vdv_exp: decimalText(),
});
export type VibrationMeasurement = z.infer<typeof vibrationMeasurementSchema>;

export function emptyVibrationMeasurement(): VibrationMeasurement {
  return vibrationMeasurementSchema.parse({ row_id: newRowId() });
}

export const vibrationMemorySchema = z.object({
  ...instrumentFieldsShape,
  data: dateText(),
  medition: lineText(),
  times: lineText(),
  agent: lineText(),
  /** 'corpo' (whole body) or 'maos-bracos' (hands and arms); kept as typed, any other value reads as hands and arms. */
  vibration_type: lineText(),
  method: lineText(),
  criterion: lineText(),
  criterion_1: lineText(),
  component: lineText(),
  /** The day's exposure time, HH:mm. */
  exposition_time: durationText(),
  /** One cycle of the component, HH:mm. */
  cycle: durationText(),
  /** The measurement's duration, HH:mm. */
  sample_time: durationText(),
  repeat_number: countText(),
  vibration_font: lineText(),
  frequency: lineText(),
  brand: lineText(),
  model: lineText(),
  equipment_year: countText(),
  bank_type: lineText(),
  tire_type: lineText(),
  floor_type: lineText(),
  operating_speed: lineText(),
  measurements: oneRowList(vibrationMeasurementSchema, emptyVibrationMeasurement),
  epis: oneRowList(epiRowSchema, emptyEpiRow),
  observation: noteText(),
});
export type VibrationMemory = z.infer<typeof vibrationMemorySchema>;

/** A Resultado row {norma, criterion, result, limit} (spec), with the figure's basis, band colour and typed-over mark. */
export const vibrationResultRowSchema = z.object({
  /** 'aren' or 'vdvr': the row of that criterion, the same on every device. */
  row_id: rowIdText(),
  norma: lineText(),
  criterion: lineText(),
  result: decimalText(),
  /** The limit with its unit ('1,1 m/s²'). */
  limit: lineText(),
  /** How `result` was obtained: norm, edition, components, times, limit source; '' without a result. */
  basis: lineText(),
  bgColor: colorText(),
  /** 'result' when the technician typed the result over on purpose: kept, and marked 'Digitado pelo técnico'. */
  typed: z
    .array(z.enum(['result']))
    .max(1)
    .default([]),
});
export type VibrationResultRow = z.infer<typeof vibrationResultRowSchema>;

export const vibrationResultSchema = z.object({
  // One blank row by default, so a stored block's rows are filled like it (fillDefaults); the derivation gives the type's rows.
  rows: z
    .array(vibrationResultRowSchema)
    .max(4)
    .default(() => [vibrationResultRowSchema.parse({})]),
});
export type VibrationResult = z.infer<typeof vibrationResultSchema>;

/** The proposals of Classificação de risco the technician may choose otherwise. */
export const VIBRATION_CHOICES = ['consideration', 'recomendation', 'exposition_recomendation'] as const;
export type VibrationChoice = (typeof VIBRATION_CHOICES)[number];

export const vibrationClassificationSchema = z.object({
  aren: decimalText(),
  aren_band: lineText(),
  aren_color: colorText(),
  vdvr: decimalText(),
  vdvr_band: lineText(),
  vdvr_color: colorText(),
  consideration: lineText(),
  recomendation: lineText(),
  exposition_recomendation: noteText(),
  /** The colour of the consideration shown (its band's). */
  bgColor: colorText(),
  /** The proposals the technician chose otherwise: kept, never proposed again until cleared. */
  typed: z.array(z.enum(VIBRATION_CHOICES)).max(3).default([]),
});
export type VibrationClassification = z.infer<typeof vibrationClassificationSchema>;

export const vibrationValidationSchema = z.object({
  avaliation: noteText(),
  exposition: choice(YES_NO),
  sample_type: choice(EXPOSITION_TYPES),
  justify: noteText(),
});
export type VibrationValidation = z.infer<typeof vibrationValidationSchema>;

const VIBRATION_BLOCK_SCHEMAS_STRICT = {
  memory_field: vibrationMemorySchema,
  result: vibrationResultSchema,
  risk_classification: vibrationClassificationSchema,
  validation: vibrationValidationSchema,
};
export const VIBRATION_BLOCK_SCHEMAS: Partial<SampleBlockSchemas> = VIBRATION_BLOCK_SCHEMAS_STRICT;

export type VibrationBlocks = {
  memory_field: VibrationMemory;
  result: VibrationResult;
  risk_classification: VibrationClassification;
  validation: VibrationValidation;
};

const vibrationBlocks = sampleTypeBlocks(VIBRATION_BLOCK_SCHEMAS_STRICT);

/** A new vibration sample's blocks: one blank measurement, EPI and result row; the result's rows of its type come from the derivation. */
export const emptyVibrationBlocks: () => VibrationBlocks = vibrationBlocks.empty;

/** A stored vibration block with its defaults filled in (fillDefaults), for the tabs and the derivation. */
export const normaliseVibrationBlock: <K extends keyof VibrationBlocks>(block: K, value: unknown) => VibrationBlocks[K] = vibrationBlocks.normalise;
