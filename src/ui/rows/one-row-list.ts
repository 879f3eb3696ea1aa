/**
 * Lists that always keep one row (spec samples.md section 4: EPIs, agents,
 * tasks, deadlines): removing the last row leaves a blank one, and the add
 * icon shows on the last row only. The rules as pure functions, for any
 * row type, so a form's state never holds an empty list.
 */

/** The rows, or one blank row when there are none. */
export function withOneRow<T>(rows: readonly T[] | null | undefined, blank: () => T): T[] {
  return rows && rows.length > 0 ? [...rows] : [blank()];
}

/** A blank row after the others. */
export function addRow<T>(rows: readonly T[], blank: () => T): T[] {
  return [...rows, blank()];
}

/** Without the row at `index`; a blank row when it was the last one. */
export function removeRow<T>(rows: readonly T[], index: number, blank: () => T): T[] {
  return withOneRow(
    rows.filter((_, position) => position !== index),
    blank,
  );
}

/** The row at `index` with `patch` applied. */
export function changeRow<T extends object>(rows: readonly T[], index: number, patch: Partial<T>): T[] {
  return rows.map((row, position) => (position === index ? { ...row, ...patch } : row));
}
