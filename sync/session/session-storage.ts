/**
 * Persistence of the session in local storage (spec section 3: "Session and
 * tokens are kept in local storage and a cookie"): the tokens with their
 * expiry time, the current user and the user's customers.
 *
 * Everything read back is parsed with zod; a corrupt or outdated entry reads
 * as absent rather than crashing the app on start.
 */
import { z } from 'zod';
import { currentUserSchema, userCustomerSchema, type CurrentUser, type UserCustomer } from '../contract/user';

export const SESSION_STORAGE_KEYS = {
  tokens: 'ho.session.tokens',
  user: 'ho.session.user',
  customers: 'ho.session.customers',
} as const;

export const storedTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** Epoch milliseconds at which the access token stops being accepted. */
  accessTokenExpiresAt: z.number(),
});
export type StoredTokens = z.infer<typeof storedTokensSchema>;

export interface StoredSession {
  tokens: StoredTokens | null;
  user: CurrentUser | null;
  /** null when the list could not be loaded at sign-in. */
  customers: UserCustomer[] | null;
}

/** The part of the Web Storage API used here; `localStorage` satisfies it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readJson<T>(storage: KeyValueStorage, key: string, schema: z.ZodType<T>): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
    tokens: readJson(storage, SESSION_STORAGE_KEYS.tokens, storedTokensSchema),
    user: readJson(storage, SESSION_STORAGE_KEYS.user, currentUserSchema),
    customers: readJson(storage, SESSION_STORAGE_KEYS.customers, z.array(userCustomerSchema)),
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
