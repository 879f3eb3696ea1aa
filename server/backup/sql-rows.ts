/**
 * The rows of `db.execute(sql…)`: both drivers (node-postgres and PGlite)
 * answer an object with `rows`, typed differently by each.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
