/** The offline readiness as React state: the precache watch (precache-watch.ts) joined with the first sync (readiness.ts). */
import { useEffect, useState } from 'react';
import { computeReadiness, type Readiness } from './readiness';
import { watchPrecache, type PrecacheFacts } from './precache-watch';

/** `synced`: the user's first sync has ended; null while the store is still being read. */
export function useOfflineReadiness(synced: boolean | null): Readiness {
  const [facts, setFacts] = useState<PrecacheFacts>({ registered: false, controlled: false, precache: null });
  useEffect(() => {
    const container = globalThis.navigator?.serviceWorker;
    if (!container) return;
    return watchPrecache(container, setFacts);
  }, []);
  return computeReadiness({ ...facts, synced });
}
