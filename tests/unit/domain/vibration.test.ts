import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HAND_ARM,
  VIBRATION_EXPOSURE_RECOMMENDATIONS,
  vibrationTypeOfAgent,
  aren,
  arep,
  vdvExposure,
  vdvr,
  vibrationBand,
  vibrationClassification,
  vibrationKind,
  vibrationMemoryDefaults,
  vibrationResultRows,
  type VdvMeasurement,
  type VibrationScale,
} from '@/domain/vibration';
import { CONSIDERATIONS, RECOMMENDATIONS } from '@/domain/result-thresholds';

describe('memory rule by vibration type', () => {
  it.each<[string | null | undefined, ReturnType<typeof vibrationMemoryDefaults>]>([
    ['corpo', { method: 'NHO 09', criterion: 'AREN/VDVR' }],
    [' Corpo ', { method: 'NHO 09', criterion: 'AREN/VDVR' }],
    ['maos', { method: 'NHO 10', criterion: 'AREN', criterion_1: '' }],
    ['Mãos e braços', { method: 'NHO 10', criterion: 'AREN', criterion_1: '' }],
    ['', {}],
    [null, {}],
  ])('%j → %j', (type, patch) => {
    expect(vibrationMemoryDefaults(type)).toEqual(patch);
  });

  it.each([
    ['corpo', 'whole-body'],
    ['maos-bracos', 'hand-arm'],
    ['', null],
  ])('vibrationKind(%j) = %s', (type, kind) => {
    expect(vibrationKind(type)).toBe(kind);
  });
});

describe('the vibration type an agent proposes', () => {
  it.each<[string | null, string]>([
    ['Vibração de corpo inteiro (VCI)', 'corpo'],
    ['Vibração de mãos e braços (VMB)', HAND_ARM],
    ['VIBRACAO DE CORPO INTEIRO', 'corpo'],
    ['Vibração de mão e braço', HAND_ARM],
    ['VCI - operador de trator', 'corpo'],
    ['Avaliação de vibração (VMB e VCI)', ''],
    ['Ruído contínuo', ''],
    ['VCIs', ''],
    ['', ''],
    [null, ''],
  ])('%j → %j', (agent, type) => {
    expect(vibrationTypeOfAgent(agent)).toBe(type);
  });

  it('the proposed hands-and-arms value follows the hands-and-arms rule', () => {
    expect(vibrationMemoryDefaults(HAND_ARM)).toEqual({ method: 'NHO 10', criterion: 'AREN', criterion_1: '' });
  });
});

describe('bands (lower bound inclusive, upper exclusive)', () => {
  it.each<[VibrationScale, number | null, number | null]>([
    ['aren-whole-body', 0, 1],
    ['aren-whole-body', 0.49, 1],
    ['aren-whole-body', 0.5, 2],
    ['aren-whole-body', 0.65, 2],
    ['aren-whole-body', 0.9, 3],
    ['aren-whole-body', 1.09, 3],
    ['aren-whole-body', 1.1, 4],
    ['aren-whole-body', 3, 4],
    ['vdvr', 9.09, 1],
    ['vdvr', 9.1, 2],
    ['vdvr', 16.4, 3],
    ['vdvr', 20.99, 3],
    ['vdvr', 21, 4],
    ['aren-hand-arm', 2.49, 1],
    ['aren-hand-arm', 2.5, 2],
    ['aren-hand-arm', 3.5, 3],
    ['aren-hand-arm', 4.99, 3],
    ['aren-hand-arm', 5, 4],
    ['aren-hand-arm', -1, null],
    ['vdvr', null, null],
    ['vdvr', Number.NaN, null],
  ])('%s %s → band %s', (scale, value, band) => {
    expect(vibrationBand(value, scale)).toBe(band);
  });

  it.each<VibrationScale>(['aren-whole-body', 'vdvr', 'aren-hand-arm'])('%s: the band never goes down when the value goes up', (scale) => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(vibrationBand(high, scale)!).toBeGreaterThanOrEqual(vibrationBand(low, scale)!);
      }),
    );
  });
});

describe('vibrationClassification', () => {
  it.each<[string, number | null, number | null, number | null]>([
    ['corpo', 0.65, null, 2],
    ['corpo', 0.3, 5, 1],
    // whole body takes the worse of aren and VDVR
    ['corpo', 0.3, 17, 3],
    ['corpo', 1.2, 5, 4],
    ['corpo', null, 21, 4],
    ['corpo', null, null, null],
    // hands and arms read aren on their own scale and ignore VDVR
    ['maos', 0.65, 30, 1],
    ['maos', 2.5, null, 2],
    ['maos', 5, null, 4],
    ['', 3, null, 2],
  ])('%s aren %s VDVR %s → band %s', (type, arenValue, vdvrValue, band) => {
    const out = vibrationClassification({ vibrationType: type, aren: arenValue, vdvr: vdvrValue });
    expect(out.band).toBe(band);
    expect(out.consideration).toBe(band === null ? '' : CONSIDERATIONS[band - 1]);
    expect(out.recomendation).toBe(band === null ? '' : RECOMMENDATIONS[band - 1]);
  });

  it('says which norm and scales produced the band', () => {
    expect(vibrationClassification({ vibrationType: 'corpo', aren: 0.3, vdvr: 17 }).criterion).toEqual({
      norm: 'NHO 09',
      edition: '2013',
      limitSource: 'NR-15 Anexo 8 e NR-09 Anexo 1 (Portaria MTE 1.297/2014)',
      scales: ['aren-whole-body', 'vdvr'],
    });
    expect(vibrationClassification({ vibrationType: 'maos', aren: 3 }).criterion).toMatchObject({
      norm: 'NHO 10',
      scales: ['aren-hand-arm'],
    });
  });
});

it('proposes one exposure recommendation per band', () => {
  expect(VIBRATION_EXPOSURE_RECOMMENDATIONS).toHaveLength(4);
  expect(VIBRATION_EXPOSURE_RECOMMENDATIONS[3]).toContain('NR-15 Anexo 8');
});

describe('arep', () => {
  it.each<[{ x: number; y: number; z: number }, 'whole-body' | 'hand-arm', number | null]>([
    [{ x: 0.3, y: 0.25, z: 0.6 }, 'whole-body', 0.81],
    [{ x: 0, y: 0, z: 0.5 }, 'whole-body', 0.5],
    [{ x: 1, y: 0, z: 0 }, 'whole-body', 1.4],
    [{ x: 3, y: 4, z: 0 }, 'hand-arm', 5],
    [{ x: 1, y: 2, z: 2 }, 'hand-arm', 3],
    [{ x: -1, y: 0, z: 0 }, 'hand-arm', null],
    [{ x: Number.NaN, y: 0, z: 0 }, 'whole-body', null],
  ])('%j %s → %s', (axes, kind, expected) => {
    const value = arep(axes, kind);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 2);
  });
});

describe('aren', () => {
  it('5 h at 0.8 and 1 h at 0.4 → 0.65 m/s², band 2', () => {
    const value = aren([
      { arep: 0.8, minutes: 300 },
      { arep: 0.4, minutes: 60 },
    ])!;
    expect(value).toBeCloseTo(0.65, 2);
    expect(vibrationBand(value, 'aren-whole-body')).toBe(2);
  });

  it.each<[Parameters<typeof aren>[0], number | null]>([
    [[{ arep: 1, minutes: 480 }], 1],
    [[{ arep: 2, minutes: 120 }], 1],
    [[{ arep: 2, minutes: 0 }], 0],
    [[], null],
    [[{ arep: -1, minutes: 60 }], null],
    [[{ arep: 1, minutes: -60 }], null],
  ])('%j → %s', (components, expected) => {
    expect(aren(components)).toBe(expected);
  });

  it('never exceeds the largest arep over a day of at most 480 minutes', () => {
    const component = fc.record({ arep: fc.double({ min: 0, max: 20, noNaN: true }), minutes: fc.integer({ min: 0, max: 120 }) });
    fc.assert(
      fc.property(fc.array(component, { minLength: 1, maxLength: 4 }), (components) => {
        expect(aren(components)!).toBeLessThanOrEqual(Math.max(...components.map((c) => c.arep)) + 1e-9);
      }),
    );
  });
});

describe('VDV and VDVR', () => {
  it.each<[VdvMeasurement, number | null]>([
    [{ axis: 'z', vdv: 10, measuredMinutes: 30, exposureMinutes: 30 }, 10],
    [{ axis: 'x', vdv: 10, measuredMinutes: 30, exposureMinutes: 30 }, 14],
    [{ axis: 'z', vdv: 10, measuredMinutes: 30, exposureMinutes: 480 }, 20],
    [{ axis: 'y', vdv: 5, measuredMinutes: 60, exposureMinutes: 960 }, 14],
    [{ axis: 'z', vdv: 10, measuredMinutes: 0, exposureMinutes: 480 }, null],
    [{ axis: 'z', vdv: -1, measuredMinutes: 10, exposureMinutes: 480 }, null],
  ])('%j → %s', (measurement, expected) => {
    const value = vdvExposure(measurement);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 9);
  });

  const axes: VdvMeasurement[] = [
    { axis: 'x', vdv: 5, measuredMinutes: 30, exposureMinutes: 480, component: 'trator' },
    { axis: 'y', vdv: 4, measuredMinutes: 30, exposureMinutes: 480, component: 'trator' },
    { axis: 'z', vdv: 9, measuredMinutes: 30, exposureMinutes: 480, component: 'trator' },
  ];

  it('combines every axis by default (fourth-power sum)', () => {
    const scaled = [7 * 2, 5.6 * 2, 9 * 2];
    expect(vdvr(axes)).toBeCloseTo(scaled.reduce((a, v) => a + v ** 4, 0) ** 0.25, 9);
  });

  it('or takes the dominant axis of each component', () => {
    expect(vdvr(axes, 'dominant-axis')).toBeCloseTo(18, 9);
    const twoComponents = [...axes, { axis: 'z' as const, vdv: 9, measuredMinutes: 30, exposureMinutes: 480, component: 'caminhão' }];
    expect(vdvr(twoComponents, 'dominant-axis')).toBeCloseTo((2 * 18 ** 4) ** 0.25, 9);
  });

  it('is null without measurements or with an invalid one', () => {
    expect(vdvr([])).toBeNull();
    expect(vdvr([{ axis: 'z', vdv: 1, measuredMinutes: 0, exposureMinutes: 10 }])).toBeNull();
  });

  it('the default never gives less than the dominant-axis VDVR', () => {
    const measurement = fc.record({
      axis: fc.constantFrom<'x' | 'y' | 'z'>('x', 'y', 'z'),
      vdv: fc.double({ min: 0, max: 30, noNaN: true }),
      measuredMinutes: fc.integer({ min: 1, max: 120 }),
      exposureMinutes: fc.integer({ min: 0, max: 600 }),
      component: fc.constantFrom('a', 'b'),
    });
    fc.assert(
      fc.property(fc.array(measurement, { minLength: 1, maxLength: 6 }), (list) => {
        expect(vdvr(list)!).toBeGreaterThanOrEqual(vdvr(list, 'dominant-axis')! - 1e-9);
      }),
    );
  });
});

describe('vibrationResultRows', () => {
  it.each<[Parameters<typeof vibrationResultRows>[0], ReturnType<typeof vibrationResultRows>]>([
    [
      { vibrationType: 'corpo', aren: 0.648, vdvr: 12.345 },
      [
        { norma: 'NHO 09', criterion: 'AREN', result: '0,65', limit: '1,1' },
        { norma: 'NHO 09', criterion: 'VDVR', result: '12,35', limit: '21' },
      ],
    ],
    [
      { vibrationType: 'corpo', aren: 0.5 },
      [
        { norma: 'NHO 09', criterion: 'AREN', result: '0,50', limit: '1,1' },
        { norma: 'NHO 09', criterion: 'VDVR', result: '', limit: '21' },
      ],
    ],
    [{ vibrationType: 'maos', aren: 3.2, vdvr: 30 }, [{ norma: 'NHO 10', criterion: 'AREN', result: '3,20', limit: '5' }]],
    [{ vibrationType: 'maos', aren: Number.NaN }, [{ norma: 'NHO 10', criterion: 'AREN', result: '', limit: '5' }]],
  ])('%j', (input, rows) => {
    expect(vibrationResultRows(input)).toEqual(rows);
  });
});
