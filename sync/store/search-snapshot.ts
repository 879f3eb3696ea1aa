/**
 * The search rows kept between sessions (schema version 11): one row per
 * large searchable resource in the `search_snapshots` table, holding every
 * live record's `{ key, sort, text }` as three parallel arrays (one request
 * and one structured clone to read 50,000 rows back, against reading and
 * deriving 50,000 whole records). It is a copy the records can always
 * rebuild, so it may only be read while it is true: the first write to the
 * resource's table after it was written deletes it in the same transaction
 * (search-cache.ts), and it is written again, from the rows in memory, once
 * the writes settle (docs/decisions/sync-search-rows.md, "Schema version 11").
 */
import type { CachedSearchRow } from './search-cache';

/** The table (schema.ts, version 11). */
export const SEARCH_SNAPSHOTS = 'search_snapshots';

/**
 * What a snapshot's texts mean: raised whenever `recordWords` or the row's
 * form changes, so a snapshot written by an older app is never read.
 */
export const SEARCH_SNAPSHOT_FORMAT = 1;

/** Below this many rows a resource's records load in a few milliseconds: no snapshot is kept. */
export const MIN_SNAPSHOT_ROWS = 1_000;

export interface SearchSnapshot {
  resource: string;
  format: number;
  keys: string[];
  sorts: string[];
  texts: string[];
}

/** The rows (newest first) as stored. */
export function snapshotOf(resource: string, rows: readonly CachedSearchRow[]): SearchSnapshot {
  const keys = new Array<string>(rows.length);
  const sorts = new Array<string>(rows.length);
  const texts = new Array<string>(rows.length);
  rows.forEach((row, index) => {
    keys[index] = row.key;
    sorts[index] = row.sort;
    texts[index] = row.text;
  });
  return { resource, format: SEARCH_SNAPSHOT_FORMAT, keys, sorts, texts };
}

/** The rows a stored snapshot holds, or null when it is of another format or malformed. */
export function rowsOfSnapshot(snapshot: SearchSnapshot | undefined): CachedSearchRow[] | null {
  if (!snapshot || snapshot.format !== SEARCH_SNAPSHOT_FORMAT) return null;
  const { keys, sorts, texts } = snapshot;
  if (!Array.isArray(keys) || !Array.isArray(sorts) || !Array.isArray(texts)) return null;
  if (sorts.length !== keys.length || texts.length !== keys.length) return null;
  const rows = new Array<CachedSearchRow>(keys.length);
  for (let index = 0; index < keys.length; index += 1) rows[index] = { key: keys[index]!, sort: sorts[index]!, text: texts[index]! };
  return rows;
}
