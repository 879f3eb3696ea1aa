/**
 * A read-only resource's whole list (roles, modules, users, settings...),
 * read live from the local store: the last data the device pulled, offline
 * too, updated at once when an online write pulls the list again. The rows
 * are the wire records (server id in `id`) with their local `key`.
 */
import type { z } from 'zod';
import { readAll } from '../store/queries';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

export type ReadOnlyListState<T> = { loading: true } | { loading: false; rows: Array<T & { key: string }> };

/** `schema` only types the rows (records on the device were checked when pulled). */
export function useReadOnlyList<S extends z.ZodType>(resource: string, _schema: S): ReadOnlyListState<z.infer<S>> {
  const db = useSyncDatabase();
  const state = useLive(async () => (await readAll(db, resource)) as unknown as Array<z.infer<S> & { key: string }>, [db.name, resource]);
  return state.loading ? { loading: true } : { loading: false, rows: state.data };
}
