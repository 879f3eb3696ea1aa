/**
 * The blocks of a noise sample (spec samples.md section 3 "Noise", with the
 * options and defaults of section 9): Memória de campo, Resultado (blocks
 * nho and nr15), Classificação de risco (blocks nho and nr15 plus the shared
 * recommendation) and Validação da medição. Values are kept as typed (see
 * block-fields.ts); the figures the device computes (dose8, nen, lavg, leq,
 * twa, conclusion, bgColor, consideration...) are stored too, so the PDF and
 * the office read what the technician saw.
 */
import { z } from 'zod';
import type { SampleBlockSchemas } from './blocks';
import { NO_DATA_COLOR } from '@/domain/result-thresholds';
import {
  choice,
  colorText,
  dateText,
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
  timeText,
  YES_NO,
} from './block-fields';

export const NOISE_TYPES = ['Ruído ocupacional'] as const;
export const NOISE_METHODS = ['NHO 01', 'NR 15'] as const;
export const NOISE_EXPOSITION_LIMITS = ['NR 15 Anexo 1'] as const;

export const noiseMemorySchema = z.object({
  ...instrumentFieldsShape,
  data: dateText(),
  sample: lineText(),
  medition: lineText(),
  agent: lineText(),
  noise_type: lineWithDefault(NOISE_TYPES[0]),
  method: lineWithDefault(NOISE_METHODS[0]),
  exposition_limit: lineWithDefault(NOISE_EXPOSITION_LIMITS[0]),
  initial_time: timeText(),
  final_time: timeText(),
  interval_initial: timeText(),
  interval_final: timeText(),
  /** Calibration readings before and after, dB. */
  initial_calibration: decimalText(),
  final_calibration: decimalText(),
  task: lineText(),
  /** The journey (TE) the measured dose is projected to, HH:mm; empty → the measured time. */
  duration: durationText(),
  epis: oneRowList(epiRowSchema, emptyEpiRow),
  observation: noteText(),
});
export type NoiseMemory = z.infer<typeof noiseMemorySchema>;

/** One norm's result (blocks nho and nr15): `result` is the dose the dosimeter measured, %. */
export const noiseResultNormSchema = z.object({
  code: lineText(),
  agent: lineText(),
  method: lineText(),
  result: decimalText(),
  lavg: decimalText(),
  leq: decimalText(),
  twa: decimalText(),
  nen: decimalText(),
  dose8: decimalText(),
  conclusion: lineText(),
  bgColor: colorText(NO_DATA_COLOR),
  /**
   * The criterion of Dose 8h and its conclusion, filled by the derivation
   * (noise-figures.ts noiseCriterionLine): norm, edition, q, where Dose 8h
   * came from, and the version of the thresholds; '' without a Dose 8h.
   */
  criterion: lineText(),
});
export type NoiseResultNorm = z.infer<typeof noiseResultNormSchema>;

export const noiseResultSchema = z.object({
  nho: noiseResultNormSchema.default(() => noiseResultNormSchema.parse({ method: 'NHO 01' })),
  nr15: noiseResultNormSchema.default(() => noiseResultNormSchema.parse({ method: 'NR 15' })),
});
export type NoiseResult = z.infer<typeof noiseResultSchema>;

export const noiseClassificationNormSchema = z.object({
  consideration: lineText(),
  dose_daily: decimalText(),
  leo: lineText(),
  recommended_action: lineText(),
  bgColor: colorText(),
  /**
   * The Dose 8h last proposed as the daily dose (noise-derive.ts
   * proposeDailyDose): while `dose_daily` is blank or still this, it follows
   * Dose 8h; a daily dose typed otherwise stays the technician's.
   */
  dose_daily_proposed: decimalText(),
});
export type NoiseClassificationNorm = z.infer<typeof noiseClassificationNormSchema>;

export const noiseClassificationSchema = z.object({
  nho: noiseClassificationNormSchema.default(() => noiseClassificationNormSchema.parse({})),
  nr15: noiseClassificationNormSchema.default(() => noiseClassificationNormSchema.parse({})),
  recomendation: noteText(),
});
export type NoiseClassification = z.infer<typeof noiseClassificationSchema>;

export const noiseValidationSchema = z.object({
  avaliation: noteText(),
  exposition: choice(YES_NO),
  exposition_type: choice(EXPOSITION_TYPES),
  justify: noteText(),
});
export type NoiseValidation = z.infer<typeof noiseValidationSchema>;

/** The tab blocks of a noise sample, by the sample's field name. */
const NOISE_BLOCK_SCHEMAS_STRICT = {
  memory_field: noiseMemorySchema,
  result: noiseResultSchema,
  risk_classification: noiseClassificationSchema,
  validation: noiseValidationSchema,
};
export const NOISE_BLOCK_SCHEMAS: Partial<SampleBlockSchemas> = NOISE_BLOCK_SCHEMAS_STRICT;

export type NoiseBlocks = {
  memory_field: NoiseMemory;
  result: NoiseResult;
  risk_classification: NoiseClassification;
  validation: NoiseValidation;
};

const noiseBlocks = sampleTypeBlocks(NOISE_BLOCK_SCHEMAS_STRICT);

/** A new noise sample's blocks: the spec's defaults and one blank EPI row. */
export const emptyNoiseBlocks: () => NoiseBlocks = noiseBlocks.empty;

/** A stored noise block with its defaults filled in (fillDefaults), for the tabs. */
export const normaliseNoiseBlock: <K extends keyof NoiseBlocks>(block: K, value: unknown) => NoiseBlocks[K] = noiseBlocks.normalise;
