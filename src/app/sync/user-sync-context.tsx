/**
 * React access to the user-sync controller (user-sync.ts), and the boundary
 * that gives the signed-in screens their store: <SignedInSync> renders its
 * children inside sync/react's <SyncProvider> once the controller holds the
 * store of the user the screen was rendered for, and nothing before (the
 * public pages never need a store).
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { SyncProvider } from '@sync/react/context';
import type { UserSync, UserSyncController } from './user-sync';

const UserSyncContext = createContext<UserSyncController | null>(null);

export function UserSyncProvider({ controller, children }: { controller: UserSyncController; children: ReactNode }) {
  return <UserSyncContext.Provider value={controller}>{children}</UserSyncContext.Provider>;
}

/** The signed-in user's store and engine, or null while signed out. */
export function useUserSync(): UserSync | null {
  const controller = useContext(UserSyncContext);
  if (!controller) throw new Error('useUserSync must be used inside <UserSyncProvider>');
  return useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
}

export function SignedInSync({ userId, children }: { userId: number; children: ReactNode }) {
  const sync = useUserSync();
  // For one render after a user switch the session and the controller may disagree; show nothing rather than the wrong store.
  if (!sync || sync.userId !== userId) return null;
  return (
    <SyncProvider key={sync.db.name} db={sync.db} engine={sync.engine}>
      {children}
    </SyncProvider>
  );
}
