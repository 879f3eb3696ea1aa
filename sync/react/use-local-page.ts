/**
 * A page of a synced list, read from the local store: works offline, follows
 * every local save and every pull live, pages of 10, newest first, search by
 * word prefix. `loading` is true until the first answer for these inputs
 * (never confuse it with an empty list: `total === 0` is the empty list).
 */
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
  const state = useLive(
    async () => (await readPage(db, resource, { search, page, pageSize, where })) as unknown as PageResult<ResourceRecordMap[R]>,
    [db.name, resource, search, page, pageSize, where],
  );
  return state.loading ? state : { loading: false, ...state.data };
}
