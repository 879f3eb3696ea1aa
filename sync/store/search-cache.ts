/**
 * The local search's rows, held in memory per resource: for each live
 * record, its key, its list order and its normalised words (`recordWords`),
 * newest first. They come from the resource's stored snapshot when it has
 * one (search-snapshot.ts: one read), else from the records themselves, and
 * then follow this connection's writes change by change, so a save or a
 * pulled page does not send the next search back to reading every record.
 *
 * Changes are applied when their transaction commits, never before: a
 * search started while a write to the table is pending waits for its end,
 * so it never shows a write that is rolled back. Writes of another
 * connection or tab (Dexie's `storagemutated`, which carries no values)
 * drop the rows; the next search reloads them.
 *
 * The snapshot is kept true by the write path itself: the first write to a
 * resource's table after a snapshot may exist deletes that snapshot in the
 * same transaction (one request, once per snapshot), and once the writes
 * settle the rows in memory are stored again, in a transaction over the
 * resource's table so no write slips between. Only resources of at least
 * MIN_SNAPSHOT_ROWS rows get one; smaller ones load in milliseconds.
 * Everything here is a cache: a failure only means the next search reads
 * the records (docs/decisions/sync-search-rows.md).
 */
import Dexie, { type DBCore, type DBCoreMutateRequest, type Middleware, type ObservabilitySet } from 'dexie';
import type { ResourceDefinition } from './registry/resource';
import { recordWords } from './search-index';
import { MIN_SNAPSHOT_ROWS, rowsOfSnapshot, SEARCH_SNAPSHOTS, snapshotOf, type SearchSnapshot } from './search-snapshot';
import type { StoredRecord } from './types';

/** A record as the search scans it: the words as one text, each preceded by a space. */
export interface CachedSearchRow {
  key: string;
  sort: string;
  /** ' word1 word2 …': a query word starts a word when `text` includes ' ' + it. */
  text: string;
}

/** Records per read when the rows are loaded from the records. */
const LOAD_CHUNK = 1_000;
/** How long the writes must have settled before the rows are stored again. */
const SNAPSHOT_DELAY_MS = 1_500;

/** The IndexedDB transaction a write runs in, as Dexie's core hands it over. */
interface WriteTransaction {
  addEventListener(type: 'complete' | 'abort', listener: () => void): void;
  objectStoreNames?: { contains(name: string): boolean };
  /** Set by Dexie's observability layer: the parts its `storagemutated` event will carry. */
  mutatedParts?: ObservabilitySet;
}

/** A transaction's writes to one table: the records put and keys deleted, in order; null when they cannot be followed. */
type PendingWrites = Array<{ put: readonly StoredRecord[] } | { delete: readonly string[] }> | null;

interface ResourceState {
  /** Bumped when the rows are dropped: a load that a write overtook is returned but not kept. */
  generation: number;
  rows?: readonly CachedSearchRow[];
  loading?: Promise<readonly CachedSearchRow[]>;
  /** This connection's transactions writing the table, until they end. */
  pending: Map<WriteTransaction, PendingWrites>;
  /** Resolves when `pending` empties. */
  settled?: { promise: Promise<void>; resolve: () => void };
  /** A stored snapshot may exist (unknown after opening, so true): the next write deletes it. */
  snapshotMayExist: boolean;
  /** Committed writes since the stored snapshot (or since opening). */
  dirty: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

export class SearchCache {
  private readonly states = new Map<string, ResourceState>();
  /** The observability sets of this connection's committed writes: their `storagemutated` is already applied. */
  private readonly ownParts = new WeakSet<ObservabilitySet>();
  private listening = false;

  /** `resourceOf`: a searchable resource's definition by name (the store's registry). */
  constructor(
    private readonly db: Dexie,
    private readonly resourceOf: (resourceName: string) => ResourceDefinition,
  ) {}

  /** The resource's search rows, newest first: from memory, else the snapshot, else the records. */
  rows(resourceName: string): Promise<readonly CachedSearchRow[]> {
    const state = this.state(resourceName);
    if (state.pending.size > 0) return this.settledOf(state).then(() => this.rows(resourceName));
    if (state.rows) return Promise.resolve(state.rows);
    if (state.loading) return state.loading;
    this.listen();
    const generation = state.generation;
    const loading = this.load(resourceName, state)
      .then((rows) => {
        if (state.generation === generation) state.rows = rows;
        return rows;
      })
      .finally(() => {
        if (state.loading === loading) state.loading = undefined;
      });
    state.loading = loading;
    return loading;
  }

  /** True when the resource's rows are in memory (the next search reads nothing but its page). */
  loaded(resourceName: string): boolean {
    return this.states.get(resourceName)?.rows !== undefined;
  }

  /** The resource's live records counted from memory (what the `_sort` index counts), when its rows are there and no write is pending. */
  liveCount(resourceName: string): number | undefined {
    const state = this.states.get(resourceName);
    return state && state.pending.size === 0 ? state.rows?.length : undefined;
  }

  /**
   * Before a pull: the rows of every resource with a stored snapshot are
   * loaded from it (one read each), so the pull's writes are followed in
   * memory and the rows stored again from there, instead of the first write
   * deleting the snapshot and the next search reading every record.
   */
  async loadStored(): Promise<void> {
    if (!this.hasSnapshots()) return;
    try {
      const names = (await this.db.table(SEARCH_SNAPSHOTS).toCollection().primaryKeys()) as string[];
      await Promise.all(names.filter((name) => !this.loaded(name)).map((name) => this.rows(name)));
    } catch {
      // A cache: the next search loads what it needs.
    }
  }

  /**
   * After a pull: every resource written since its snapshot, large enough to
   * keep one, has its rows loaded (when they are not) and stored, once the
   * writes settle, so the next session's first search reads one snapshot.
   */
  keepSnapshots(): void {
    for (const [name, state] of this.states) if (state.dirty) this.scheduleSnapshot(name, state);
  }

  /** Drops the resource's rows. */
  invalidate(resourceName: string): void {
    const state = this.states.get(resourceName);
    if (!state) return;
    state.generation += 1;
    state.rows = undefined;
    state.loading = undefined;
  }

  /** Forgets everything and stops listening (the database is closed). */
  clear(): void {
    for (const [name, state] of this.states) {
      this.invalidate(name);
      if (state.timer) clearTimeout(state.timer);
      state.timer = undefined;
      state.snapshotMayExist = true;
    }
    if (this.listening) Dexie.on.storagemutated.unsubscribe(this.onMutated);
    this.listening = false;
  }

  /**
   * A write to the resource's table is being queued in `trans` (called by the
   * middleware): its values wait there for the commit. Returns true when the
   * stored snapshot must be deleted with it.
   */
  writing(resourceName: string, trans: WriteTransaction, request: DBCoreMutateRequest): boolean {
    const state = this.state(resourceName);
    this.listen();
    // A load under way may have read before this write: not kept.
    if (state.loading) state.generation += 1;
    if (!state.pending.has(trans)) {
      state.pending.set(trans, []);
      trans.addEventListener('complete', () => this.ended(resourceName, state, trans, true));
      trans.addEventListener('abort', () => this.ended(resourceName, state, trans, false));
    }
    const writes = state.pending.get(trans);
    // Values are kept only for rows in memory; a write that cannot be followed drops them at the commit.
    if (writes && state.rows) {
      if (request.type === 'put' || request.type === 'add') writes.push({ put: request.values as StoredRecord[] });
      else if (request.type === 'delete') writes.push({ delete: request.keys as string[] });
      else state.pending.set(trans, null);
    } else if (writes) state.pending.set(trans, null);
    const deleteSnapshot = state.snapshotMayExist;
    state.snapshotMayExist = false;
    return deleteSnapshot;
  }

  /** The write in `trans` failed (the transaction may still commit): its changes are not followed. */
  failed(resourceName: string, trans: WriteTransaction): void {
    const state = this.states.get(resourceName);
    if (state?.pending.has(trans)) state.pending.set(trans, null);
  }

  /** The stored snapshot of a resource written outside a transaction that can delete it: deleted at once. */
  deleteApart(resourceName: string): void {
    // Outside the write's transaction, which does not include the snapshots' table.
    Dexie.ignoreTransaction(() => this.db.table(SEARCH_SNAPSHOTS).delete(resourceName)).catch(() => undefined);
  }

  private ended(resourceName: string, state: ResourceState, trans: WriteTransaction, committed: boolean): void {
    const writes = state.pending.get(trans);
    state.pending.delete(trans);
    if (committed) {
      if (trans.mutatedParts) this.ownParts.add(trans.mutatedParts);
      state.dirty = true;
      if (state.rows) {
        if (writes) state.rows = withWrites(state.rows, this.resourceOf(resourceName), writes);
        else this.invalidate(resourceName);
      }
      if (state.rows && state.rows.length >= MIN_SNAPSHOT_ROWS) this.scheduleSnapshot(resourceName, state);
    }
    if (state.pending.size === 0 && state.settled) {
      state.settled.resolve();
      state.settled = undefined;
    }
  }

  private settledOf(state: ResourceState): Promise<void> {
    if (!state.settled) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      state.settled = { promise, resolve };
    }
    return state.settled.promise;
  }

  private async load(resourceName: string, state: ResourceState): Promise<CachedSearchRow[]> {
    const stored = await this.readSnapshot(resourceName);
    if (stored) return stored;
    const rows = await this.loadRecords(resourceName);
    // Nothing stored matches the records: store them once the writes settle.
    state.dirty = true;
    if (rows.length >= MIN_SNAPSHOT_ROWS) this.scheduleSnapshot(resourceName, state);
    return rows;
  }

  private async readSnapshot(resourceName: string): Promise<CachedSearchRow[] | null> {
    if (!this.hasSnapshots()) return null;
    try {
      return rowsOfSnapshot(await this.db.table<SearchSnapshot, string>(SEARCH_SNAPSHOTS).get(resourceName));
    } catch {
      return null;
    }
  }

  /**
   * Reads the table in key order, LOAD_CHUNK records per request, and sorts
   * here (a read through the `_sort` index costs a lookup per record). Each
   * chunk's answer is a task of its own, so a tablet draws frames and takes
   * input between chunks instead of freezing for one long read of 10,000
   * records.
   */
  private async loadRecords(resourceName: string): Promise<CachedSearchRow[]> {
    const resource = this.resourceOf(resourceName);
    const table = this.db.table<StoredRecord, string>(resourceName);
    const rows: CachedSearchRow[] = [];
    let after: string | undefined;
    for (;;) {
      const range = after === undefined ? table.toCollection() : table.where(':id').above(after);
      const chunk = await range.limit(LOAD_CHUNK).toArray();
      for (const record of chunk) {
        const row = rowOf(resource, record);
        if (row) rows.push(row);
      }
      if (chunk.length < LOAD_CHUNK) break;
      after = chunk.at(-1)!.key;
    }
    return rows.sort(newestFirst);
  }

  private scheduleSnapshot(resourceName: string, state: ResourceState): void {
    if (!this.hasSnapshots()) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      this.storeSnapshot(resourceName, state).catch(() => undefined);
    }, SNAPSHOT_DELAY_MS);
    // Node (tests, the bench): a pending snapshot never keeps the process alive.
    (state.timer as { unref?: () => void }).unref?.();
  }

  /** Stores the rows in memory (loading them if a pull left them unloaded), unless a write came first. */
  private async storeSnapshot(resourceName: string, state: ResourceState): Promise<void> {
    if (!state.dirty) return;
    if (!state.rows) {
      // A pull wrote the table: count before loading (small tables keep no snapshot).
      if ((await this.db.table(resourceName).count()) < MIN_SNAPSHOT_ROWS) {
        state.dirty = false;
        return;
      }
      await this.rows(resourceName);
    }
    const rows = state.rows;
    if (!rows || rows.length < MIN_SNAPSHOT_ROWS) return;
    await this.db.transaction('rw', [SEARCH_SNAPSHOTS, resourceName], async (transaction) => {
      // Over the resource's table too: a write either ended before (then the rows are newer) or waits for this one.
      if (state.rows !== rows || state.pending.size > 0) return;
      state.snapshotMayExist = true;
      state.dirty = false;
      await transaction.table(SEARCH_SNAPSHOTS).put(snapshotOf(resourceName, rows));
    });
  }

  private hasSnapshots(): boolean {
    return this.db.tables.some((table) => table.name === SEARCH_SNAPSHOTS);
  }

  private state(resourceName: string): ResourceState {
    let state = this.states.get(resourceName);
    if (!state) {
      state = { generation: 0, pending: new Map(), snapshotMayExist: true, dirty: false };
      this.states.set(resourceName, state);
    }
    return state;
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    Dexie.on.storagemutated.subscribe(this.onMutated);
  }

  /**
   * A committed change anywhere. This connection's own writes are applied
   * already (their transaction is still pending, or its set was recorded at
   * the commit); another's drop the resources whose table changed, and a
   * snapshot stored by another connection must be deleted by this one's next write.
   */
  private readonly onMutated = (parts: ObservabilitySet): void => {
    const prefix = `idb://${this.db.name}/`;
    const own =
      this.ownParts.has(parts) || [...this.states.values()].some((state) => [...state.pending.keys()].some((trans) => trans.mutatedParts === parts));
    for (const part of Object.keys(parts)) {
      if (!part.startsWith(prefix)) continue;
      const table = part.slice(prefix.length, part.indexOf('/', prefix.length));
      if (own) continue;
      if (table === SEARCH_SNAPSHOTS) for (const state of this.states.values()) state.snapshotMayExist = true;
      else this.invalidate(table);
    }
  };
}

function newestFirst(a: CachedSearchRow, b: CachedSearchRow): number {
  return a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0;
}

/** A live record's search row; none for a tombstone (no `_sort`). */
function rowOf(resource: ResourceDefinition, record: StoredRecord): CachedSearchRow | null {
  if (record._deleted || typeof record._sort !== 'string') return null;
  return { key: record.key, sort: record._sort, text: ` ${recordWords(record, resource.searchable).join(' ')}` };
}

/** The rows after a transaction's writes (the last write of a key wins), still newest first: one pass over the rows. */
function withWrites(rows: readonly CachedSearchRow[], resource: ResourceDefinition, writes: NonNullable<PendingWrites>): CachedSearchRow[] {
  const latest = new Map<string, StoredRecord | null>();
  for (const write of writes) {
    if ('put' in write) for (const record of write.put) latest.set(record.key, record);
    else for (const key of write.delete) latest.set(key, null);
  }
  const added: CachedSearchRow[] = [];
  for (const record of latest.values()) {
    const row = record && rowOf(resource, record);
    if (row) added.push(row);
  }
  added.sort(newestFirst);
  const merged: CachedSearchRow[] = [];
  let next = 0;
  for (const row of rows) {
    if (latest.has(row.key)) continue;
    while (next < added.length && newestFirst(added[next]!, row) < 0) merged.push(added[next++]!);
    merged.push(row);
  }
  while (next < added.length) merged.push(added[next++]!);
  return merged;
}

/** True when every query word starts a word of the row (`matchesAllWords` on the joined text). */
export function rowMatches(row: CachedSearchRow, queryWords: readonly string[]): boolean {
  for (const word of queryWords) if (!row.text.includes(` ${word}`)) return false;
  return true;
}

/**
 * Tells the cache of every write to a searchable resource's table as it is
 * queued, whatever the write path (put, add, delete, a range delete, a
 * Collection's modify or delete), and deletes the resource's stored
 * snapshot in the same transaction when one may exist: installed on the
 * store by SyncDatabase.
 */
export function searchCacheMiddleware(searchable: (tableName: string) => boolean, cache: () => SearchCache): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'SearchCache',
    create(down) {
      const snapshots = down.schema.tables.some((table) => table.name === SEARCH_SNAPSHOTS) ? down.table(SEARCH_SNAPSHOTS) : null;
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          if (!searchable(name)) return table;
          return {
            ...table,
            mutate: (request) => {
              const trans = request.trans as unknown as WriteTransaction;
              const deleteSnapshot = cache().writing(name, trans, request);
              const followed = table.mutate(request).then(
                (result) => {
                  if (result.numFailures > 0) cache().failed(name, trans);
                  return result;
                },
                (error: unknown) => {
                  cache().failed(name, trans);
                  throw error;
                },
              );
              if (!deleteSnapshot || !snapshots) return followed;
              if (!trans.objectStoreNames?.contains(SEARCH_SNAPSHOTS)) {
                // A transaction over this table alone: deleted in its own, right after.
                cache().deleteApart(name);
                return followed;
              }
              return Promise.all([snapshots.mutate({ type: 'delete', trans: request.trans, keys: [name] }), followed]).then(([, result]) => result);
            },
          };
        },
      };
    },
  };
}
