/**
 * The search rows of each resource held in memory, newest first, for
 * searches that scan them (queries.ts). One `toArray` of the resource's
 * search table loads them on the first search; any write to the resource
 * drops them and the next search loads them again.
 *
 * Two signals drop a resource's rows: this connection's own writes (the
 * search-rows middleware calls `invalidate` while the write is queued, so a
 * search started after it reads the committed rows: IndexedDB runs a read
 * that starts after a write on the same table once the write is done), and
 * Dexie's `storagemutated` event, which fires after any commit on the
 * database, from other connections and other tabs too. A load that a drop
 * overtook is returned to its caller but not kept.
 */
import Dexie, { type ObservabilitySet } from 'dexie';
import { searchTableName, type SearchRow } from './search-rows';

/** A search row as the scan reads it: the words as one text, each preceded by a space. */
export interface CachedSearchRow {
  key: string;
  sort: string;
  /** ' word1 word2 …': a query word starts a word when `text` includes ' ' + it. */
  text: string;
}

interface ResourceState {
  generation: number;
  rows?: readonly CachedSearchRow[];
  loading?: Promise<readonly CachedSearchRow[]>;
}

export class SearchCache {
  private readonly states = new Map<string, ResourceState>();
  private listening = false;

  constructor(private readonly db: Dexie) {}

  /** The resource's search rows, newest first (loaded once, then from memory). */
  rows(resourceName: string): Promise<readonly CachedSearchRow[]> {
    const state = this.state(resourceName);
    if (state.rows) return Promise.resolve(state.rows);
    if (state.loading) return state.loading;
    this.listen();
    const generation = state.generation;
    const loading = this.db
      .table<SearchRow, string>(searchTableName(resourceName))
      .toArray()
      .then((stored) => {
        const rows = toCachedRows(stored);
        if (state.generation === generation) state.rows = rows;
        return rows;
      })
      .finally(() => {
        if (state.loading === loading) state.loading = undefined;
      });
    state.loading = loading;
    return loading;
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

  /** A committed change anywhere: drop the resources whose search table (or record table) changed in this database. */
  private readonly onMutated = (parts: ObservabilitySet): void => {
    const prefix = `idb://${this.db.name}/`;
    for (const part of Object.keys(parts)) {
      if (!part.startsWith(prefix)) continue;
      const table = part.slice(prefix.length, part.indexOf('/', prefix.length));
      const resourceName = table.endsWith('_search') ? table.slice(0, -'_search'.length) : table;
      this.invalidate(resourceName);
    }
  };
}

/** Newest first, as the list shows them (`_sort` descending, compared as IndexedDB compares strings). */
function toCachedRows(stored: readonly SearchRow[]): CachedSearchRow[] {
  const rows = stored.map((row) => ({ key: row.key, sort: row.s, text: ` ${row.w.join(' ')}` }));
  rows.sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0));
  return rows;
}

/** True when every query word starts a word of the row (`matchesAllWords` on the joined text). */
export function rowMatches(row: CachedSearchRow, queryWords: readonly string[]): boolean {
  for (const word of queryWords) if (!row.text.includes(` ${word}`)) return false;
  return true;
}
