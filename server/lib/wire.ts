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
