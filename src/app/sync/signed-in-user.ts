/**
 * Whose store the device should open: the session's user once it holds
 * tokens. Apart from user-sync.ts so the start-up code can ask without
 * loading Dexie and the engine.
 */
import type { SessionState } from '@sync/session';

export function signedInUserId(state: SessionState): number | null {
  return state.user && state.hasTokens ? state.user.id : null;
}
