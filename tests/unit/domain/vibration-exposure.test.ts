/**
 * A day's vibration exposure from several components (src/domain/vibration-exposure.ts),
 * as tables hand-computed in the comments: aren weighs each component's
 * arep² by its exposure time over 480 min; VDVR sums the fourth powers of
 * every axis of every component, each scaled to its exposure, x and y × 1,4.
 */
import { describe, expect, it } from 'vitest';
import { componentArep, componentVdv, vibrationExposure, type VibrationComponent } from '@/domain/vibration-exposure';

const component = (c: Partial<VibrationComponent>): VibrationComponent => ({
  arep: null,
  exposureMinutes: null,
  measuredMinutes: null,
  vdv: null,
  ...c,
});

describe('componentArep', () => {
  it.each<[{ x: number | null; y: number | null; z: number | null }, 'whole-body' | 'hand-arm', number | null]>([
    // sqrt((1,4 × 0,30)² + (1,4 × 0,25)² + 0,60²) = sqrt(0,6589) = 0,8117 (calculations.md: 0,81)
    [{ x: 0.3, y: 0.25, z: 0.6 }, 'whole-body', 0.8117],
    // hands and arms: no factor, sqrt(3² + 4²) = 5
    [{ x: 3, y: 4, z: 0 }, 'hand-arm', 5],
    [{ x: 0.3, y: null, z: 0.6 }, 'whole-body', null],
  ])('%j %s → %s', (axes, kind, expected) => {
    const value = componentArep(axes, kind);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 4);
  });
});

describe('aren of several components', () => {
  it.each<[string, 'whole-body' | 'hand-arm', Array<Partial<VibrationComponent>>, number | null, number | null]>([
    // sqrt(0,8117² × 360 / 480) = 0,7030
    ['one component, 6 h', 'whole-body', [{ arep: 0.8117265549, exposureMinutes: 360 }], 0.703, 360],
    // calculations.md: 5 h at 0,8 and 1 h at 0,4 → sqrt((0,64 × 300 + 0,16 × 60) / 480) = sqrt(0,42) = 0,6481
    [
      'two components weigh by their exposure',
      'whole-body',
      [
        { arep: 0.8, exposureMinutes: 300 },
        { arep: 0.4, exposureMinutes: 60 },
      ],
      0.6481,
      360,
    ],
    // hands and arms, 4 h at 5 → 5 × sqrt(240 / 480) = 3,5355
    ['hands and arms, 4 h at 5 m/s²', 'hand-arm', [{ arep: 5, exposureMinutes: 240 }], 3.5355, 240],
    // a full day at the limit stays at the limit
    ['8 h at 1,1', 'whole-body', [{ arep: 1.1, exposureMinutes: 480 }], 1.1, 480],
    ['a component without its exposure time: unknown', 'whole-body', [{ arep: 0.8, exposureMinutes: 300 }, { arep: 0.4 }], null, null],
    ['a component without its arep: unknown', 'whole-body', [{ arep: 0.8, exposureMinutes: 300 }, { exposureMinutes: 60 }], null, 360],
    ['no component', 'whole-body', [], null, null],
  ])('%s', (_, kind, components, aren, minutes) => {
    const day = vibrationExposure(kind, components.map(component));
    if (aren === null) expect(day.aren).toBeNull();
    else expect(day.aren).toBeCloseTo(aren, 4);
    expect(day.exposureMinutes).toBe(minutes);
    expect(day.components).toBe(components.length);
  });
});

describe('VDVR of several components (whole body)', () => {
  const z10 = { x: 0, y: 0, z: 10 };
  it.each<[string, 'whole-body' | 'hand-arm', Array<Partial<VibrationComponent>>, number | null]>([
    // 10 × (480 / 30)^(1/4) = 10 × 2 = 20
    ['z only, 30 min measured for 8 h', 'whole-body', [{ vdv: z10, measuredMinutes: 30, exposureMinutes: 480 }], 20],
    // x 2, y 2, z 6 over 1 h for 6 h: f = 6^(1/4) = 1,5651; x = y = 1,4 × 2 × f = 4,3822, z = 6 × f = 9,3905;
    // (2 × 4,3822⁴ + 9,3905⁴)^(1/4) = 9,6057
    ['every axis, x and y × 1,4', 'whole-body', [{ vdv: { x: 2, y: 2, z: 6 }, measuredMinutes: 60, exposureMinutes: 360 }], 9.6057],
    // 20 (above) and x 5 over 1 h for 1 h: 1,4 × 5 = 7 → (20⁴ + 7⁴)^(1/4) = 20,0746
    [
      'two components: fourth powers add',
      'whole-body',
      [
        { vdv: z10, measuredMinutes: 30, exposureMinutes: 480 },
        { vdv: { x: 5, y: 0, z: 0 }, measuredMinutes: 60, exposureMinutes: 60 },
      ],
      20.0746,
    ],
    // a component without VDV adds nothing
    [
      'a component without VDV adds nothing',
      'whole-body',
      [
        { vdv: z10, measuredMinutes: 30, exposureMinutes: 480 },
        { arep: 0.5, exposureMinutes: 60 },
      ],
      20,
    ],
    ['without its measured time: unknown', 'whole-body', [{ vdv: z10, exposureMinutes: 480 }], null],
    ['no VDV measured', 'whole-body', [{ arep: 0.5, exposureMinutes: 60 }], null],
    ['hands and arms have no VDVR', 'hand-arm', [{ vdv: z10, measuredMinutes: 30, exposureMinutes: 480 }], null],
  ])('%s', (_, kind, components, expected) => {
    const value = vibrationExposure(kind, components.map(component)).vdvr;
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 4);
  });

  it('one component’s own VDV at its exposure', () => {
    expect(componentVdv(component({ vdv: z10, measuredMinutes: 30, exposureMinutes: 480 }))).toBeCloseTo(20, 9);
    expect(componentVdv(component({ vdv: z10, measuredMinutes: 30 }))).toBeNull();
    expect(componentVdv(component({}))).toBeNull();
  });
});
