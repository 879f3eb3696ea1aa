/**
 * Survives a dropped IndexedDB connection. Safari (and iPadOS) can close the
 * connection while the app sits in the background; the next transaction then
 * fails with DatabaseClosedError, InvalidStateError or an UnknownError. The
 * work is retried once on a freshly opened connection, unless the database
 * was closed on purpose (sign-out, a test reloading the client).
 */
import type { SyncDatabase } from './database';

const CONNECTION_LOST = new Set(['DatabaseClosedError', 'InvalidStateError', 'UnknownError']);

export function isConnectionLost(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const inner = (error as { inner?: { name?: unknown } } | null)?.inner?.name;
  return (typeof name === 'string' && CONNECTION_LOST.has(name)) || (typeof inner === 'string' && CONNECTION_LOST.has(inner));
}

export async function withReopen<T>(db: SyncDatabase, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isConnectionLost(error) || db.closedOnPurpose) throw error;
    db.close({ disableAutoOpen: false });
    await db.open();
    return work();
  }
}
