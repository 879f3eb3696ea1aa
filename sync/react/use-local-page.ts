/**
 * A page of a synced list, read from the local store: works offline, follows
 * every local save and every pull live, pages of 10, newest first, search by
 * word prefix. `loading` is true until the first answer for these inputs
 * (never confuse it with an empty list: `total === 0` is the empty list).
 *
 * A searchable list also loads its search rows into memory once the page is
 * shown and the browser is idle (search-cache.ts derives them from every
 * record: about 200 ms for 10,000 agents on this 2-core machine), so the first
 * letter typed in the search box answers as fast as the next ones.
 */
import { useEffect } from 'react';
import { readPage, type PageQuery, type PageResult } from '../store/queries';
import type { ResourceName, ResourceRecordMap } from '../store/registry/catalog-records';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

export type LocalPageState<T> =
  | { loading: true /** The previous page while the next one loads (undefined on the first render). */; previous: PageResult<T> | undefined }
  | ({ loading: false } & PageResult<T>);

export function useLocalPage<R extends ResourceName>(resource: R, query: PageQuery = {}): LocalPageState<ResourceRecordMap[R]> {
  const db = useSyncDatabase();
  const { search = '', page = 1, pageSize, where } = query;
  useEffect(() => {
    if (db.registry.get(resource).searchable.length === 0) return;
    return whenIdle(() => {
      // A failure (the store closed meanwhile) only means the first search loads them.
      db.searchCache.rows(resource).catch(() => undefined);
    });
  }, [db, resource]);
  const state = useLive(
    async () => (await readPage(db, resource, { search, page, pageSize, where })) as unknown as PageResult<ResourceRecordMap[R]>,
    [db.name, resource, search, page, pageSize, where],
  );
  return state.loading ? state : { loading: false, ...state.data };
}

/** Runs `work` when the browser is idle (Safari has no requestIdleCallback: a short timer there); returns the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 300);
  return () => clearTimeout(timer);
}
