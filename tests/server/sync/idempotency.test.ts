/**
 * Idempotency-Key (docs/sync-protocol.md): a replay returns the first
 * response and changes nothing; the key is bound to its method and path and
 * to its user; concurrent duplicates never both run; failures worth
 * retrying (5xx, 403) give the key back; keys live 24 hours.
 */
import { request } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '@server/app-context';
import { AUTH_CACHE_TTL_MS } from '@server/auth/auth-cache';
import { costs, idempotencyKeys, modules, rolePermissions, users } from '@server/db/schema';
import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from '@server/sync/idempotency-plugin';
import { ADMIN, call, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, roleWith, userWithRole, type Api } from '../catalog/support';
import { access } from '@server/auth/access';

/** Test-only routes: one that fails until told otherwise, one that takes its time; both count their runs. */
const runs = { flaky: 0, slow: 0 };
let flakyFails = true;
const probeRoutes: RouteModule = {
  name: 'idempotency-probe',
  register(app) {
    app.post('/api/probe/flaky', { config: { access: access.signedIn() } }, async () => {
      runs.flaky += 1;
      if (flakyFails) throw new Error('database went away');
      return { run: runs.flaky };
    });
    app.post('/api/probe/slow', { config: { access: access.signedIn() } }, async () => {
      runs.slow += 1;
      const run = runs.slow;
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { run };
    });
    app.post('/api/probe/very-slow', { config: { access: access.signedIn() } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 3_600));
      return { done: true };
    });
  },
};

let t: TestApp;
let admin: Api;
let token: string;
let adminKey: (key: string) => Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ extraRoutes: [probeRoutes] });
  token = await adminToken(t);
  admin = api(t, token);
  adminKey = (key) => ({ 'idempotency-key': key });
});
afterAll(() => t.close());

async function costCount(name: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(costs).where(eq(costs.name, name));
  return row?.n ?? 0;
}

describe('a replay', () => {
  it('of a create returns the same answer and creates nothing more', async () => {
    const first = await admin.post('/api/cost', { name: 'Deslocamento', price: 2.1 }, adminKey('create-1'));
    const again = await admin.post('/api/cost', { name: 'Deslocamento', price: 2.1 }, adminKey('create-1'));
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await costCount('Deslocamento')).toBe(1);
  });

  it('of an update answers the first result even though its If-Match is now stale', async () => {
    const cost = ok(await admin.post('/api/cost', { name: 'Hospedagem', price: 250 }));
    t.clock.advance(1000);
    const headers = { ...adminKey('update-1'), 'if-match': cost.updated_at };
    const first = await admin.put(`/api/cost/${cost.id}`, { name: 'Hospedagem', price: 280 }, headers);
    const again = await admin.put(`/api/cost/${cost.id}`, { name: 'Hospedagem', price: 280 }, headers);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(ok(await admin.get(`/api/cost/${cost.id}`))).toEqual(first.body);
  });

  it('of a delete answers 204 again rather than 404', async () => {
    const cost = ok(await admin.post('/api/cost', { name: 'Pedágio', price: 12.4 }));
    const first = await admin.del(`/api/cost/${cost.id}`, adminKey('delete-1'));
    const again = await admin.del(`/api/cost/${cost.id}`, adminKey('delete-1'));
    expect([first.status, again.status]).toEqual([204, 204]);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect((await admin.del(`/api/cost/${cost.id}`)).status).toBe(404);
  });

  it('of a refused request is refused the same way; a corrected body needs a new key', async () => {
    const first = await admin.post('/api/cost', { name: 'Alimentação' }, adminKey('invalid-1'));
    const again = await admin.post('/api/cost', { name: 'Alimentação' }, adminKey('invalid-1'));
    expect([first.status, again.status]).toEqual([400, 400]);
    expect(again.body).toEqual(first.body);
    const corrected = await admin.post('/api/cost', { name: 'Alimentação', price: 45 }, adminKey('invalid-1'));
    expect(corrected).toMatchObject({ status: 422, body: { message: IDEMPOTENCY_MESSAGES.bodyChanged } });
    expect((await admin.post('/api/cost', { name: 'Alimentação', price: 45 }, adminKey('invalid-2'))).status).toBe(201);
  });

  it('with another body is refused with 422 and runs nothing; spacing and key order are the same body', async () => {
    const cost = ok(await admin.post('/api/cost', { name: 'Combustível', price: 90 }, adminKey('body-1')), 201);
    const reordered = await call(t, 'POST', '/api/cost', {
      token,
      body: '{ "price": 90,\n  "name": "Combustível" }',
      headers: { 'content-type': 'application/json', ...adminKey('body-1') },
    });
    expect(reordered.status).toBe(201);
    expect(reordered.body).toEqual(cost);
    const changed = await admin.post('/api/cost', { name: 'Combustível', price: 95 }, adminKey('body-1'));
    expect(changed).toMatchObject({ status: 422, body: { message: IDEMPOTENCY_MESSAGES.bodyChanged } });
    const update = await admin.put(`/api/cost/${cost.id}`, { name: 'Combustível', price: 100 }, adminKey('body-2'));
    const otherUpdate = await admin.put(`/api/cost/${cost.id}`, { name: 'Combustível', price: 110 }, adminKey('body-2'));
    expect([update.status, otherUpdate.status]).toEqual([200, 422]);
    expect(ok(await admin.get(`/api/cost/${cost.id}`)).price).toBe(100);
    expect(await costCount('Combustível')).toBe(1);
  });

  it('for another path or method is refused with 422 and runs nothing', async () => {
    const cost = ok(await admin.post('/api/cost', { name: 'Taxa de laboratório', price: 80 }, adminKey('bound-1')));
    const otherPath = await admin.post('/api/service', { name: 'Taxa de laboratório', price: 80 }, adminKey('bound-1'));
    expect(otherPath).toMatchObject({ status: 422, body: { message: IDEMPOTENCY_MESSAGES.keyReused } });
    const otherMethod = await admin.put(`/api/cost/${cost.id}`, { name: 'x', price: 1 }, adminKey('bound-1'));
    expect(otherMethod.status).toBe(422);
    expect(ok(await admin.get('/api/service/all/0/10')).total_items).toBe(0);
    expect(ok(await admin.get(`/api/cost/${cost.id}`)).name).toBe('Taxa de laboratório');
  });

  it('is per user: the same key from someone else is their own request', async () => {
    await roleWith(t, 'custos', ['costs']);
    const other = api(t, (await userWithRole(t, 'financeiro', 'custos')).token);
    const mine = ok(await admin.post('/api/cost', { name: 'Frete', price: 30 }, adminKey('shared-key')));
    const theirs = ok(await other.post('/api/cost', { name: 'Frete', price: 30 }, adminKey('shared-key')));
    expect(theirs.id).not.toBe(mine.id);
    expect(await costCount('Frete')).toBe(2);
  });

  it('is not involved without the header', async () => {
    await admin.post('/api/cost', { name: 'Sem chave', price: 1 });
    await admin.post('/api/cost', { name: 'Sem chave', price: 1 });
    expect(await costCount('Sem chave')).toBe(2);
  });
});

describe('concurrent duplicates', () => {
  it('of a create make one record, and every answer is that record', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => admin.post('/api/cost', { name: 'Concorrente', price: 9.9 }, adminKey('race-1'))),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await costCount('Concorrente')).toBe(1);
  });

  it('wait for the first and get its answer; the handler runs once', async () => {
    const before = runs.slow;
    const replies = await Promise.all([1, 2, 3].map(() => admin.post('/api/probe/slow', {}, adminKey('slow-1'))));
    expect(runs.slow - before).toBe(1);
    expect(replies.map((r) => r.body)).toEqual([{ run: before + 1 }, { run: before + 1 }, { run: before + 1 }]);
  });

  it('of a request whose client hung up mid-handler get the answer it stored; the handler ran once', async () => {
    const before = runs.slow;
    const url = new URL('/api/probe/slow', t.baseUrl);
    const headers = { authorization: `Bearer ${await adminToken(t)}`, 'content-type': 'application/json', ...adminKey('hung-up-1') };
    // The device times out while the server is still writing: the socket closes under the handler.
    await new Promise<void>((resolve) => {
      const hungUp = request(url, { method: 'POST', headers });
      hungUp.on('error', () => resolve());
      hungUp.end('{}');
      setTimeout(() => {
        hungUp.destroy();
        resolve();
      }, 100);
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const retry = await admin.post('/api/probe/slow', {}, adminKey('hung-up-1'));
    expect(retry).toMatchObject({ status: 200, body: { run: before + 1 } });
    expect(retry.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(runs.slow - before).toBe(1);
  });

  it('still running after the wait get 409 "in progress" with Retry-After, and the first completes', async () => {
    const first = admin.post('/api/probe/very-slow', {}, adminKey('very-slow-1'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await admin.post('/api/probe/very-slow', {}, adminKey('very-slow-1'));
    expect(second).toMatchObject({ status: 409, body: { message: IDEMPOTENCY_MESSAGES.inProgress } });
    expect(second.headers.get('retry-after')).toBe('1');
    expect((await first).body).toEqual({ done: true });
    const third = await admin.post('/api/probe/very-slow', {}, adminKey('very-slow-1'));
    expect(third.headers.get(REPLAYED_HEADER)).toBe('true');
  });
});

describe('keys given back', () => {
  it('after a 5xx, so the retry runs again', async () => {
    flakyFails = true;
    const before = runs.flaky;
    expect((await admin.post('/api/probe/flaky', {}, adminKey('flaky-1'))).status).toBe(500);
    flakyFails = false;
    const retry = await admin.post('/api/probe/flaky', {}, adminKey('flaky-1'));
    expect(retry.status).toBe(200);
    expect(runs.flaky - before).toBe(2);
    const replay = await admin.post('/api/probe/flaky', {}, adminKey('flaky-1'));
    expect(replay.body).toEqual(retry.body);
    expect(runs.flaky - before).toBe(2);
  });

  it('after a 403, so the request runs once the permission is granted', async () => {
    const roleId = await roleWith(t, 'aprendiz', []);
    const apprentice = api(t, (await userWithRole(t, 'aprendiz', 'aprendiz')).token);
    expect((await apprentice.post('/api/cost', { name: 'Permitido depois', price: 1 }, adminKey('grant-1'))).status).toBe(403);
    const [costsModule] = await t.db.select({ id: modules.id }).from(modules).where(eq(modules.slug, 'costs'));
    await t.db.insert(rolePermissions).values({ role_id: roleId, module_id: costsModule!.id, active: true });
    t.clock.advance(AUTH_CACHE_TTL_MS); // written straight into the database: it applies once the cached user expires
    expect((await apprentice.post('/api/cost', { name: 'Permitido depois', price: 1 }, adminKey('grant-1'))).status).toBe(201);
  });

  it('left "running" by a crashed request, once its 60-second lease is over', async () => {
    const [adminUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN.username));
    await t.db.insert(idempotencyKeys).values({
      user_id: adminUser!.id,
      key: 'crashed-1',
      method: 'POST',
      path: '/api/cost',
      created_at: new Date(t.clock.now()),
      expires_at: new Date(t.clock.now() + 86_400_000),
    });
    const early = await admin.post('/api/cost', { name: 'Retomado', price: 1 }, adminKey('crashed-1'));
    expect(early.status).toBe(409);
    t.clock.advance(61_000);
    const late = await admin.post('/api/cost', { name: 'Retomado', price: 1 }, adminKey('crashed-1'));
    expect(late.status).toBe(201);
    expect(await costCount('Retomado')).toBe(1);
  });
});

describe('a first request still running here', () => {
  it('keeps its key when the wall clock jumps past the lease: the duplicate waits, the handler runs once', async () => {
    const before = runs.slow;
    const first = admin.post('/api/probe/slow', {}, adminKey('clock-step-1'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    t.clock.advance(5 * 60_000); // an NTP step, or a request that outlives the lease
    const duplicate = await admin.post('/api/probe/slow', {}, adminKey('clock-step-1'));
    const original = await first;
    expect(runs.slow - before).toBe(1);
    expect(duplicate.body).toEqual(original.body);
    expect(duplicate.headers.get(REPLAYED_HEADER)).toBe('true');
  });
});

describe('after 24 hours', () => {
  it('a key is forgotten (its reuse is a new request) and expired keys are purged', async () => {
    ok(await admin.post('/api/cost', { name: 'Diária', price: 300 }, adminKey('day-1')));
    t.clock.advance(24 * 60 * 60_000 + 1);
    token = await adminToken(t);
    admin = api(t, token); // the access token expired meanwhile
    const reuse = await admin.post('/api/cost', { name: 'Diária', price: 300 }, adminKey('day-1'));
    expect(reuse.status).toBe(201);
    expect(reuse.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await costCount('Diária')).toBe(2);

    // The purge runs off the request path; give it a moment.
    let left = Infinity;
    for (let i = 0; i < 40 && left > 1; i += 1) {
      const [row] = await t.db.select({ n: count() }).from(idempotencyKeys);
      left = row?.n ?? 0;
      if (left > 1) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(left).toBe(1); // only 'day-1' as just used
  });
});

describe('the header itself', () => {
  it('is ignored on reads and outside the API', async () => {
    const a = await call(t, 'GET', '/api/cost/all/0/1', { token: undefined, headers: adminKey('read-1') });
    expect(a.status).toBe(401);
    const b = await admin.get('/api/cost/all/0/1', adminKey('read-1'));
    expect(b.headers.get(REPLAYED_HEADER)).toBeNull();
  });
});
