/**
 * The words under a noise conclusion (noise-level-text.ts): the settings
 * level that matched and its range, min inclusive and max exclusive, for
 * Dose 8h (Resultado) and for the daily dose (Classificação de risco),
 * from the seeded levels and from levels changed in Configurações.
 */
import { describe, expect, it } from 'vitest';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { levelRangeText, rangeText } from '@/features/samples/noise/noise-level-text';

const seeded = defaultResultThresholds().noise;

describe('levelRangeText', () => {
  it.each([
    ['level1', 'nível 1, < 50 %'],
    ['level2', 'nível 2, de 50 a < 80 %'],
    ['level3', 'nível 3, de 80 a < 100 %'],
    ['level4', 'nível 4, ≥ 100 %'],
  ] as const)('seeded %s, for Dose 8h and for the daily dose: %s', (key, text) => {
    expect(levelRangeText(seeded.nho, key, 'result')).toBe(text);
    expect(levelRangeText(seeded.nr15, key, 'daily')).toBe(text);
  });

  it('follows a level changed in the settings, and each range its own bounds', () => {
    const nr15 = { ...seeded.nr15, level2: { ...seeded.nr15.level2, min: 40, dailyDoseMin: 45.5 } };
    expect(levelRangeText(nr15, 'level2', 'result')).toBe('nível 2, de 40 a < 80 %');
    expect(levelRangeText(nr15, 'level2', 'daily')).toBe('nível 2, de 45,5 a < 80 %');
  });

  it('names an open range', () => {
    expect(rangeText(null, null)).toBe('qualquer valor');
  });
});
