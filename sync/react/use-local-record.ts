/**
 * Local reads for edit forms and selects: one record by local key, every
 * record of a small list (types, categories), the lines of a parent. Each is
 * live and offline, and says `loading` until its first answer; a missing
 * record (never existed, or deleted) is `record: undefined` once loaded.
 */
import { readAll, readChildren, readRecord } from '../store/queries';
import type { ResourceName, ResourceRecordMap } from '../store/registry/catalog-records';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

export type LocalRecordState<T> = { loading: true } | { loading: false; record: T | undefined };
export type LocalListState<T> = { loading: true } | { loading: false; rows: T[] };

export function useLocalRecord<R extends ResourceName>(resource: R, key: string | null | undefined): LocalRecordState<ResourceRecordMap[R]> {
  const db = useSyncDatabase();
  const state = useLive(
    async () => (key ? ((await readRecord(db, resource, key)) as unknown as ResourceRecordMap[R] | undefined) : undefined),
    [db.name, resource, key ?? null],
  );
  return state.loading ? { loading: true } : { loading: false, record: state.data };
}

export function useLocalList<R extends ResourceName>(resource: R): LocalListState<ResourceRecordMap[R]> {
  const db = useSyncDatabase();
  const state = useLive(async () => (await readAll(db, resource)) as unknown as ResourceRecordMap[R][], [db.name, resource]);
  return state.loading ? { loading: true } : { loading: false, rows: state.data };
}

/** The lines (child records) of a parent, in the order they were added. */
export function useLocalLines<R extends ResourceName>(resource: R, parentKey: string | null | undefined): LocalListState<ResourceRecordMap[R]> {
  const db = useSyncDatabase();
  const state = useLive(
    async () => (parentKey ? ((await readChildren(db, resource, parentKey)) as unknown as ResourceRecordMap[R][]) : []),
    [db.name, resource, parentKey ?? null],
  );
  return state.loading ? { loading: true } : { loading: false, rows: state.data };
}
