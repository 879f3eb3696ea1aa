/**
 * Keeps a session in step with the browser around it:
 * - when the connection returns (`online`), a token that expired while
 *   offline is refreshed right away, so the next save does not wait for it;
 * - when another tab signs in, out, or refreshes (`storage`), this tab
 *   re-reads the stored session.
 * Returns a function that stops watching.
 */
import type { Session } from './session';
import { SESSION_STORAGE_KEYS } from './session-storage';

const SESSION_KEYS: readonly string[] = Object.values(SESSION_STORAGE_KEYS);

export function refreshIfStale(session: Session): void {
  if (!session.getState().hasTokens || !session.isAccessTokenExpired()) return;
  // Failures are handled where they matter: a refused refresh ends the
  // session (the app shows the login page); a network failure changes nothing.
  session.refreshTokens().catch(() => {});
}

export function watchSessionEnvironment(session: Session, target: Window = window): () => void {
  const onOnline = () => refreshIfStale(session);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEYS.includes(event.key)) session.reloadFromStorage();
  };
  target.addEventListener('online', onOnline);
  target.addEventListener('storage', onStorage);
  if (target.navigator.onLine) refreshIfStale(session);
  return () => {
    target.removeEventListener('online', onOnline);
    target.removeEventListener('storage', onStorage);
  };
}
