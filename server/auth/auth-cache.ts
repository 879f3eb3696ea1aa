/**
 * A short-lived cache of who is calling, per sign-in session: the user with
 * role, type, modules and linked customers (server/auth/current-user.ts),
 * so a burst of API calls from one device does not reload them for every
 * request (issue 10: two of the 6 to 8 statements of a list call were this).
 *
 * Correctness (docs/decisions/server-performance.md):
 * - in this process, every change that narrows what a user may do forgets
 *   the entries it touches: a revoked session, all of a user's sessions
 *   (password reset or change, user deleted), a role's permissions (all);
 * - a load that was running when such a change came is not kept, so a
 *   reply read before the change cannot outlive it (a generation counter);
 * - other server processes (WORKERS, several machines) are not told: their
 *   entries expire after `ttlMs` (3 s), which bounds how long a change made
 *   elsewhere takes to apply everywhere. Only successful loads are kept;
 *   an unknown or revoked session is read from the database every time.
 */
import type { AuthUser } from './current-user';

/** How long another process may keep answering from what it read (the cross-process bound). */
export const AUTH_CACHE_TTL_MS = 3_000;
/** Bound on memory: past this many sessions the oldest entry goes. */
const MAX_ENTRIES = 10_000;

export type AuthCacheDeps = {
  /** Reads the user of an active session from the database (null: unknown, revoked, deleted). */
  load(userId: number, sessionId: string): Promise<AuthUser | null>;
  /** Milliseconds; the app's clock, so tests move it. */
  now(): number;
  /** 0 turns the cache off (every request reads the database). */
  ttlMs?: number;
};

export type AuthCache = {
  /** The user of this session, from the cache while fresh, else from the database. */
  get(userId: number, sessionId: string): Promise<AuthUser | null>;
  /** A session was revoked (sign-out). */
  forgetSession(sessionId: string): void;
  /** Something about this user changed: every session of theirs reloads. */
  forgetUser(userId: number): void;
  /** A change that may touch many users (a role's permissions, the modules): everything reloads. */
  forgetAll(): void;
  readonly size: number;
};

type Entry = { userId: number; user: AuthUser; expiresAt: number };

export function createAuthCache(deps: AuthCacheDeps): AuthCache {
  const ttlMs = deps.ttlMs ?? AUTH_CACHE_TTL_MS;
  const entries = new Map<string, Entry>();
  // Bumped by every forget*: a load that began before a bump is answered but not kept.
  let generation = 0;

  function forgetWhere(matches: (sessionId: string, entry: Entry) => boolean) {
    generation += 1;
    for (const [sessionId, entry] of entries) if (matches(sessionId, entry)) entries.delete(sessionId);
  }

  return {
    async get(userId, sessionId) {
      const cached = entries.get(sessionId);
      if (cached && cached.userId === userId && cached.expiresAt > deps.now()) return cached.user;
      const started = generation;
      const user = await deps.load(userId, sessionId);
      if (user && ttlMs > 0 && started === generation) {
        entries.delete(sessionId); // re-inserted last, so the Map's first key is the oldest
        entries.set(sessionId, { userId, user, expiresAt: deps.now() + ttlMs });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      return user;
    },
    forgetSession(sessionId) {
      forgetWhere((id) => id === sessionId);
    },
    forgetUser(userId) {
      forgetWhere((_, entry) => entry.userId === userId);
    },
    forgetAll() {
      forgetWhere(() => true);
    },
    get size() {
      return entries.size;
    },
  };
}
