/**
 * Building and reading stored records: which fields a resource keeps
 * locally, the ordering key derived from them, and the
 * tombstone form of a record whose delete waits to be pushed.
 */
import { CONTRACT_VERSION } from '../contract/contract-version';
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
 * Recomputes the derived list order field. Tombstones get none, which takes
 * them out of the list order (IndexedDB skips rows without the key path) and
 * out of the search (search-cache.ts skips them). Any
 * `_search` left from schema version 6 goes. Every write of a record's
 * fields (a save, a pull, an answer applied) passes here, so this is where
 * the record is stamped with the contract version that wrote it.
 */
export function withIndexes(_resource: ResourceDefinition, record: StoredRecord): StoredRecord {
  const next: StoredRecord = { ...record, _contract_version: CONTRACT_VERSION };
  delete next._search;
  if (next._deleted) {
    delete next._sort;
    return next;
  }
  next._sort = sortKeyOf(next);
  return next;
}

/** True when the record is visible to the screens (not a tombstone). */
export function isLive(record: StoredRecord | undefined): record is StoredRecord {
  return record !== undefined && !record._deleted;
}

/**
 * Equal as the sync sees field values: null, undefined and '' alike (an
 * emptied field is empty however it is written); arrays element by element,
 * in order; objects key by key, whatever the key order, a missing key as
 * empty. Nested values (a document's lines) compare the same way at every
 * depth, so a line list read back from the server in another key order is
 * not a change.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!sameValue(a[key], b[key])) return false;
    return true;
  }
  return false;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
