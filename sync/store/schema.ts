/**
 * The versioned Dexie schema of the local store and its migrations.
 *
 * A resource's indexes come from its declaration (`resourceIndexes`): primary
 * key `key`, the server `id`, the list order `_sort`, the multi-entry search
 * index `*_search`, and both sides of every reference (local key and server id),
 * so key→id replacement and local cascades are index lookups.
 *
 * Versions are append-only. To add a resource (customers, say), declare it
 * in the registry and append `{ version: N + 1, stores: resourceStores([customers]) }`;
 * to change a table's indexes or reshape its rows, append a version with the
 * new index string and an `upgrade` that rewrites the rows. Never edit a
 * version that has shipped: devices hold data written under it.
 */
import type { Transaction } from 'dexie';
import { withIndexes } from './local-record';
import { allReferences, type ResourceDefinition } from './registry/resource';
import { CATALOG_RESOURCES } from './registry/catalog';
import { CUSTOMER_RESOURCES } from './registry/customers';
import { QUOTATION_RESOURCES } from './registry/quotations';
import { READ_ONLY_RESOURCES } from './registry/read-only';
import { SAMPLE_RESOURCES } from './registry/samples';

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

/** Index spec of one resource table. */
export function resourceIndexes(resource: ResourceDefinition): string {
  const indexes = ['key', 'id', '_sort', '*_search'];
  for (const reference of allReferences(resource)) indexes.push(reference.keyField, reference.field);
  return indexes.join(', ');
}

export function resourceStores(resources: readonly ResourceDefinition[]): Record<string, string> {
  return Object.fromEntries(resources.map((resource) => [resource.name, resourceIndexes(resource)]));
}

/** Recomputes the list and search index fields of every row of the resources (after a change to how they are derived). */
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
  { version: 1, stores: { ...ENGINE_STORES, ...resourceStores(CATALOG_RESOURCES) } },
  // Issue 5: customers, their addresses and files (new tables only; the files table is version 1's).
  { version: 2, stores: resourceStores(CUSTOMER_RESOURCES) },
  // Issue 8: masked numbers are also indexed whole ('50-00-0' → '50000'), so a masked query finds them.
  { version: 3, stores: {}, upgrade: reindexRecords([...CATALOG_RESOURCES, ...CUSTOMER_RESOURCES]) },
  // Issue 8: quotations, the first document (nested lines are fields of the record, not tables).
  { version: 4, stores: resourceStores(QUOTATION_RESOURCES) },
  // Issue 8: the read-only lists (settings, modules, user types, roles, payment, exposition and sample types, users).
  { version: 5, stores: resourceStores(READ_ONLY_RESOURCES) },
  // Issue 13: samples (blocks are fields of the record) and their files (photos); drafts typed and not yet saved (drafts.ts).
  { version: 6, stores: { ...resourceStores(SAMPLE_RESOURCES), drafts: 'key' } },
];
