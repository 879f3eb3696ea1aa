/**
 * When to try a failed send again: exponential backoff with jitter, and the
 * server's Retry-After when it gives one. Jitter spreads the retries of many
 * devices that lost the server at the same moment.
 */

export interface BackoffPolicy {
  /** Delay ceiling of the first retry. */
  baseMs: number;
  /** Growth per attempt. */
  factor: number;
  /** Largest delay ceiling. */
  maxMs: number;
  /** Fraction of the ceiling left to chance: 0.5 gives a delay between half the ceiling and the ceiling. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, factor: 2, maxMs: 5 * 60_000, jitter: 0.5 };

/** Retry-After is honoured up to this, so a bad header cannot park the outbox for days. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Ceiling of the delay before retry number `attempt` (1 = the first retry). */
export function backoffCeiling(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(policy.maxMs, policy.baseMs * policy.factor ** exponent);
}

/** Delay before retry number `attempt`, in [ceiling × (1 − jitter), ceiling]. */
export function backoffDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = backoffCeiling(attempt, policy);
  return Math.round(ceiling * (1 - policy.jitter * random()));
}

/** Retry-After as milliseconds from now (seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let delay: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) delay = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    delay = date - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(delay)));
}

/** The wait before the next attempt: the backoff, or the server's Retry-After when longer. */
export function nextRetryDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const backoff = backoffDelay(attempt, policy, random);
  return retryAfterMs === undefined ? backoff : Math.max(backoff, retryAfterMs);
}
