/**
 * Row → wire helpers shared by resources: timestamps leave the server as
 * ISO 8601 UTC strings with milliseconds (sync/contract/sync.ts).
 */
export function iso(date: Date): string {
  return date.toISOString();
}

export function isoOrNull(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/** `created_at` and `updated_at` of a syncable row, as the contract's `syncFieldsSchema` wants them. */
export function syncFields(row: { created_at: Date; updated_at: Date }) {
  return { created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

/**
 * A timestamptz that PostgreSQL wrote inside a JSON value ("2026-11-25T22:49:11.208+00:00",
 * with the session's offset) on the wire. The columns hold milliseconds, so nothing is lost.
 */
export function isoFromJson(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`not a timestamp: ${value}`);
  return new Date(time).toISOString();
}
