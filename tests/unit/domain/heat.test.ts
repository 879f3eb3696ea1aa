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
  type HeatCondition,
  type HeatTask,
  type HeatWindow,
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
      totalMinutes: 30,
      window: { chosen: false, start: null, end: null, offset: 0, span: 30, parts: [{ task: 0, minutes: 30 }] },
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

/** 'HH:mm' → minutes after midnight, the tasks' `start`. */
const at = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

/** The exact limit the window search ranks by (heatLimit rounds it for the report). */
const excess = (p: { ibutg: number; metabolicRateW: number }) => p.ibutg - (56.7 - 11.5 * Math.log10(p.metabolicRateW));

type WindowCase = {
  name: string;
  tasks: HeatTask[];
  window: Partial<HeatWindow>;
  ibutg: number;
  metabolicRateW: number;
  minutes: number;
  coversSixtyMinutes: boolean;
  /** The rounded limit, action level and the condition of assessHeat. */
  max: number;
  action: number;
  condition: HeatCondition;
};

describe('the most critical 60 minutes (NHO 06: "60 minutos corridos ... mais desfavorável")', () => {
  it.each<WindowCase>([
    {
      // Same rate, so the limit is the same for every window and the hottest 60 minutes win.
      // The 30 hot minutes (09:00–09:30) go with the warmer neighbour: 30 min of the 26,0 °C task
      // after them beats 30 min of the 25,0 °C one before: (32·30 + 26·30)/60 = 29,0 vs (25·30 + 32·30)/60 = 28,5.
      // limit 56,7 − 11,5·log10 200 = 56,7 − 26,46 = 30,24 → 30,2; action 59,9 − 14,1·2,301 = 27,46 → 27,5.
      // (All 150 minutes averaged, as before, would give 4020/150 = 26,8 → Aceitável.)
      name: 'a hot middle period with clock times',
      tasks: [
        { start: at('08:00'), minutes: 60, ibutg: 25, metabolicRateW: 200 },
        { start: at('09:00'), minutes: 30, ibutg: 32, metabolicRateW: 200 },
        { start: at('09:30'), minutes: 60, ibutg: 26, metabolicRateW: 200 },
      ],
      window: {
        chosen: true,
        start: '09:00',
        end: '10:00',
        offset: 60,
        span: 60,
        parts: [
          { task: 1, minutes: 30 },
          { task: 2, minutes: 30 },
        ],
      },
      ibutg: 29,
      metabolicRateW: 200,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 30.2,
      action: 27.5,
      condition: 'Acima do nível de ação',
    },
    {
      // Different rates: x minutes of the second task in the window give IBUTG 35 − x/6 and M 100 + 20x/3;
      // the excess 35 − x/6 − 56,7 + 11,5 log10(100 + 20x/3) peaks where 1/6 = 11,5·(20/3)/(ln10·(100 + 20x/3)),
      // M = 199,8 W, x = 14,97 → 15 whole minutes: 08:15–09:15, IBUTG (45·35 + 15·25)/60 = 32,5,
      // M (45·100 + 15·500)/60 = 200 W, excess 32,5 − 30,238 = 2,262 (x = 14: 2,259; x = 16: 2,259;
      // the task starts give 1,300 at 08:00 and −0,662 at 09:00). Limit 30,2, action 27,5.
      name: 'different rates: the worst window starts between two task starts',
      tasks: [
        { start: at('08:00'), minutes: 60, ibutg: 35, metabolicRateW: 100 },
        { start: at('09:00'), minutes: 60, ibutg: 25, metabolicRateW: 500 },
      ],
      window: {
        chosen: true,
        start: '08:15',
        end: '09:15',
        offset: 15,
        span: 60,
        parts: [
          { task: 0, minutes: 45 },
          { task: 1, minutes: 15 },
        ],
      },
      ibutg: 32.5,
      metabolicRateW: 200,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 30.2,
      action: 27.5,
      condition: 'Acima do limite de exposição',
    },
    {
      // A night shift 22:00–02:00: the hot 30 minutes 23:40–00:10 cross midnight and go with
      // 30 min of the 27,0 °C task after them: (31·30 + 27·30)/60 = 29,0 (with the 26,0 °C one before: 28,5).
      // limit 56,7 − 11,5·log10 300 = 56,7 − 28,49 = 28,21 → 28,2; action 59,9 − 14,1·2,477 = 24,97 → 25,0.
      name: 'a night shift crossing midnight',
      tasks: [
        { start: at('22:00'), minutes: 100, ibutg: 26, metabolicRateW: 300 },
        { start: at('23:40'), minutes: 30, ibutg: 31, metabolicRateW: 300 },
        { start: at('00:10'), minutes: 110, ibutg: 27, metabolicRateW: 300 },
      ],
      window: {
        chosen: true,
        start: '23:40',
        end: '00:40',
        offset: 100,
        span: 60,
        parts: [
          { task: 1, minutes: 30 },
          { task: 2, minutes: 30 },
        ],
      },
      ibutg: 29,
      metabolicRateW: 300,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 28.2,
      action: 25,
      condition: 'Acima do limite de exposição',
    },
    {
      // The same night typed in another order: placed on the clock all the same (the day is cut at the
      // longest pause, 02:00–22:00), so the same window; `task` is the index in the list given.
      name: 'the night shift typed out of order',
      tasks: [
        { start: at('00:10'), minutes: 110, ibutg: 27, metabolicRateW: 300 },
        { start: at('22:00'), minutes: 100, ibutg: 26, metabolicRateW: 300 },
        { start: at('23:40'), minutes: 30, ibutg: 31, metabolicRateW: 300 },
      ],
      window: {
        chosen: true,
        start: '23:40',
        end: '00:40',
        offset: 100,
        span: 60,
        parts: [
          { task: 2, minutes: 30 },
          { task: 0, minutes: 30 },
        ],
      },
      ibutg: 29,
      metabolicRateW: 300,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 28.2,
      action: 25,
      condition: 'Acima do limite de exposição',
    },
    {
      // One task 23:30–01:30: every window is the same → the earliest, 23:30–00:30.
      // M 250: limit 56,7 − 11,5·2,398 = 29,12 → 29,1; action 59,9 − 14,1·2,398 = 26,09 → 26,1.
      name: 'one two-hour task across midnight',
      tasks: [{ start: at('23:30'), minutes: 120, ibutg: 28, metabolicRateW: 250 }],
      window: { chosen: true, start: '23:30', end: '00:30', offset: 0, span: 60, parts: [{ task: 0, minutes: 60 }] },
      ibutg: 28,
      metabolicRateW: 250,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 29.1,
      action: 26.1,
      condition: 'Acima do nível de ação',
    },
    {
      // Durations only: one after another as typed, [0, 40), [40, 70), [70, 120). The hot 30 minutes
      // with 30 of the 26,0 °C task after them: minutes 40–100, (32·30 + 26·30)/60 = 29,0.
      name: 'durations only, in the order typed',
      tasks: [
        { minutes: 40, ibutg: 25, metabolicRateW: 200 },
        { minutes: 30, ibutg: 32, metabolicRateW: 200 },
        { minutes: 50, ibutg: 26, metabolicRateW: 200 },
      ],
      window: {
        chosen: true,
        start: null,
        end: null,
        offset: 40,
        span: 60,
        parts: [
          { task: 1, minutes: 30 },
          { task: 2, minutes: 30 },
        ],
      },
      ibutg: 29,
      metabolicRateW: 200,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 30.2,
      action: 27.5,
      condition: 'Acima do nível de ação',
    },
    {
      // One task without a start time: all follow the order typed (the first task's 09:00 is not used).
      name: 'a task without a start time: durations only',
      tasks: [
        { start: at('09:00'), minutes: 40, ibutg: 25, metabolicRateW: 200 },
        { minutes: 30, ibutg: 32, metabolicRateW: 200 },
        { minutes: 50, ibutg: 26, metabolicRateW: 200 },
      ],
      window: {
        chosen: true,
        start: null,
        end: null,
        offset: 40,
        parts: [
          { task: 1, minutes: 30 },
          { task: 2, minutes: 30 },
        ],
      },
      ibutg: 29,
      metabolicRateW: 200,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 30.2,
      action: 27.5,
      condition: 'Acima do nível de ação',
    },
    {
      // Two equal hot half-hours an hour apart: every window holds at most 30 hot minutes,
      // (32·30 + 24·30)/60 = 28,0 at 08:00, 09:00 and 09:30 → the earliest, 08:00–09:00.
      name: 'a tie: the earliest window',
      tasks: [
        { start: at('08:00'), minutes: 30, ibutg: 32, metabolicRateW: 200 },
        { start: at('08:30'), minutes: 60, ibutg: 24, metabolicRateW: 200 },
        { start: at('09:30'), minutes: 30, ibutg: 32, metabolicRateW: 200 },
        { start: at('10:00'), minutes: 60, ibutg: 24, metabolicRateW: 200 },
      ],
      window: {
        chosen: true,
        start: '08:00',
        end: '09:00',
        offset: 0,
        parts: [
          { task: 0, minutes: 30 },
          { task: 1, minutes: 30 },
        ],
      },
      ibutg: 28,
      metabolicRateW: 200,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 30.2,
      action: 27.5,
      condition: 'Acima do nível de ação',
    },
    {
      // A pause 09:00–09:30 with nothing recorded: 08:00–09:00 is the only window without a gap, so
      // it is the one weighed, the 35,0 °C task after the pause included in none (gaps are not filled).
      name: 'a pause, and 60 minutes in a row before it: windows without a gap only',
      tasks: [
        { start: at('08:00'), minutes: 60, ibutg: 25, metabolicRateW: 200 },
        { start: at('09:30'), minutes: 20, ibutg: 35, metabolicRateW: 200 },
      ],
      window: { chosen: true, start: '08:00', end: '09:00', offset: 0, parts: [{ task: 0, minutes: 60 }] },
      ibutg: 25,
      metabolicRateW: 200,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 30.2,
      action: 27.5,
      condition: 'Aceitável',
    },
    {
      // 40 + 40 minutes with a pause 08:40–10:00: no 60 minutes in a row, so each window is weighted over
      // its task minutes; windows from 09:01 to 09:40 hold only the 31,0 °C task (the worst), and at equal
      // condition the one with more task minutes wins: 09:40–10:40, 40 min, IBUTG 31,0 (not 60 minutes → warning).
      name: 'pauses and never 60 minutes in a row: weighted over the task minutes inside',
      tasks: [
        { start: at('08:00'), minutes: 40, ibutg: 25, metabolicRateW: 200 },
        { start: at('10:00'), minutes: 40, ibutg: 31, metabolicRateW: 200 },
      ],
      window: { chosen: true, start: '09:40', end: '10:40', offset: 100, span: 60, parts: [{ task: 1, minutes: 40 }] },
      ibutg: 31,
      metabolicRateW: 200,
      minutes: 40,
      coversSixtyMinutes: false,
      max: 30.2,
      action: 27.5,
      condition: 'Acima do limite de exposição',
    },
    {
      // 60 minutes or less: unchanged, all the tasks weighted by their minutes.
      // calculations.md: (40·30 + 20·25)/60 = 28,33 → 28,3; M (40·243 + 20·117)/60 = 201 W; limit 30,2, action 27,4.
      name: '60 minutes with clock times: as before',
      tasks: [
        { start: at('08:00'), minutes: 40, ibutg: 30, metabolicRateW: 243 },
        { start: at('08:40'), minutes: 20, ibutg: 25, metabolicRateW: 117 },
      ],
      window: {
        chosen: false,
        start: '08:00',
        end: '09:00',
        offset: 0,
        span: 60,
        parts: [
          { task: 0, minutes: 40 },
          { task: 1, minutes: 20 },
        ],
      },
      ibutg: 85 / 3,
      metabolicRateW: 201,
      minutes: 60,
      coversSixtyMinutes: true,
      max: 30.2,
      action: 27.4,
      condition: 'Acima do nível de ação',
    },
    {
      // 20 + 20 minutes with a pause: under 60, all of them over their 40 minutes, (20·26 + 20·30)/40 = 28,0;
      // the period runs from the first start to the last end.
      name: '40 minutes with a pause: as before, over the minutes given',
      tasks: [
        { start: at('08:00'), minutes: 20, ibutg: 26, metabolicRateW: 200 },
        { start: at('10:00'), minutes: 20, ibutg: 30, metabolicRateW: 200 },
      ],
      window: {
        chosen: false,
        start: '08:00',
        end: '10:20',
        offset: 0,
        span: 140,
        parts: [
          { task: 0, minutes: 20 },
          { task: 1, minutes: 20 },
        ],
      },
      ibutg: 28,
      metabolicRateW: 200,
      minutes: 40,
      coversSixtyMinutes: false,
      max: 30.2,
      action: 27.5,
      condition: 'Acima do nível de ação',
    },
    {
      // 40 + 40 minutes at the same time of day (overlapping): more than 60 minutes of tasks within 40 of the
      // clock, so no window to choose: both over their 80 minutes, (40·26 + 40·30)/80 = 28,0.
      name: 'overlapping tasks within 60 minutes of the clock: all of them',
      tasks: [
        { start: at('08:00'), minutes: 40, ibutg: 26, metabolicRateW: 200 },
        { start: at('08:00'), minutes: 40, ibutg: 30, metabolicRateW: 200 },
      ],
      window: { chosen: false, start: '08:00', end: '08:40', span: 40 },
      ibutg: 28,
      metabolicRateW: 200,
      minutes: 80,
      coversSixtyMinutes: false,
      max: 30.2,
      action: 27.5,
      condition: 'Acima do nível de ação',
    },
  ])('$name → $window.start–$window.end, IBUTG $ibutg, M $metabolicRateW W', (c) => {
    const period = heatPeriod(c.tasks)!;
    expect(period.window).toMatchObject(c.window);
    expect(period.ibutg).toBeCloseTo(c.ibutg, 9);
    expect(period.metabolicRateW).toBeCloseTo(c.metabolicRateW, 9);
    expect(period.minutes).toBeCloseTo(c.minutes, 9);
    expect(period.coversSixtyMinutes).toBe(c.coversSixtyMinutes);
    expect(period.totalMinutes).toBe(c.tasks.reduce((sum, t) => sum + t.minutes, 0));
    const out = assessHeat(c.tasks)!;
    expect(out).toMatchObject({
      max: c.max,
      action_level: c.action,
      condition: c.condition,
      window: period.window,
      totalMinutes: period.totalMinutes,
    });
    expect(out.ibutg).toBeCloseTo(c.ibutg, 9);
  });

  it('the clothing increment moves every window alike: same window, IBUTG + increment', () => {
    const tasks: HeatTask[] = [
      { start: at('08:00'), minutes: 60, ibutg: 25, metabolicRateW: 200 },
      { start: at('09:00'), minutes: 30, ibutg: 32, metabolicRateW: 200 },
      { start: at('09:30'), minutes: 60, ibutg: 26, metabolicRateW: 200 },
    ];
    const out = assessHeat(tasks, 'polyolefin-coverall')!;
    expect(out.window).toMatchObject({ start: '09:00', end: '10:00' });
    expect(out.ibutg).toBeCloseTo(31, 9);
    expect(out.condition).toBe('Acima do limite de exposição');
  });

  it('no whole-minute window of tasks in a row is worse than the one chosen, and none before it is as bad', () => {
    const task = fc.record({
      minutes: fc.integer({ min: 1, max: 90 }),
      ibutg: fc.integer({ min: 200, max: 400 }).map((t) => t / 10),
      metabolicRateW: fc.integer({ min: 100, max: 600 }),
    });
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 5 }), (list) => {
        const total = list.reduce((sum, t) => sum + t.minutes, 0);
        fc.pre(total > 60);
        // Minute by minute, the tasks one after another.
        const minutes = list.flatMap((t) => Array.from({ length: t.minutes }, () => t));
        const windowAt = (start: number) => {
          const inside = minutes.slice(start, start + 60);
          return {
            ibutg: inside.reduce((sum, t) => sum + t.ibutg, 0) / 60,
            metabolicRateW: inside.reduce((sum, t) => sum + t.metabolicRateW, 0) / 60,
          };
        };
        const period = heatPeriod(list)!;
        const chosen = excess(period);
        expect(excess(windowAt(period.window.offset))).toBeCloseTo(chosen, 9);
        for (let start = 0; start + 60 <= total; start++) {
          const other = excess(windowAt(start));
          expect(other).toBeLessThanOrEqual(chosen + 1e-9);
          if (start < period.window.offset) expect(other).toBeLessThan(chosen - 1e-12);
        }
      }),
    );
  });
});
