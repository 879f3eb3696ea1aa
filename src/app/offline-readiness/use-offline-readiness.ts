/**
 * The offline readiness as React state: the precache watch (precache-watch.ts)
 * joined with the first sync (readiness.ts). The rest of the precache waits
 * for the end of the user's first sync (or WARM_UP_ANYWAY_MS, should it not
 * end), so on a weak link the sync does not share it with a megabyte of
 * office screens (docs/decisions/offline-readiness.md).
 */
import { useEffect, useRef, useState } from 'react';
import { computeReadiness, type Readiness } from './readiness';
import { watchPrecache, type PrecacheFacts } from './precache-watch';

/** How long the rest waits for a first sync that does not end (offline, refused). */
const WARM_UP_ANYWAY_MS = 60_000;

/** `synced`: the user's first sync has ended; null while the store is still being read. */
export function useOfflineReadiness(synced: boolean | null): Readiness {
  const [facts, setFacts] = useState<PrecacheFacts>({ registered: false, controlled: false, precache: null });
  const syncedNow = useRef(synced);
  syncedNow.current = synced;
  useEffect(() => {
    const container = globalThis.navigator?.serviceWorker;
    if (!container) return;
    const started = Date.now();
    return watchPrecache(container, setFacts, { mayWarmUp: () => syncedNow.current === true || Date.now() - started > WARM_UP_ANYWAY_MS });
  }, []);
  return computeReadiness({ ...facts, synced });
}
