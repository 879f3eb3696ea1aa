/**
 * Three-way merge of plain JSON values at any depth (pure: no store, no
 * clock), for the fields of a record that hold documents: a sample's blocks,
 * a quotation's lines. merge.ts applies it to every plain field of a
 * resource; the sample page's draft uses it to rebase what is typed on a
 * record another tab or a sync changed (src/features/samples/use-sample-draft.ts).
 *
 * - A value changed on one side only takes that side's value; changed on
 *   both sides to the same value takes it.
 * - Changed on both sides to different values: two objects merge per key,
 *   at any depth; two lists of objects merge per row; anything else (a text,
 *   a number, a list of plain values such as `typed: ['ibutg']`, an object on
 *   one side and a text on the other) is a leaf, and a leaf changed on both
 *   sides is ONE conflict, named by its path. A leaf the resource calls a
 *   figure (`figure(path)`: computed again from the inputs on the device and
 *   on the server) takes mine instead of being a question.
 * - Rows: a row is named by its `row_id` (a non-empty string), or, when it
 *   has none, by its position (`#<index>`). A row added on either side is
 *   kept; removed on one side and unchanged on the other, it goes; removed on
 *   one side and edited on the other, it is one conflict for the row (mine:
 *   the row or nothing). Two rows without ids added at the same position on
 *   both sides are two rows (both kept). Order: the server's ("theirs"), my
 *   new rows inserted after the row that precedes them on my side; when only
 *   my side reordered the rows, my order, with the server's new rows
 *   inserted the same way.
 * - Without a base (unknown), every difference is a conflict: per leaf for
 *   objects and rows both sides have, per row for a row only one side has.
 *
 * Paths are arrays of steps from the record's field: object keys and row
 * names (`['memory_field', 'tasks', '6f1c…', 'tbn']`, `['rows', '#2',
 * 'quantity']`). `pathKey` encodes one as a string (what the user's choices
 * are keyed by): the steps joined by '/', each step with '~' written '~0'
 * and '/' written '~1' (JSON Pointer's escaping, without its leading '/'),
 * so a top-level field's key is its name ('price') and
 * 'caracterization/register' names the caracterization's Matrícula.
 */
import { rowStep } from '../contract/row-id';
import { sameValue } from '../store/local-record';

export type MergePath = readonly string[];
export type MergeChoice = 'mine' | 'theirs';

export interface MergeConflict {
  /** From the record's field down to the leaf (or to the row, for a row removed on one side). */
  path: MergePath;
  /** `pathKey(path)`: what a choice for this conflict is keyed by. */
  key: string;
  /** My value; undefined when my side has none (a row I removed). */
  mine: unknown;
  /** The server's value; undefined when it has none (a row it removed). */
  theirs: unknown;
}

export interface JsonMergeOptions {
  /** A computed leaf: changed on both sides it takes mine (the server computes it again). */
  figure?: (path: MergePath) => boolean;
  /** The choice made for a conflict (by its key); none: mine, and the conflict is reported. */
  choose?: (key: string) => MergeChoice | undefined;
}

export interface JsonMergeResult {
  /** Undefined when the merge leaves nothing (removed on one side, unchanged on the other). */
  value: unknown;
  conflicts: MergeConflict[];
}

/** The base is unknown: every difference is a question. */
export const NO_BASE: unique symbol = Symbol('no base');
export type MergeBase = unknown;

/** A path as a string: steps joined by '/', '~' → '~0' and '/' → '~1' in each step. */
export function pathKey(path: MergePath): string {
  return path.map((step) => step.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

/** The steps of a `pathKey`. */
export function parsePathKey(key: string): string[] {
  return key.split('/').map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The choice for `key` among `choices`: its own, else the nearest enclosing path's ('caracterization' for all of it). */
export function choiceFor(choices: Readonly<Record<string, MergeChoice>>, key: string): MergeChoice | undefined {
  const steps = parsePathKey(key);
  for (let length = steps.length; length > 0; length--) {
    const choice = choices[pathKey(steps.slice(0, length))];
    if (choice === 'mine' || choice === 'theirs') return choice;
  }
  return undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** A list whose items are all objects (rows); an empty list is one too. */
function isRowList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every(isPlainObject);
}

/** Merges `mine` and `theirs` (plain JSON values) against `base` (`NO_BASE` when unknown); `path` names the value. */
export function mergeJson(base: MergeBase, mine: unknown, theirs: unknown, path: MergePath, options: JsonMergeOptions = {}): JsonMergeResult {
  const conflicts: MergeConflict[] = [];
  const value = mergeValue(base, mine, theirs, path, { ...options, conflicts });
  return { value, conflicts };
}

interface Walk extends JsonMergeOptions {
  conflicts: MergeConflict[];
}

function mergeValue(base: MergeBase, mine: unknown, theirs: unknown, path: MergePath, walk: Walk): unknown {
  if (sameValue(mine, theirs)) return theirs;
  const known = base !== NO_BASE;
  if (known && sameValue(base, mine)) return theirs;
  if (known && sameValue(base, theirs)) return mine;
  // Changed on both sides, differently.
  const structured = (test: (value: unknown) => boolean) => test(mine) && test(theirs) && (!known || isEmpty(base) || test(base));
  if (structured(isPlainObject)) return mergeObject(base, mine as Record<string, unknown>, theirs as Record<string, unknown>, path, walk);
  if (structured(isRowList)) return mergeRows(base, mine as Record<string, unknown>[], theirs as Record<string, unknown>[], path, walk);
  if (mine !== undefined && theirs !== undefined && walk.figure?.(path)) return mine;
  return conflict(mine, theirs, path, walk);
}

function conflict(mine: unknown, theirs: unknown, path: MergePath, walk: Walk): unknown {
  const key = pathKey(path);
  walk.conflicts.push({ path, key, mine, theirs });
  return walk.choose?.(key) === 'theirs' ? theirs : mine;
}

function mergeObject(base: MergeBase, mine: Record<string, unknown>, theirs: Record<string, unknown>, path: MergePath, walk: Walk): unknown {
  const known = base !== NO_BASE;
  const baseObject = known && isPlainObject(base) ? base : {};
  const keys = new Set([...Object.keys(theirs), ...Object.keys(mine), ...Object.keys(baseObject)]);
  const merged: Record<string, unknown> = {};
  for (const key of keys) {
    const value = mergeValue(known ? baseObject[key] : NO_BASE, mine[key], theirs[key], [...path, key], walk);
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

interface Rows {
  order: string[];
  byStep: Map<string, Record<string, unknown>>;
}

function rowsOf(list: readonly Record<string, unknown>[]): Rows {
  const byStep = new Map<string, Record<string, unknown>>();
  const order: string[] = [];
  list.forEach((row, index) => {
    let step = rowStep(row, index);
    // Two rows with one id (a copy made by hand): the second is named by its position.
    if (byStep.has(step)) step = `#${index}`;
    byStep.set(step, row);
    order.push(step);
  });
  return { order, byStep };
}

/** True when the rows both lists have are not in the same relative order. */
function reordered(before: Rows, after: Rows): boolean {
  const common = new Set(after.order.filter((step) => before.byStep.has(step)));
  const a = before.order.filter((step) => common.has(step));
  const b = after.order.filter((step) => common.has(step));
  return a.some((step, index) => step !== b[index]);
}

function mergeRows(
  base: MergeBase,
  mineList: Record<string, unknown>[],
  theirsList: Record<string, unknown>[],
  path: MergePath,
  walk: Walk,
): unknown {
  const known = base !== NO_BASE;
  const baseRows = known ? rowsOf(Array.isArray(base) ? base.filter(isPlainObject) : []) : null;
  const mine = rowsOf(mineList);
  const theirs = rowsOf(theirsList);
  const merged = new Map<string, unknown>();
  const mineOrder = [...mine.order];
  for (const step of new Set([...theirs.order, ...mine.order, ...(baseRows?.order ?? [])])) {
    const inBase = baseRows?.byStep.has(step) ?? false;
    const mineRow = mine.byStep.get(step);
    const theirsRow = theirs.byStep.get(step);
    if (known && !inBase && mineRow && theirsRow && step.startsWith('#') && !sameValue(mineRow, theirsRow)) {
      // Both added a row without an id at the same position: two different rows, both kept.
      const mineStep = `${step}~mine`;
      merged.set(step, theirsRow);
      merged.set(mineStep, mineRow);
      mineOrder[mineOrder.indexOf(step)] = mineStep;
      continue;
    }
    const baseRow = baseRows ? baseRows.byStep.get(step) : NO_BASE;
    const value = mergeValue(baseRow, mineRow, theirsRow, [...path, step], walk);
    if (value !== undefined) merged.set(step, value);
  }
  // The skeleton: the server's order, unless only my side reordered the rows.
  const mineFirst = baseRows !== null && reordered(baseRows, mine) && !reordered(baseRows, theirs);
  const primary = (mineFirst ? mineOrder : theirs.order).filter((step) => merged.has(step));
  const secondary = mineFirst ? theirs.order : mineOrder;
  const out = [...primary];
  const placed = new Set(out);
  secondary.forEach((step, index) => {
    if (!merged.has(step) || placed.has(step)) return;
    // After the nearest row before it (on its side) that is already placed; first when none is.
    let at = 0;
    for (let before = index - 1; before >= 0; before--) {
      const position = out.indexOf(secondary[before]!);
      if (position >= 0) {
        at = position + 1;
        break;
      }
    }
    out.splice(at, 0, step);
    placed.add(step);
  });
  return out.map((step) => merged.get(step));
}

/**
 * The paths where `a` and `b` differ, walked as the merge walks them: per
 * leaf inside objects and rows both have, per row for a row one of them
 * lacks. For "what changed" notices; no base, no figures.
 */
export function differingPaths(a: unknown, b: unknown, path: MergePath): MergePath[] {
  return mergeJson(NO_BASE, a, b, path).conflicts.map((conflict) => conflict.path);
}
