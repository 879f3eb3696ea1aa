/**
 * Schema version 7's search tables, kept as history: version 7 created a
 * table per searchable resource (`<resource>_search`, one row
 * `{ key, s: _sort, w: words }` per live record, written by a middleware in
 * the same transaction as the record) and its upgrade filled them; version 8
 * dropped them (schema.ts). Writing a second row for every record nearly
 * doubled the cost of a pull in Chromium, where each row is a request to
 * the browser's IndexedDB; the words are now derived from the records in
 * memory (search-cache.ts). Only schema.ts uses this file.
 */
import type { ResourceDefinition } from './registry/resource';
import { recordWords } from './search-index';
import type { StoredRecord } from './types';

/** A row of a version 7 search table. */
export interface SearchRow {
  key: string;
  /** The record's `_sort` (list order). */
  s: string;
  /** The record's normalised words (`recordWords`). */
  w: string[];
}

/** Name of a resource's search table (versions 7 only). */
export function searchTableName(resourceName: string): string {
  return `${resourceName}_search`;
}

/** Resources that had a search table: those with searchable fields. */
export function searchableResources(resources: readonly ResourceDefinition[]): ResourceDefinition[] {
  return resources.filter((resource) => resource.searchable.length > 0);
}

/** The search row of a record, or null when it has none (tombstone, or not in the list order). */
export function searchRowOf(resource: ResourceDefinition, record: StoredRecord): SearchRow | null {
  if (record._deleted || typeof record._sort !== 'string') return null;
  return { key: record.key, s: record._sort, w: recordWords(record, resource.searchable) };
}
