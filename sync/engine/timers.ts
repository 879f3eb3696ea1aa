/**
 * The engine's timers, a port beside its clock (`now`): the debounce after
 * a save, the wake-up when a retry falls due, the periodic run, and
 * `drain`'s wait for the next retry. The real ones by default; the sync
 * tests pass a clock and timers of their own whose waits cost no real time
 * (tests/sync/support/test-clock.ts). A request's timeout is not here: it
 * measures the network, which stays real in those tests too.
 */
export interface EngineTimers {
  /** Calls `callback` once, `ms` from now; the returned function cancels it. */
  after(ms: number, callback: () => void): () => void;
  /** Calls `callback` every `ms` until the returned function is called. */
  every(ms: number, callback: () => void): () => void;
}

export const realTimers: EngineTimers = {
  after(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  every(ms, callback) {
    const timer = setInterval(callback, ms);
    return () => clearInterval(timer);
  },
};
