import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOTHING_ADJUSTMENTS,
  assessHeat,
  heatActionLevel,
  heatCondition,
  heatLimit,
  heatPeriod,
  ibutg,
  kcalPerHourToWatts,
  type Clothing,
  type HeatTask,
} from '@/domain/heat';

describe('IBUTG per task', () => {
  it.each<[Parameters<typeof ibutg>[0], number | null]>([
    [{ tbn: 25, tg: 40, solarLoad: false }, 29.5],
    [{ tbn: 25, tg: 40, tbs: 30, solarLoad: false }, 29.5],
    [{ tbn: 25, tg: 40, tbs: 30, solarLoad: true }, 28.5],
    [{ tbn: 20, tg: 20, tbs: 20, solarLoad: true }, 20],
    [{ tbn: 25, tg: 40, solarLoad: true }, null],
    [{ tbn: Number.NaN, tg: 40, solarLoad: false }, null],
  ])('%j → %s', (input, expected) => {
    const value = ibutg(input);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 9);
  });
});

describe('limit and action level by metabolic rate (acclimatized)', () => {
  it.each<[number, number]>([
    [178, 30.8],
    [332, 27.7],
    [243, 29.3],
    [201, 30.2],
    [100, 33.7],
  ])('M %s W → limit %s °C', (m, limit) => {
    expect(heatLimit(m)).toBe(limit);
  });

  it.each<[number, number]>([
    [243, 26.3],
    [201, 27.4],
    [100, 31.7],
  ])('M %s W → action level %s °C', (m, level) => {
    expect(heatActionLevel(m)).toBe(level);
  });

  it.each([0, -10, Number.NaN])('M %s → null', (m) => {
    expect(heatLimit(m)).toBeNull();
    expect(heatActionLevel(m)).toBeNull();
  });

  it('the action level stays below the limit over the working range', () => {
    fc.assert(
      fc.property(fc.double({ min: 100, max: 1000, noNaN: true }), (m) => {
        expect(heatActionLevel(m)!).toBeLessThan(heatLimit(m)!);
      }),
    );
  });

  it('converts kcal/h to W', () => {
    expect(kcalPerHourToWatts(100)).toBeCloseTo(116.3, 9);
  });
});

describe('60-minute weighted period', () => {
  const tasks: HeatTask[] = [
    { minutes: 40, ibutg: 30, metabolicRateW: 243 },
    { minutes: 20, ibutg: 25, metabolicRateW: 117 },
  ];

  it('40 min at 30.0 °C / 243 W + 20 min at 25.0 °C / 117 W → 28.3 °C, 201 W', () => {
    const period = heatPeriod(tasks)!;
    expect(period.ibutg).toBeCloseTo(28.33, 2);
    expect(period.metabolicRateW).toBeCloseTo(201, 9);
    expect(period.coversSixtyMinutes).toBe(true);
  });

  it('weights by the minutes given and says when they are not 60', () => {
    expect(heatPeriod([{ minutes: 30, ibutg: 28, metabolicRateW: 200 }])).toEqual({
      ibutg: 28,
      metabolicRateW: 200,
      minutes: 30,
      coversSixtyMinutes: false,
    });
  });

  it.each<[HeatTask[]]>([
    [[]],
    [[{ minutes: 0, ibutg: 28, metabolicRateW: 200 }]],
    [[{ minutes: -5, ibutg: 28, metabolicRateW: 200 }]],
    [[{ minutes: 60, ibutg: Number.NaN, metabolicRateW: 200 }]],
  ])('%j → null', (list) => {
    expect(heatPeriod(list)).toBeNull();
  });

  it('the weighted IBUTG lies between the tasks', () => {
    const task = fc.record({
      minutes: fc.integer({ min: 1, max: 60 }),
      ibutg: fc.double({ min: 10, max: 45, noNaN: true }),
      metabolicRateW: fc.double({ min: 100, max: 600, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 5 }), (list) => {
        const period = heatPeriod(list)!;
        expect(period.ibutg).toBeGreaterThanOrEqual(Math.min(...list.map((t) => t.ibutg)) - 1e-9);
        expect(period.ibutg).toBeLessThanOrEqual(Math.max(...list.map((t) => t.ibutg)) + 1e-9);
      }),
    );
  });
});

describe('condition', () => {
  it.each<[number, number, number, string]>([
    [26.2, 26.3, 29.3, 'Aceitável'],
    [26.3, 26.3, 29.3, 'Acima do nível de ação'],
    [29.2, 26.3, 29.3, 'Acima do nível de ação'],
    [29.3, 26.3, 29.3, 'Acima do limite de exposição'],
    [35, 26.3, 29.3, 'Acima do limite de exposição'],
    // compared as shown, to 0.1 °C
    [26.26, 26.3, 29.3, 'Acima do nível de ação'],
    [29.249, 26.3, 29.3, 'Acima do nível de ação'],
    [29.25, 26.3, 29.3, 'Acima do limite de exposição'],
  ])('IBUTG %s with action %s and limit %s → %s', (value, action, limit, condition) => {
    expect(heatCondition(value, action, limit)).toBe(condition);
  });
});

describe('assessHeat', () => {
  const tasks: HeatTask[] = [
    { minutes: 40, ibutg: 30, metabolicRateW: 243 },
    { minutes: 20, ibutg: 25, metabolicRateW: 117 },
  ];

  it('fills the Resultado fields of the worked example: 28.3 / 201 W / 30.2 / 27.4', () => {
    const out = assessHeat(tasks)!;
    expect(out.ibutg).toBeCloseTo(28.3, 1);
    expect(out.metabolism).toBeCloseTo(201, 9);
    expect(out.max).toBe(30.2);
    expect(out.action_level).toBe(27.4);
    expect(out.condition).toBe('Acima do nível de ação');
    expect(out.recomendation).toBe('Adoção de medidas preventivas');
    expect(out.criterion).toEqual({
      norm: 'NHO 06',
      edition: '2017',
      limitSource: 'NR-15 Anexo 3 (Portaria SEPRT 1.359/2019)',
      clothing: 'work-clothes',
      clothingIncrement: 0,
    });
  });

  it.each<[Clothing, number, string]>([
    ['work-clothes', 0, 'Acima do nível de ação'],
    ['sms-polypropylene-coverall', 0.5, 'Acima do nível de ação'],
    ['polyolefin-coverall', 2, 'Acima do limite de exposição'],
    ['double-layer-coverall', 3, 'Acima do limite de exposição'],
    ['vapour-impermeable-apron', 4, 'Acima do limite de exposição'],
    ['vapour-impermeable-coverall', 10, 'Acima do limite de exposição'],
    ['vapour-impermeable-coverall-over-clothes', 12, 'Acima do limite de exposição'],
  ])('clothing %s adds %s °C → %s', (clothing, increment, condition) => {
    expect(CLOTHING_ADJUSTMENTS[clothing].increment).toBe(increment);
    const out = assessHeat(tasks, clothing)!;
    expect(out.ibutg).toBeCloseTo(85 / 3 + increment, 9);
    expect(out.condition).toBe(condition);
    expect(out.criterion.clothingIncrement).toBe(increment);
  });

  it('is Aceitável below the action level', () => {
    expect(assessHeat([{ minutes: 60, ibutg: 24, metabolicRateW: 200 }])!.condition).toBe('Aceitável');
  });

  it('gives null without tasks', () => {
    expect(assessHeat([])).toBeNull();
  });
});
