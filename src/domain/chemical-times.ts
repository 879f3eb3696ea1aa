/**
 * Times and volume of a chemical agent row in the field memory (samples.md
 * section 4 "Chemical agent row"; calculations.md section 2 "Spec rules").
 *
 * total time = (final − initial, plus 1440 minutes if negative)
 *              − (interval_final − interval_initial) when both interval
 *              times are filled; shown as HH:mm.
 * volume (L) = pump_flow (L/min) × total time in minutes.
 *
 * Only strings of the form HH:mm count. Decisions where the spec is silent:
 * - the interval wraps midnight like the work times (a night-shift break
 *   from 23:30 to 00:30 lasts 60 minutes, not minus 1380);
 * - without both work times there is nothing to subtract the interval
 *   from, so the total is empty (the spec's "cleared when there are neither
 *   work times nor interval times" is the case where nothing is typed);
 * - an interval longer than the work time gives an empty total, not a
 *   negative one.
 */
import { formatHHmm, minutesBetween, parseDurationHHmm } from './dates';
import { parseDecimal } from './decimal';

export type AgentRowTimes = {
  initial?: string | null;
  final?: string | null;
  interval_initial?: string | null;
  interval_final?: string | null;
};

/** Total sampled minutes of the row, or null when it cannot be computed. */
export function agentTotalMinutes(row: AgentRowTimes): number | null {
  const work = minutesBetween(row.initial, row.final);
  if (work === null) return null;
  const interval = minutesBetween(row.interval_initial, row.interval_final) ?? 0;
  const total = work - interval;
  return total >= 0 ? total : null;
}

/** The total_time field: 'HH:mm', or '' when cleared. */
export function agentTotalTime(row: AgentRowTimes): string {
  return formatHHmm(agentTotalMinutes(row));
}

/**
 * The volume field in litres: pump_flow (L/min, comma decimals accepted,
 * not negative) × total time ('HH:mm' as stored, or minutes). Null when
 * either is missing.
 */
export function agentVolumeLitres(pumpFlow: unknown, totalTime: string | number | null | undefined): number | null {
  const flow = parseDecimal(pumpFlow);
  const minutes = typeof totalTime === 'number' ? (Number.isFinite(totalTime) ? totalTime : null) : parseDurationHHmm(totalTime);
  if (flow === null || flow < 0 || minutes === null || minutes < 0) return null;
  return flow * minutes;
}

/** Pump flow as the form accepts it: a number, step 0.01, minimum 0. */
export function isValidPumpFlow(value: unknown): boolean {
  const flow = parseDecimal(value);
  if (flow === null || flow < 0) return false;
  return Math.abs(Math.round(flow * 100) - flow * 100) < 1e-6;
}
