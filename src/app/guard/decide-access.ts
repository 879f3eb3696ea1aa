/**
 * Who may open /admin (spec section 2, with the offline decision recorded in
 * docs/decisions/app-shell.md).
 *
 * The spec opens /admin only when the identity cookie matches the stored user
 * id. The cookie lives 6 hours, but technicians work offline for days: a
 * user whose session (user + refresh token) is stored on the device is let
 * in even when the cookie has expired, and the cookie is written again
 * (a sliding 6 h window). A cookie naming a *different* user than the stored
 * one means the device's identity is in doubt: the stored session is dropped
 * and the user signs in again.
 *
 * Pure: the caller reads the cookie and the session and applies the result.
 */

export interface AccessFacts {
  /** User id in the identity cookie; null when absent or expired. */
  cookieUserId: number | null;
  /** Id of the user stored with the session; null when none. */
  storedUserId: number | null;
  /** Whether a refresh token is stored (the session can be resumed). */
  hasStoredTokens: boolean;
}

export type AccessDecision =
  | { action: 'allow'; reason: 'cookie-matches' | 'stored-session'; reissueCookieFor: number }
  | { action: 'login'; reason: 'no-session' | 'cookie-mismatch'; clearSession: boolean };

export function decideAccess(facts: AccessFacts): AccessDecision {
  const { cookieUserId, storedUserId, hasStoredTokens } = facts;
  if (storedUserId === null || !hasStoredTokens) {
    // A half-stored session (user without tokens, or the reverse) or a stray cookie is cleaned up.
    const leftovers = storedUserId !== null || hasStoredTokens || cookieUserId !== null;
    return { action: 'login', reason: 'no-session', clearSession: leftovers };
  }
  if (cookieUserId !== null && cookieUserId !== storedUserId) {
    return { action: 'login', reason: 'cookie-mismatch', clearSession: true };
  }
  return {
    action: 'allow',
    reason: cookieUserId === storedUserId ? 'cookie-matches' : 'stored-session',
    reissueCookieFor: storedUserId,
  };
}

/** The login location for a refused visit, remembering where the user was going. */
export function loginRedirectFor(fullPath: string): { to: '/public/login'; search: { redirect: string } } {
  return { to: '/public/login', search: { redirect: fullPath } };
}
