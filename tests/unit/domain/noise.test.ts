import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedMinutes,
  allowedMinutesFormula,
  describeNoiseCriterion,
  doseFromLavg,
  doseFromNen,
  lavgFromDose,
  neFromDose,
  nenFromDose,
  nenFromNe,
  noiseBothCriteria,
  noiseCriterion,
  noiseDose,
  noiseFromDosimeter,
  noiseFromExposures,
  nr15TableMinutes,
  projectDose,
  type NoiseExposure,
} from '@/domain/noise';

const NHO = noiseCriterion('NHO 01');
const NR15 = noiseCriterion('NR-15');
const NR15_TABLE = noiseCriterion('NR-15', { method: 'tabela NR-15' });
const MIXED_DAY: NoiseExposure[] = [
  { minutes: 240, level: 88 },
  { minutes: 120, level: 91 },
  { minutes: 120, level: 80 },
];

describe('criterion', () => {
  it('records norm, edition, q and method', () => {
    expect(NHO).toMatchObject({
      norm: 'NHO 01',
      edition: '2001',
      q: 3,
      method: 'formula',
      criterionLevel: 85,
      referenceMinutes: 480,
      thresholdLevel: 80,
    });
    expect(NR15).toMatchObject({ norm: 'NR-15 Anexo 1', edition: 'Portaria MTb 3.214/1978', q: 5, method: 'formula' });
    expect(NR15_TABLE.method).toBe('tabela NR-15');
    // the table is an NR-15 option; NHO 01 always uses its formula
    expect(noiseCriterion('NHO 01', { method: 'tabela NR-15' }).method).toBe('formula');
  });

  it.each([
    [NHO, 'NHO 01 (2001), q = 3, nível de critério 85 dB(A), limiar 80 dB(A)'],
    [NR15, 'NR-15 Anexo 1 (Portaria MTb 3.214/1978), q = 5, nível de critério 85 dB(A), limiar 80 dB(A)'],
    [NR15_TABLE, 'NR-15 Anexo 1 (Portaria MTb 3.214/1978), q = 5, nível de critério 85 dB(A), tabela NR-15'],
    [noiseCriterion('NHO 01', { thresholdLevel: null }), 'NHO 01 (2001), q = 3, nível de critério 85 dB(A)'],
  ])('describes %j', (criterion, text) => {
    expect(describeNoiseCriterion(criterion)).toBe(text);
  });
});

describe('allowed time', () => {
  it.each<[number, 3 | 5, number]>([
    [85, 3, 480],
    [88, 3, 240],
    [91, 3, 120],
    [82, 3, 960],
    [85, 5, 480],
    [90, 5, 240],
    [95, 5, 120],
    [80, 5, 960],
    [115, 5, 7.5],
  ])('Tp(%s dB, q = %s) = %s min', (level, q, minutes) => {
    expect(allowedMinutesFormula(level, q)).toBeCloseTo(minutes, 9);
  });

  it.each<[number, number | null]>([
    [84.9, Infinity],
    [85, 480],
    [85.1, 420],
    [86, 420],
    [89, 270],
    [93, 160],
    [94, 135],
    [96.5, 75],
    [97, 75],
    [98, 75],
    [99, 60],
    [103, 35],
    [107, 20],
    [113, 8],
    [115, 7],
    [115.1, null],
    [120, null],
  ])('NR-15 table at %s dB(A) → %s min', (level, minutes) => {
    expect(nr15TableMinutes(level)).toBe(minutes);
  });

  it.each<[number, typeof NHO, number | null]>([
    [79.9, NHO, Infinity],
    [80, NHO, 480 * 2 ** (5 / 3)],
    [79.9, NR15, Infinity],
    [80, NR15, 960],
    [80, noiseCriterion('NR-15', { thresholdLevel: 85 }), Infinity],
    [70, noiseCriterion('NHO 01', { thresholdLevel: null }), 480 * 2 ** 5],
    [84, NR15_TABLE, Infinity],
    [116, NR15_TABLE, null],
  ])('allowedMinutes(%s) under %j', (level, criterion, expected) => {
    const minutes = allowedMinutes(level, criterion);
    if (expected === null || expected === Infinity) expect(minutes).toBe(expected);
    else expect(minutes).toBeCloseTo(expected, 9);
  });
});

describe('dose from exposures', () => {
  it.each<[string, typeof NHO, number]>([
    ['NHO 01', NHO, 207.9],
    ['NR-15 formula', NR15, 145.7],
    ['NR-15 table', NR15_TABLE, 137.1],
  ])('mixed day 4 h @ 88, 2 h @ 91, 2 h @ 80 under %s → %s %%', (_, criterion, dose) => {
    const out = noiseDose(MIXED_DAY, criterion);
    expect(out.value).toBeCloseTo(dose, 1);
    expect(out.minutes).toBe(480);
    expect(out.criterion).toBe(criterion);
  });

  it.each<[NoiseExposure[], typeof NHO, number | null]>([
    [[{ minutes: 480, level: 85 }], NHO, 100],
    [[{ minutes: 480, level: 85 }], NR15, 100],
    [[{ minutes: '480', level: '85,0' }], NHO, 100],
    [[{ minutes: 240, level: 88 }], NHO, 100],
    [[{ minutes: 240, level: 90 }], NR15, 100],
    [[{ minutes: 480, level: 79 }], NHO, 0],
    [[{ minutes: 300, level: 88 }], NR15_TABLE, 100],
    [[{ minutes: 0, level: 100 }], NHO, 0],
    // blank rows are skipped; half-typed rows make the day unknown
    [
      [
        { minutes: 480, level: 85 },
        { minutes: '', level: '' },
      ],
      NHO,
      100,
    ],
    [
      [
        { minutes: 480, level: 85 },
        { minutes: 60, level: '' },
      ],
      NHO,
      null,
    ],
    [[{ minutes: 480, level: 'abc' }], NHO, null],
    [[{ minutes: -10, level: 90 }], NHO, null],
    [[], NHO, null],
    [[{ minutes: null, level: null }], NHO, null],
    // above 115 dB(A) the table has no time: no dose
    [[{ minutes: 10, level: 116 }], NR15_TABLE, null],
  ])('%j → %s', (exposures, criterion, expected) => {
    const value = noiseDose(exposures, criterion).value;
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 9);
  });

  it('flags levels above 115 dB(A) under every criterion', () => {
    const day = [{ minutes: 5, level: 116 }];
    expect(noiseDose(day, NHO).aboveCeiling).toBe(true);
    expect(noiseDose(day, NR15).aboveCeiling).toBe(true);
    expect(noiseDose(day, NR15_TABLE)).toMatchObject({ value: null, aboveCeiling: true });
    expect(noiseDose([{ minutes: 5, level: 115 }], NHO).aboveCeiling).toBe(false);
  });

  it('grows when any exposure gets longer or louder (never goes down)', () => {
    const exposure = fc.record({ minutes: fc.integer({ min: 1, max: 480 }), level: fc.integer({ min: 70, max: 110 }) });
    fc.assert(
      fc.property(fc.array(exposure, { minLength: 1, maxLength: 5 }), fc.nat(4), fc.integer({ min: 0, max: 5 }), (day, i, extra) => {
        const index = i % day.length;
        const louder = day.map((e, j) => (j === index ? { ...e, level: e.level + extra } : e));
        for (const criterion of [NHO, NR15, NR15_TABLE]) {
          expect(noiseDose(louder, criterion).value!).toBeGreaterThanOrEqual(noiseDose(day, criterion).value! - 1e-9);
        }
      }),
    );
  });
});

describe('projection, NE, NEN, Lavg', () => {
  it.each<[number, number, number, number | null]>([
    [80, 300, 480, 128],
    [50, 240, 480, 100],
    [100, 480, 480, 100],
    [80, 300, 0, null],
    [80, 0, 480, null],
    [-1, 300, 480, null],
  ])('projectDose(%s %% over %s min to %s min) = %s', (dose, measured, journey, expected) => {
    const value = projectDose(dose, measured, journey);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 9);
  });

  it.each<[string, number, typeof NHO, number]>([
    ['NHO 01 128 %', 128, NHO, 86.1],
    ['NHO 01 207.9 %', 207.8745, NHO, 88.2],
    ['NHO 01 100 %', 100, NHO, 85],
    ['NHO 01 50 %', 50, NHO, 82],
    ['NR-15 100 %', 100, NR15, 85],
    ['NR-15 200 %', 200, NR15, 90],
  ])('NEN for %s → %s dB(A)', (_, dose, criterion, nen) => {
    expect(nenFromDose(dose, criterion)!).toBeCloseTo(nen, 1);
  });

  it('NE over a shorter journey is higher than NEN, and NEN = NE + k·log10(TE/480)', () => {
    const ne = neFromDose(100, 240, NHO)!;
    expect(ne).toBeCloseTo(88.01, 2);
    expect(nenFromNe(ne, 240, NHO)).toBeCloseTo(nenFromDose(100, NHO)!, 9);
    const ne15 = neFromDose(100, 240, NR15)!;
    expect(ne15).toBeCloseTo(90, 2);
    expect(nenFromNe(ne15, 240, NR15)).toBeCloseTo(85, 9);
  });

  it.each<[number, number, typeof NHO, number]>([
    [145.72, 8, NR15, 87.7],
    [100, 8, NR15, 85],
    [50, 4, NR15, 85],
    [100, 8, NHO, 85],
  ])('Lavg(%s %% over %s h) = %s', (dose, hours, criterion, lavg) => {
    expect(lavgFromDose(dose, hours, criterion)!).toBeCloseTo(lavg, 1);
  });

  it.each<[number | null]>([
    [nenFromDose(0, NHO)],
    [nenFromDose(-5, NHO)],
    [neFromDose(100, 0, NHO)],
    [lavgFromDose(100, 0, NR15)],
    [nenFromNe(Number.NaN, 480, NHO)],
    [doseFromNen(Number.NaN, NHO)],
    [doseFromLavg(85, 0, NR15)],
  ])('invalid input gives null (%s)', (value) => {
    expect(value).toBeNull();
  });

  it.each<[number, typeof NHO, number]>([
    [85, NHO, 100],
    [88, NHO, 199.5],
    [86.1, NHO, 128.8],
    [90, NR15, 200],
  ])('doseFromNen(%s) = %s %%', (nen, criterion, dose) => {
    expect(doseFromNen(nen, criterion)!).toBeCloseTo(dose, 1);
  });

  it.each<[number, number, typeof NHO, number]>([
    [85, 8, NR15, 100],
    [90, 8, NR15, 200],
    [87.7, 8, NR15, 145.4],
    [85, 4, NR15, 50],
    [88, 8, NHO, 199.5],
  ])('doseFromLavg(%s over %s h) = %s %%', (lavg, hours, criterion, dose) => {
    expect(doseFromLavg(lavg, hours, criterion)!).toBeCloseTo(dose, 1);
  });

  it('NHO 01: NEN from a dose and back gives the dose again', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e5, noNaN: true }), (dose) => {
        expect(doseFromNen(nenFromDose(dose, NHO)!, NHO)!).toBeCloseTo(dose, 6);
      }),
    );
  });

  it('NR-15: Lavg from a dose and back stays within 0.1 % (the norm rounds 5 / log10 2 to 16.61)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 1, max: 12, noNaN: true }), (dose, hours) => {
        const back = doseFromLavg(lavgFromDose(dose, hours, NR15)!, hours, NR15)!;
        expect(Math.abs(back - dose) / dose).toBeLessThan(1e-3);
      }),
    );
  });
});

describe('figures for the Resultado blocks', () => {
  it('NHO 01 dosimeter: 80 % measured in 300 min, journey 480 → D 128 %, NEN 86.1', () => {
    const out = noiseFromDosimeter({ measuredDose: '80', measuredMinutes: 300, journeyMinutes: '480' }, NHO)!;
    expect(out.dose).toBeCloseTo(128, 9);
    expect(out.nen).toBeCloseTo(86.1, 1);
    expect(out.ne).toBeCloseTo(86.1, 1);
    expect(out.lavg).toBeCloseTo(86.1, 1);
    expect(out.criterion).toMatchObject({ norm: 'NHO 01', q: 3 });
  });

  it('dosimeter without a journey keeps the measured dose', () => {
    expect(noiseFromDosimeter({ measuredDose: 80, measuredMinutes: 480 }, NHO)!.dose).toBe(80);
  });

  it.each([
    [{ measuredDose: '', measuredMinutes: 300 }],
    [{ measuredDose: 80, measuredMinutes: 'x' }],
    [{ measuredDose: 80, measuredMinutes: 0 }],
    [{ measuredDose: 80, measuredMinutes: 300, journeyMinutes: 0 }],
  ])('dosimeter %j → null', (reading) => {
    expect(noiseFromDosimeter(reading, NHO)).toBeNull();
  });

  it('mixed day: NHO 01 D 207.9 %, NEN 88.2; NR-15 formula D 145.7 %, Lavg 87.7, both reportable', () => {
    const both = noiseBothCriteria(MIXED_DAY);
    expect(both.nho!.dose).toBeCloseTo(207.9, 1);
    expect(both.nho!.nen).toBeCloseTo(88.2, 1);
    expect(both.nr15!.dose).toBeCloseTo(145.7, 1);
    expect(both.nr15!.lavg).toBeCloseTo(87.7, 1);
    expect(both.nho!.criterion.norm).toBe('NHO 01');
    expect(both.nr15!.criterion).toMatchObject({ norm: 'NR-15 Anexo 1', method: 'formula' });
    expect(noiseBothCriteria(MIXED_DAY, { nr15Method: 'tabela NR-15' }).nr15!.criterion.method).toBe('tabela NR-15');
  });

  it('a day with no exposure above the threshold has dose 0 and no level', () => {
    expect(noiseFromExposures([{ minutes: 480, level: 70 }], NHO)).toMatchObject({ dose: 0, nen: null, ne: null, lavg: null });
  });

  it('an unknown day gives null', () => {
    expect(noiseFromExposures([{ minutes: 480, level: '' }], NHO)).toBeNull();
  });
});
