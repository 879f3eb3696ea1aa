/** A settings level's range in words, for the criterion under a conclusion: 'de 50 a < 80 %'. */
import { formatDecimal } from '@/domain/decimal';
import type { LevelKey } from '@/domain/result-thresholds-parse';
import type { NoiseLevels } from '@/domain/result-thresholds';

const pct = (value: number) => `${formatDecimal(value, 2, { trimZeros: true })} %`;

export function rangeText(min: number | null, max: number | null): string {
  if (min === null && max === null) return 'qualquer valor';
  if (min === null) return `< ${pct(max!)}`;
  if (max === null) return `≥ ${pct(min)}`;
  return `de ${formatDecimal(min, 2, { trimZeros: true })} a < ${pct(max)}`;
}

export function levelRangeText(levels: NoiseLevels, key: LevelKey, range: 'result' | 'daily'): string {
  const level = levels[key];
  const text = range === 'result' ? rangeText(level.min, level.max) : rangeText(level.dailyDoseMin, level.dailyDoseMax);
  return `nível ${key.slice(-1)}, ${text}`;
}
