/**
 * The user-sync controller the app starts with: the same contract as
 * user-sync.ts, but Dexie, the store and the engine (user-sync.ts and all it
 * imports) are fetched only once a session exists — at start-up when a user
 * is found signed in (offline too: the service worker has the chunk), or
 * the moment someone signs in. The login page of a first visit never loads
 * them. Once loaded, the real controller follows the session itself; this
 * one forwards its state and changes.
 */
import type { Session } from '@sync/session';
import { signedInUserId } from './signed-in-user';
import type { UserSyncController, UserSyncOptions } from './user-sync';

type UserSyncModule = Pick<typeof import('./user-sync'), 'createUserSync'>;

export interface LazyUserSyncOptions extends UserSyncOptions {
  session: Session;
  /** How the real controller's module is fetched (tests count or delay it). */
  load?: () => Promise<UserSyncModule>;
}

export function createLazyUserSync(options: LazyUserSyncOptions): UserSyncController {
  const { load = () => import('./user-sync'), ...syncOptions } = options;
  const listeners = new Set<() => void>();
  let real: UserSyncController | null = null;
  let loading: Promise<void> | null = null;
  let disposed = false;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function ensureLoaded(): void {
    if (loading || disposed) return;
    loading = load().then(
      (module) => {
        if (disposed) return;
        real = module.createUserSync(syncOptions);
        real.subscribe(notify);
        notify();
      },
      (error: unknown) => {
        // A failed fetch (e.g. a deploy removed the chunk) is retried at the next session change.
        loading = null;
        console.error('[sync] could not load the sync engine', error);
      },
    );
  }

  const unsubscribe = options.session.subscribe((state) => {
    if (signedInUserId(state) !== null) ensureLoaded();
  });
  if (signedInUserId(options.session.getState()) !== null) ensureLoaded();

  return {
    getState: () => real?.getState() ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribe();
      await real?.dispose();
    },
  };
}
