/**
 * The server's notion of "now". Token expiry, rate limits and reset links
 * read time through a Clock so tests can move time forward instead of
 * waiting; production uses the system clock.
 */
export type Clock = {
  /** Milliseconds since the Unix epoch. */
  now(): number;
};

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to (tests). */
export function manualClock(start = Date.parse('2026-11-21T12:00:00.000Z')) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
