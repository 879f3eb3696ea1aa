/**
 * Rows of the `meta` table: pull cursors per resource, the last successful
 * sync, the engine's published state, and two counters that wake the engine
 * from any tab (a local change was saved; someone asked to sync now).
 */
import type { StoreScope } from './database';
import type { SyncErrorInfo } from './types';

export const META = {
  cursor: (resource: string) => `cursor:${resource}`,
  lastSyncAt: 'last_sync_at',
  engineState: 'engine_state',
  localChange: 'local_change',
  syncRequest: 'sync_request',
} as const;

export interface PullCursor {
  /** Next `updated_since`: the server's clock at the start of the last complete pull, minus the overlap. */
  updated_since: string;
}

export type SyncPhase = 'idle' | 'pushing' | 'pulling' | 'offline' | 'unauthorized' | 'error' | 'stopped';

/** What the engine tab publishes for every tab's status display. */
export interface EngineState {
  phase: SyncPhase;
  /** Whether the server answered the last request. */
  reachable: boolean;
  lastError: SyncErrorInfo | null;
}

export async function readMeta<T>(db: StoreScope, name: string): Promise<T | undefined> {
  return (await db.meta.get(name))?.value as T | undefined;
}

export async function writeMeta(db: StoreScope, name: string, value: unknown): Promise<void> {
  await db.meta.put({ name, value });
}

/** Bumps a counter row (inside the caller's transaction when there is one). */
export async function bumpCounter(db: StoreScope, name: string): Promise<void> {
  const current = (await readMeta<number>(db, name)) ?? 0;
  await writeMeta(db, name, current + 1);
}
