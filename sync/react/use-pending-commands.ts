/**
 * Commands queued on records and not answered yet (a quotation's status
 * change made offline), per record, so a list can say the change shown is
 * not on the server yet. One indexed read of the outbox by resource, live.
 */
import type { ResourceName } from '../store/registry/catalog-records';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

const EMPTY: ReadonlyMap<string, readonly string[]> = new Map();

/** Local key → names of the commands still in the outbox ('status', 'duplicate'). */
export function usePendingCommands(resource: ResourceName): ReadonlyMap<string, readonly string[]> {
  const db = useSyncDatabase();
  const state = useLive(async () => {
    const entries = await db.outbox.where('resource').equals(resource).toArray();
    const pending = new Map<string, string[]>();
    for (const entry of entries) {
      if (entry.op !== 'command' || !entry.command) continue;
      pending.set(entry.key, [...(pending.get(entry.key) ?? []), entry.command.name]);
    }
    return pending;
  }, [db.name, resource]);
  if (state.loading) return state.previous ?? EMPTY;
  return state.data;
}
