/**
 * The local store: one Dexie database holding a table per resource, the
 * outbox, sync metadata and file blobs. Opening it applies the versioned
 * schema (schema.ts); the registry says which resource tables exist.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { MetaRow, OutboxEntry, StoredFile, StoredRecord } from './types';
import { createDefaultRegistry, type ResourceRegistry } from './registry';
import { SCHEMA_VERSIONS, type SchemaVersion } from './schema';

export const DEFAULT_DATABASE_NAME = 'higiene-sync';

export interface SyncDatabaseOptions extends DexieOptions {
  registry?: ResourceRegistry;
  /** The schema history; tests pass their own to exercise migrations. */
  versions?: readonly SchemaVersion[];
}

export class SyncDatabase extends Dexie {
  declare outbox: Table<OutboxEntry, number>;
  declare meta: Table<MetaRow, string>;
  declare files: Table<StoredFile, string>;
  readonly registry: ResourceRegistry;
  /** Set by an explicit close(): the engine must not reopen a database its owner closed. */
  closedOnPurpose = false;

  constructor(name: string = DEFAULT_DATABASE_NAME, options: SyncDatabaseOptions = {}) {
    const { registry, versions, ...dexieOptions } = options;
    super(name, dexieOptions);
    this.registry = registry ?? createDefaultRegistry();
    for (const step of versions ?? SCHEMA_VERSIONS) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrade) version.upgrade(step.upgrade);
    }
  }

  override close(options?: { disableAutoOpen: boolean }): void {
    // Dexie closes with disableAutoOpen false itself when the connection drops.
    if (options?.disableAutoOpen !== false) this.closedOnPurpose = true;
    super.close(options);
  }

  /** The table of a resource. */
  records(resource: string): Table<StoredRecord, string> {
    return this.table(this.registry.get(resource).name);
  }

  /** Every table, for transactions that may cascade across resources. */
  allTables(): Table[] {
    return this.tables;
  }
}
