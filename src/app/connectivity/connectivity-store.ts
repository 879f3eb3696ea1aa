/**
 * Connectivity as the header shows it: whether the browser is online and,
 * once the sync engine exists, what it reports (pending and failed changes,
 * last success). The engine stays UI-free: the app forwards its status here
 * with `reportSync`.
 */

export interface SyncReport {
  /** Local changes not yet accepted by the server. */
  pending: number;
  /** Changes the server refused; they stay on the device until the user acts. */
  failed: number;
  /** Changes waiting for the user to pick a version (theirs or mine). */
  conflicts?: number;
  /** Epoch ms of the last successful sync, when known. */
  lastSuccessAt?: number | null;
}

export interface ConnectivityState {
  online: boolean;
  /** null until a sync engine reports. */
  sync: SyncReport | null;
}

export interface ConnectivityStore {
  getState(): ConnectivityState;
  subscribe(listener: () => void): () => void;
  reportSync(report: SyncReport | null): void;
  /** Stops listening to the browser's online/offline events. */
  dispose(): void;
}

export function createConnectivityStore(target: Window): ConnectivityStore {
  let state: ConnectivityState = { online: target.navigator.onLine, sync: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<ConnectivityState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };
  const onOnline = () => set({ online: true });
  const onOffline = () => set({ online: false });
  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    reportSync: (sync) => set({ sync }),
    dispose() {
      target.removeEventListener('online', onOnline);
      target.removeEventListener('offline', onOffline);
    },
  };
}
