import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noiseClassification, noiseResultConclusion, pickNoiseLevel } from '@/domain/noise-levels';
import { BAND_COLORS, CONSIDERATIONS, NO_DATA_COLOR, RECOMMENDATIONS, defaultResultThresholds, type NoiseLevels } from '@/domain/result-thresholds';

const levels = defaultResultThresholds().noise.nho;
const LEVEL_ORDER = ['level1', 'level2', 'level3', 'level4'];

describe('noiseResultConclusion (Resultado tab, from dose8)', () => {
  it.each<[unknown, string, string]>([
    [0, CONSIDERATIONS[0], BAND_COLORS[0]],
    [49.99, CONSIDERATIONS[0], BAND_COLORS[0]],
    ['49,9', CONSIDERATIONS[0], BAND_COLORS[0]],
    [50, CONSIDERATIONS[1], BAND_COLORS[1]],
    ['50', CONSIDERATIONS[1], BAND_COLORS[1]],
    ['79,9', CONSIDERATIONS[1], BAND_COLORS[1]],
    ['79.99', CONSIDERATIONS[1], BAND_COLORS[1]],
    [80, CONSIDERATIONS[2], BAND_COLORS[2]],
    ['99.99', CONSIDERATIONS[2], BAND_COLORS[2]],
    [100, CONSIDERATIONS[3], BAND_COLORS[3]],
    ['207,9', CONSIDERATIONS[3], BAND_COLORS[3]],
    ['250,5', CONSIDERATIONS[3], BAND_COLORS[3]],
    [-5, CONSIDERATIONS[0], BAND_COLORS[0]],
    ['', '', NO_DATA_COLOR],
    ['abc', '', NO_DATA_COLOR],
    [null, '', NO_DATA_COLOR],
    [undefined, '', NO_DATA_COLOR],
  ])('dose8 %j → %j %s', (dose8, conclusion, bgColor) => {
    const out = noiseResultConclusion(dose8, levels);
    expect(out.conclusion).toBe(conclusion);
    expect(out.bgColor).toBe(bgColor);
  });

  it('gives the grey default when no level matches', () => {
    const gappy: NoiseLevels = {
      ...levels,
      level1: { ...levels.level1, max: 40 },
    };
    expect(noiseResultConclusion(45, gappy)).toEqual({ level: null, conclusion: '', bgColor: '#cfcfc4' });
  });

  it('uses min/max, not the daily dose bounds', () => {
    const custom: NoiseLevels = {
      ...levels,
      level1: { ...levels.level1, min: null, max: 10, dailyDoseMax: 90 },
      level2: { ...levels.level2, min: 10, max: 80, dailyDoseMin: 90 },
    };
    expect(noiseResultConclusion(20, custom).level).toBe('level2');
    expect(noiseClassification(20, custom).level).toBe('level1');
  });
});

describe('noiseClassification (Classificação de risco tab, from dose_daily)', () => {
  it.each<[unknown, string, string, string]>([
    [1, CONSIDERATIONS[0], RECOMMENDATIONS[0], BAND_COLORS[0]],
    ['49,9', CONSIDERATIONS[0], RECOMMENDATIONS[0], BAND_COLORS[0]],
    [50, CONSIDERATIONS[1], RECOMMENDATIONS[1], BAND_COLORS[1]],
    [80, CONSIDERATIONS[2], RECOMMENDATIONS[2], BAND_COLORS[2]],
    ['99,9', CONSIDERATIONS[2], RECOMMENDATIONS[2], BAND_COLORS[2]],
    ['100', CONSIDERATIONS[3], RECOMMENDATIONS[3], BAND_COLORS[3]],
    [350, CONSIDERATIONS[3], RECOMMENDATIONS[3], BAND_COLORS[3]],
    // zero counts as empty; empty and non-numeric clear the three fields
    [0, '', '', ''],
    ['0', '', '', ''],
    ['0,0', '', '', ''],
    ['', '', '', ''],
    ['abc', '', '', ''],
    [null, '', '', ''],
  ])('dose_daily %j → %j / %j / %j', (dose, consideration, action, bgColor) => {
    const out = noiseClassification(dose, levels);
    expect(out.consideration).toBe(consideration);
    expect(out.recommended_action).toBe(action);
    expect(out.bgColor).toBe(bgColor);
  });

  it('uses the grey default colour when a number matches no level', () => {
    const gappy: NoiseLevels = { ...levels, level4: { ...levels.level4, dailyDoseMax: 200 } };
    expect(noiseClassification(250, gappy)).toEqual({
      level: null,
      consideration: '',
      recommended_action: '',
      bgColor: '#cfcfc4',
    });
  });
});

describe('pickNoiseLevel', () => {
  it('takes the first matching level when ranges overlap', () => {
    const overlapping: NoiseLevels = { ...levels, level2: { ...levels.level2, min: 40, max: 90 } };
    expect(pickNoiseLevel(overlapping, 45, 'result')?.key).toBe('level1');
    expect(pickNoiseLevel(overlapping, 85, 'result')?.key).toBe('level2');
  });

  it('never goes down a level when the dose goes up (default levels)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1000, noNaN: true }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        for (const range of ['result', 'daily'] as const) {
          const lowKey = pickNoiseLevel(levels, low, range)!.key;
          const highKey = pickNoiseLevel(levels, high, range)!.key;
          expect(LEVEL_ORDER.indexOf(highKey)).toBeGreaterThanOrEqual(LEVEL_ORDER.indexOf(lowKey));
        }
      }),
    );
  });
});
