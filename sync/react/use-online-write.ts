/**
 * The write side of the read-only resources' screens (users, departments,
 * permissions, settings): `useOnlineWrite()` sends one write to the server
 * now, or refuses at once offline with a plain message; on success the
 * lists it names are pulled before it resolves, so the local hooks show the
 * new data. See sync/engine/online-writes.ts.
 */
import { useMemo } from 'react';
import type { OnlineWrites } from '../engine/online-writes';
import { useSyncContext } from './context';

export function useOnlineWrite(): OnlineWrites['send'] {
  const { engine } = useSyncContext();
  return useMemo(() => {
    if (!engine) throw new Error('useOnlineWrite needs the sync engine in <SyncProvider>');
    return engine.writes.send.bind(engine.writes) as OnlineWrites['send'];
  }, [engine]);
}
