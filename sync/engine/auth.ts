/**
 * What the engine needs from the session: a bearer token and a way to
 * refresh it. The PWA passes an adapter over sync/session (which single-flights
 * refreshes across the app); tests pass one that signs in against the real
 * server. Keeping this interface small lets the engine run in Node with plain
 * fetch.
 */
export interface AuthProvider {
  /** The current access token, or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Gets a new access token (refresh_token grant). False when the session is over and the user must sign in. */
  refresh(): Promise<boolean>;
}

/** For servers without authentication (and tests that do not need it). */
export const anonymousAuth: AuthProvider = {
  getAccessToken: async () => null,
  refresh: async () => false,
};
