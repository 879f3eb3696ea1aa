/**
 * The computed fields of a heat sample's task rows (calculations.md section
 * 4), for the derivation (heat-derive.ts) that the server runs on every save:
 * a row's `duration` follows its times and its `ibutg` its readings, as the
 * Memória de campo tab fills them while they are typed (heat-figures.ts
 * editTask), unless the technician typed over them on purpose.
 *
 * Per row:
 * - `duration` = final − initial (HH:mm, a day added when the end is
 *   earlier), unless 'duration' is in the row's `typed` marks, or both times
 *   are blank: then what the row has is kept;
 * - `ibutg` = 0.7 tbn + 0.3 tg (0.7 tbn + 0.2 tg + 0.1 tbs with solar load),
 *   one decimal, unless 'ibutg' is in `typed`, or tbn, tg and tbs are all
 *   blank: then what the row has is kept.
 * So a value typed before the marks existed, on a row without times or
 * readings, is never wiped; with times or readings given, the figure is
 * theirs ('' while they are half typed, as on the tab).
 *
 * Works on the rows as stored (not normalised): a row is only rewritten,
 * field by field, when one of its two figures changes, and the rest of it
 * (unknown fields included) stays as it was. Pure; returns the same object
 * when nothing changes.
 */
import { formatHHmm, minutesBetween } from '@/domain/dates';
import { taskIbutg } from './heat-figures';

/** The figures of a task row the technician can type over (heat.ts heatTaskSchema `typed`). */
export type TaskFigure = 'duration' | 'ibutg';

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const blank = (value: unknown): boolean => textOf(value).trim() === '';

function typedMarks(row: Row): readonly unknown[] {
  return Array.isArray(row.typed) ? row.typed : [];
}

/** The row's duration and IBUTG as the rule above gives them. */
export function taskRowFigures(row: Row): Record<TaskFigure, string> {
  const typed = typedMarks(row);
  const keepDuration = typed.includes('duration') || (blank(row.initial) && blank(row.final));
  const keepIbutg = typed.includes('ibutg') || (blank(row.tbn) && blank(row.tg) && blank(row.tbs));
  return {
    duration: keepDuration ? textOf(row.duration) : formatHHmm(minutesBetween(textOf(row.initial), textOf(row.final))),
    ibutg: keepIbutg
      ? textOf(row.ibutg)
      : taskIbutg({ tbs: textOf(row.tbs), tbn: textOf(row.tbn), tg: textOf(row.tg), solar_load: row.solar_load === 'Sim' ? 'Sim' : 'Não' }),
  };
}

/** One stored row with its figures up to date (the same object when they already are). */
export function deriveTaskRow(row: unknown): unknown {
  if (!isRow(row)) return row;
  const figures = taskRowFigures(row);
  const changed = (Object.keys(figures) as TaskFigure[]).filter((key) => figures[key] !== textOf(row[key]));
  if (changed.length === 0) return row;
  const next: Row = { ...row };
  for (const key of changed) next[key] = figures[key];
  return next;
}

/** The stored field memory with every task row's figures up to date (the same object when they already are). */
export function deriveTaskRows<M>(memory: M): M {
  if (!isRow(memory) || !Array.isArray(memory.tasks)) return memory;
  const tasks: unknown[] = memory.tasks;
  const rows = tasks.map(deriveTaskRow);
  return rows.some((row, index) => row !== tasks[index]) ? ({ ...memory, tasks: rows } as M) : memory;
}
