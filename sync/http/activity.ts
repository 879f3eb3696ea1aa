/**
 * Counts the API calls in flight, so the app can show one global progress
 * indicator while any runs (spec section 2). UI-free: a number and a
 * subscription, readable with React's `useSyncExternalStore`.
 */

export interface RequestActivity {
  /** Number of calls currently running. */
  getActiveCount(): number;
  subscribe(listener: () => void): () => void;
  /** Marks one call as started; the returned function marks it finished (idempotent). */
  begin(): () => void;
}

export function createRequestActivity(): RequestActivity {
  let active = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    getActiveCount: () => active,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    begin() {
      active += 1;
      notify();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        active -= 1;
        notify();
      };
    },
  };
}

/** The spec's progress indicator skips the token call (section 7). */
function isSilent(url: string): boolean {
  return new URL(url, 'http://x').pathname.endsWith('/oauth/token');
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** Wraps `fetch` so every call (except oauth/token) is counted while it runs. */
export function trackFetch(activity: RequestActivity, baseFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (isSilent(urlOf(input))) return baseFetch(input, init);
    const end = activity.begin();
    try {
      return await baseFetch(input, init);
    } finally {
      end();
    }
  };
}
