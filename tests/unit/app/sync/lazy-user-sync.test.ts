/**
 * The start-up controller loads the sync engine's module only once a
 * session exists: never for a visitor on the login page, at once for a user
 * found signed in, at the moment of signing in otherwise; then it forwards
 * the real controller's store, and disposing stops it. A failed load is
 * retried at the next session change. Real session against a loopback
 * server; the module loader is the real one, wrapped to count calls.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { createMemoryStorage, createSession, type Session } from '@sync/session';
import { createLazyUserSync } from '@/app/sync/lazy-user-sync';
import type { UserSyncController } from '@/app/sync/user-sync';
import { PASSWORD, startLoopbackAuthServer, type LoopbackAuthServer } from '../../session/loopback-auth-server';
import { makeUser } from '../../session/user-factory';

const MARIA = makeUser({ id: 7, username: 'maria', name: 'Maria Técnica' });

let server: LoopbackAuthServer;
let controller: UserSyncController | null = null;
let loads = 0;
let failNextLoad = false;

const load = async () => {
  loads += 1;
  if (failNextLoad) {
    failNextLoad = false;
    throw new Error('chunk missing');
  }
  return import('@/app/sync/user-sync');
};

function lazyFor(session: Session): UserSyncController {
  controller = createLazyUserSync({
    session,
    baseUrl: server.baseUrl,
    engine: { environment: manualEnvironment(false), lock: noLock },
    load,
  });
  return controller;
}

// The first load transforms the engine's module graph: seconds on a loaded machine.
const waitUntil = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

beforeEach(async () => {
  server = await startLoopbackAuthServer();
  server.user = MARIA;
  loads = 0;
  failNextLoad = false;
});

afterEach(async () => {
  await controller?.dispose();
  controller = null;
  await server.close();
});

describe('createLazyUserSync', { timeout: 30_000 }, () => {
  it('loads nothing while nobody is signed in', async () => {
    const session = createSession({ baseUrl: server.baseUrl, storage: createMemoryStorage(), cookies: null, locks: null });
    const lazy = lazyFor(session);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toBe(0);
    expect(lazy.getState()).toBeNull();
  });

  it('loads at sign-in, then gives the user store and tells its subscribers', async () => {
    const session = createSession({ baseUrl: server.baseUrl, storage: createMemoryStorage(), cookies: null, locks: null });
    const lazy = lazyFor(session);
    let changes = 0;
    lazy.subscribe(() => (changes += 1));
    await session.signIn(MARIA.username, PASSWORD);
    await waitUntil(() => lazy.getState() !== null);
    expect(loads).toBe(1);
    expect(lazy.getState()?.userId).toBe(MARIA.id);
    expect(changes).toBeGreaterThan(0);

    await session.signOut();
    await waitUntil(() => lazy.getState() === null);
    await session.signIn(MARIA.username, PASSWORD);
    await waitUntil(() => lazy.getState() !== null);
    expect(loads).toBe(1);
  });

  it('loads at once for a user found signed in (a reload, offline too)', async () => {
    const storage = createMemoryStorage();
    const first = createSession({ baseUrl: server.baseUrl, storage, cookies: null, locks: null });
    await first.signIn(MARIA.username, PASSWORD);
    const reloaded = createSession({ baseUrl: server.baseUrl, storage, cookies: null, locks: null });
    const lazy = lazyFor(reloaded);
    expect(loads).toBe(1);
    await waitUntil(() => lazy.getState()?.userId === MARIA.id);
  });

  it('retries a failed load at the next session change', async () => {
    const session = createSession({ baseUrl: server.baseUrl, storage: createMemoryStorage(), cookies: null, locks: null });
    const lazy = lazyFor(session);
    failNextLoad = true;
    const originalError = console.error;
    console.error = () => undefined;
    try {
      await session.signIn(MARIA.username, PASSWORD);
      await waitUntil(() => loads === 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lazy.getState()).toBeNull();
      await session.signOut();
      await session.signIn(MARIA.username, PASSWORD);
      await waitUntil(() => lazy.getState()?.userId === MARIA.id);
      expect(loads).toBe(2);
    } finally {
      console.error = originalError;
    }
  });

  it('dispose before the module arrives starts nothing', async () => {
    const session = createSession({ baseUrl: server.baseUrl, storage: createMemoryStorage(), cookies: null, locks: null });
    const lazy = lazyFor(session);
    await session.signIn(MARIA.username, PASSWORD);
    await lazy.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lazy.getState()).toBeNull();
  });
});
