/**
 * The heat figures computed as the technician types (calculations.md
 * section 4; NHO 06): each task's duration (from its HH:mm times) and IBUTG
 * (with or without solar load), then over the tasks of the critical 60
 * minutes the weighted IBUTG and metabolic rate, the limit and action level
 * for that rate, and the condition. Pure; the tabs call it on every change.
 *
 * Rows entirely blank are skipped (the list always keeps one); a row with a
 * missing or unreadable duration, IBUTG or metabolic rate makes the period
 * unknown, so a half-typed row never shows a wrong figure. A row's start
 * time (`initial`) places it on the clock, so that tasks adding up to more
 * than 60 minutes give the most unfavourable 60 minutes of the journey
 * (heat.ts heatPeriod); `heatWindowRange` and `heatWindowText` say which.
 */
import type { HeatClassification, HeatResult, HeatTaskRow } from './heat';
import { formatHHmm, minutesBetween, parseDurationHHmm, parseTimeHHmm } from '@/domain/dates';
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

const FIGURES = ['duration', 'ibutg'] as const;
type TaskFigure = (typeof FIGURES)[number];

/**
 * One field of a task typed: the duration follows the times, the IBUTG the
 * readings. Typing a figure over marks it in the row's `typed` (kept by the
 * derivation and the server, shown 'Digitado pelo técnico'); clearing it, or
 * typing its times or readings again, gives it back to the calculation.
 */
export function editTask(row: HeatTaskRow, field: keyof HeatTaskRow, text: string): HeatTaskRow {
  const next = { ...row, [field]: text } as HeatTaskRow;
  const marks = new Set<TaskFigure>(row.typed ?? []);
  if ((FIGURES as readonly string[]).includes(field)) {
    if (text.trim() === '') marks.delete(field as TaskFigure);
    else marks.add(field as TaskFigure);
  }
  if (TIMES.includes(field)) {
    marks.delete('duration');
    next.duration = formatHHmm(minutesBetween(next.initial, next.final));
  }
  if (READINGS.includes(field)) {
    marks.delete('ibutg');
    next.ibutg = taskIbutg(next);
  }
  next.typed = FIGURES.filter((figure) => marks.has(figure));
  if (field === 'duration' && text.trim() === '') next.duration = formatHHmm(minutesBetween(next.initial, next.final));
  if (field === 'ibutg' && text.trim() === '') next.ibutg = taskIbutg(next);
  return next;
}

function blank(row: HeatTaskRow): boolean {
  return [row.initial, row.final, row.duration, row.metabolism, row.tbs, row.tbn, row.tg, row.ibutg].every((value) => value.trim() === '');
}

/** The indices of the rows that are tasks (not blank): the domain's task i is row taskRows(rows)[i]. */
function taskRows(rows: readonly HeatTaskRow[]): number[] {
  return rows.flatMap((row, index) => (blank(row) ? [] : [index]));
}

/**
 * The rows as the domain's tasks; null when a row that is not blank lacks a
 * figure. A task starts at its `initial` time when that is a time (null
 * otherwise: then the tasks follow one another in the order typed).
 */
export function heatTasks(rows: readonly HeatTaskRow[]): HeatTask[] | null {
  const tasks: HeatTask[] = [];
  for (const index of taskRows(rows)) {
    const row = rows[index]!;
    const minutes = parseDurationHHmm(row.duration) ?? minutesBetween(row.initial, row.final);
    const value = parseDecimal(row.ibutg) ?? parseDecimal(taskIbutg(row));
    const metabolicRateW = parseDecimal(row.metabolism);
    if (minutes === null || value === null || metabolicRateW === null) return null;
    tasks.push({ minutes, ibutg: value, metabolicRateW, start: parseTimeHHmm(row.initial) });
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
    window: heatWindowRange(assessment),
  };
}

/**
 * The period weighted on the clock, '09:10–10:10' (the chosen 60 minutes,
 * or the tasks' span when they add up to 60 or less); '' without an
 * assessment or when the tasks have no start times.
 */
export function heatWindowRange(assessment: HeatAssessment | null): string {
  const window = assessment?.window;
  return window?.start && window.end ? `${window.start}–${window.end}` : '';
}

/**
 * The period weighted, for the Resultado tab and the report:
 * 'Janela de 60 minutos: 09:10–10:10', and with the rows each task's
 * minutes in it: 'Janela de 60 minutos: 09:10–10:10 — Forno (20 min),
 * Tarefa 2 (40 min)'. Tasks without times: 'Janela de 60 minutos: Forno
 * (20 min), Tarefa 2 (40 min) (tarefas sem horário, em sequência na ordem
 * digitada)'. A period that is not 60 minutes without a gap (tasks adding up
 * to less, or with pauses) is 'Período avaliado'. '' without an assessment.
 */
export function heatWindowText(assessment: HeatAssessment | null, rows?: readonly HeatTaskRow[]): string {
  if (!assessment) return '';
  const { window } = assessment;
  const sixty = window.chosen ? assessment.coversSixtyMinutes : assessment.coversSixtyMinutes && Math.abs(window.span - 60) < 1e-9;
  const label = sixty ? 'Janela de 60 minutos' : 'Período avaliado';
  const indices = rows ? taskRows(rows) : [];
  const name = (task: number) => {
    const index = rows ? (indices[task] ?? task) : task;
    return rows?.[index]?.task.trim() || `Tarefa ${index + 1}`;
  };
  const parts = window.parts.map((part) => `${name(part.task)} (${formatDecimal(part.minutes, 0)} min)`).join(', ');
  const range = heatWindowRange(assessment);
  if (range) return rows ? `${label}: ${range} — ${parts}` : `${label}: ${range}`;
  return `${label}: ${parts}${window.chosen ? ' (tarefas sem horário, em sequência na ordem digitada)' : ''}`;
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
