/**
 * Whose Idempotency-Key a write counts under (server/sync/idempotency-scope.ts):
 * keys are per user, and `user-<id>:<key>` lets an administrator deliver a
 * colleague's unsent writes (an imported file) under the colleague's key, so
 * each write runs once whichever of them sends it first, alone or in a
 * batch. Nobody else may name another user, and a user that does not exist
 * is refused; both change nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_SCOPE_MESSAGES, parseScopedKey, scopedIdempotencyKey } from '@sync/contract/idempotency-scope';
import { customers } from '@server/db/schema';
import { REPLAYED_HEADER } from '@server/sync/idempotency-plugin';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, userWithRole, type Api } from '../catalog/support';

let t: TestApp;
let admin: Api;
let technician: { id: number; api: Api };
let colleague: { id: number; api: Api };

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  const tech = await userWithRole(t, 'tecnico.escopo', 'tecnico-de-campo');
  technician = { id: tech.id, api: api(t, tech.token) };
  const other = await userWithRole(t, 'colega.escopo', 'tecnico-de-campo');
  colleague = { id: other.id, api: api(t, other.token) };
});
afterAll(() => t.close());

const customer = (name: string) => ({ name, type: 'corporate', email: 'escopo@cliente.com.br', phone: '1133334444' });
const header = (key: string) => ({ 'idempotency-key': key });

async function customersNamed(name: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(customers).where(eq(customers.name, name));
  return row?.n ?? 0;
}

describe('the scope of a key', () => {
  it.each([
    ['user-12:abc', { userId: 12, key: 'abc' }],
    ['user-12:user-3:abc', { userId: 12, key: 'user-3:abc' }],
    ['6f1c2d3e-0000-4000-8000-000000000000', null],
    ['user-0:abc', null],
    ['user-12:', null],
    ['usuario-12:abc', null],
  ])('%s → %o', (key, parsed) => {
    expect(parseScopedKey(key)).toEqual(parsed);
  });

  it('is added once: a key already scoped stays as it is', () => {
    expect(scopedIdempotencyKey(7, 'abc')).toBe('user-7:abc');
    expect(scopedIdempotencyKey(9, 'user-7:abc')).toBe('user-7:abc');
  });
});

describe("an administrator delivering a technician's write", () => {
  it('replays what the technician already delivered, and the technician later replays what the administrator delivered', async () => {
    const first = 'Escopo Entregue Primeiro';
    const byTechnician = await technician.api.post('/api/customer', customer(first), header('chave-1'));
    expect(byTechnician.status).toBe(201);
    const byAdmin = await admin.post('/api/customer', customer(first), header(`user-${technician.id}:chave-1`));
    expect([byAdmin.status, byAdmin.body.id, byAdmin.headers.get(REPLAYED_HEADER)]).toEqual([201, byTechnician.body.id, 'true']);
    expect(await customersNamed(first)).toBe(1);

    const second = 'Escopo Importado Primeiro';
    const importedFirst = await admin.post('/api/customer', customer(second), header(`user-${technician.id}:chave-2`));
    expect(importedFirst.status).toBe(201);
    const late = await technician.api.post('/api/customer', customer(second), header('chave-2'));
    expect([late.body.id, late.headers.get(REPLAYED_HEADER)]).toEqual([importedFirst.body.id, 'true']);
    // The technician naming itself is its plain key.
    const self = await technician.api.post('/api/customer', customer(second), header(`user-${technician.id}:chave-2`));
    expect(self.body.id).toBe(importedFirst.body.id);
    expect(await customersNamed(second)).toBe(1);
  });

  it('counts in a batch call as alone', async () => {
    const name = 'Escopo Em Lote';
    const created = await technician.api.post('/api/customer', customer(name), header('chave-lote'));
    const batch = await admin.post('/api/sync/batch', {
      requests: [{ method: 'POST', path: 'api/customer', headers: header(`user-${technician.id}:chave-lote`), body: customer(name) }],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.responses[0]).toMatchObject({ status: 201, body: { id: created.body.id } });
    expect(await customersNamed(name)).toBe(1);
  });

  it('without the scope is a write of its own (keys are per user)', async () => {
    const name = 'Escopo Sem Prefixo';
    await technician.api.post('/api/customer', customer(name), header('chave-3'));
    expect((await admin.post('/api/customer', customer(name), header('chave-3'))).status).toBe(201);
    expect(await customersNamed(name)).toBe(2);
  });
});

describe('refused, changing nothing', () => {
  const refusals: Array<[string, () => Api, () => string, number, string]> = [
    ['a non-administrator naming a colleague', () => colleague.api, () => `user-${technician.id}:chave-4`, 403, IDEMPOTENCY_SCOPE_MESSAGES.otherUser],
    ['a non-administrator naming the administrator', () => technician.api, () => 'user-1:chave-5', 403, IDEMPOTENCY_SCOPE_MESSAGES.otherUser],
    ['an administrator naming a user that does not exist', () => admin, () => 'user-999999:chave-6', 422, IDEMPOTENCY_SCOPE_MESSAGES.unknownUser],
  ];
  it.each(refusals)('%s', async (_label, caller, key, status, message) => {
    const name = `Escopo Recusado ${status} ${key()}`;
    const reply = await caller().post('/api/customer', customer(name), header(key()));
    expect([reply.status, reply.body.message]).toEqual([status, message]);
    expect(await customersNamed(name)).toBe(0);
  });
});
