import { describe, expect, it } from 'vitest';
import { noiseCriterion, noiseFromDosimeter, noiseFromExposures, type NoiseFigures } from '@/domain/noise';
import { noiseClassificationBlock, noiseResultBlock } from '@/domain/noise-result';
import { BAND_COLORS, defaultResultThresholds } from '@/domain/result-thresholds';

const levels = defaultResultThresholds().noise;
const MIXED_DAY = [
  { minutes: 240, level: 88 },
  { minutes: 120, level: 91 },
  { minutes: 120, level: 80 },
];

describe('noiseResultBlock', () => {
  it('fills the nho block of the dosimeter example', () => {
    const figures = noiseFromDosimeter({ measuredDose: 80, measuredMinutes: 300, journeyMinutes: 480 }, noiseCriterion('NHO 01'))!;
    expect(noiseResultBlock(figures, levels.nho)).toEqual({
      method: 'NHO 01',
      dose8: '128,0',
      nen: '86,1',
      lavg: '86,1',
      conclusion: 'Acima do limite de exposição',
      bgColor: BAND_COLORS[3],
      criterion: figures.criterion,
      criterionText: 'NHO 01 (2001), q = 3, nível de critério 85 dB(A), limiar 80 dB(A)',
    });
  });

  it('fills the nr15 block of the mixed day', () => {
    const figures = noiseFromExposures(MIXED_DAY, noiseCriterion('NR-15'))!;
    expect(noiseResultBlock(figures, levels.nr15)).toMatchObject({
      method: 'NR-15 Anexo 1',
      dose8: '145,7',
      lavg: '87,7',
      conclusion: 'Acima do limite de exposição',
    });
  });

  it('picks the level from the dose as shown: 99.96 % shows 100,0 and is above the limit', () => {
    const figures: NoiseFigures = {
      dose: 99.96,
      ne: null,
      nen: null,
      lavg: null,
      journeyMinutes: 480,
      criterion: noiseCriterion('NHO 01'),
      aboveCeiling: false,
    };
    expect(noiseResultBlock(figures, levels.nho)).toMatchObject({ dose8: '100,0', nen: '', conclusion: 'Acima do limite de exposição' });
  });
});

describe('noiseClassificationBlock', () => {
  it.each<[number, string, string]>([
    [40, '40,0', 'Manutenção da condição existente'],
    [65.44, '65,4', 'Adoção de medidas preventivas'],
    [207.87, '207,9', 'Adoção imediata de medidas corretivas'],
  ])('dose %s → %s, %s', (dose, shown, action) => {
    const figures: NoiseFigures = {
      dose,
      ne: null,
      nen: null,
      lavg: null,
      journeyMinutes: 480,
      criterion: noiseCriterion('NHO 01'),
      aboveCeiling: false,
    };
    const block = noiseClassificationBlock(figures, levels.nho);
    expect(block.dose_daily).toBe(shown);
    expect(block.recommended_action).toBe(action);
  });
});
