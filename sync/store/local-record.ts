/**
 * Building and reading stored records: which fields a resource keeps
 * locally, the ordering and search index entries derived from them, and the
 * tombstone form of a record whose delete waits to be pushed.
 */
import { recordWords, searchEntries } from './search-index';
import { allReferences, type ResourceDefinition } from './registry/resource';
import type { RecordFields, StoredRecord } from './types';

/** Fields a resource keeps on its local records: the wire fields plus both sides of every reference. */
export function localFieldNames(resource: ResourceDefinition): string[] {
  const names = new Set(resource.fields);
  for (const reference of allReferences(resource)) {
    names.add(reference.field);
    names.add(reference.keyField);
  }
  return [...names];
}

/** The resource's fields of a record (no key, id, timestamps or metadata). */
export function pickFields(resource: ResourceDefinition, source: RecordFields): RecordFields {
  const fields: RecordFields = {};
  for (const name of localFieldNames(resource)) fields[name] = source[name] ?? null;
  return fields;
}

/** Ordering key: creation time (on this device, else on the server), then key for ties. */
export function sortKeyOf(record: Pick<StoredRecord, 'key' | 'created_at' | '_local_at'>): string {
  return `${record._local_at ?? record.created_at ?? ''}|${record.key}`;
}

/**
 * Recomputes the derived index fields. Tombstones get none, which takes them
 * out of the list and search indexes (IndexedDB skips rows without the key path).
 */
export function withIndexes(resource: ResourceDefinition, record: StoredRecord): StoredRecord {
  const next: StoredRecord = { ...record };
  if (next._deleted) {
    delete next._sort;
    delete next._search;
    return next;
  }
  const sort = sortKeyOf(next);
  next._sort = sort;
  next._search = searchEntries(recordWords(next, resource.searchable), sort);
  return next;
}

/** True when the record is visible to the screens (not a tombstone). */
export function isLive(record: StoredRecord | undefined): record is StoredRecord {
  return record !== undefined && !record._deleted;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === '')) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}
