/**
 * Applies the access decision when the router enters /admin (every
 * navigation inside it): re-issues the identity cookie for an allowed user
 * (sliding 6 h), or ends a doubtful session and redirects to
 * /public/login?redirect={full path}. Reads only local state: opening the
 * admin area never waits for the network.
 */
import { redirect } from '@tanstack/react-router';
import { readIdentityCookie, writeIdentityCookie, type CookieJar, type Session } from '@sync/session';
import { decideAccess, loginRedirectFor } from './decide-access';

export function guardAdminAccess(session: Session, fullPath: string, cookies: CookieJar | null = document): void {
  const state = session.getState();
  const decision = decideAccess({
    cookieUserId: readIdentityCookie(cookies),
    storedUserId: state.user?.id ?? null,
    hasStoredTokens: state.hasTokens,
  });
  if (decision.action === 'allow') {
    writeIdentityCookie(decision.reissueCookieFor, cookies);
    return;
  }
  if (decision.clearSession) void session.signOut();
  throw redirect(loginRedirectFor(fullPath));
}
