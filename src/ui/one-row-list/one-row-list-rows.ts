/** The row operations of a list that always keeps one row. */

export function addRow<T>(rows: readonly T[], blank: () => T): T[] {
  return [...rows, blank()];
}

/** Removing the last remaining row leaves one blank row. */
export function removeRow<T>(rows: readonly T[], index: number, blank: () => T): T[] {
  const next = rows.filter((_, i) => i !== index);
  return next.length > 0 ? next : [blank()];
}

export function replaceRow<T>(rows: readonly T[], index: number, row: T): T[] {
  return rows.map((current, i) => (i === index ? row : current));
}
