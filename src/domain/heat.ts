/**
 * Occupational heat by IBUTG (calculations.md section 4): Fundacentro NHO 06
 * (2017), whose limits NR-15 Anexo 3 (Portaria SEPRT 1.359/2019) adopts.
 *
 * Owns: IBUTG per task with and without solar load, the weighted IBUTG and
 * metabolic rate of the most critical 60 minutes, the limit and the action
 * level for acclimatized workers by metabolic rate, the clothing
 * increments, and the condition.
 *
 * Decisions:
 * - the limit and the action level are rounded to 0.1 °C as the norm's
 *   table prints them, and the IBUTG compared with them is rounded to 0.1 °C
 *   too, so the condition always agrees with the figures on the report;
 * - tasks adding up to 60 minutes or less are weighted together, dividing by
 *   their minutes, which is the norm's "/ 60" when they add up to 60;
 *   `minutes` and `coversSixtyMinutes` let the screen warn when they do not;
 * - tasks adding up to more than 60 minutes: the most unfavourable 60
 *   continuous minutes are chosen (heatPeriod; the rule, the candidate
 *   starts, gaps and ties are in docs/decisions/samples-noise-heat.md, "The
 *   60-minute window (NHO 06)"), and `window` says which.
 */
import { NHO_06, NR_15_ANEXO_3 } from './criteria';
import { formatHHmm, MINUTES_PER_DAY } from './dates';
import { roundTo } from './decimal';

export const KCAL_PER_HOUR_IN_WATTS = 1.163;
export const HEAT_PERIOD_MINUTES = 60;

/** Indoor, or outdoor without sun: 0.7 tbn + 0.3 tg. Outdoor with sun: 0.7 tbn + 0.2 tg + 0.1 tbs. */
export function ibutg(input: { tbn: number; tg: number; tbs?: number | null; solarLoad: boolean }): number | null {
  const { tbn, tg, tbs, solarLoad } = input;
  if (!Number.isFinite(tbn) || !Number.isFinite(tg)) return null;
  if (!solarLoad) return 0.7 * tbn + 0.3 * tg;
  if (tbs === null || tbs === undefined || !Number.isFinite(tbs)) return null;
  return 0.7 * tbn + 0.2 * tg + 0.1 * tbs;
}

/** kcal/h → W. */
export function kcalPerHourToWatts(kcalPerHour: number): number {
  return kcalPerHour * KCAL_PER_HOUR_IN_WATTS;
}

export type HeatTask = {
  minutes: number;
  ibutg: number;
  metabolicRateW: number;
  /** The clock time the task starts, minutes after midnight (0–1439); null or absent when only its duration is known. */
  start?: number | null;
};

/** The minutes of one task inside the evaluated period; `task` is its index in the list given. */
export type HeatWindowPart = { task: number; minutes: number };

/** The period the figures are weighted over. */
export type HeatWindow = {
  /** True when it was chosen among tasks adding up to more than 60 minutes; false when it is all the tasks. */
  chosen: boolean;
  /** Clock start and end, 'HH:mm', when every task has a start time; null with durations only. */
  start: string | null;
  end: string | null;
  /** Minutes from the start of the journey (its first task) to the start of the period. */
  offset: number;
  /** Length of the period on the timeline, minutes (60 when chosen). */
  span: number;
  /** The minutes of each task inside, in the order they happen (tasks with no minute inside left out). */
  parts: HeatWindowPart[];
};

export type HeatPeriod = {
  /** IBUTG_avg = Σ IBUTG_i t_i / Σ t_i over the period, °C. */
  ibutg: number;
  /** M_avg = Σ M_i t_i / Σ t_i over the period, W. */
  metabolicRateW: number;
  /** Σ t_i: the task minutes weighted. */
  minutes: number;
  /** The period is 60 minutes of tasks (all the tasks add up to 60, or the chosen window has no gap). */
  coversSixtyMinutes: boolean;
  /** The minutes of all the tasks given. */
  totalMinutes: number;
  window: HeatWindow;
};

const EPSILON = 1e-9;

/** A task with minutes on the journey's timeline, [from, to). */
type Placed = { task: number; from: number; to: number };

function hasClockStart(task: HeatTask): boolean {
  return typeof task.start === 'number' && Number.isFinite(task.start) && task.start >= 0 && task.start < MINUTES_PER_DAY;
}

/**
 * The tasks (those with minutes) on one timeline, in the order they happen.
 * When every task has a start time they are placed on the clock; the day is
 * cut where the journey comes out shortest, so a night shift runs on past
 * midnight (22:00, 23:30, 01:00 → 01:00 is 25:00). Otherwise they follow
 * one another in the order typed, from 0.
 */
function placeTasks(tasks: HeatTask[]): { placed: Placed[]; clock: boolean } {
  const indices = tasks.map((_, task) => task).filter((task) => tasks[task]!.minutes > 0);
  if (!tasks.every(hasClockStart)) {
    let at = 0;
    const placed = indices.map((task) => {
      const from = at;
      at += tasks[task]!.minutes;
      return { task, from, to: at };
    });
    return { placed, clock: false };
  }
  const onClock = (origin: number): Placed[] =>
    indices
      .map((task) => {
        const { start, minutes } = tasks[task]!;
        const from = (start as number) < origin ? (start as number) + MINUTES_PER_DAY : (start as number);
        return { task, from, to: from + minutes };
      })
      .sort((a, b) => a.from - b.from || a.task - b.task);
  const spanOf = (placed: Placed[]) => Math.max(...placed.map((p) => p.to)) - placed[0]!.from;
  const origins = [...new Set(indices.map((task) => tasks[task]!.start as number))].sort((a, b) => a - b);
  let best = onClock(origins[0]!);
  for (const origin of origins.slice(1)) {
    const placed = onClock(origin);
    if (spanOf(placed) < spanOf(best) - EPSILON) best = placed;
  }
  return { placed: best, clock: true };
}

type Weighted = { ibutg: number; metabolicRateW: number; minutes: number; covered: number; parts: HeatWindowPart[] };

/** The tasks' minutes inside [from, to), their weighted IBUTG and rate, and the minutes of the period some task covers. */
function weigh(tasks: HeatTask[], placed: Placed[], from: number, to: number): Weighted {
  const inside = new Array<number>(tasks.length).fill(0);
  const parts: HeatWindowPart[] = [];
  let covered = 0;
  let cursor = from;
  for (const p of placed) {
    const minutes = Math.min(p.to, to) - Math.max(p.from, from);
    if (minutes <= 0) continue;
    inside[p.task] = minutes;
    parts.push({ task: p.task, minutes });
    const a = Math.max(p.from, cursor);
    const b = Math.min(p.to, to);
    if (b > a) covered += b - a;
    cursor = Math.max(cursor, b);
  }
  // Summed in the order the tasks were given, as the weighting always was.
  const minutes = inside.reduce((sum, t) => sum + t, 0);
  return {
    ibutg: tasks.reduce((sum, t, i) => sum + t.ibutg * inside[i]!, 0) / minutes,
    metabolicRateW: tasks.reduce((sum, t, i) => sum + t.metabolicRateW * inside[i]!, 0) / minutes,
    minutes,
    covered,
    parts,
  };
}

/** How far the IBUTG is above the limit for the rate (exact, not rounded); −∞ without a rate. */
function excessOverLimit(period: Pick<Weighted, 'ibutg' | 'metabolicRateW'>): number {
  if (!(period.metabolicRateW > 0)) return Number.NEGATIVE_INFINITY;
  return period.ibutg - exactHeatLimit(period.metabolicRateW);
}

/**
 * The start of the most unfavourable 60 minutes between `begin` and
 * `finish` (see heatPeriod). Tried: every task start and every task end
 * minus 60 (where the weighted IBUTG and rate change slope) and every whole
 * minute between them (the limit is logarithmic in the rate, so between two
 * of those breakpoints the excess can peak inside).
 */
function criticalStart(tasks: HeatTask[], placed: Placed[], begin: number, finish: number): number {
  const last = finish - HEAT_PERIOD_MINUTES;
  const starts = new Set<number>([begin, last]);
  for (let minute = Math.ceil(begin); minute <= last; minute++) starts.add(minute);
  for (const p of placed) {
    for (const start of [p.from, p.to - HEAT_PERIOD_MINUTES]) if (start >= begin && start <= last) starts.add(start);
  }
  const candidates = [...starts]
    .sort((a, b) => a - b)
    .map((start) => ({ start, period: weigh(tasks, placed, start, start + HEAT_PERIOD_MINUTES) }))
    .filter((c) => c.period.minutes > 0)
    .map((c) => ({ ...c, excess: excessOverLimit(c.period) }));
  // Windows without a gap when the tasks cover 60 minutes in a row somewhere; otherwise any, weighted over their task minutes.
  const full = candidates.filter((c) => c.period.covered >= HEAT_PERIOD_MINUTES - EPSILON);
  const pool = full.length > 0 ? full : candidates;
  let best = pool[0]!;
  for (const c of pool.slice(1)) {
    const difference = c.excess - best.excess;
    if (difference > EPSILON) best = c;
    // Equal condition: the one with more minutes of tasks (only with gaps), else the earlier stays.
    else if (!(difference < -EPSILON) && c.period.covered > best.period.covered + EPSILON) best = c;
  }
  return best.start;
}

function clockText(minutes: number): string {
  return formatHHmm(Math.round(minutes) % MINUTES_PER_DAY);
}

/**
 * Weighted IBUTG and metabolic rate of the most critical 60 minutes
 * (NHO 06: "período de 60 minutos corridos ... mais desfavorável").
 *
 * - Tasks adding up to 60 minutes or less: all of them, weighted by their
 *   minutes (the norm's "/ 60" when they add up to 60).
 * - More than 60 minutes: the tasks are put on a timeline (on the clock when
 *   every task has a start time, a night shift running past midnight;
 *   otherwise one after another in the order given) and a 60-minute window
 *   slides over it. Each window weighs the minutes of the tasks inside it;
 *   the chosen one has the largest IBUTG − limit(M_avg) (exact limit
 *   56.7 − 11.5 log10 M; the clothing increment, the same for all, does not
 *   change the choice). Only windows with no gap count when the tasks cover
 *   60 minutes in a row somewhere; otherwise each window is weighted over the
 *   task minutes inside it and, at equal condition, the one with more task
 *   minutes wins. Ties → the earliest.
 */
export function heatPeriod(tasks: HeatTask[]): HeatPeriod | null {
  const valid = tasks.every((t) => [t.minutes, t.ibutg, t.metabolicRateW].every(Number.isFinite) && t.minutes >= 0 && t.metabolicRateW >= 0);
  const totalMinutes = tasks.reduce((sum, t) => sum + t.minutes, 0);
  if (!valid || totalMinutes <= 0) return null;
  const { placed, clock } = placeTasks(tasks);
  const begin = placed[0]!.from;
  const finish = Math.max(...placed.map((p) => p.to));
  // Overlapping tasks adding up to more than 60 minutes may still lie within 60 minutes of the clock: all of them then.
  const chosen = totalMinutes > HEAT_PERIOD_MINUTES + EPSILON && finish - begin > HEAT_PERIOD_MINUTES + EPSILON;
  const from = chosen ? criticalStart(tasks, placed, begin, finish) : begin;
  const to = chosen ? from + HEAT_PERIOD_MINUTES : finish;
  const period = weigh(tasks, placed, from, to);
  return {
    ibutg: period.ibutg,
    metabolicRateW: period.metabolicRateW,
    minutes: period.minutes,
    coversSixtyMinutes: chosen ? period.covered >= HEAT_PERIOD_MINUTES - EPSILON : Math.abs(totalMinutes - HEAT_PERIOD_MINUTES) < EPSILON,
    totalMinutes,
    window: {
      chosen,
      start: clock ? clockText(from) : null,
      end: clock ? clockText(to) : null,
      offset: from - begin,
      span: to - from,
      parts: period.parts,
    },
  };
}

function exactHeatLimit(metabolicRateW: number): number {
  return 56.7 - 11.5 * Math.log10(metabolicRateW);
}

/** IBUTG_max = 56.7 − 11.5 log10(M), rounded to 0.1 °C (acclimatized workers). */
export function heatLimit(metabolicRateW: number): number | null {
  if (!Number.isFinite(metabolicRateW) || metabolicRateW <= 0) return null;
  return roundTo(exactHeatLimit(metabolicRateW), 1);
}

/** Action level = 59.9 − 14.1 log10(M), rounded to 0.1 °C. */
export function heatActionLevel(metabolicRateW: number): number | null {
  if (!Number.isFinite(metabolicRateW) || metabolicRateW <= 0) return null;
  return roundTo(59.9 - 14.1 * Math.log10(metabolicRateW), 1);
}

export type Clothing =
  | 'work-clothes'
  | 'sms-polypropylene-coverall'
  | 'polyolefin-coverall'
  | 'double-layer-coverall'
  | 'vapour-impermeable-apron'
  | 'vapour-impermeable-coverall'
  | 'vapour-impermeable-coverall-over-clothes';

/** NHO 06 (2017) clothing adjustments, °C added to IBUTG_avg, with their labels. */
export const CLOTHING_ADJUSTMENTS: Record<Clothing, { label: string; increment: number }> = {
  'work-clothes': { label: 'Uniforme de trabalho (calça e camisa de manga comprida)', increment: 0 },
  'sms-polypropylene-coverall': { label: 'Macacão de tecido não tecido (SMS) de polipropileno', increment: 0.5 },
  'polyolefin-coverall': { label: 'Macacão de poliolefina', increment: 2 },
  'double-layer-coverall': { label: 'Macacão de camada dupla', increment: 3 },
  'vapour-impermeable-apron': { label: 'Avental longo de manga longa impermeável a vapores', increment: 4 },
  'vapour-impermeable-coverall': { label: 'Macacão impermeável a vapores', increment: 10 },
  'vapour-impermeable-coverall-over-clothes': {
    label: 'Macacão impermeável a vapores sobre uniforme de trabalho',
    increment: 12,
  },
};

export type HeatCondition = 'Aceitável' | 'Acima do nível de ação' | 'Acima do limite de exposição';

/**
 * Below the action level → Aceitável; from the action level to below the
 * limit → Acima do nível de ação; at or above the limit → Acima do limite de
 * exposição.
 */
export function heatCondition(ibutgValue: number, actionLevel: number, limit: number): HeatCondition {
  const shown = roundTo(ibutgValue, 1);
  if (shown >= limit) return 'Acima do limite de exposição';
  if (shown >= actionLevel) return 'Acima do nível de ação';
  return 'Aceitável';
}

/** The suggested recommendation for each condition (the spec's recommendation options). */
export const HEAT_RECOMMENDATIONS: Record<HeatCondition, string> = {
  Aceitável: 'Manutenção da condição existente',
  'Acima do nível de ação': 'Adoção de medidas preventivas',
  'Acima do limite de exposição': 'Adoção imediata de medidas corretivas',
};

export type HeatCriterion = {
  norm: string;
  edition: string;
  limitSource: string;
  clothing: Clothing;
  clothingIncrement: number;
};

/** The Resultado fields (metabolism, ibutg, action_level, max) and the classification. */
export type HeatAssessment = {
  metabolism: number;
  /** IBUTG_avg plus the clothing increment. */
  ibutg: number;
  action_level: number;
  max: number;
  condition: HeatCondition;
  recomendation: string;
  /** The task minutes weighted. */
  minutes: number;
  coversSixtyMinutes: boolean;
  /** The minutes of all the tasks given. */
  totalMinutes: number;
  /** The period weighted: the chosen 60 minutes, or all the tasks when they add up to 60 or less. */
  window: HeatWindow;
  criterion: HeatCriterion;
};

/**
 * Example: 40 min at 30.0 °C and 243 W plus 20 min at 25.0 °C and 117 W →
 * IBUTG 28.3, M 201 W, limit 30.2, action level 27.4 → Acima do nível de ação.
 */
export function assessHeat(tasks: HeatTask[], clothing: Clothing = 'work-clothes'): HeatAssessment | null {
  const period = heatPeriod(tasks);
  if (period === null) return null;
  const max = heatLimit(period.metabolicRateW);
  const actionLevel = heatActionLevel(period.metabolicRateW);
  if (max === null || actionLevel === null) return null;
  const increment = CLOTHING_ADJUSTMENTS[clothing].increment;
  const value = period.ibutg + increment;
  const condition = heatCondition(value, actionLevel, max);
  return {
    metabolism: period.metabolicRateW,
    ibutg: value,
    action_level: actionLevel,
    max,
    condition,
    recomendation: HEAT_RECOMMENDATIONS[condition],
    minutes: period.minutes,
    coversSixtyMinutes: period.coversSixtyMinutes,
    totalMinutes: period.totalMinutes,
    window: period.window,
    criterion: {
      norm: NHO_06.norm,
      edition: NHO_06.edition,
      limitSource: `${NR_15_ANEXO_3.norm} (${NR_15_ANEXO_3.edition})`,
      clothing,
      clothingIncrement: increment,
    },
  };
}
