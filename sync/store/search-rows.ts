/**
 * The search rows: one compact row per live record of a searchable resource,
 * in a table of its own (`<resource>_search`, primary key the record's key,
 * no index): `{ key, s: _sort, w: the record's normalised words }`.
 *
 * They replace the multi-entry `*_search` index the record tables had up to
 * schema version 6: that index stored every prefix of every word (about 32
 * entries per agent), and writing those entries was most of a pull's time in
 * Chromium. A search now scans these rows in memory (search-cache.ts).
 *
 * A DBCore middleware keeps them in step with the records, in the same
 * transaction as every record write, whatever the write path: a read-write
 * transaction over a resource table also takes its search table, and each
 * `put`/`add` of records puts their search rows (a tombstone or a row without
 * `_sort` deletes its row), each `delete`/`deleteRange` deletes the same keys
 * or range. Databases opened with an older schema (no search tables) are left
 * alone.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import type { ResourceRegistry } from './registry';
import type { ResourceDefinition } from './registry/resource';
import { recordWords } from './search-index';
import type { StoredRecord } from './types';

export interface SearchRow {
  key: string;
  /** The record's `_sort` (list order). */
  s: string;
  /** The record's normalised words (`recordWords`). */
  w: string[];
}

/** Name of a resource's search table. */
export function searchTableName(resourceName: string): string {
  return `${resourceName}_search`;
}

/** Resources that have a search table: those with searchable fields. */
export function searchableResources(resources: readonly ResourceDefinition[]): ResourceDefinition[] {
  return resources.filter((resource) => resource.searchable.length > 0);
}

/** The search row of a record, or null when it has none (tombstone, or not in the list order). */
export function searchRowOf(resource: ResourceDefinition, record: StoredRecord): SearchRow | null {
  if (record._deleted || typeof record._sort !== 'string') return null;
  return { key: record.key, s: record._sort, w: recordWords(record, resource.searchable) };
}

/**
 * The middleware keeping every search table in step with its resource table
 * (installed by SyncDatabase). `onWrite` hears of each write to a resource
 * table as it is queued (the in-memory search rows drop then).
 */
export function searchRowsMiddleware(registry: ResourceRegistry, onWrite: (resourceName: string) => void): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'SearchRows',
    create(down) {
      const present = new Set(down.schema.tables.map((table) => table.name));
      // Resource table name → its resource, for the resources whose search table exists in this schema.
      const indexed = new Map<string, ResourceDefinition>();
      for (const resource of registry.resources) {
        if (resource.searchable.length > 0 && present.has(resource.name) && present.has(searchTableName(resource.name)))
          indexed.set(resource.name, resource);
      }
      if (indexed.size === 0) return down;
      return {
        ...down,
        transaction(stores, mode, options) {
          if (mode !== 'readwrite') return down.transaction(stores, mode, options);
          const scope = new Set(stores);
          for (const store of stores) if (indexed.has(store)) scope.add(searchTableName(store));
          return down.transaction([...scope], mode, options);
        },
        table(name) {
          const table = down.table(name);
          const resource = indexed.get(name);
          if (!resource) return table;
          const searchTable = down.table(searchTableName(name));
          return {
            ...table,
            mutate: (request) => {
              onWrite(name);
              return mutateBoth(resource, table, searchTable, request);
            },
          };
        },
      };
    },
  };
}

/** Sends the record mutation and the matching search-row mutations in the same transaction (queued in order, awaited together). */
async function mutateBoth(resource: ResourceDefinition, table: DBCoreTable, searchTable: DBCoreTable, request: DBCoreMutateRequest) {
  const trans = request.trans;
  const follow: Promise<unknown>[] = [];
  if (request.type === 'delete') {
    follow.push(searchTable.mutate({ type: 'delete', trans, keys: request.keys }));
  } else if (request.type === 'deleteRange') {
    follow.push(searchTable.mutate({ type: 'deleteRange', trans, range: request.range }));
  } else if (request.type === 'add') {
    // An add may fail per row (key taken): only the rows added get their search row.
    const result = await table.mutate(request);
    const values = (request.values as StoredRecord[]).filter((_, index) => result.failures[index] === undefined);
    await Promise.all(searchMutations(resource, searchTable, trans, values));
    return result;
  } else {
    follow.push(...searchMutations(resource, searchTable, trans, request.values as StoredRecord[]));
  }
  const [result] = await Promise.all([table.mutate(request), ...follow]);
  return result;
}

function searchMutations(
  resource: ResourceDefinition,
  searchTable: DBCoreTable,
  trans: DBCoreTransaction,
  values: readonly StoredRecord[],
): Promise<unknown>[] {
  const rows: SearchRow[] = [];
  const gone: string[] = [];
  for (const value of values) {
    const row = searchRowOf(resource, value);
    if (row) rows.push(row);
    else if (typeof value?.key === 'string') gone.push(value.key);
  }
  const mutations: Promise<unknown>[] = [];
  if (rows.length > 0) mutations.push(searchTable.mutate({ type: 'put', trans, values: rows }));
  if (gone.length > 0) mutations.push(searchTable.mutate({ type: 'delete', trans, keys: gone }));
  return mutations;
}
