/**
 * The batch call (sync/contract/batch.ts): each write is answered as if it
 * had come alone (authentication, permissions, idempotency, If-Match,
 * validation), in order, and one write's failure is never another's.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MESSAGES, BATCH_PATH, MAX_BATCH_REQUESTS, type BatchItem } from '@sync/contract/batch';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import type { RouteModule } from '@server/app-context';
import { costs, equipment } from '@server/db/schema';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, roleWith, userWithRole, type Api } from '../catalog/support';
import { access } from '@server/auth/access';

/** A test-only write that is busy: 503 with Retry-After. */
const busyRoute: RouteModule = {
  name: 'batch-probe',
  register(app) {
    app.post('/api/probe/busy', { config: { access: access.signedIn() } }, async (_request, reply) =>
      reply.code(503).header('retry-after', '7').send({ message: 'Ocupado.' }),
    );
  },
};

let t: TestApp;
let admin: Api;
let costsOnly: Api;

beforeAll(async () => {
  t = await startTestApp({ extraRoutes: [busyRoute] });
  admin = api(t, await adminToken(t));
  await roleWith(t, 'so-custos', ['costs']);
  costsOnly = api(t, (await userWithRole(t, 'so-custos', 'so-custos')).token);
});
afterAll(() => t.close());

const batch = (caller: Api, requests: BatchItem[]) => caller.post(`/${BATCH_PATH}`, { requests });
const create = (name: string, key?: string): BatchItem => ({
  method: 'POST',
  path: 'api/cost',
  body: { name, price: 10 },
  ...(key ? { headers: { 'idempotency-key': key } } : {}),
});

async function costsNamed(name: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(costs).where(eq(costs.name, name));
  return row?.n ?? 0;
}

describe('the batch call', () => {
  it('answers each write in order with its own status and body', async () => {
    const answer = ok(await batch(admin, [create('Lote A'), create('Lote B'), create('Lote C')]));
    expect(answer.responses.map((item: { status: number }) => item.status)).toEqual([201, 201, 201]);
    const [a, b, c] = answer.responses.map((item: { body: { id: number; name: string } }) => item.body);
    expect([a.name, b.name, c.name]).toEqual(['Lote A', 'Lote B', 'Lote C']);
    expect(a.id < b.id && b.id < c.id).toBe(true);
    expect(await costsNamed('Lote B')).toBe(1);
  });

  it('keeps idempotency per write: the same batch again replays the answers and creates nothing', async () => {
    const requests = [create('Repetido 1', 'lote-k1'), create('Repetido 2', 'lote-k2')];
    const first = ok(await batch(admin, requests));
    const again = ok(await batch(admin, requests));
    expect(again.responses).toEqual(first.responses);
    expect(await costsNamed('Repetido 1')).toBe(1);
    expect(await costsNamed('Repetido 2')).toBe(1);
    // A key already used alone is replayed inside a batch too.
    const alone = ok(await admin.post('/api/cost', { name: 'Sozinho', price: 10 }, { 'idempotency-key': 'lote-k3' }), 201);
    const inBatch = ok(await batch(admin, [create('Sozinho', 'lote-k3')]));
    expect(inBatch.responses[0]).toMatchObject({ status: 201, body: { id: alone.id } });
    expect(await costsNamed('Sozinho')).toBe(1);
  });

  it('answers a refused write on its own: validation, a stale If-Match, a missing record', async () => {
    const kept = ok(await admin.post('/api/cost', { name: 'Versão antiga', price: 1 }), 201);
    ok(await admin.put(`/api/cost/${kept.id}`, { name: 'Versão nova', price: 2 }, { 'if-match': kept.updated_at }));
    const answer = ok(
      await batch(admin, [
        { method: 'POST', path: 'api/cost', body: { name: 'Sem preço' } },
        { method: 'PUT', path: `api/cost/${kept.id}`, headers: { 'if-match': kept.updated_at }, body: { name: 'Perdida', price: 3 } },
        { method: 'DELETE', path: 'api/cost/999999' },
        create('Válido entre recusados'),
      ]),
    );
    const [invalid, stale, missing, valid] = answer.responses;
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ message: expect.any(String), errors: expect.anything() });
    expect(stale).toMatchObject({ status: 409, body: { message: CONFLICT_MESSAGE, current: { id: kept.id, name: 'Versão nova' } } });
    expect(missing.status).toBe(404);
    expect(valid.status).toBe(201);
    expect(await costsNamed('Sem preço')).toBe(0);
    expect(await costsNamed('Perdida')).toBe(0);
    expect(await costsNamed('Válido entre recusados')).toBe(1);
  });

  it("checks each write's permissions: a module the caller lacks is 403 for that write alone", async () => {
    const answer = ok(
      await batch(costsOnly, [create('Custo permitido'), { method: 'POST', path: 'api/equipment', body: { name: 'Equipamento proibido' } }]),
    );
    expect(answer.responses.map((item: { status: number }) => item.status)).toEqual([201, 403]);
    const [row] = await t.db.select({ n: count() }).from(equipment).where(eq(equipment.name, 'Equipamento proibido'));
    expect(row?.n).toBe(0);
  });

  it('passes a write’s Retry-After on', async () => {
    const answer = ok(await batch(admin, [{ method: 'POST', path: 'api/probe/busy', body: {} }]));
    expect(answer.responses[0]).toEqual({ status: 503, body: { message: 'Ocupado.' }, retry_after: '7' });
  });

  it.each([
    ['the batch call itself', BATCH_PATH],
    ['the batch call with a trailing slash', `${BATCH_PATH}/`],
    ['sign-in', 'oauth/token'],
    ['sign-in reached through a dot segment', 'api/../oauth/token'],
    ['an encoded dot segment', 'api/%2e%2e/oauth/token'],
    ['the batch call reached through a dot segment', 'api/cost/../sync/batch'],
    ['the batch call with an encoded letter (%62)', 'api/sync/%62atch'],
    ['the batch call with an encoded letter (%61)', 'api/sync/b%61tch'],
    ['the batch call fully encoded', 'api/%73%79%6e%63/%62%61%74%63%68'],
    ['the batch call with upper-case hex digits', 'api/sy%6Ec/%62%61%74%63%68'],
    ['the batch call behind an encoded dot segment', 'api/x/.%2e/sync/batch'],
    ['the batch call with a query', `${BATCH_PATH}?x=1`],
    ['a public route (password recovery)', 'api/password/create'],
    ['the app', 'index.html'],
  ])('refuses %s as a write of the batch, and runs the others', async (_label, path) => {
    const answer = ok(await batch(admin, [{ method: 'POST', path, body: { requests: [create('Aninhado')] } }, create(`Ao lado de ${path}`)]));
    expect(answer.responses[0]).toEqual({ status: 400, body: { message: BATCH_MESSAGES.notAllowed } });
    expect(answer.responses[1].status).toBe(201);
    expect(await costsNamed('Aninhado')).toBe(0);
  });

  it('never runs a batch inside a batch, however deep it is nested', async () => {
    // The attack of issue 20: each level an encoded spelling of the batch call, 50 writes each.
    const level = (requests: BatchItem[]): BatchItem => ({ method: 'POST', path: 'api/sync/%62atch', body: { requests } });
    const inner = Array.from({ length: MAX_BATCH_REQUESTS }, (_, index) => create(`Profundo ${index}`));
    const nested = level([level([level(inner)])]);
    const answer = ok(await batch(admin, [nested]));
    expect(answer.responses).toEqual([{ status: 400, body: { message: BATCH_MESSAGES.notAllowed } }]);
    expect(await costsNamed('Profundo 0')).toBe(0);
  });

  it('needs a signed-in caller and creates nothing without one', async () => {
    const reply = await batch(api(t, undefined), [create('Anônimo')]);
    expect(reply.status).toBe(401);
    expect(await costsNamed('Anônimo')).toBe(0);
  });

  it.each([
    ['no writes', []],
    ['too many writes', Array.from({ length: MAX_BATCH_REQUESTS + 1 }, (_, index) => create(`Excesso ${index}`))],
    ['a method other than POST, PUT and DELETE', [{ method: 'GET', path: 'api/cost/1' }]],
    ['an unknown header', [{ method: 'POST', path: 'api/cost', headers: { authorization: 'Bearer outro' }, body: {} }]],
  ])('refuses a batch with %s (400), running nothing', async (_label, requests) => {
    const reply = await batch(admin, requests as BatchItem[]);
    expect(reply.status).toBe(400);
    expect(typeof reply.body.message).toBe('string');
    expect(await costsNamed('Excesso 0')).toBe(0);
  });
});
