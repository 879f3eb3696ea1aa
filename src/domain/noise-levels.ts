/**
 * The spec's noise rules (samples.md section 4; calculations.md section 1
 * "Spec rules"): the conclusion and colour of the Resultado tab from Dose 8h,
 * and the consideration, recommended action and colour of the
 * Classificação de risco tab from the typed daily dose, against the levels of
 * Settings > Resultados > Ruído (nho or nr15).
 *
 * Result: dose8 is read as a number (comma as dot) and matched against each
 * level's min/max; no number or no match → empty conclusion, #cfcfc4.
 * Classification: dose_daily is matched against dailyDoseMin/dailyDoseMax;
 * no match → empty texts with #cfcfc4; empty, non-numeric or zero → the three
 * fields are cleared (empty strings), as the spec says.
 */
import { pickFirstInRange } from './bands';
import { parseDecimal } from './decimal';
import type { LevelKey } from './result-thresholds-parse';
import { NO_DATA_COLOR, type NoiseLevel, type NoiseLevels } from './result-thresholds';

export type NoiseLevelRange = 'result' | 'daily';

function entries(levels: NoiseLevels): Array<readonly [LevelKey, NoiseLevel]> {
  return [
    ['level1', levels.level1],
    ['level2', levels.level2],
    ['level3', levels.level3],
    ['level4', levels.level4],
  ];
}

/**
 * The first level whose range contains the value: `result` uses min/max
 * (Dose 8h), `daily` uses dailyDoseMin/dailyDoseMax (daily dose).
 */
export function pickNoiseLevel(levels: NoiseLevels, value: number, range: NoiseLevelRange): { key: LevelKey; level: NoiseLevel } | null {
  const match = pickFirstInRange(entries(levels), value, (level) =>
    range === 'result' ? { min: level.min, max: level.max } : { min: level.dailyDoseMin, max: level.dailyDoseMax },
  );
  return match ? { key: match.key, level: match.entry } : null;
}

export type NoiseResultConclusion = { level: LevelKey | null; conclusion: string; bgColor: string };

/** Resultado tab, block nho or nr15: conclusion and bgColor from dose8. */
export function noiseResultConclusion(dose8: unknown, levels: NoiseLevels): NoiseResultConclusion {
  const value = parseDecimal(dose8);
  const match = value === null ? null : pickNoiseLevel(levels, value, 'result');
  if (!match) return { level: null, conclusion: '', bgColor: NO_DATA_COLOR };
  return { level: match.key, conclusion: match.level.technicalConsiderations, bgColor: match.level.bgColor };
}

export type NoiseClassification = {
  level: LevelKey | null;
  consideration: string;
  recommended_action: string;
  bgColor: string;
};

/** Classificação de risco tab, block nho or nr15: the three fields from dose_daily. */
export function noiseClassification(doseDaily: unknown, levels: NoiseLevels): NoiseClassification {
  const value = parseDecimal(doseDaily);
  if (value === null || value === 0) return { level: null, consideration: '', recommended_action: '', bgColor: '' };
  const match = pickNoiseLevel(levels, value, 'daily');
  if (!match) return { level: null, consideration: '', recommended_action: '', bgColor: NO_DATA_COLOR };
  return {
    level: match.key,
    consideration: match.level.technicalConsiderations,
    recommended_action: match.level.recommendedAction,
    bgColor: match.level.bgColor,
  };
}
