/**
 * Who may try a password now (docs/decisions/sign-in-protection-openapi.md):
 *
 * - from a trusted device (a valid device cookie for the account, see
 *   ./device-trust.ts): only that device's own failures count, at most
 *   `DEVICE_FAILURES` per 15 minutes; nothing a stranger does applies;
 * - otherwise two rules, both answered with 429 and Retry-After before any
 *   password is checked:
 *   - per requesting address, `ADDRESS_FAILURES` failures per 15 minutes
 *     whatever the account (password spraying);
 *   - per account, across every address, a growing delay after
 *     `ACCOUNT_FREE_FAILURES` failures (1 s, 2 s, 4 s ... at most 15
 *     minutes between guesses; failures are forgotten after 24 hours or
 *     by a successful sign-in). Guessing slows down however many addresses
 *     it comes from, and the owner is never shut out: a trusted device is
 *     not delayed at all, a new one waits at most the current delay.
 *
 * Accounts are keyed by user id when the login names someone, else by the
 * login as typed, so unknown logins behave exactly like known ones.
 */
import type { Clock } from '../clock';
import type { AttemptStore } from './attempt-store';
import { GrowingDelay, WindowLimit, type LimitCheck } from './rate-limit';

const FIFTEEN_MINUTES = 15 * 60_000;
export const ADDRESS_FAILURES = 50;
export const DEVICE_FAILURES = 10;
export const ACCOUNT_FREE_FAILURES = 5;
export const ACCOUNT_MAX_DELAY_MS = FIFTEEN_MINUTES;
export const ACCOUNT_FORGET_AFTER_MS = 24 * 3600_000;

/** One password grant, as the guard sees it. */
export type SignInAttempt = {
  /** The requesting address as ./address-key.ts counts it (IPv6 by /64). */
  address: string;
  /** `user:<id>` per user the login names, or `login:<login>` when it names nobody. */
  accounts: string[];
  /** The device id of a valid device cookie for one of those users. */
  device?: string | undefined;
};

export type SignInGuard = {
  /** Blocked, or open (and whether the device counts as trusted for this attempt). */
  check(attempt: SignInAttempt): Promise<LimitCheck & { trusted?: boolean }>;
  failed(attempt: SignInAttempt, trusted: boolean): Promise<void>;
  succeeded(attempt: SignInAttempt, userAccount: string): Promise<void>;
};

export function accountKeys(login: string, userIds: readonly number[]): string[] {
  return userIds.length > 0 ? userIds.map((id) => `user:${id}`) : [`login:${login.trim().toLowerCase()}`];
}

export function createSignInGuard(options: { store: AttemptStore; clock: Clock }): SignInGuard {
  const base = { store: options.store, clock: options.clock };
  const perAddress = new WindowLimit({ ...base, name: 'sign-in-address', limit: ADDRESS_FAILURES, windowMs: FIFTEEN_MINUTES });
  const perDevice = new WindowLimit({ ...base, name: 'sign-in-device', limit: DEVICE_FAILURES, windowMs: FIFTEEN_MINUTES });
  const perAccount = new GrowingDelay({
    ...base,
    name: 'sign-in-account',
    freeFailures: ACCOUNT_FREE_FAILURES,
    firstDelayMs: 1000,
    maxDelayMs: ACCOUNT_MAX_DELAY_MS,
    forgetAfterMs: ACCOUNT_FORGET_AFTER_MS,
  });

  return {
    async check(attempt) {
      if (attempt.device !== undefined && !(await perDevice.check(attempt.device)).blocked) {
        return { blocked: false, trusted: true };
      }
      const checks = [await perAddress.check(attempt.address)];
      for (const account of attempt.accounts) checks.push(await perAccount.check(account));
      const waits = checks.flatMap((c) => (c.blocked ? [c.retryAfterSeconds] : []));
      return waits.length === 0 ? { blocked: false, trusted: false } : { blocked: true, retryAfterSeconds: Math.max(...waits) };
    },
    async failed(attempt, trusted) {
      if (trusted) return perDevice.record(attempt.device!);
      await perAddress.record(attempt.address);
      for (const account of attempt.accounts) await perAccount.record(account);
    },
    async succeeded(attempt, userAccount) {
      // Whoever knows the password is here; the delay protects a password nobody else knows yet.
      await perAccount.clear(userAccount);
      if (attempt.device !== undefined) await perDevice.clear(attempt.device);
    },
  };
}
