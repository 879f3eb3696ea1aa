/**
 * The session: tokens, the signed-in user and the user's customers, kept in
 * local storage so the app opens offline, plus the identity cookie.
 *
 * - `signIn` ends any current session first (spec section 4), runs the
 *   password grant, loads the user (and, for a customer-type user, the
 *   customer links), then stores everything and writes the cookie.
 * - `refreshTokens` is single-flight: every caller that finds an expired
 *   token (or a 401) while a refresh is running waits for that same refresh.
 *   Across tabs, a Web Lock serializes refreshes and the storage is re-read
 *   under the lock, so a rotated refresh token written by another tab is
 *   adopted instead of being spent twice.
 * - Only a refused grant (400/401 from oauth/token) ends the session, with
 *   `endReason: 'expired'`. A network failure or a 5xx leaves it intact:
 *   technicians work offline for days and must never be signed out by a
 *   missing connection.
 *
 * UI-free: the app and, later, the sync engine subscribe to state changes.
 */
import type { CurrentUser, UserCustomer } from '../contract/user';
import { ApiRequestError, sessionExpiredError } from '../http/api-error';
import {
  fetchCurrentUser,
  fetchUserCustomers,
  isGrantRefused,
  requestPasswordGrant,
  requestRefreshGrant,
  revokeToken,
  type AuthTransport,
} from './auth-endpoints';
import { clearIdentityCookie, writeIdentityCookie, type CookieJar } from './identity-cookie';
import {
  clearStoredSession,
  createMemoryStorage,
  loadStoredSession,
  saveStoredSession,
  type KeyValueStorage,
  type StoredSession,
  type StoredSessionPart,
  type StoredTokens,
} from './session-storage';
import { isCustomerUser } from './session-user';

/** Treat a token as expired a little early, so it does not die in flight. */
export const ACCESS_TOKEN_EXPIRY_MARGIN_MS = 30_000;

/**
 * For this long after a sign-in in this tab, the user it has just read is
 * not read again by the re-reads that only keep it current (the engine's
 * before each pull, the app's when it starts): right after a sign-in they
 * were two round trips before the first pull, 4.9 s on a weak link (issue
 * 26). A change of permissions made in that window arrives with the next
 * sync after it; a reload reads the user again.
 */
export const USER_FRESH_MS = 30_000;

const REFRESH_LOCK_NAME = 'ho-session-refresh';

export type SessionEndReason = 'signed-out' | 'expired';

export interface SessionState {
  user: CurrentUser | null;
  /** Linked customers (customer-type users); null when they could not be loaded. */
  customers: UserCustomer[] | null;
  /** True when a refresh token is stored: the session can be resumed. */
  hasTokens: boolean;
  accessTokenExpiresAt: number | null;
  /** Why the last session ended; null while signed in or before any sign-in. */
  endReason: SessionEndReason | null;
}

export interface SignInResult {
  user: CurrentUser;
  customers: UserCustomer[] | null;
}

export interface SessionOptions {
  /** API origin, e.g. `location.origin` or `http://127.0.0.1:8080`. */
  baseUrl: string;
  fetch?: typeof fetch;
  storage?: KeyValueStorage;
  /** Where the identity cookie lives; `document` by default, null for none. */
  cookies?: CookieJar | null;
  now?: () => number;
  /** Cross-tab serialization of refreshes; `navigator.locks` by default. */
  locks?: Pick<LockManager, 'request'> | null;
}

export interface Session {
  getState(): SessionState;
  subscribe(listener: (state: SessionState) => void): () => void;
  getAccessToken(): string | null;
  /** True when there is no usable access token (absent, or within the margin of expiry). */
  isAccessTokenExpired(): boolean;
  signIn(username: string, password: string): Promise<SignInResult>;
  signOut(): Promise<void>;
  /** Single-flight refresh; resolves with the new access token. */
  refreshTokens(): Promise<string>;
  /**
   * The signed-in user as just read from the server (a re-read, a profile
   * save, a user reset): stored and announced when it changed. Ignored when
   * signed out or for another user.
   */
  setUser(user: CurrentUser): void;
  /** True less than USER_FRESH_MS after a sign-in in this tab (which read the user). */
  signedInRecently(): boolean;
  setCustomers(customers: UserCustomer[] | null): void;
  /** Re-reads local storage: another tab signed in, out, or refreshed. */
  reloadFromStorage(): void;
}

function defaultStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage disabled by the browser: fall through to memory.
  }
  return createMemoryStorage();
}

function defaultLocks(): Pick<LockManager, 'request'> | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

export function createSession(options: SessionOptions): Session {
  const transport: AuthTransport = { baseUrl: options.baseUrl, fetch: options.fetch ?? globalThis.fetch.bind(globalThis) };
  const storage = options.storage ?? defaultStorage();
  const cookies = options.cookies === undefined ? (typeof document === 'undefined' ? null : document) : options.cookies;
  const now = options.now ?? Date.now;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;

  let stored: StoredSession = loadStoredSession(storage);
  let endReason: SessionEndReason | null = null;
  let state = snapshot();
  const listeners = new Set<(state: SessionState) => void>();
  /** Bumped on every sign-in/sign-out so a refresh that started before can't resurrect an old session. */
  let generation = 0;
  let inflightRefresh: Promise<string> | null = null;
  /** When this tab's sign-in read the user; null after a start-up, a sign-out or another user's sign-in elsewhere. */
  let signedInAt: number | null = null;

  function snapshot(): SessionState {
    return {
      user: stored.user,
      customers: stored.customers,
      hasTokens: stored.tokens !== null,
      accessTokenExpiresAt: stored.tokens?.accessTokenExpiresAt ?? null,
      endReason,
    };
  }

  /** Takes `next` as the state and writes the `persist` parts to storage. */
  function commit(next: StoredSession, persist: readonly StoredSessionPart[]): void {
    stored = next;
    if (persist.length > 0) saveStoredSession(storage, next, persist);
    state = snapshot();
    for (const listener of [...listeners]) listener(state);
  }

  function tokensFrom(response: { access_token: string; refresh_token: string; expires_in: number }): StoredTokens {
    return {
      accessToken: response.access_token,
      refreshToken: response.refresh_token,
      accessTokenExpiresAt: now() + response.expires_in * 1000,
    };
  }

  /** Clears tokens, user and cookie locally; returns the refresh token to revoke. */
  function endLocally(reason: SessionEndReason): string | null {
    const refreshToken = stored.tokens?.refreshToken ?? null;
    generation += 1;
    inflightRefresh = null;
    signedInAt = null;
    clearStoredSession(storage);
    clearIdentityCookie(cookies);
    endReason = reason;
    commit({ tokens: null, user: null, customers: null }, []);
    return refreshToken;
  }

  async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
    if (!locks) return task();
    return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, task) as Promise<T>;
  }

  async function runRefresh(): Promise<string> {
    const startGeneration = generation;
    const startRefreshToken = stored.tokens?.refreshToken;
    if (!startRefreshToken) throw sessionExpiredError();
    return withRefreshLock(async () => {
      // Another tab may have refreshed (and rotated the token) while we waited.
      const latest = loadStoredSession(storage);
      if (!latest.tokens) {
        // Signed out in another tab.
        if (generation === startGeneration) endLocally('signed-out');
        throw sessionExpiredError();
      }
      if (latest.tokens.refreshToken !== startRefreshToken && latest.tokens.accessTokenExpiresAt - ACCESS_TOKEN_EXPIRY_MARGIN_MS > now()) {
        commit(latest, []);
        return latest.tokens.accessToken;
      }
      let response;
      try {
        response = await requestRefreshGrant(transport, latest.tokens.refreshToken);
      } catch (error) {
        if (isGrantRefused(error) && generation === startGeneration) {
          endLocally('expired');
          throw sessionExpiredError(error);
        }
        throw error;
      }
      if (generation !== startGeneration) throw sessionExpiredError();
      const tokens = tokensFrom(response);
      commit({ ...stored, tokens }, ['tokens']);
      return tokens.accessToken;
    });
  }

  return {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    getAccessToken: () => stored.tokens?.accessToken ?? null,

    isAccessTokenExpired() {
      const tokens = stored.tokens;
      return !tokens || tokens.accessTokenExpiresAt - ACCESS_TOKEN_EXPIRY_MARGIN_MS <= now();
    },

    async signIn(username, password) {
      const previous = endLocally('signed-out');
      if (previous) void revokeToken(transport, previous);
      const startGeneration = generation;

      const tokens = tokensFrom(await requestPasswordGrant(transport, username, password));
      let user: CurrentUser;
      try {
        user = await fetchCurrentUser(transport, tokens.accessToken);
      } catch (error) {
        void revokeToken(transport, tokens.refreshToken);
        throw error;
      }
      let customers: UserCustomer[] | null = [];
      if (isCustomerUser(user)) {
        // A failed list does not fail the sign-in: the redirect reports it.
        customers = await fetchUserCustomers(transport, tokens.accessToken, user.id).catch(() => null);
      }
      if (generation !== startGeneration) {
        // Signed out (or in again) while this sign-in was running.
        void revokeToken(transport, tokens.refreshToken);
        throw new ApiRequestError('session-expired', 'O login foi cancelado.');
      }
      endReason = null;
      writeIdentityCookie(user.id, cookies);
      signedInAt = now();
      commit({ tokens, user, customers }, ['tokens', 'user', 'customers']);
      return { user, customers };
    },

    async signOut() {
      const refreshToken = endLocally('signed-out');
      if (refreshToken) await revokeToken(transport, refreshToken);
    },

    refreshTokens() {
      if (inflightRefresh) return inflightRefresh;
      const refresh = runRefresh().finally(() => {
        if (inflightRefresh === refresh) inflightRefresh = null;
      });
      inflightRefresh = refresh;
      return refresh;
    },

    setUser(user) {
      if (!stored.tokens || stored.user?.id !== user.id) return;
      if (JSON.stringify(user) === JSON.stringify(stored.user)) return;
      commit({ ...stored, user }, ['user']);
    },

    signedInRecently: () => signedInAt !== null && now() - signedInAt < USER_FRESH_MS,

    setCustomers(customers) {
      if (!stored.tokens) return;
      commit({ ...stored, customers }, ['customers']);
    },

    reloadFromStorage() {
      const latest = loadStoredSession(storage);
      const signedOutElsewhere = stored.tokens !== null && latest.tokens === null;
      if (signedOutElsewhere) {
        generation += 1;
        endReason = 'signed-out';
      } else if (latest.tokens && latest.user?.id !== stored.user?.id) {
        // Another user signed in elsewhere: whatever this tab had in flight is void.
        generation += 1;
        signedInAt = null;
        endReason = null;
      }
      commit(latest, []);
    },
  };
}
