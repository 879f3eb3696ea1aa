/**
 * Persistence of the session in local storage (spec section 3: "Session and
 * tokens are kept in local storage and a cookie"): the tokens with their
 * expiry time, the current user and the user's customers.
 *
 * Everything read back is checked against its shape (session-shapes.ts, the
 * contract's schemas written without zod so the login page stays small); a
 * corrupt or outdated entry reads as absent rather than crashing the app on
 * start.
 */
import type { CurrentUser, UserCustomer } from '../contract/user';
import { readShape, type Reader } from '../http/json-shape';
import { readCurrentUser, readStoredTokens, readUserCustomers, type StoredTokens } from './session-shapes';

export type { StoredTokens } from './session-shapes';

export const SESSION_STORAGE_KEYS = {
  tokens: 'ho.session.tokens',
  user: 'ho.session.user',
  customers: 'ho.session.customers',
} as const;

export interface StoredSession {
  tokens: StoredTokens | null;
  user: CurrentUser | null;
  /** null when the list could not be loaded at sign-in. */
  customers: UserCustomer[] | null;
}

/** The part of the Web Storage API used here; `localStorage` satisfies it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readJson<T>(storage: KeyValueStorage, key: string, reader: Reader<T>): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return readShape(reader, JSON.parse(raw));
  } catch {
    return null;
  }
}

function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  if (value === null || value === undefined) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}

export function loadStoredSession(storage: KeyValueStorage): StoredSession {
  return {
    tokens: readJson(storage, SESSION_STORAGE_KEYS.tokens, readStoredTokens),
    user: readJson(storage, SESSION_STORAGE_KEYS.user, readCurrentUser),
    customers: readJson(storage, SESSION_STORAGE_KEYS.customers, readUserCustomers),
  };
}

export type StoredSessionPart = keyof StoredSession;

/**
 * Writes the given parts only. A tab writes just what it changed, so it
 * never puts its in-memory copy of the other parts over newer values another
 * tab stored (a rotated refresh token written back stale would be refused).
 */
export function saveStoredSession(
  storage: KeyValueStorage,
  session: StoredSession,
  parts: readonly StoredSessionPart[] = ['tokens', 'user', 'customers'],
): void {
  for (const part of parts) writeJson(storage, SESSION_STORAGE_KEYS[part], session[part]);
}

export function clearStoredSession(storage: KeyValueStorage): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) storage.removeItem(key);
}

/** A storage that forgets everything: for environments without localStorage. */
export function createMemoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
