/**
 * The record an edit route names. Routes carry the server id when the record
 * has one (`/admin/agentes/42`, shareable across devices) and the local key
 * (a UUID) when it was created on this device and not pushed yet. This hook
 * resolves either: digits through the table's `id` index, anything else as
 * the local key. A record opened by its key keeps resolving after its id
 * arrives (the key never changes), so a page opened offline keeps working.
 *
 * Once a record opened by its local key has its server id, the route should
 * name it by the id instead (`routeParamToReplace`), so the URL the user
 * copies or bookmarks opens the record on any device.
 *
 * While a new parameter resolves, the record already shown is kept when the
 * new parameter names it too (key → id after a save), so the form on the
 * page is not torn down for a lookup that ends on the same record.
 */
import { readRecord, readRecordById } from '../store/queries';
import type { ResourceName, ResourceRecordMap } from '../store/registry/catalog-records';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';
import type { LocalRecordState } from './use-local-record';

const SERVER_ID = /^\d{1,10}$/;

/** True when a route parameter is a server id (digits), false for a local key. */
export function isServerIdParam(param: string): boolean {
  return SERVER_ID.test(param) && Number(param) > 0 && Number.isSafeInteger(Number(param));
}

/** The route parameter for a record: its server id when known, else its local key. */
export function routeParamOf(record: { key: string; id: number | null }): string {
  return record.id !== null ? String(record.id) : record.key;
}

/**
 * The parameter the route should show instead of `param` for `record`: its
 * server id when the route still names it by the local key and the id has
 * arrived; null when the route already names it the canonical way.
 */
export function routeParamToReplace(param: string, record: { key: string; id: number | null }): string | null {
  const canonical = routeParamOf(record);
  return param.trim() === canonical || !names(record, param.trim()) ? null : canonical;
}

function names(record: { key: string; id: number | null }, param: string): boolean {
  return record.key === param || (record.id !== null && String(record.id) === param);
}

export function useRouteRecord<R extends ResourceName>(resource: R, param: string | null | undefined): LocalRecordState<ResourceRecordMap[R]> {
  const db = useSyncDatabase();
  const wanted = param?.trim() || null;
  const state = useLive(async () => {
    if (!wanted) return undefined;
    const found = isServerIdParam(wanted) ? await readRecordById(db, resource, Number(wanted)) : await readRecord(db, resource, wanted);
    return found as unknown as ResourceRecordMap[R] | undefined;
  }, [db.name, resource, wanted]);
  if (state.loading) {
    const previous = state.previous;
    if (previous && wanted && names(previous, wanted)) return { loading: false, record: previous };
    return { loading: true };
  }
  return { loading: false, record: state.data };
}
