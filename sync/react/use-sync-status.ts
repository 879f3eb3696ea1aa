/**
 * The sync status for the header and the sync page: online, phase, pending,
 * failed and conflict counts, last successful sync and last error. Live
 * across tabs (the engine tab publishes its state in the store); the
 * browser's own online/offline events are followed here too.
 */
import { useEffect, useState } from 'react';
import { readPendingChanges, type PendingChange } from '../engine/reports';
import { readSyncStatus, type SyncStatus } from '../engine/status';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

export type SyncStatusState = { loading: true } | ({ loading: false } & SyncStatus);

/** Whether the browser says it is online, followed live (a screen that needs the server says so at once). */
export function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => globalThis.navigator?.onLine ?? true);
  useEffect(() => {
    const update = () => setOnline(globalThis.navigator?.onLine ?? true);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function useSyncStatus(): SyncStatusState {
  const db = useSyncDatabase();
  const online = useBrowserOnline();
  const state = useLive(() => readSyncStatus(db, online), [db.name, online]);
  if (state.loading) return state.previous ? { loading: false, ...state.previous } : { loading: true };
  return { loading: false, ...state.data };
}

export type PendingChangesState = { loading: true } | { loading: false; changes: PendingChange[] };

/** Every outbox entry in the order it was made, described for the sync page. */
export function usePendingChanges(): PendingChangesState {
  const db = useSyncDatabase();
  const state = useLive(() => readPendingChanges(db), [db.name]);
  return state.loading ? { loading: true } : { loading: false, changes: state.data };
}
