/**
 * Public face of the session module (browser side, UI-free). See session.ts.
 */
export { createSession, ACCESS_TOKEN_EXPIRY_MARGIN_MS, USER_FRESH_MS } from './session';
export type { Session, SessionState, SessionEndReason, SessionOptions, SignInResult } from './session';
export { isAdminUser, isCustomerUser } from './session-user';
export {
  IDENTITY_COOKIE_NAME,
  IDENTITY_COOKIE_MAX_AGE_SECONDS,
  readIdentityCookie,
  writeIdentityCookie,
  clearIdentityCookie,
} from './identity-cookie';
export type { CookieJar } from './identity-cookie';
export { createMemoryStorage, SESSION_STORAGE_KEYS } from './session-storage';
export type { KeyValueStorage } from './session-storage';
export { watchSessionEnvironment, refreshIfStale } from './watch-environment';
