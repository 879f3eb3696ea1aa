/**
 * The versioned Dexie schema of the local store and its migrations.
 *
 * A resource's indexes come from its declaration (`resourceIndexes`): primary
 * key `key`, the server `id`, the list order `_sort`, and both sides of every
 * reference (local key and server id), so key→id replacement and local
 * cascades are index lookups. Nothing of the local search is stored since
 * version 8 (search-cache.ts derives it from the records in memory). Up to
 * version 6 the record tables held a multi-entry search index `*_search`
 * (`legacyResourceStores`); version 7 moved it to a search table per
 * resource (`<resource>_search`, search-rows.ts); version 8 dropped those
 * tables (each was a second write per record, nearly doubling a pull in
 * Chromium).
 *
 * Versions are append-only. To add a resource (customers, say), declare it
 * in the registry and append `{ version: N + 1, stores: resourceStores([customers]) }`
 * (versions 1 to 6 used `legacyResourceStores`, kept as they shipped);
 * to change a table's indexes or reshape its rows, append a version with the
 * new index string and an `upgrade` that rewrites the rows. Never edit a
 * version that has shipped: devices hold data written under it. A bump adds
 * the store of the version it leaves behind, dumped from its last build, to
 * tests/sync/store-upgrade.test.ts (docs/decisions/store-upgrades.md).
 */
import type { Transaction } from 'dexie';
import { withIndexes } from './local-record';
import { allReferences, type ResourceDefinition } from './registry/resource';
import { ALERT_RESOURCES } from './registry/alerts';
import { CATALOG_RESOURCES, SAMPLING_METHOD_RESOURCES } from './registry/catalog';
import { CUSTOMER_RESOURCES } from './registry/customers';
import { QUOTATION_RESOURCES } from './registry/quotations';
import { READ_ONLY_RESOURCES } from './registry/read-only';
import { SAMPLE_RESOURCES } from './registry/samples';
import { searchableResources, searchRowOf, searchTableName, type SearchRow } from './search-rows';
import { SEARCH_SNAPSHOTS } from './search-snapshot';
import type { StoredRecord } from './types';

/** Every resource of versions 1 to 6. */
const ALL_RESOURCES = [...CATALOG_RESOURCES, ...CUSTOMER_RESOURCES, ...QUOTATION_RESOURCES, ...READ_ONLY_RESOURCES, ...SAMPLE_RESOURCES];

export interface SchemaVersion {
  version: number;
  /** Dexie store specs of the tables added or changed in this version (null deletes a table). */
  stores: Record<string, string | null>;
  upgrade?: (transaction: Transaction) => void | PromiseLike<unknown>;
}

/** Outbox, sync metadata and file blobs: the engine's own tables. */
export const ENGINE_STORES = {
  outbox: '++seq, key, status, resource',
  meta: 'name',
  files: 'key, [owner_resource+owner_key], status, id',
} as const;

/** Index spec of one resource table (`searchIndex`: the `*_search` index of versions 1 to 6). */
export function resourceIndexes(resource: ResourceDefinition, searchIndex = false): string {
  const indexes = searchIndex ? ['key', 'id', '_sort', '*_search'] : ['key', 'id', '_sort'];
  for (const reference of allReferences(resource)) indexes.push(reference.keyField, reference.field);
  return indexes.join(', ');
}

/** Version 8: the search tables of version 7 deleted. */
export function dropSearchTables(resources: readonly ResourceDefinition[]): Record<string, null> {
  return Object.fromEntries(searchableResources(resources).map((resource) => [searchTableName(resource.name), null]));
}

/** The tables of resources: a table per resource. */
export function resourceStores(resources: readonly ResourceDefinition[]): Record<string, string> {
  return Object.fromEntries(resources.map((resource) => [resource.name, resourceIndexes(resource)]));
}

/** Version 7's search tables: one per searchable resource (dropped by version 8). */
export function searchTableStores(resources: readonly ResourceDefinition[]): Record<string, string> {
  return Object.fromEntries(searchableResources(resources).map((resource) => [searchTableName(resource.name), 'key']));
}

/** The tables of resources as versions 1 to 6 declared them: the search index inside each resource table. */
export function legacyResourceStores(resources: readonly ResourceDefinition[]): Record<string, string> {
  return Object.fromEntries(resources.map((resource) => [resource.name, resourceIndexes(resource, true)]));
}

/**
 * Version 7's upgrade: strips the `_search` entries from every row and
 * writes the search row of each live one (here, explicitly: rows the upgrade
 * does not rewrite, or a middleware not yet in place, would miss theirs).
 */
export function moveSearchOut(resources: readonly ResourceDefinition[]): (transaction: Transaction) => Promise<unknown> {
  return (transaction) =>
    Promise.all(
      resources.map(async (resource) => {
        const table = transaction.table(resource.name);
        const rows: SearchRow[] = [];
        await table.toCollection().modify((record: StoredRecord, ref) => {
          const row = resource.searchable.length > 0 ? searchRowOf(resource, record) : null;
          if (row) rows.push(row);
          if ('_search' in record) {
            const next = { ...record };
            delete next._search;
            ref.value = next;
          }
        });
        if (rows.length > 0) await transaction.table(searchTableName(resource.name)).bulkPut(rows);
      }),
    );
}

/** Recomputes the list order field of every row of the resources (and, up to version 6, the search index entries). */
export function reindexRecords(resources: readonly ResourceDefinition[]): (transaction: Transaction) => Promise<unknown> {
  return (transaction) =>
    Promise.all(
      resources.map((resource) =>
        transaction
          .table(resource.name)
          .toCollection()
          .modify((record, ref) => {
            ref.value = withIndexes(resource, record);
          }),
      ),
    );
}

export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  { version: 1, stores: { ...ENGINE_STORES, ...legacyResourceStores(CATALOG_RESOURCES) } },
  // Issue 5: customers, their addresses and files (new tables only; the files table is version 1's).
  { version: 2, stores: legacyResourceStores(CUSTOMER_RESOURCES) },
  // Issue 8: masked numbers are also indexed whole ('50-00-0' → '50000'), so a masked query finds them.
  { version: 3, stores: {}, upgrade: reindexRecords([...CATALOG_RESOURCES, ...CUSTOMER_RESOURCES]) },
  // Issue 8: quotations, the first document (nested lines are fields of the record, not tables).
  { version: 4, stores: legacyResourceStores(QUOTATION_RESOURCES) },
  // Issue 8: the read-only lists (settings, modules, user types, roles, payment, exposition and sample types, users).
  { version: 5, stores: legacyResourceStores(READ_ONLY_RESOURCES) },
  // Issue 13: samples (blocks are fields of the record) and their files (photos); drafts typed and not yet saved (drafts.ts).
  { version: 6, stores: { ...legacyResourceStores(SAMPLE_RESOURCES), drafts: 'key' } },
  // Issue 10: the search index leaves the record tables for a search table per resource (a pull writes a third of the entries).
  { version: 7, stores: { ...resourceStores(ALL_RESOURCES), ...searchTableStores(ALL_RESOURCES) }, upgrade: moveSearchOut(ALL_RESOURCES) },
  // Issue 10: the search tables go; the search is derived from the records in memory (a pull writes half the rows).
  { version: 8, stores: dropSearchTables(ALL_RESOURCES) },
  // Issue 22: the sampling-method catalog (a new table only).
  { version: 9, stores: resourceStores(SAMPLING_METHOD_RESOURCES) },
  // Issue 24: the dashboard's alerts, a read-only list (a new table only).
  { version: 10, stores: resourceStores(ALERT_RESOURCES) },
  // Issue 26: the search rows of large lists kept between sessions (search-snapshot.ts), one row per resource.
  { version: 11, stores: { [SEARCH_SNAPSHOTS]: 'resource' } },
];
