/**
 * The session's state as React state: re-renders when the user signs in or
 * out, a token is refreshed, or the stored user is reset.
 */
import { useSyncExternalStore } from 'react';
import type { Session, SessionState } from '@sync/session';

export function useSessionState(session: Session): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
