/**
 * The engine's view of the session (sync/engine/auth.ts over sync/session):
 * the current access token, refreshed first when it is about to expire, and
 * a refresh on 401. Both go through `session.refreshTokens()`, which is
 * single-flight in the tab and serialized across tabs, so the engine and
 * the screens never spend the same refresh token twice. A refused refresh
 * ends the session there (the layout then goes to the login page); a
 * network failure leaves it intact and the engine simply tries later.
 */
import type { AuthProvider } from '@sync/engine/auth';
import type { Session } from '@sync/session';

export function sessionAuth(session: Session): AuthProvider {
  return {
    async getAccessToken() {
      if (!session.getState().hasTokens) return null;
      if (session.isAccessTokenExpired()) {
        try {
          return await session.refreshTokens();
        } catch {
          // Offline or refused: send what we have; a 401 comes back through refresh().
        }
      }
      return session.getAccessToken();
    },
    async refresh() {
      try {
        await session.refreshTokens();
        return true;
      } catch {
        return false;
      }
    },
  };
}
