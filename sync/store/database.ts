/**
 * The local store: one Dexie database holding a table per resource, the
 * outbox, sync metadata and file blobs. Opening it applies the versioned
 * schema (schema.ts); the registry says which resource tables exist.
 */
import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import type { MetaRow, OutboxEntry, StoredFile, StoredRecord } from './types';
import { createDefaultRegistry, type ResourceRegistry } from './registry';
import { withReopen } from './reopen';
import { SCHEMA_VERSIONS, type SchemaVersion } from './schema';
import { SearchCache, searchCacheMiddleware } from './search-cache';

export const DEFAULT_DATABASE_NAME = 'higiene-sync';

export interface SyncDatabaseOptions extends DexieOptions {
  registry?: ResourceRegistry;
  /** The schema history; tests pass their own to exercise migrations. */
  versions?: readonly SchemaVersion[];
}

/**
 * The tables of the store, as the engine's modules use them: either the
 * database itself (a single read) or a view bound to one transaction.
 */
export interface StoreScope {
  readonly registry: ResourceRegistry;
  readonly outbox: Table<OutboxEntry, number>;
  readonly meta: Table<MetaRow, string>;
  readonly files: Table<StoredFile, string>;
  records(resource: string): Table<StoredRecord, string>;
}

export class SyncDatabase extends Dexie implements StoreScope {
  declare outbox: Table<OutboxEntry, number>;
  declare meta: Table<MetaRow, string>;
  declare files: Table<StoredFile, string>;
  readonly registry: ResourceRegistry;
  /** Set by an explicit close(): the engine must not reopen a database its owner closed. */
  closedOnPurpose = false;
  /** The search rows in memory (queries.ts reads them; this connection's writes update them). */
  readonly searchCache: SearchCache = new SearchCache(this, (resourceName) => this.registry.get(resourceName));

  constructor(name: string = DEFAULT_DATABASE_NAME, options: SyncDatabaseOptions = {}) {
    const { registry, versions, ...dexieOptions } = options;
    super(name, dexieOptions);
    this.registry = registry ?? createDefaultRegistry();
    for (const step of versions ?? SCHEMA_VERSIONS) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrade) version.upgrade(step.upgrade);
    }
    const searchable = new Set(this.registry.resources.filter((resource) => resource.searchable.length > 0).map((resource) => resource.name));
    this.use(
      searchCacheMiddleware(
        (table) => searchable.has(table),
        () => this.searchCache,
      ),
    );
  }

  override close(options?: { disableAutoOpen: boolean }): void {
    // Dexie closes with disableAutoOpen false itself when the connection drops.
    if (options?.disableAutoOpen !== false) this.closedOnPurpose = true;
    this.searchCache.clear();
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

  /**
   * Runs `work` in one read-write transaction over every table (a change may
   * cascade across resources). `work` gets tables bound to the transaction:
   * Dexie otherwise finds the transaction through its async "zone", which
   * can be lost after many nested native awaits with other work running in
   * parallel (the engine sends several chains at once); the operations then
   * escape into transactions of their own and the outer one commits early.
   * Bound tables cannot escape. Only store operations may be awaited inside.
   * A connection dropped under it (Safari after resume) is reopened and the
   * work run once more (an aborted transaction wrote nothing).
   */
  write<T>(work: (store: StoreScope) => Promise<T>): Promise<T> {
    return withReopen(this, () => this.transaction('rw', this.tables, (transaction) => work(this.bind(transaction))));
  }

  /** A read-only snapshot across every table, with the same bound tables. */
  read<T>(work: (store: StoreScope) => Promise<T>): Promise<T> {
    return withReopen(this, () => this.transaction('r', this.tables, (transaction) => work(this.bind(transaction))));
  }

  private bind(transaction: Transaction): StoreScope {
    const registry = this.registry;
    return {
      registry,
      outbox: transaction.table('outbox'),
      meta: transaction.table('meta'),
      files: transaction.table('files'),
      records: (resource) => transaction.table(registry.get(resource).name),
    };
  }
}
