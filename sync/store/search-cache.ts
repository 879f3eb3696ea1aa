/**
 * The local search's rows, held in memory per resource (search-scan.ts):
 * for each live record, its key, its list order and its normalised words,
 * newest first. They come from the log kept beside the records
 * (search-log.ts: a base and the changes after it, a few rows), else from
 * the records themselves (`recordWords`), which then become the log's base.
 * The records stay the only source of truth: the log is written in the same
 * transaction as every record write and ignored when it may not match them.
 *
 * Two signals drop a resource's rows in memory: this connection's own
 * writes (the middleware calls `invalidate` while the write is queued, so a
 * search started after it reads the committed log: IndexedDB runs a read
 * that starts after a write on the same table once the write is done), and
 * Dexie's `storagemutated` event, which fires after any commit on the
 * database, from other connections and other tabs too. A load that a drop
 * overtook is returned to its caller but not kept.
 */
import Dexie, { type ObservabilitySet } from 'dexie';
import type { ResourceDefinition } from './registry/resource';
import { readLog, rebase, type LogHead } from './search-log';
import { applyChanges, compareEntries, entryOf, rowsOf, withStarts, type SearchEntry, type SearchRows } from './search-scan';
import type { StoredRecord } from './types';

/** Records per read when the rows are loaded from the records. */
const LOAD_CHUNK = 1_000;
/** Changes after the base past which a load keeps its result as the new base (a base of 50,000 agents is about 8 MB). */
const REBASE_AFTER_DELTAS = 32;
const REBASE_AFTER_CHANGES = 2_000;

interface ResourceState {
  generation: number;
  rows?: SearchRows;
  loading?: Promise<SearchRows>;
}

export class SearchCache {
  private readonly states = new Map<string, ResourceState>();
  private listening = false;

  /** `resourceOf`: a searchable resource's definition by name (the store's registry). */
  constructor(
    private readonly db: Dexie,
    private readonly resourceOf: (resourceName: string) => ResourceDefinition,
  ) {}

  /** The resource's search rows, newest first (loaded once, then from memory). */
  rows(resourceName: string): Promise<SearchRows> {
    const state = this.state(resourceName);
    if (state.rows) return Promise.resolve(state.rows);
    if (state.loading) return state.loading;
    this.listen();
    const generation = state.generation;
    const loading = this.load(resourceName)
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

  /**
   * From the log when it describes the table (its base and the changes
   * after it); else from the records, and the result becomes the log's
   * base. Keeping a new base is not awaited: the search does not wait for
   * the write (a failed one only means the next load reads more).
   */
  private async load(resourceName: string): Promise<SearchRows> {
    const log = await readLog(this.db, resourceName);
    if (log.base && log.changes) {
      const rows = applyChanges(withStarts(log.base.keys, log.base.sorts, log.base.text), log.changes);
      const deltas = log.seq - (log.head?.baseSeq ?? 0);
      if (deltas > REBASE_AFTER_DELTAS || log.changes.size > REBASE_AFTER_CHANGES) this.keep(resourceName, rows, log.seq, log.head, false);
      return rows;
    }
    const rows = await this.loadRecords(resourceName);
    this.keep(resourceName, rows, log.seq, log.head, true);
    return rows;
  }

  private keep(resourceName: string, rows: SearchRows, seq: number, head: LogHead | undefined, fromRecords: boolean): void {
    rebase(this.db, resourceName, rows, seq, head, fromRecords).catch(() => undefined);
  }

  /**
   * Reads the table in key order, LOAD_CHUNK records per request, and sorts
   * here (a read through the `_sort` index costs a lookup per record). Each
   * chunk's answer is a task of its own, so a tablet draws frames and takes
   * input between chunks instead of freezing for one long read of 10,000
   * records.
   */
  private async loadRecords(resourceName: string): Promise<SearchRows> {
    const resource = this.resourceOf(resourceName);
    const table = this.db.table<StoredRecord, string>(resourceName);
    const entries: SearchEntry[] = [];
    let after: string | undefined;
    for (;;) {
      const range = after === undefined ? table.toCollection() : table.where(':id').above(after);
      const chunk = await range.limit(LOAD_CHUNK).toArray();
      for (const record of chunk) {
        const entry = entryOf(resource, record);
        if (entry) entries.push(entry);
      }
      if (chunk.length < LOAD_CHUNK) break;
      after = chunk.at(-1)!.key;
    }
    entries.sort(compareEntries);
    return rowsOf(
      entries.map((entry) => entry.key),
      entries.map((entry) => entry.sort),
      entries.map((entry) => entry.text),
    );
  }

  /** Drops the resource's rows (called on every write to the resource, before it commits). */
  invalidate(resourceName: string): void {
    const state = this.states.get(resourceName);
    if (!state) return;
    state.generation += 1;
    state.rows = undefined;
    state.loading = undefined;
  }

  /** Forgets everything and stops listening (the database is closed). */
  clear(): void {
    for (const name of [...this.states.keys()]) this.invalidate(name);
    if (this.listening) Dexie.on.storagemutated.unsubscribe(this.onMutated);
    this.listening = false;
  }

  private state(resourceName: string): ResourceState {
    let state = this.states.get(resourceName);
    if (!state) {
      state = { generation: 0 };
      this.states.set(resourceName, state);
    }
    return state;
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    Dexie.on.storagemutated.subscribe(this.onMutated);
  }

  /** A committed change anywhere: drop the resources whose table changed in this database. */
  private readonly onMutated = (parts: ObservabilitySet): void => {
    const prefix = `idb://${this.db.name}/`;
    for (const part of Object.keys(parts)) {
      if (!part.startsWith(prefix)) continue;
      this.invalidate(part.slice(prefix.length, part.indexOf('/', prefix.length)));
    }
  };
}
