/**
 * What wakes the engine besides saves and its timer: the connection coming
 * back and the app returning to the foreground (Safari has no Background
 * Sync, so the foreground is where syncing happens). The browser version
 * listens to `online`/`offline` and `visibilitychange`; tests use the manual one.
 */
export type EnvironmentEvent = 'online' | 'offline' | 'visible';

export interface EngineEnvironment {
  isOnline(): boolean;
  subscribe(listener: (event: EnvironmentEvent) => void): () => void;
}

export function browserEnvironment(): EngineEnvironment {
  return {
    isOnline: () => globalThis.navigator?.onLine ?? true,
    subscribe(listener) {
      const online = () => listener('online');
      const offline = () => listener('offline');
      const visibility = () => {
        if (document.visibilityState === 'visible') listener('visible');
      };
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      document.addEventListener('visibilitychange', visibility);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        document.removeEventListener('visibilitychange', visibility);
      };
    },
  };
}

/** Online until told otherwise; `set` fires the events the browser would. */
export interface ManualEnvironment extends EngineEnvironment {
  set(online: boolean): void;
  becomeVisible(): void;
}

export function manualEnvironment(initiallyOnline = true): ManualEnvironment {
  let online = initiallyOnline;
  const listeners = new Set<(event: EnvironmentEvent) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === online) return;
      online = next;
      for (const listener of listeners) listener(next ? 'online' : 'offline');
    },
    becomeVisible() {
      for (const listener of listeners) listener('visible');
    },
  };
}

export function defaultEnvironment(): EngineEnvironment {
  return typeof window !== 'undefined' && typeof document !== 'undefined' ? browserEnvironment() : manualEnvironment(true);
}
