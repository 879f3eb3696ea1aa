/**
 * The sync engine of the signed-in user, following the session: when a user
 * signs in (or is found signed in at start-up, offline too) their database
 * `higiene-<userId>` is opened and an engine is started on it; when the user
 * signs out, the session expires, or another user signs in (in this tab or
 * another), that engine stops and its database closes — its data and queue
 * stay on the device for the next time that user signs in.
 *
 * The engine pulls only the lists the user's modules allow (read from the
 * session's user on every pull). Every sync run re-reads the user first
 * (`GET api/user`, the engine's `beforePull`), so a change of department or
 * permissions made by an administrator reaches the menu and the route guards
 * on the device's next sync; not within 30 s of a sign-in in this tab,
 * which has just read the user (USER_FRESH_MS). When the user's permissions
 * change (there, after a 403 or on start-up), a sync is asked for at once so
 * lists newly allowed arrive without waiting for the next timer.
 *
 * Every tab has one of these; the engine's Web Lock (one per database) makes
 * only one tab push and pull, while the other tabs read the same store live.
 * Plain object, no React: created once at start-up, so React's double effects
 * never open or start anything twice.
 */
import { readerOf, type Reader } from '@sync/contract/access';
import { currentUserSchema } from '@sync/contract/user';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '@sync/engine/engine';
import { requestSync } from '@sync/engine/mutations';
import { ENGINE_LOCK_NAME, noLock, webLocksLock } from '@sync/engine/lock';
import type { Session, SessionState } from '@sync/session';
import type { SyncDatabase } from '@sync/store/database';
import { sessionAuth } from './session-auth';
import { signedInUserId } from './signed-in-user';
import { openUserDatabase } from './user-database';

export interface UserSync {
  userId: number;
  db: SyncDatabase;
  /** This tab's engine; it may be queued behind the lock another tab holds. */
  engine: SyncEngine;
}

export interface UserSyncController {
  /** The signed-in user's store and engine; null while signed out. */
  getState(): UserSync | null;
  subscribe(listener: () => void): () => void;
  /** Stops following the session, stops the engine and closes the database. */
  dispose(): Promise<void>;
}

export interface UserSyncOptions {
  session: Session;
  /** API origin (the page's origin in the PWA). */
  baseUrl: string;
  /** Engine settings other than the store, server and auth (tests pass an environment, a lock, timings). */
  engine?: Partial<Omit<SyncEngineOptions, 'db' | 'baseUrl' | 'auth'>>;
  openDatabase?: (userId: number) => SyncDatabase;
}

/** The engine lock is per database, so a user switch never waits on the previous user's engine. */
export function engineLockName(db: SyncDatabase): string {
  return `${ENGINE_LOCK_NAME}:${db.name}`;
}

/** The signed-in user's read rights, or null (unknown: every list is asked for). */
export function sessionReader(state: SessionState): Reader | null {
  return state.user ? readerOf(state.user) : null;
}

function readerSignature(state: SessionState): string {
  const reader = sessionReader(state);
  return reader ? JSON.stringify({ ...reader, modules: [...reader.modules].sort() }) : '';
}

/** `GET api/user` (spec section 7): the current user with its modules. */
const CURRENT_USER_PATH = 'api/user';

/**
 * Re-reads the signed-in user, unless this tab signed in moments ago (the
 * sign-in has just read it: USER_FRESH_MS); the session (and every tab,
 * through storage) changes only when something did.
 */
export async function refreshSessionUser(session: Session, get: (path: string) => Promise<unknown>): Promise<void> {
  if (!session.getState().user || session.signedInRecently()) return;
  const parsed = currentUserSchema.safeParse(await get(CURRENT_USER_PATH));
  if (parsed.success) session.setUser(parsed.data);
}

export function createUserSync(options: UserSyncOptions): UserSyncController {
  const openDatabase = options.openDatabase ?? openUserDatabase;
  const auth = sessionAuth(options.session);
  const listeners = new Set<() => void>();
  const closing = new Set<Promise<void>>();
  let current: UserSync | null = null;
  let disposed = false;
  let rights = readerSignature(options.session.getState());

  function start(userId: number): UserSync {
    const db = openDatabase(userId);
    const engine = createSyncEngine({
      ...options.engine,
      db,
      baseUrl: options.baseUrl,
      auth,
      lock: options.engine?.lock ?? webLocksLock(engineLockName(db)) ?? noLock,
      reader: () => sessionReader(options.session.getState()),
      beforePull: (get) => refreshSessionUser(options.session, get),
    });
    engine.start();
    return { userId, db, engine };
  }

  function shutDown(sync: UserSync): void {
    const done = sync.engine
      .stop()
      .catch(() => undefined)
      // Closed a turn later: the screens bound to this store unmount first (the
      // session change that got us here re-renders them), so no live query
      // meets a closed database.
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
      // Closing while Dexie is still opening cancels Dexie's side only: the
      // IndexedDB connection would open later and stay open, blocking the next
      // schema upgrade. Let the opening finish, then close.
      .then(() =>
        sync.db.open().then(
          () => undefined,
          () => undefined,
        ),
      )
      .then(() => sync.db.close());
    closing.add(done);
    void done.finally(() => closing.delete(done));
  }

  function follow(state: SessionState): void {
    if (disposed) return;
    const userId = signedInUserId(state);
    const nextRights = readerSignature(state);
    const rightsChanged = nextRights !== rights;
    rights = nextRights;
    if (userId === (current?.userId ?? null)) {
      // Same user, other modules: the engine tab syncs now and follows the new rights.
      if (current && rightsChanged) void requestSync(current.db).catch(() => undefined);
      return;
    }
    const previous = current;
    current = userId === null ? null : start(userId);
    for (const listener of [...listeners]) listener();
    if (previous) shutDown(previous);
  }

  const unsubscribe = options.session.subscribe(follow);
  follow(options.session.getState());

  return {
    getState: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async dispose() {
      if (disposed) return;
      unsubscribe();
      const last = current;
      current = null;
      disposed = true;
      for (const listener of [...listeners]) listener();
      if (last) shutDown(last);
      await Promise.all([...closing]);
    },
  };
}
