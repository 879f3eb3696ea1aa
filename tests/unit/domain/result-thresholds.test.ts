import { describe, expect, it } from 'vitest';
import {
  BAND_COLORS,
  CONSIDERATIONS,
  LQ_DEFAULT_COLOR,
  LQ_DEFAULT_CONCLUSION,
  NO_DATA_COLOR,
  RECOMMENDATIONS,
  defaultResultThresholds,
} from '@/domain/result-thresholds';
import { parseBound, parseChemicalThresholds, parseNoiseThresholds, parseResultThresholds } from '@/domain/result-thresholds-parse';
import {
  CHEMICAL_THRESHOLDS_ERROR,
  NOISE_THRESHOLDS_ERROR,
  isSettingsNumber,
  validateChemicalThresholds,
  validateNoiseThresholds,
} from '@/domain/result-thresholds-validate';

describe('default result thresholds', () => {
  const defaults = defaultResultThresholds();

  it('has the chemical risk bands of calculations.md (AIHA categories)', () => {
    expect(defaults.chemical.risks).toEqual({
      risk1: { min: null, max: 0.1, conclusion: 'Risco baixo', color: BAND_COLORS[0] },
      risk2: { min: 0.1, max: 0.5, conclusion: 'Risco médio', color: BAND_COLORS[1] },
      risk3: { min: 0.5, max: 1.0, conclusion: 'Risco médio-alto', color: BAND_COLORS[2] },
      risk4: { min: 1.0, max: null, conclusion: 'Risco alto', color: BAND_COLORS[3] },
    });
    expect(defaults.chemical.lq).toEqual({ conclusion: 'Abaixo do limite de quantificação', color: LQ_DEFAULT_COLOR });
    expect(LQ_DEFAULT_CONCLUSION).toBe('Abaixo do limite de quantificação');
    expect(NO_DATA_COLOR).toBe('#cfcfc4');
  });

  it.each(['nho', 'nr15'] as const)('has the four %s dose levels, for dose8 and the daily dose', (norm) => {
    const bounds = Object.values(defaults.noise[norm]).map((l) => [l.min, l.max, l.dailyDoseMin, l.dailyDoseMax]);
    expect(bounds).toEqual([
      [null, 50, null, 50],
      [50, 80, 50, 80],
      [80, 100, 80, 100],
      [100, null, 100, null],
    ]);
    expect(Object.values(defaults.noise[norm]).map((l) => l.technicalConsiderations)).toEqual([...CONSIDERATIONS]);
    expect(Object.values(defaults.noise[norm]).map((l) => l.recommendedAction)).toEqual([...RECOMMENDATIONS]);
  });

  it('returns a fresh copy each time (callers may edit it)', () => {
    const a = defaultResultThresholds();
    a.chemical.risks.risk1.max = 0.2;
    expect(defaultResultThresholds().chemical.risks.risk1.max).toBe(0.1);
  });
});

describe('parseBound', () => {
  it.each<[Record<string, unknown>, number | null]>([
    [{}, 7],
    [{ v: undefined }, 7],
    [{ v: null }, null],
    [{ v: '' }, null],
    [{ v: '  ' }, null],
    [{ v: '0,5' }, 0.5],
    [{ v: '0.5' }, 0.5],
    [{ v: '100' }, 100],
    [{ v: 1 }, 1],
    [{ v: 'abc' }, null],
    [{ v: true }, null],
  ])('%j → %j (fallback 7)', (record, expected) => {
    expect(parseBound(record, 'v', 7)).toBe(expected);
  });
});

describe('parseChemicalThresholds', () => {
  it('turns typed strings with comma decimals into numbers and keeps texts', () => {
    const parsed = parseChemicalThresholds({
      risks: {
        risk1: { min: '', max: '0,2', conclusion: 'Baixo', color: '#00ff00' },
        risk2: { min: '0,2', max: '0.6', conclusion: 'Médio', color: '#ffff00' },
        risk3: { min: 0.6, max: '1', conclusion: 'Médio-alto', color: '#ff9900' },
        risk4: { min: '1', max: null, conclusion: 'Alto', color: '#ff0000' },
      },
      lq: { conclusion: 'Abaixo do LQ', color: '#eeeeee' },
      options: { respirator: [{ name: 'PFF2' }, 'PFF3', { nome: 'x' }] },
    });
    expect(parsed.risks).toEqual({
      risk1: { min: null, max: 0.2, conclusion: 'Baixo', color: '#00ff00' },
      risk2: { min: 0.2, max: 0.6, conclusion: 'Médio', color: '#ffff00' },
      risk3: { min: 0.6, max: 1, conclusion: 'Médio-alto', color: '#ff9900' },
      risk4: { min: 1, max: null, conclusion: 'Alto', color: '#ff0000' },
    });
    expect(parsed.lq).toEqual({ conclusion: 'Abaixo do LQ', color: '#eeeeee' });
    expect(parsed.options.respirator).toEqual([{ name: 'PFF2' }, { name: 'PFF3' }]);
    expect(parsed.options.dispersal).toEqual(defaultResultThresholds().chemical.options.dispersal);
  });

  it.each<[string, unknown]>([
    ['nothing saved', undefined],
    ['null', null],
    ['an empty object', {}],
    ['broken JSON text', '{not json'],
    ['an array', []],
    ['a number', 42],
  ])('falls back to the defaults for %s', (_, raw) => {
    expect(parseChemicalThresholds(raw)).toEqual(defaultResultThresholds().chemical);
  });

  it('reads the JSON text of a stored option', () => {
    const text = JSON.stringify({ risks: { risk2: { min: '0,15' } } });
    const parsed = parseChemicalThresholds(text);
    expect(parsed.risks.risk2.min).toBe(0.15);
    expect(parsed.risks.risk2.max).toBe(0.5);
  });

  it('never yields NaN for garbage bounds', () => {
    const parsed = parseChemicalThresholds({ risks: { risk1: { min: 'abc', max: {} } } });
    expect(parsed.risks.risk1.min).toBeNull();
    expect(parsed.risks.risk1.max).toBeNull();
  });
});

describe('parseNoiseThresholds and parseResultThresholds', () => {
  it('parses both norms and keeps defaults for what is missing', () => {
    const parsed = parseNoiseThresholds({
      nho: { level2: { dailyDoseMin: '50,5', min: '', technicalConsiderations: 'Atenção', bgColor: '#123456' } },
      nr15: '{"level4":{"max":"500"}}',
    });
    expect(parsed.nho.level2).toMatchObject({
      dailyDoseMin: 50.5,
      dailyDoseMax: 80,
      min: null,
      max: 80,
      technicalConsiderations: 'Atenção',
      bgColor: '#123456',
    });
    expect(parsed.nho.level1).toEqual(defaultResultThresholds().noise.nho.level1);
    expect(parsed.nr15.level4.max).toBe(500);
  });

  it('parses both settings at once, with defaults for a missing one', () => {
    expect(parseResultThresholds(undefined)).toEqual(defaultResultThresholds());
    expect(parseResultThresholds({ noise: {} })).toEqual(defaultResultThresholds());
  });
});

describe('settings validators', () => {
  it.each<[unknown, boolean]>([
    ['0', true],
    ['0,5', true],
    ['0.5', true],
    ['100', true],
    ['', true],
    ['  ', true],
    [null, true],
    [undefined, true],
    [0.1, true],
    ['1.000,5', false],
    ['-1', false],
    [-1, false],
    ['0,', false],
    [',5', false],
    ['abc', false],
    ['1e3', false],
    [Number.NaN, false],
    [{}, false],
  ])('isSettingsNumber(%j) = %s', (value, expected) => {
    expect(isSettingsNumber(value)).toBe(expected);
  });

  it('accepts the defaults', () => {
    const defaults = defaultResultThresholds();
    expect(validateChemicalThresholds(defaults.chemical)).toEqual({ valid: true, message: null, fields: [] });
    expect(validateNoiseThresholds(defaults.noise)).toEqual({ valid: true, message: null, fields: [] });
  });

  it('rejects a non-numeric risk bound with the spec message and names the field', () => {
    const out = validateChemicalThresholds({ risks: { risk2: { min: '0,1', max: 'meio' }, risk4: { min: 'x' } } });
    expect(out).toEqual({
      valid: false,
      message: 'Os campos de índice de risco precisam ser um número.',
      fields: ['risks.risk2.max', 'risks.risk4.min'],
    });
    expect(out.message).toBe(CHEMICAL_THRESHOLDS_ERROR);
  });

  it('rejects a non-numeric noise bound with the spec message and names the field', () => {
    const out = validateNoiseThresholds({ nho: { level1: { dailyDoseMax: '50%' } }, nr15: { level3: { min: 'oitenta' } } });
    expect(out).toEqual({
      valid: false,
      message: 'Os campos de Dose diária, NHO ou NR15 precisam ser um número.',
      fields: ['nho.level1.dailyDoseMax', 'nr15.level3.min'],
    });
    expect(out.message).toBe(NOISE_THRESHOLDS_ERROR);
  });
});
