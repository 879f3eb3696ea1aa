/**
 * The commands of one record still in the outbox (a sample's Finalizar,
 * Aprovar, a comment), live, with their state: waiting or being sent, or
 * refused with the server's message. A screen shows 'Enviando…' for them
 * and, for a refused one, the server's reason with a way to send it again
 * or drop it (the sync page's actions). Read by the record's key (indexed).
 */
import type { OutboxStatus, RecordFields } from '../store/types';
import type { ResourceName } from '../store/registry/catalog-records';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

export interface RecordCommand {
  seq: number;
  /** The command's name in the registry ('finalize', 'review'). */
  name: string;
  /** Its body as queued ({ action: 'approve' }). */
  payload: RecordFields;
  status: OutboxStatus;
  /** The server's reason, for a refused one. */
  message: string | null;
}

const NONE: readonly RecordCommand[] = [];

export function useRecordCommands(resource: ResourceName, key: string | null | undefined): readonly RecordCommand[] {
  const db = useSyncDatabase();
  const live = useLive(async () => {
    if (!key) return NONE;
    const entries = await db.outbox.where('key').equals(key).toArray();
    return entries
      .filter((entry) => entry.resource === resource && entry.op === 'command' && entry.command)
      .map(
        (entry): RecordCommand => ({
          seq: entry.seq!,
          name: entry.command!.name,
          payload: entry.payload ?? {},
          status: entry.status,
          message: entry.error?.message ?? null,
        }),
      )
      .sort((a, b) => a.seq - b.seq);
  }, [db.name, resource, key]);
  if (live.loading) return live.previous ?? NONE;
  return live.data;
}
