/**
 * The signed-in user's store and engine follow the session: one database per
 * user (`higiene-<id>`), opened at sign-in and closed at sign-out, another
 * user on the same device never sees the first user's queue, and the first
 * user's unsent changes are still there when they sign in again. The
 * engine's auth goes through the real session against a loopback server:
 * bearer token, refresh on 401, and a refused refresh signs out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { manualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { saveRecord } from '@sync/engine/mutations';
import { Transport } from '@sync/engine/transport';
import { createMemoryStorage, createSession, type Session } from '@sync/session';
import { sessionAuth } from '@/app/sync/session-auth';
import { createUserSync, engineLockName, sessionReader, type UserSyncController } from '@/app/sync/user-sync';
import { META, readMeta } from '@sync/store/meta';
import { userDatabaseName } from '@/app/sync/user-database';
import { PASSWORD, startLoopbackAuthServer, type LoopbackAuthServer } from '../../session/loopback-auth-server';
import { makeUser } from '../../session/user-factory';

let server: LoopbackAuthServer;
let session: Session;
let controller: UserSyncController | null = null;

const MARIA = makeUser({ id: 7, username: 'maria', name: 'Maria Técnica' });
const JOAO = makeUser({ id: 8, username: 'joao', name: 'João Escritório' });

function newSession(storage = createMemoryStorage()): Session {
  return createSession({ baseUrl: server.baseUrl, storage, cookies: null, locks: null });
}

function follow(target: Session): UserSyncController {
  // Offline and lock-free: these tests are about which store is open, not about pushing.
  controller = createUserSync({
    session: target,
    baseUrl: server.baseUrl,
    engine: { environment: manualEnvironment(false), lock: noLock },
  });
  return controller;
}

async function signInAs(user: typeof MARIA, target: Session = session) {
  server.user = user;
  await target.signIn(user.username, PASSWORD);
}

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 2_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const waitUntil = async (check: () => boolean, timeoutMs = 2_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** IndexedDB connections open right now, by database name (counted below the Dexie layer). */
const openConnections: string[] = [];
const realOpen = indexedDB.open.bind(indexedDB);
indexedDB.open = ((name: string, version?: number) => {
  const request = realOpen(name, version);
  request.addEventListener('success', () => {
    const connection = request.result;
    openConnections.push(name);
    const close = connection.close.bind(connection);
    connection.close = () => {
      openConnections.splice(openConnections.indexOf(name), 1);
      close();
    };
  });
  return request;
}) as typeof indexedDB.open;

beforeEach(async () => {
  server = await startLoopbackAuthServer();
  session = newSession();
});

afterEach(async () => {
  await controller?.dispose();
  controller = null;
  await server.close();
  try {
    expect(openConnections).toEqual([]);
  } finally {
    openConnections.length = 0;
  }
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

describe('createUserSync', () => {
  it('opens nothing while signed out, and the user’s own database at sign-in', async () => {
    const sync = follow(session);
    expect(sync.getState()).toBeNull();

    await signInAs(MARIA);

    const state = sync.getState();
    expect(state).toMatchObject({ userId: 7 });
    expect(state!.db.name).toBe('higiene-7');
    expect(userDatabaseName(7)).toBe('higiene-7');
    expect(engineLockName(state!.db)).toBe('sync-engine:higiene-7');
    await waitUntil(() => state!.engine.isLeader);
  });

  it('finds a user already signed in at start-up (offline reopen) and keeps the same store when the user is re-read', async () => {
    const storage = createMemoryStorage();
    await signInAs(MARIA, newSession(storage));
    const reopened = newSession(storage);

    const sync = follow(reopened);
    const first = sync.getState();
    expect(first?.db.name).toBe('higiene-7');

    reopened.setUser({ ...MARIA, name: 'Maria T. Silva' });
    expect(sync.getState()).toBe(first);
  });

  it('asks for a sync when the re-read user has other modules, and not for other changes', async () => {
    const sync = follow(session);
    await signInAs(MARIA);
    const { db } = sync.getState()!;
    const requests = () => readMeta<number>(db, META.syncRequest);
    expect(sessionReader(session.getState())).toEqual({ isAdmin: false, isCustomer: false, modules: ['customers'] });

    session.setUser({ ...MARIA, name: 'Maria T. Silva' });
    expect(await requests()).toBeUndefined();

    session.setUser({ ...MARIA, modules: [...MARIA.modules, { id: 7, name: 'Custos', slug: 'costs' }] });
    await waitFor(async () => (await requests()) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One request: the rename before asked for none.
    expect(await requests()).toBe(1);
    expect(sessionReader(session.getState())!.modules).toEqual(['customers', 'costs']);
  });

  it('keeps each user’s queue apart and gives it back when the user returns', async () => {
    const sync = follow(session);
    await signInAs(MARIA);
    const maria = sync.getState()!;
    await saveRecord(maria.db, 'costs', null, { name: 'Diária técnica', price: 350 });

    await session.signOut();
    expect(sync.getState()).toBeNull();
    await waitUntil(() => !maria.db.isOpen());

    await signInAs(JOAO);
    const joao = sync.getState()!;
    expect(joao.db.name).toBe('higiene-8');
    expect(await joao.db.outbox.count()).toBe(0);
    expect(await joao.db.records('costs').count()).toBe(0);

    // João signs in over Maria's session directly next time (sign-in ends the previous session).
    await signInAs(MARIA);
    const back = sync.getState()!;
    expect(back.db.name).toBe('higiene-7');
    expect(back.db).not.toBe(maria.db);
    expect(await back.db.outbox.count()).toBe(1);
    expect((await back.db.records('costs').toArray()).map((cost) => cost.name)).toEqual(['Diária técnica']);
    await waitUntil(() => !joao.db.isOpen());
  });

  it('leaves no IndexedDB connection open after a sign-out, even one right after the sign-in', async () => {
    const sync = follow(session);
    await signInAs(MARIA);
    await session.signOut();
    await signInAs(JOAO);
    await sync.dispose();
    expect(openConnections).toEqual([]);
  });

  it('follows a sign-out in another tab (storage re-read)', async () => {
    const storage = createMemoryStorage();
    const tab = newSession(storage);
    await signInAs(MARIA, tab);
    const sync = follow(tab);
    expect(sync.getState()?.userId).toBe(7);

    await newSession(storage).signOut();
    tab.reloadFromStorage();

    expect(sync.getState()).toBeNull();
  });

  it('stops following after dispose and closes the store', async () => {
    const sync = follow(session);
    await signInAs(MARIA);
    const state = sync.getState()!;
    await sync.dispose();
    expect(sync.getState()).toBeNull();
    expect(state.db.isOpen()).toBe(false);
    await signInAs(JOAO);
    expect(sync.getState()).toBeNull();
  });
});

describe('sessionAuth (the engine’s auth over the session)', () => {
  const echo = (transport: Transport) => transport.send({ method: 'GET', path: 'api/echo' });

  it('sends the access token, and refreshes it once on a 401 before sending again', async () => {
    await signInAs(MARIA);
    const transport = new Transport({ baseUrl: server.baseUrl, auth: sessionAuth(session) });
    const first = await echo(transport);
    expect(first).toMatchObject({ kind: 'response', status: 200 });
    expect((first as { body: { authorization: string } }).body.authorization).toBe(`Bearer ${session.getAccessToken()}`);

    server.validAccessTokens.clear(); // the server no longer accepts the token (expired early, secret rotated...)
    const second = await echo(transport);

    expect(second).toMatchObject({ kind: 'response', status: 200 });
    expect(server.count('POST /oauth/token refresh_token')).toBe(1);
  });

  it('refreshes a token about to expire before using it', async () => {
    let clock = Date.now();
    const timed = createSession({ baseUrl: server.baseUrl, storage: createMemoryStorage(), cookies: null, locks: null, now: () => clock });
    await signInAs(MARIA, timed);
    const before = timed.getAccessToken();
    clock += 3_600_000;

    const token = await sessionAuth(timed).getAccessToken();

    expect(token).not.toBe(before);
    expect(token).toBe(timed.getAccessToken());
    expect(server.count('POST /oauth/token refresh_token')).toBe(1);
  });

  it('a refused refresh signs out, which closes the user’s store', async () => {
    const sync = follow(session);
    await signInAs(MARIA);
    const transport = new Transport({ baseUrl: server.baseUrl, auth: sessionAuth(session) });
    server.validAccessTokens.clear();
    server.refuseRefresh = true;

    const outcome = await echo(transport);

    expect(outcome).toMatchObject({ kind: 'response', status: 401 });
    expect(session.getState()).toMatchObject({ user: null, endReason: 'expired' });
    expect(sync.getState()).toBeNull();
  });

  it('has no token to give once signed out', async () => {
    expect(await sessionAuth(session).getAccessToken()).toBeNull();
    expect(await sessionAuth(session).refresh()).toBe(false);
  });
});
