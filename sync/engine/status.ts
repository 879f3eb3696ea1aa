/**
 * The sync status every screen shows: online or not, what the engine is
 * doing, how many changes wait, failed or conflict, when the last complete
 * sync ended and the last error. Counts come from the outbox and the rest
 * from what the engine tab publishes in `meta`, so every tab reads the same
 * status (through a live query) whichever tab runs the engine.
 */
import type { SyncDatabase } from '../store/database';
import { META, readMeta, type EngineState, type SyncPhase } from '../store/meta';
import type { SyncErrorInfo } from '../store/types';

export interface SyncStatus {
  /** The browser has a connection and the server answered the last request. */
  online: boolean;
  phase: SyncPhase;
  /** Entries waiting to be sent or being sent. */
  pending: number;
  /** Entries the server refused (the user fixes, retries or discards them). */
  failed: number;
  /** Entries waiting for the user to pick a version. */
  conflicts: number;
  /** ISO time the last complete sync (push and pull) ended. */
  lastSyncAt: string | null;
  lastError: SyncErrorInfo | null;
}

export async function readSyncStatus(db: SyncDatabase, browserOnline = true): Promise<SyncStatus> {
  const byStatus = (status: string) => db.outbox.where('status').equals(status).count();
  const [pending, inFlight, failed, conflicts, engine, lastSyncAt] = await Promise.all([
    byStatus('pending'),
    byStatus('in_flight'),
    byStatus('failed'),
    byStatus('conflict'),
    readMeta<EngineState>(db, META.engineState),
    readMeta<string>(db, META.lastSyncAt),
  ]);
  const reachable = engine?.reachable ?? true;
  return {
    online: browserOnline && reachable,
    phase: browserOnline ? (engine?.phase ?? 'idle') : 'offline',
    pending: pending + inFlight,
    failed,
    conflicts,
    lastSyncAt: lastSyncAt ?? null,
    lastError: engine?.lastError ?? null,
  };
}
