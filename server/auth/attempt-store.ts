/**
 * Where the sign-in and recovery protections keep their attempt times
 * (server/auth/rate-limit.ts reads and writes them only through this).
 *
 * The interface is small and asynchronous so the times can live anywhere:
 * the server uses the database (./db-attempt-store.ts), so every process of
 * a multi-process server sees the same counts and a restart forgets
 * nothing; `memoryAttemptStore` keeps them in one process (tests, tools).
 */

export type AttemptStore = {
  /** Records one attempt at `at` (ms since epoch) for `key`; only the newest `keep` times need to be kept. */
  add(key: string, at: number, keep: number): Promise<void>;
  /** The times recorded for `key` after `after` (exclusive), oldest first. */
  since(key: string, after: number): Promise<number[]>;
  /** Forgets every attempt of `key`. */
  clear(key: string): Promise<void>;
};

/**
 * In-process store. `maxAgeMs` is the longest window any rule reads: keys
 * whose newest time is older are dropped every 1,000 writes, so memory stays
 * bounded under an attack that rotates keys.
 */
export function memoryAttemptStore(options: { now: () => number; maxAgeMs: number }): AttemptStore {
  const times = new Map<string, number[]>();
  let writesSinceSweep = 0;

  function sweep(): void {
    writesSinceSweep = 0;
    const oldest = options.now() - options.maxAgeMs;
    for (const [key, list] of times) {
      if ((list[list.length - 1] ?? 0) <= oldest) times.delete(key);
    }
  }

  return {
    async add(key, at, keep) {
      const list = times.get(key) ?? [];
      list.push(at);
      if (list.length > keep) list.splice(0, list.length - keep);
      times.set(key, list);
      if (++writesSinceSweep >= 1000) sweep();
    },
    async since(key, after) {
      return (times.get(key) ?? []).filter((at) => at > after);
    },
    async clear(key) {
      times.delete(key);
    },
  };
}
