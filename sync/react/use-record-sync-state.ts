/**
 * The send state of one record, for an edit page (FIELD-UX item 5):
 * `pending` while a change of it waits or is being sent, `failed` or
 * `conflict` with the server's message, `sent` when nothing of it waits and
 * the server has it, `local` when it was never saved here. Read live from
 * the outbox by the record's key, so a retry that succeeds clears a
 * 'failed' at once (no stale badge).
 */
import type { OutboxStatus } from '../store/types';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

export type RecordSyncState =
  | { state: 'loading' }
  | { state: 'pending'; inFlight: boolean }
  | { state: 'failed' | 'conflict'; message: string }
  | { state: 'sent' };

export function useRecordSyncState(key: string | null | undefined): RecordSyncState {
  const db = useSyncDatabase();
  const live = useLive(async () => (key ? await db.outbox.where('key').equals(key).toArray() : []), [db.name, key]);
  if (live.loading) return { state: 'loading' };
  const entries = live.data;
  const worst = (status: OutboxStatus) => entries.find((entry) => entry.status === status);
  const problem = worst('conflict') ?? worst('failed');
  if (problem) return { state: problem.status as 'failed' | 'conflict', message: problem.error?.message ?? '' };
  if (entries.length > 0) return { state: 'pending', inFlight: entries.some((entry) => entry.status === 'in_flight') };
  return { state: 'sent' };
}
