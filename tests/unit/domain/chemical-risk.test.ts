import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHEMICAL_SINGLE_SAMPLE_NOTE,
  calculationBase,
  chemicalClassificationItem,
  chemicalFrequencyText,
  chemicalRiskLevel,
  formatLeoPercent,
  leoPercent,
  normaliseChemicalClassification,
  riskContains,
  type ChemicalResultRow,
  type ChemicalRiskLevel,
} from '@/domain/chemical-risk';
import { BAND_COLORS, LQ_DEFAULT_COLOR, NO_DATA_COLOR, defaultResultThresholds } from '@/domain/result-thresholds';

const thresholds = defaultResultThresholds().chemical;
const ORDER: ChemicalRiskLevel[] = ['risk1', 'risk2', 'risk3', 'risk4'];

describe('chemicalRiskLevel', () => {
  it.each<[ChemicalResultRow, ChemicalRiskLevel, string, string]>([
    // ratio against twa (calculation_base TWA or empty)
    [{ result: 5, twa: 100, calculation_base: 'TWA' }, 'risk1', 'Risco baixo', BAND_COLORS[0]],
    [{ result: '9,99', twa: 100 }, 'risk1', 'Risco baixo', BAND_COLORS[0]],
    [{ result: 10, twa: 100 }, 'risk2', 'Risco médio', BAND_COLORS[1]],
    [{ result: 0.3, twa: 3 }, 'risk2', 'Risco médio', BAND_COLORS[1]],
    [{ result: 49.9, twa: 100 }, 'risk2', 'Risco médio', BAND_COLORS[1]],
    [{ result: 50, twa: 100 }, 'risk3', 'Risco médio-alto', BAND_COLORS[2]],
    [{ result: 99.9, twa: 100 }, 'risk3', 'Risco médio-alto', BAND_COLORS[2]],
    [{ result: 100, twa: 100 }, 'risk4', 'Risco alto', BAND_COLORS[3]],
    [{ result: '150,5', twa: '100' }, 'risk4', 'Risco alto', BAND_COLORS[3]],
    [{ result: 0, twa: 100 }, 'risk1', 'Risco baixo', BAND_COLORS[0]],
    // ratio against mp when calculation_base is NR-15
    [{ result: 40, twa: 1000, mp: 78, calculation_base: 'NR-15' }, 'risk3', 'Risco médio-alto', BAND_COLORS[2]],
    [{ result: 40, twa: 1000, mp: 78, calculation_base: 'TWA' }, 'risk1', 'Risco baixo', BAND_COLORS[0]],
    // lq 'Abaixo' wins over any number
    [{ lq: 'Abaixo', result: 500, twa: 100 }, 'lq', 'Abaixo do limite de quantificação', LQ_DEFAULT_COLOR],
    [{ lq: 'Abaixo' }, 'lq', 'Abaixo do limite de quantificação', LQ_DEFAULT_COLOR],
    [{ lq: 'A cima', result: 5, twa: 100 }, 'risk1', 'Risco baixo', BAND_COLORS[0]],
    // no data
    [{}, '---', '', NO_DATA_COLOR],
    [{ result: '', twa: 100 }, '---', '', NO_DATA_COLOR],
    [{ result: 5, twa: '' }, '---', '', NO_DATA_COLOR],
    [{ result: 5, twa: 0 }, '---', '', NO_DATA_COLOR],
    [{ result: 5, twa: 'abc' }, '---', '', NO_DATA_COLOR],
    [{ result: -5, twa: 100 }, '---', '', NO_DATA_COLOR],
    [{ result: 5, mp: '', twa: 100, calculation_base: 'NR-15' }, '---', '', NO_DATA_COLOR],
  ])('%j → %s', (row, level, conclusion, color) => {
    const out = chemicalRiskLevel(row, thresholds);
    expect(out.level).toBe(level);
    expect(out.conclusion).toBe(conclusion);
    expect(out.color).toBe(color);
  });

  it('records the ratio and the criterion that produced it', () => {
    expect(chemicalRiskLevel({ result: 40, mp: 78, calculation_base: 'NR-15' }, thresholds)).toMatchObject({
      ratio: 40 / 78,
      criterion: { basis: 'NR-15', reference: 78, limitSource: 'NR-15 Anexo 11 (LT)' },
    });
    expect(chemicalRiskLevel({ result: 5, twa: 50 }, thresholds).criterion).toMatchObject({ basis: 'TWA', reference: 50, limitSource: 'TWA' });
  });

  it('uses the settings, with the spec rule for max-only and min-only risks', () => {
    const custom = {
      ...thresholds,
      risks: {
        risk1: { min: null, max: 0.2, conclusion: 'A', color: '#1' },
        risk2: { min: 0.3, max: 0.6, conclusion: 'B', color: '#2' },
        risk3: { min: 0.6, max: 0.9, conclusion: 'C', color: '#3' },
        risk4: { min: 1.2, max: null, conclusion: 'D', color: '#4' },
      },
    };
    expect(chemicalRiskLevel({ result: 19, twa: 100 }, custom).level).toBe('risk1');
    // gaps between risks give no match: '---' with the ratio kept
    expect(chemicalRiskLevel({ result: 25, twa: 100 }, custom)).toMatchObject({ level: '---', ratio: 0.25, color: NO_DATA_COLOR });
    expect(chemicalRiskLevel({ result: 100, twa: 100 }, custom).level).toBe('---');
    expect(chemicalRiskLevel({ result: 120, twa: 100 }, custom).level).toBe('risk4');
  });

  it.each<[number | null, number | null, number, boolean]>([
    [0.1, 0.5, 0.1, true],
    [0.1, 0.5, 0.5, false],
    [null, 0.1, 0.0999, true],
    [null, 0.1, 0.1, false],
    [1, null, 1, true],
    [1, null, 0.999, false],
    [null, null, 0.5, false],
  ])('riskContains({min %s, max %s}, %s) = %s', (min, max, ratio, expected) => {
    expect(riskContains({ min, max }, ratio)).toBe(expected);
  });

  it.each([
    ['NR-15', 'NR-15'],
    ['nr-15', 'NR-15'],
    ['TWA', 'TWA'],
    ['', 'TWA'],
    [null, 'TWA'],
  ])('calculationBase(%j) = %s', (value, expected) => {
    expect(calculationBase(value)).toBe(expected);
  });

  it('never goes down a risk when the result goes up', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        (a, b, limit) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const lowLevel = chemicalRiskLevel({ result: low, twa: limit }, thresholds).level;
          const highLevel = chemicalRiskLevel({ result: high, twa: limit }, thresholds).level;
          expect(ORDER.indexOf(highLevel)).toBeGreaterThanOrEqual(ORDER.indexOf(lowLevel));
        },
      ),
    );
  });
});

describe('LEO %', () => {
  it.each<[unknown, number | null, string]>([
    [0.5, 50, '50'],
    [1, 100, '100'],
    [0.1, 10, '10'],
    [0.256, 25.6, '25,60'],
    [0.12345, 12.35, '12,35'],
    ['0,75', 75, '75'],
    [40 / 78, 51.28, '51,28'],
    [0, 0, '0'],
    ['', null, ''],
    ['abc', null, ''],
    [null, null, ''],
  ])('%j → %s (%j)', (value, percent, text) => {
    expect(leoPercent(value)).toBe(percent);
    expect(formatLeoPercent(value)).toBe(text);
  });
});

describe('frequency texts', () => {
  it.each<[ChemicalRiskLevel, string]>([
    ['risk1', 'Reavaliar quando houver mudança significativa no processo, nas condições de trabalho ou nas medidas de controle.'],
    ['risk2', 'Reavaliar a cada dois anos, até que a exposição fique abaixo de 10% do limite de exposição.'],
    ['risk3', 'Reavaliar a cada seis meses.'],
    ['risk4', 'Reavaliar com frequência, até que a exposição fique abaixo de 10% do limite de exposição.'],
    ['lq', ''],
    ['---', ''],
  ])('%s → %j', (level, text) => {
    expect(chemicalFrequencyText(level, thresholds)).toBe(text);
  });

  it('follows the risk2 minimum of the settings', () => {
    const custom = { ...thresholds, risks: { ...thresholds.risks, risk2: { ...thresholds.risks.risk2, min: 0.125 } } };
    expect(chemicalFrequencyText('risk2', custom)).toBe(
      'Reavaliar a cada dois anos, até que a exposição fique abaixo de 12,50% do limite de exposição.',
    );
    const noMin = { ...thresholds, risks: { ...thresholds.risks, risk2: { ...thresholds.risks.risk2, min: null } } };
    expect(chemicalFrequencyText('risk4', noMin)).toBe('Reavaliar com frequência.');
  });

  it('has a note saying a single-sample band is indicative', () => {
    expect(CHEMICAL_SINGLE_SAMPLE_NOTE).toMatch(/indicativa/);
  });
});

describe('classification list', () => {
  it('builds a line from a result row', () => {
    expect(chemicalClassificationItem('Tolueno', { result: 20, twa: 75 }, thresholds)).toEqual({
      agent_chemical: 'Tolueno',
      index: 'risk2',
      leo: '26,67',
      frequency: 'Reavaliar a cada dois anos, até que a exposição fique abaixo de 10% do limite de exposição.',
    });
    expect(chemicalClassificationItem('Benzeno', { lq: 'Abaixo' }, thresholds)).toEqual({
      agent_chemical: 'Benzeno',
      index: 'lq',
      leo: '',
      frequency: '',
    });
  });

  it.each<[string, unknown, ReturnType<typeof normaliseChemicalClassification>]>([
    [
      'the list form as it is',
      { recommendation: 'Usar EPI', classifications: [{ agent_chemical: 'Tolueno', index: 'risk2', leo: '26,67', frequency: 'x' }] },
      { recommendation: 'Usar EPI', classifications: [{ agent_chemical: 'Tolueno', index: 'risk2', leo: '26,67', frequency: 'x' }] },
    ],
    [
      'a legacy single record as a one-item list',
      { agent_chemical: 'Tolueno', index: 'risk2', leo: 26.67, frequency: 'x', recommendation: 'Usar EPI' },
      { recommendation: 'Usar EPI', classifications: [{ agent_chemical: 'Tolueno', index: 'risk2', leo: '26.67', frequency: 'x' }] },
    ],
    ['an empty record as an empty list', { recommendation: '' }, { recommendation: '', classifications: [] }],
    ['null', null, { recommendation: '', classifications: [] }],
    [
      'garbage items with empty fields',
      { classifications: [null, 5] },
      {
        recommendation: '',
        classifications: [
          { agent_chemical: '', index: '', leo: '', frequency: '' },
          { agent_chemical: '', index: '', leo: '', frequency: '' },
        ],
      },
    ],
  ])('normalises %s', (_, raw, expected) => {
    expect(normaliseChemicalClassification(raw)).toEqual(expected);
  });
});
