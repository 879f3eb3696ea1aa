/**
 * The auth cache (server/auth/auth-cache.ts): the signed-in user is read
 * once per session and kept a few seconds; every revocation and every
 * forget* applies at once in this process, a load racing a forget is not
 * kept, and what is written behind the server's back (another process)
 * applies once the entry expires.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CACHE_TTL_MS, createAuthCache } from '@server/auth/auth-cache';
import type { AuthUser } from '@server/auth/current-user';
import { REFRESH_RETRY_GRACE_MS } from '@server/auth/sessions';
import { manualClock } from '@server/clock';
import { modules, rolePermissions } from '@server/db/schema';
import { adminToken, roleWith, userWithRole } from './catalog/support';
import { ADMIN, call, refreshGrant, signIn, startTestApp, type TestApp } from './helpers/test-app';

const userOf = (id: number, name = `Usuário ${id}`) => ({ id, name }) as AuthUser;

function cacheWithCounter(options: { ttlMs?: number; answer?: (userId: number) => AuthUser | null } = {}) {
  const clock = manualClock();
  const loads: string[] = [];
  let gate: Promise<void> | null = null;
  const cache = createAuthCache({
    now: clock.now,
    ttlMs: options.ttlMs,
    async load(userId, sessionId) {
      loads.push(sessionId);
      if (gate) await gate;
      return options.answer ? options.answer(userId) : userOf(userId);
    },
  });
  return {
    cache,
    clock,
    loads,
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

describe('the auth cache', () => {
  it('reads a session once while fresh, again once it expires', async () => {
    const { cache, clock, loads } = cacheWithCounter();
    for (let i = 0; i < 5; i += 1) expect((await cache.get(1, 's1'))?.id).toBe(1);
    expect(loads).toEqual(['s1']);
    clock.advance(AUTH_CACHE_TTL_MS - 1);
    await cache.get(1, 's1');
    expect(loads).toHaveLength(1);
    clock.advance(1);
    await cache.get(1, 's1');
    expect(loads).toHaveLength(2);
  });

  it.each([
    ['forgetSession(s1)', (c: ReturnType<typeof createAuthCache>) => c.forgetSession('s1'), ['s1'], ['s2', 's3']],
    ['forgetUser(1)', (c: ReturnType<typeof createAuthCache>) => c.forgetUser(1), ['s1', 's2'], ['s3']],
    ['forgetAll()', (c: ReturnType<typeof createAuthCache>) => c.forgetAll(), ['s1', 's2', 's3'], []],
  ])('%s reloads exactly the sessions it touches', async (_name, forget, reloaded, kept) => {
    const { cache, loads } = cacheWithCounter();
    const sessions = [
      [1, 's1'],
      [1, 's2'],
      [2, 's3'],
    ] as const;
    for (const [userId, sessionId] of sessions) await cache.get(userId, sessionId);
    loads.length = 0;
    forget(cache);
    for (const [userId, sessionId] of sessions) await cache.get(userId, sessionId);
    expect(loads.sort()).toEqual([...reloaded].sort());
    expect(kept.every((sessionId) => !loads.includes(sessionId))).toBe(true);
  });

  it('does not keep a load that was running when a forget came (it read the state before the change)', async () => {
    const { cache, loads, hold } = cacheWithCounter();
    const release = hold();
    const racing = cache.get(1, 's1');
    cache.forgetUser(1);
    release();
    await racing;
    await cache.get(1, 's1');
    expect(loads).toEqual(['s1', 's1']);
  });

  it('keeps nothing for an unknown or revoked session, nor with ttl 0', async () => {
    const refused = cacheWithCounter({ answer: () => null });
    expect(await refused.cache.get(1, 's1')).toBeNull();
    expect(await refused.cache.get(1, 's1')).toBeNull();
    expect(refused.loads).toHaveLength(2);
    const off = cacheWithCounter({ ttlMs: 0 });
    await off.cache.get(1, 's1');
    await off.cache.get(1, 's1');
    expect(off.loads).toHaveLength(2);
    expect(off.cache.size).toBe(0);
  });

  it('never answers a session with another user than the token names', async () => {
    const { cache, loads } = cacheWithCounter();
    await cache.get(1, 's1');
    expect((await cache.get(2, 's1'))?.id).toBe(2);
    expect(loads).toHaveLength(2);
  });
});

describe('the auth cache in the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a signed-out session is refused at once, not after the cache expires', async () => {
    const token = await adminToken(t);
    expect((await call(t, 'GET', '/api/user', { token })).status).toBe(200);
    expect((await call(t, 'POST', '/oauth/revoke', { json: { token } })).status).toBe(200);
    expect((await call(t, 'GET', '/api/user', { token })).status).toBe(401);
  });

  it('a session revoked for a reused refresh token is refused at once', async () => {
    const first = await signIn(t, ADMIN.username, ADMIN.password);
    expect((await call(t, 'GET', '/api/user', { token: first.access_token })).status).toBe(200);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(first.refresh_token) })).status).toBe(200);
    t.clock.advance(REFRESH_RETRY_GRACE_MS + 1000); // past the lost-answer grace: presenting the old token again is reuse
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(first.refresh_token) })).status).toBe(401);
    expect((await call(t, 'GET', '/api/user', { token: first.access_token })).status).toBe(401);
  });

  it('a permission written straight into the database (another process) applies within the cache lifetime', async () => {
    const roleId = await roleWith(t, 'estagio', []);
    const intern = await userWithRole(t, 'estagiario', 'estagio');
    expect((await call(t, 'GET', '/api/cost/all/0/10', { token: intern.token })).status).toBe(403);
    const [costsModule] = await t.db.select({ id: modules.id }).from(modules).where(eq(modules.slug, 'costs'));
    await t.db.insert(rolePermissions).values({ role_id: roleId, module_id: costsModule!.id, active: true });
    // Still the cached user: the bound is the cache's lifetime, not longer.
    expect((await call(t, 'GET', '/api/cost/all/0/10', { token: intern.token })).status).toBe(403);
    t.clock.advance(AUTH_CACHE_TTL_MS);
    expect((await call(t, 'GET', '/api/cost/all/0/10', { token: intern.token })).status).toBe(200);
  });
});
