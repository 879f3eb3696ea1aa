/**
 * In-process attempt limiter (sliding window): at most `limit` recorded
 * attempts per key within `windowMs`. Used for failed sign-ins and for
 * password-reset requests. State lives in memory: a restart forgets it,
 * which is acceptable for a single-process server.
 */
import type { Clock } from '../clock';

export type LimitCheck = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();
  private recordsSinceSweep = 0;

  constructor(
    private readonly options: { clock: Clock; limit: number; windowMs: number },
  ) {}

  /** Whether the key has used up its attempts; does not count as an attempt. */
  check(key: string): LimitCheck {
    const recent = this.recent(key);
    if (recent.length < this.options.limit) return { blocked: false };
    const oldest = recent[recent.length - this.options.limit]!;
    const retryAfterMs = oldest + this.options.windowMs - this.options.clock.now();
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.options.clock.now());
    // Only the last `limit` attempts matter for the decision.
    if (recent.length > this.options.limit) recent.splice(0, recent.length - this.options.limit);
    this.attempts.set(key, recent);
    if (++this.recordsSinceSweep >= 1000) this.sweep();
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.options.clock.now() - this.options.windowMs;
    return (this.attempts.get(key) ?? []).filter((at) => at > since);
  }

  /** Drops keys whose attempts all left the window, so memory stays bounded. */
  private sweep(): void {
    this.recordsSinceSweep = 0;
    const since = this.options.clock.now() - this.options.windowMs;
    for (const [key, times] of this.attempts) {
      if (times.every((at) => at <= since)) this.attempts.delete(key);
    }
  }
}

/** Minutes, rounded up, for messages. */
export function minutesFrom(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
