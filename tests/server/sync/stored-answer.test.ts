/**
 * `GET api/sync/answer` (sync/contract/stored-answer.ts): the answer the
 * server keeps for the caller's Idempotency-Key, read without running or
 * claiming anything; a caller reaches only its own keys (an administrator
 * also a colleague's, as `user-<id>:<key>`); what it refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_ANSWER_MESSAGES, STORED_ANSWER_PATH, storedAnswerSchema } from '@sync/contract/stored-answer';
import { IDEMPOTENCY_HEADER } from '@sync/contract/sync';
import { seedDemo } from '@server/db/demo';
import { DEMO_PASSWORD } from '@server/db/demo/users';
import { users } from '@server/db/schema';
import { claimKey, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from '@server/sync/idempotency-store';
import { IDEMPOTENCY_MESSAGES } from '@server/sync/idempotency-messages';
import { eq } from 'drizzle-orm';
import { ADMIN, signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { api, ok, type Api } from '../catalog/support';

let t: TestApp;
let admin: Api;
let technician: Api;
let technicianId: number;

const ask = (caller: Api, key?: string) => caller.get(`/${STORED_ANSWER_PATH}`, key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key });

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  admin = api(t, (await signIn(t, ADMIN.username, ADMIN.password)).access_token);
  technician = api(t, (await signIn(t, 'paulo', DEMO_PASSWORD)).access_token);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'paulo'));
  technicianId = row!.id;
});
afterAll(() => t.close());

describe('the kept answer of a write', () => {
  it("is the write's own answer, status and body, and asking runs nothing again", async () => {
    const created = await admin.post('/api/cost', { name: 'Custo perguntado', price: 12.5 }, { [IDEMPOTENCY_HEADER]: 'cost-asked-1' });
    expect(created.status).toBe(201);
    const before = ok<{ total_items: number }>(await admin.get('/api/cost/all/0/1'));

    const kept = storedAnswerSchema.parse(ok(await ask(admin, 'cost-asked-1')));
    expect(kept).toEqual({ status: 201, body: created.body });
    ok(await ask(admin, 'cost-asked-1'));
    expect(ok<{ total_items: number }>(await admin.get('/api/cost/all/0/1')).total_items).toBe(before.total_items);
  });

  it('is kept for a refusal about the request itself (a 400), as a replay would give it', async () => {
    const refused = await admin.post('/api/cost', { name: '', price: -1 }, { [IDEMPOTENCY_HEADER]: 'cost-refused-1' });
    expect(refused.status).toBe(400);
    expect(storedAnswerSchema.parse(ok(await ask(admin, 'cost-refused-1')))).toEqual({ status: 400, body: refused.body });
  });

  it.each([
    ['a key never used', 'never-used-1'],
    ["another user's key, named without its owner", 'cost-asked-1'],
  ])('is 404 for %s', async (_case, key) => {
    const caller = key === 'cost-asked-1' ? technician : admin;
    const reply = await ask(caller, key);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ message: STORED_ANSWER_MESSAGES.none });
  });

  it('is 409 with Retry-After while the first request holds its lease, and 404 once the lease is past', async () => {
    const now = t.clock.now();
    const claim = await claimKey(t.db, { userId: technicianId, key: 'upload-running-1' }, { method: 'POST', path: '/api/file', hash: null }, now);
    expect(claim.kind).toBe('claimed');
    const running = await ask(technician, 'upload-running-1');
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({ message: IDEMPOTENCY_MESSAGES.inProgress });
    expect(running.headers.get('retry-after')).toBe('1');

    t.clock.advance(IDEMPOTENCY_LEASE_MS + 1);
    expect((await ask(technician, 'upload-running-1')).status).toBe(404);
  });

  it("reaches a colleague's key only for an administrator, named as user-<id>:<key>", async () => {
    const mine = await admin.post('/api/cost', { name: 'Custo do administrador', price: 3 }, { [IDEMPOTENCY_HEADER]: 'admin-own-1' });
    expect(mine.status).toBe(201);
    const claim = await claimKey(t.db, { userId: technicianId, key: 'tech-kept-1' }, { method: 'POST', path: '/api/x', hash: null }, t.clock.now());
    expect(claim.kind).toBe('claimed');

    expect((await ask(admin, `user-${technicianId}:tech-kept-1`)).status).toBe(409);
    const adminId = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN.username)))[0]!.id;
    expect((await ask(technician, `user-${adminId}:admin-own-1`)).status).toBe(403);
  });

  it('expires with the key (24 hours)', async () => {
    ok(await admin.post('/api/cost', { name: 'Custo que expira', price: 1 }, { [IDEMPOTENCY_HEADER]: 'cost-expires-1' }), 201);
    t.clock.advance(IDEMPOTENCY_TTL_MS + 1);
    // A day later the session's token has expired too: signed in again.
    admin = api(t, (await signIn(t, ADMIN.username, ADMIN.password)).access_token);
    expect((await ask(admin, 'cost-expires-1')).status).toBe(404);
  });
});

describe('what it refuses', () => {
  it.each([
    ['no Idempotency-Key', undefined, STORED_ANSWER_MESSAGES.missingKey],
    ['a key with a space', 'a b', IDEMPOTENCY_MESSAGES.invalidKey],
  ])('%s: 400 with a message', async (_case, key, message) => {
    const reply = await ask(admin, key);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message });
  });

  it('without a token: 401', async () => {
    expect((await ask(api(t, undefined), 'cost-asked-1')).status).toBe(401);
  });
});
