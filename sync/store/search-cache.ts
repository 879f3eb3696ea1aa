/**
 * The local search's rows, held in memory per resource: for each live
 * record, its key, its list order and its normalised words, derived from
 * the records themselves (`recordWords`) the first time a resource is
 * searched, newest first. Nothing of the search is stored: the records are
 * the only copy, so a pull or a push writes one row per record (a stored
 * index, in the record or beside it, made each write in Chromium cost up to
 * twice as much: bench/diary/sync.md; docs/decisions/sync-search-rows.md).
 *
 * Two signals drop a resource's rows: this connection's own writes (the
 * middleware below calls `invalidate` while the write is queued, so a search
 * started after it reads the committed records: IndexedDB runs a read that
 * starts after a write on the same table once the write is done), and
 * Dexie's `storagemutated` event, which fires after any commit on the
 * database, from other connections and other tabs too. A load that a drop
 * overtook is returned to its caller but not kept.
 */
import Dexie, { type DBCore, type Middleware, type ObservabilitySet } from 'dexie';
import type { ResourceDefinition } from './registry/resource';
import { recordWords } from './search-index';
import type { StoredRecord } from './types';

/** A record as the search scans it: the words as one text, each preceded by a space. */
export interface CachedSearchRow {
  key: string;
  sort: string;
  /** ' word1 word2 …': a query word starts a word when `text` includes ' ' + it. */
  text: string;
}

/** Records per read when the rows are loaded. */
const LOAD_CHUNK = 1_000;

interface ResourceState {
  generation: number;
  rows?: readonly CachedSearchRow[];
  loading?: Promise<readonly CachedSearchRow[]>;
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
  rows(resourceName: string): Promise<readonly CachedSearchRow[]> {
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
   * Reads the table in key order, LOAD_CHUNK records per request, and sorts
   * here (a read through the `_sort` index costs a lookup per record). Each
   * chunk's answer is a task of its own, so a tablet draws frames and takes
   * input between chunks instead of freezing for one long read of 10,000
   * records.
   */
  private async load(resourceName: string): Promise<CachedSearchRow[]> {
    const resource = this.resourceOf(resourceName);
    const table = this.db.table<StoredRecord, string>(resourceName);
    const rows: CachedSearchRow[] = [];
    let after: string | undefined;
    for (;;) {
      const range = after === undefined ? table.toCollection() : table.where(':id').above(after);
      const chunk = await range.limit(LOAD_CHUNK).toArray();
      addRows(rows, resource, chunk);
      if (chunk.length < LOAD_CHUNK) break;
      after = chunk.at(-1)!.key;
    }
    rows.sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0));
    return rows;
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

/** The search rows of the live records among `records` (tombstones have no `_sort`). */
function addRows(rows: CachedSearchRow[], resource: ResourceDefinition, records: readonly StoredRecord[]): void {
  for (const record of records) {
    if (record._deleted || typeof record._sort !== 'string') continue;
    rows.push({ key: record.key, sort: record._sort, text: ` ${recordWords(record, resource.searchable).join(' ')}` });
  }
}

/** True when every query word starts a word of the row (`matchesAllWords` on the joined text). */
export function rowMatches(row: CachedSearchRow, queryWords: readonly string[]): boolean {
  for (const word of queryWords) if (!row.text.includes(` ${word}`)) return false;
  return true;
}

/**
 * Tells the cache of every write to a searchable resource's table as it is
 * queued, whatever the write path (put, add, delete, a range delete, a
 * Collection's modify or delete): installed on the store by SyncDatabase.
 */
export function searchCacheMiddleware(searchable: (tableName: string) => boolean, onWrite: (resourceName: string) => void): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'SearchCache',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          if (!searchable(name)) return table;
          return {
            ...table,
            mutate: (request) => {
              onWrite(name);
              return table.mutate(request);
            },
          };
        },
      };
    },
  };
}
