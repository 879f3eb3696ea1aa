/**
 * The noise sample's computed fields brought up to date from its other
 * blocks (descriptor.ts `derive`): the same pure function runs on the device
 * at every change and before Salvar, and on the server at every save.
 *
 * - Resultado (noise-figures.ts fillNoiseResult): per norm, Dose 8h, NEN,
 *   TWA and the average level from the measured dose or level and the field
 *   memory's times; without either they are the technician's (typed by
 *   hand, kept as they are); the conclusion and colour follow Dose 8h and
 *   the thresholds, and `criterion` records how.
 * - Classificação de risco (proposeDailyDose): each norm's daily dose is
 *   proposed from its Dose 8h while it is blank or still the previous
 *   proposal (`dose_daily_proposed`), and never replaces a daily dose the
 *   technician typed. When the proposal changes the daily dose, the
 *   consideration, recommended action and colour fill from it as when the
 *   technician types it (typeDailyDose, the tab's rule, spec samples.md
 *   section 4); otherwise the colour, a computed figure, follows the daily
 *   dose and the consideration and action stay as chosen.
 *
 * Returns the same object when nothing changes.
 */
import { noiseClassification } from '@/domain/noise-levels';
import type { NoiseLevels, NoiseThresholds } from '@/domain/result-thresholds';
import { type NoiseClassification, type NoiseClassificationNorm, normaliseNoiseBlock } from './noise';
import { fillNoiseResult, NOISE_NORM_KEYS } from './noise-figures';

type Blocks = { memory_field?: unknown; result?: unknown; risk_classification?: unknown };

/**
 * The daily dose as typed: the consideration, recommended action and colour
 * follow it (an empty, non-numeric or zero dose clears the three).
 */
export function typeDailyDose(block: NoiseClassificationNorm, dose_daily: string, levels: NoiseLevels): NoiseClassificationNorm {
  const { consideration, recommended_action, bgColor } = noiseClassification(dose_daily, levels);
  return { ...block, dose_daily, consideration, recommended_action, bgColor };
}

/**
 * One norm's classification with the daily dose proposed from `dose8` (the
 * Resultado's Dose 8h as shown): taken when the daily dose is blank or still
 * equal to the previous proposal, which is remembered in
 * `dose_daily_proposed`; a daily dose typed otherwise is kept (and so is the
 * previous proposal, so that a typed value equal to a later Dose 8h is not
 * taken for a proposal).
 */
export function proposeDailyDose(block: NoiseClassificationNorm, dose8: string, levels: NoiseLevels): NoiseClassificationNorm {
  const follows = block.dose_daily.trim() === '' || block.dose_daily === block.dose_daily_proposed;
  if (follows && block.dose_daily !== dose8) return { ...typeDailyDose(block, dose8, levels), dose_daily_proposed: dose8 };
  const { bgColor } = noiseClassification(block.dose_daily, levels);
  return { ...block, bgColor, dose_daily_proposed: follows ? dose8 : block.dose_daily_proposed };
}

export function deriveNoiseBlocks<B extends Blocks>(blocks: B, thresholds: NoiseThresholds): B {
  const memory = normaliseNoiseBlock('memory_field', blocks.memory_field);
  const result = normaliseNoiseBlock('result', blocks.result);
  const classification = normaliseNoiseBlock('risk_classification', blocks.risk_classification);
  const filled = fillNoiseResult(result, memory, thresholds).result;
  const classified: NoiseClassification = { ...classification };
  for (const norm of NOISE_NORM_KEYS) classified[norm] = proposeDailyDose(classification[norm], filled[norm].dose8, thresholds[norm]);
  const resultChanged = JSON.stringify(filled) !== JSON.stringify(result);
  const classificationChanged = JSON.stringify(classified) !== JSON.stringify(classification);
  if (!resultChanged && !classificationChanged) return blocks;
  return {
    ...blocks,
    ...(resultChanged ? { result: filled } : {}),
    ...(classificationChanged ? { risk_classification: classified } : {}),
  };
}
