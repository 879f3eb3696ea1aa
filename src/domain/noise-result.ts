/**
 * The Resultado and Classificação de risco blocks of a noise sample (nho or
 * nr15) filled from the figures of noise.ts and the spec's level pick of
 * noise-levels.ts (samples.md sections 3 and 4; calculations.md section 1).
 *
 * The fields hold text as the user sees it (comma decimals, one decimal
 * place), and the conclusion is picked from that shown dose8, so the colour
 * always agrees with the number on screen and in the PDF; the user can
 * still overwrite any field.
 */
import { formatDecimal } from './decimal';
import { describeNoiseCriterion, type NoiseCriterion, type NoiseFigures } from './noise';
import { noiseClassification, noiseResultConclusion } from './noise-levels';
import type { NoiseLevels } from './result-thresholds';

export type NoiseResultBlock = {
  method: string;
  dose8: string;
  nen: string;
  lavg: string;
  conclusion: string;
  bgColor: string;
  criterion: NoiseCriterion;
  /** One line for the report: norm, edition, q, method. */
  criterionText: string;
};

export function noiseResultBlock(figures: NoiseFigures, levels: NoiseLevels): NoiseResultBlock {
  const dose8 = formatDecimal(figures.dose, 1);
  const { conclusion, bgColor } = noiseResultConclusion(dose8, levels);
  return {
    method: figures.criterion.norm,
    dose8,
    nen: formatDecimal(figures.nen, 1),
    lavg: formatDecimal(figures.lavg, 1),
    conclusion,
    bgColor,
    criterion: figures.criterion,
    criterionText: describeNoiseCriterion(figures.criterion),
  };
}

/** The classification block proposed from the same figures (dose_daily = dose8 as shown). */
export function noiseClassificationBlock(figures: NoiseFigures, levels: NoiseLevels) {
  const dose_daily = formatDecimal(figures.dose, 1);
  const { consideration, recommended_action, bgColor } = noiseClassification(dose_daily, levels);
  return { dose_daily, consideration, recommended_action, bgColor };
}
