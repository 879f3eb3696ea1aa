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
 * - the weighted averages divide by the minutes of the tasks given, which is
 *   the norm's "/ 60" when they cover the 60-minute period; `minutes` and
 *   `coversSixtyMinutes` let the screen warn when they do not.
 */
import { NHO_06, NR_15_ANEXO_3 } from './criteria';
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

export type HeatTask = { minutes: number; ibutg: number; metabolicRateW: number };

export type HeatPeriod = {
  /** IBUTG_avg = Σ IBUTG_i t_i / Σ t_i, °C. */
  ibutg: number;
  /** M_avg = Σ M_i t_i / Σ t_i, W. */
  metabolicRateW: number;
  minutes: number;
  coversSixtyMinutes: boolean;
};

/** Weighted IBUTG and metabolic rate of the tasks in the critical 60 minutes. */
export function heatPeriod(tasks: HeatTask[]): HeatPeriod | null {
  const valid = tasks.every((t) => [t.minutes, t.ibutg, t.metabolicRateW].every(Number.isFinite) && t.minutes >= 0 && t.metabolicRateW >= 0);
  const minutes = tasks.reduce((sum, t) => sum + t.minutes, 0);
  if (!valid || minutes <= 0) return null;
  return {
    ibutg: tasks.reduce((sum, t) => sum + t.ibutg * t.minutes, 0) / minutes,
    metabolicRateW: tasks.reduce((sum, t) => sum + t.metabolicRateW * t.minutes, 0) / minutes,
    minutes,
    coversSixtyMinutes: Math.abs(minutes - HEAT_PERIOD_MINUTES) < 1e-9,
  };
}

/** IBUTG_max = 56.7 − 11.5 log10(M), rounded to 0.1 °C (acclimatized workers). */
export function heatLimit(metabolicRateW: number): number | null {
  if (!Number.isFinite(metabolicRateW) || metabolicRateW <= 0) return null;
  return roundTo(56.7 - 11.5 * Math.log10(metabolicRateW), 1);
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
  minutes: number;
  coversSixtyMinutes: boolean;
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
    criterion: {
      norm: NHO_06.norm,
      edition: NHO_06.edition,
      limitSource: `${NR_15_ANEXO_3.norm} (${NR_15_ANEXO_3.edition})`,
      clothing,
      clothingIncrement: increment,
    },
  };
}
