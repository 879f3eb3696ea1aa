/**
 * The heat figures computed as the technician types (calculations.md
 * section 4; NHO 06): each task's duration (from its HH:mm times) and IBUTG
 * (with or without solar load), then over the tasks of the critical 60
 * minutes the weighted IBUTG and metabolic rate, the limit and action level
 * for that rate, and the condition. Pure; the tabs call it on every change.
 *
 * Rows entirely blank are skipped (the list always keeps one); a row with a
 * missing or unreadable duration, IBUTG or metabolic rate makes the period
 * unknown, so a half-typed row never shows a wrong figure.
 */
import type { HeatClassification, HeatResult, HeatTaskRow } from '@sync/contract/samples/heat';
import { formatHHmm, minutesBetween, parseDurationHHmm } from '@/domain/dates';
import { formatDecimal, parseDecimal } from '@/domain/decimal';
import { assessHeat, CLOTHING_ADJUSTMENTS, HEAT_RECOMMENDATIONS, ibutg, type HeatAssessment, type HeatTask } from '@/domain/heat';

const TIMES: ReadonlyArray<keyof HeatTaskRow> = ['initial', 'final'];
const READINGS: ReadonlyArray<keyof HeatTaskRow> = ['tbs', 'tbn', 'tg', 'solar_load'];

/** The IBUTG of one task's readings, shown with one decimal; '' when tbn or tg (or tbs in the sun) is missing. */
export function taskIbutg(row: Pick<HeatTaskRow, 'tbs' | 'tbn' | 'tg' | 'solar_load'>): string {
  const tbn = parseDecimal(row.tbn);
  const tg = parseDecimal(row.tg);
  if (tbn === null || tg === null) return '';
  return formatDecimal(ibutg({ tbn, tg, tbs: parseDecimal(row.tbs), solarLoad: row.solar_load === 'Sim' }), 1);
}

/** One field of a task typed: the duration follows the times, the IBUTG the readings (both can be typed over). */
export function editTask(row: HeatTaskRow, field: keyof HeatTaskRow, text: string): HeatTaskRow {
  const next = { ...row, [field]: text } as HeatTaskRow;
  if (TIMES.includes(field)) next.duration = formatHHmm(minutesBetween(next.initial, next.final));
  if (READINGS.includes(field)) next.ibutg = taskIbutg(next);
  return next;
}

function blank(row: HeatTaskRow): boolean {
  return [row.initial, row.final, row.duration, row.metabolism, row.tbs, row.tbn, row.tg, row.ibutg].every((value) => value.trim() === '');
}

/** The rows as the domain's tasks; null when a row that is not blank lacks a figure. */
export function heatTasks(rows: readonly HeatTaskRow[]): HeatTask[] | null {
  const tasks: HeatTask[] = [];
  for (const row of rows) {
    if (blank(row)) continue;
    const minutes = parseDurationHHmm(row.duration) ?? minutesBetween(row.initial, row.final);
    const value = parseDecimal(row.ibutg) ?? parseDecimal(taskIbutg(row));
    const metabolicRateW = parseDecimal(row.metabolism);
    if (minutes === null || value === null || metabolicRateW === null) return null;
    tasks.push({ minutes, ibutg: value, metabolicRateW });
  }
  return tasks.length > 0 ? tasks : null;
}

export function assessRows(rows: readonly HeatTaskRow[], clothing: HeatResult['clothing']): HeatAssessment | null {
  const tasks = heatTasks(rows);
  // A stored clothing this version does not know counts as ordinary work clothes (+0 °C).
  const known = clothing in CLOTHING_ADJUSTMENTS ? clothing : 'work-clothes';
  return tasks === null ? null : assessHeat(tasks, known);
}

/** The Resultado block with the figures of the assessment ('' without one). */
export function fillHeatResult(result: HeatResult, assessment: HeatAssessment | null): HeatResult {
  return {
    ...result,
    metabolism: assessment ? formatDecimal(assessment.metabolism, 0) : '',
    ibutg: assessment ? formatDecimal(assessment.ibutg, 1) : '',
    action_level: assessment ? formatDecimal(assessment.action_level, 1) : '',
    max: assessment ? formatDecimal(assessment.max, 1) : '',
  };
}

/**
 * The classification with the condition of the assessment. The consideration
 * and the recommendation are proposed from it while the technician has not
 * chosen them (or still has the previous proposal), and stay theirs after.
 */
export function fillHeatClassification(block: HeatClassification, assessment: HeatAssessment | null): HeatClassification {
  const condition = assessment?.condition ?? '';
  if (condition === block.condition) return block;
  const previousSuggestion = HEAT_RECOMMENDATIONS[block.condition as keyof typeof HEAT_RECOMMENDATIONS] ?? '';
  return {
    ...block,
    condition,
    consideration: block.consideration === '' || block.consideration === block.condition ? condition : block.consideration,
    recomendation: block.recomendation === '' || block.recomendation === previousSuggestion ? (assessment?.recomendation ?? '') : block.recomendation,
  };
}

/** 'NHO 06 (2017); limites NR-15 Anexo 3 (...), trabalhador aclimatizado; vestimenta +0,5 °C'. */
export function heatCriterionText(assessment: HeatAssessment): string {
  const c = assessment.criterion;
  const clothing = c.clothingIncrement ? `; vestimenta +${formatDecimal(c.clothingIncrement, 1, { trimZeros: true })} °C` : '';
  return `${c.norm} (${c.edition}); limites ${c.limitSource}, trabalhador aclimatizado${clothing}`;
}
