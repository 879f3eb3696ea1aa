import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  concentrationFromMass,
  flowCheck,
  meanFlow,
  mgM3ToPpm,
  molarVolume,
  nr15Assessment,
  nr15DeviationFactor,
  ppmToMgM3,
  sampledVolume,
  twa,
  twa8h,
  type TimedConcentration,
} from '@/domain/chemical-sampling';

describe('worked example: 150 µg, blank 2 µg, Q 1.00 → 0.97 L/min over 240 min', () => {
  it('variation −3 %, V 236.4 L, C 0.626 mg/m³', () => {
    expect(flowCheck(1, 0.97)).toEqual({ variationPercent: -3, tolerancePercent: 5, withinTolerance: true, outcome: 'valid' });
    const q = meanFlow(1, 0.97)!;
    expect(q).toBeCloseTo(0.985, 12);
    const v = sampledVolume(q, 240)!;
    expect(v).toBeCloseTo(236.4, 9);
    const c = concentrationFromMass(150, 2, v)!;
    expect(c.value).toBeCloseTo(0.626, 3);
    expect(c.blankExceedsSample).toBe(false);
  });
});

describe('flowCheck', () => {
  it.each<[number, number, Parameters<typeof flowCheck>[2], number, boolean, string]>([
    [1, 1, {}, 0, true, 'valid'],
    [1, 0.95, {}, -5, true, 'valid'],
    [1, 1.05, {}, 5, true, 'valid'],
    [1, 0.949, {}, -5.1, false, 'invalid'],
    [1, 1.06, {}, 6, false, 'invalid'],
    [1, 1.06, { onDrift: 'review' }, 6, false, 'review'],
    [1, 1.06, { tolerancePercent: 10 }, 6, true, 'valid'],
    [2, 1.9, {}, -5, true, 'valid'],
    [1.5, 1.4, { tolerancePercent: 5 }, -6.66666666667, false, 'invalid'],
  ])('%s → %s %j: %s %%', (initial, final, options, variation, within, outcome) => {
    const out = flowCheck(initial, final, options)!;
    expect(out.variationPercent).toBeCloseTo(variation, 9);
    expect(out.withinTolerance).toBe(within);
    expect(out.outcome).toBe(outcome);
  });

  it.each([
    [0, 1],
    [-1, 1],
    [1, -1],
    [Number.NaN, 1],
  ])('%s → %s gives null', (initial, final) => {
    expect(flowCheck(initial, final)).toBeNull();
  });
});

describe('volume and concentration', () => {
  it.each<[number, number, number | null]>([
    [1, 0.97, 0.985],
    [2, 2, 2],
    [-1, 1, null],
    [Number.NaN, 1, null],
  ])('meanFlow(%s, %s) = %s', (a, b, expected) => {
    const value = meanFlow(a, b);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 12);
  });

  it.each<[number, number, number | null]>([
    [2, 480, 960],
    [0, 480, 0],
    [-1, 480, null],
    [1, -1, null],
  ])('sampledVolume(%s, %s) = %s', (q, t, expected) => {
    expect(sampledVolume(q, t)).toBe(expected);
  });

  it.each<[number, number, number, { value: number; blankExceedsSample: boolean } | null]>([
    [150, 2, 236.4, { value: 148 / 236.4, blankExceedsSample: false }],
    [150, 0, 100, { value: 1.5, blankExceedsSample: false }],
    [150, -3, 100, { value: 1.5, blankExceedsSample: false }],
    [2, 5, 100, { value: 0, blankExceedsSample: true }],
    [150, 2, 0, null],
    [-1, 0, 100, null],
  ])('concentrationFromMass(%s µg, blank %s µg, %s L) = %j', (m, blank, v, expected) => {
    expect(concentrationFromMass(m, blank, v)).toEqual(expected);
  });
});

describe('ppm and mg/m³', () => {
  it('toluene (MW 92.13): 20 ppm = 75.4 mg/m³ and back', () => {
    expect(ppmToMgM3(20, 92.13)).toBeCloseTo(75.4, 1);
    expect(mgM3ToPpm(75.36196319018404, 92.13)).toBeCloseTo(20, 9);
  });

  it.each<[number, number, number, number | null]>([
    [100, 24.45, 24.45, 100],
    [50, 78.11, 22.4, (50 * 78.11) / 22.4],
    [1, 0, 24.45, null],
    [1, 92.13, 0, null],
  ])('ppmToMgM3(%s, MW %s, Vm %s) = %s', (ppm, mw, vm, expected) => {
    expect(ppmToMgM3(ppm, mw, vm)).toBe(expected);
  });

  it.each<[number, number, number | null]>([
    [25, 101.325, 24.465],
    [0, 101.325, 22.414],
    [20, 101.325, 24.055],
    [-300, 101.325, null],
    [25, 0, null],
  ])('molarVolume(%s °C, %s kPa) = %s', (t, p, expected) => {
    const value = molarVolume(t, p);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 3);
  });

  it('ppm → mg/m³ → ppm is the identity', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e5, noNaN: true }), fc.double({ min: 1, max: 500, noNaN: true }), (ppm, mw) => {
        expect(mgM3ToPpm(ppmToMgM3(ppm, mw)!, mw)!).toBeCloseTo(ppm, 6);
      }),
    );
  });
});

describe('TWA', () => {
  const samples: TimedConcentration[] = [
    { concentration: 45, minutes: 120 },
    { concentration: 80, minutes: 180 },
    { concentration: 30, minutes: 150 },
  ];

  it('120 min @ 45, 180 @ 80, 150 @ 30 mg/m³ → 54.0 mg/m³', () => {
    expect(twa(samples)).toBeCloseTo(54, 12);
  });

  it.each<[TimedConcentration[], number | null]>([
    [[{ concentration: 10, minutes: 480 }], 10],
    [
      [
        { concentration: 10, minutes: 0 },
        { concentration: 20, minutes: 60 },
      ],
      20,
    ],
    [[], null],
    [[{ concentration: 10, minutes: 0 }], null],
    [[{ concentration: -1, minutes: 60 }], null],
    [[{ concentration: 10, minutes: -60 }], null],
    [[{ concentration: Number.NaN, minutes: 60 }], null],
  ])('%j → %s', (input, expected) => {
    expect(twa(input)).toBe(expected);
  });

  it('8-hour TWA states the assumption about the 30 unsampled minutes', () => {
    expect(twa8h(samples)).toEqual({
      value: 24300 / 480,
      sampledMinutes: 450,
      unsampledMinutes: 30,
      assumption: 'zero',
      statement: 'Tempo não amostrado (30 min) considerado sem exposição.',
    });
    expect(twa8h(samples, 'sampled-average')).toMatchObject({
      value: 54,
      statement: 'Tempo não amostrado (30 min) considerado com a mesma concentração média amostrada.',
    });
    expect(twa8h([{ concentration: 10, minutes: 600 }])).toMatchObject({
      value: 12.5,
      unsampledMinutes: 0,
      statement: 'Amostragem cobre toda a jornada de 480 minutos.',
    });
    expect(twa8h([])).toBeNull();
  });

  it('lies between the smallest and the largest sample', () => {
    const sample = fc.record({
      concentration: fc.double({ min: 0, max: 1e4, noNaN: true }),
      minutes: fc.integer({ min: 1, max: 600 }),
    });
    fc.assert(
      fc.property(fc.array(sample, { minLength: 1, maxLength: 8 }), (list) => {
        const value = twa(list)!;
        const values = list.map((s) => s.concentration);
        expect(value).toBeGreaterThanOrEqual(Math.min(...values) - 1e-9);
        expect(value).toBeLessThanOrEqual(Math.max(...values) + 1e-9);
      }),
    );
  });
});

describe('NR-15 Anexo 11', () => {
  it.each<[number, number | null]>([
    [0, 3],
    [0.5, 3],
    [1, 3],
    [1.01, 2],
    [10, 2],
    [10.5, 1.5],
    [100, 1.5],
    [156, 1.25],
    [1000, 1.25],
    [1001, 1.1],
    [-1, null],
    [Number.NaN, null],
  ])('deviation factor for LT %s = %s', (limit, factor) => {
    expect(nr15DeviationFactor(limit)).toBe(factor);
  });

  it.each<[number, number[], number, number | null, boolean, boolean]>([
    [78, [], 117, null, false, false],
    [78, [70, 80, 75], 117, 75, false, false],
    [78, [70, 90, 80], 117, 80, true, false],
    [78, [39, 117], 117, 78, false, false],
    [78, [20, 118], 117, 69, false, true],
    [156, [150, 195], 195, 172.5, true, false],
    [0.5, [1.6], 1.5, 1.6, true, true],
    [5, [5, 5], 10, 5, false, false],
  ])('LT %s with samples %j → max %s, mean %s, exceeded %s, grave %s', (limit, samples, max, mean, exceeded, grave) => {
    expect(nr15Assessment(limit, samples)).toMatchObject({
      limit,
      maximumValue: max,
      mean,
      limitExceeded: exceeded,
      graveAndImminent: grave,
      criterion: { norm: 'NR-15 Anexo 11', edition: 'Portaria MTb 3.214/1978' },
    });
  });

  it('gives null for an invalid LT or sample', () => {
    expect(nr15Assessment(-1)).toBeNull();
    expect(nr15Assessment(10, [Number.NaN])).toBeNull();
  });
});
