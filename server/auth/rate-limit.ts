/**
 * The two rules the sign-in and recovery protections are made of, over an
 * AttemptStore (server/auth/attempt-store.ts) and the injected clock:
 *
 * - `WindowLimit`: at most `limit` attempts per key within a sliding
 *   `windowMs` (per requesting address: sign-in failures, reset requests).
 * - `GrowingDelay`: after `freeFailures` failures of a key, each further
 *   attempt waits twice as long as the one before (1 s, 2 s, 4 s ... up to
 *   `maxDelayMs`), counted from the last failure; failures older than
 *   `forgetAfterMs` no longer count. Per account: guessing slows down
 *   whatever addresses it comes from, and nobody is shut out for longer
 *   than `maxDelayMs`.
 *
 * docs/decisions/sign-in-protection-openapi.md says how server/auth/sign-in-guard.ts
 * and the recovery routes combine them.
 */
import type { Clock } from '../clock';
import type { AttemptStore } from './attempt-store';

export type LimitCheck = { blocked: false } | { blocked: true; retryAfterSeconds: number };

const OPEN: LimitCheck = { blocked: false };

function blockedFor(ms: number): LimitCheck {
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}

type RuleBase = {
  store: AttemptStore;
  clock: Clock;
  /** Prefix of this rule's keys in the store, so rules sharing a store never mix. */
  name: string;
};

export class WindowLimit {
  constructor(private readonly options: RuleBase & { limit: number; windowMs: number }) {}

  /** Whether the key has used up its attempts; does not count as one. */
  async check(key: string): Promise<LimitCheck> {
    const { limit, windowMs, clock } = this.options;
    const now = clock.now();
    const recent = await this.options.store.since(this.key(key), now - windowMs);
    if (recent.length < limit) return OPEN;
    return blockedFor(recent[recent.length - limit]! + windowMs - now);
  }

  async record(key: string): Promise<void> {
    await this.options.store.add(this.key(key), this.options.clock.now(), this.options.limit);
  }

  async clear(key: string): Promise<void> {
    await this.options.store.clear(this.key(key));
  }

  private key(key: string): string {
    return `${this.options.name}|${key}`;
  }
}

export type GrowingDelayOptions = RuleBase & {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
};

export class GrowingDelay {
  /** Past this many failures the delay is at its maximum anyway. */
  private readonly keep: number;

  constructor(private readonly options: GrowingDelayOptions) {
    const doublings = Math.ceil(Math.log2(Math.max(1, options.maxDelayMs / options.firstDelayMs)));
    this.keep = options.freeFailures + doublings + 1;
  }

  /** The wait after `failures` failures (0 while they are free). */
  delayAfter(failures: number): number {
    const { freeFailures, firstDelayMs, maxDelayMs } = this.options;
    if (failures < freeFailures) return 0;
    return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeFailures, 40));
  }

  async check(key: string): Promise<LimitCheck> {
    const now = this.options.clock.now();
    const failures = await this.options.store.since(this.key(key), now - this.options.forgetAfterMs);
    const last = failures[failures.length - 1];
    if (last === undefined) return OPEN;
    const until = last + this.delayAfter(failures.length);
    return until > now ? blockedFor(until - now) : OPEN;
  }

  async record(key: string): Promise<void> {
    await this.options.store.add(this.key(key), this.options.clock.now(), this.keep);
  }

  async clear(key: string): Promise<void> {
    await this.options.store.clear(this.key(key));
  }

  private key(key: string): string {
    return `${this.options.name}|${key}`;
  }
}

/** "30 segundos", "1 minuto", "15 minutos": the wait in a 429's message, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `${s} ${s === 1 ? 'segundo' : 'segundos'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}
