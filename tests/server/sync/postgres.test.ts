/**
 * The same mechanisms on a real PostgreSQL, where requests run on separate
 * connections in parallel (PGlite serializes everything): the migrations
 * apply, concurrent duplicates of an idempotent create make one record,
 * two devices updating the same version get one 200 and one 409, and a
 * pull pages ties. Runs when TEST_DATABASE_URL points at a server (CI
 * starts one, see .ci/run); each run uses a throwaway database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costSchema } from '@sync/contract/catalog';
import { pullResponseSchema } from '@sync/contract/sync';
import { startPostgresApp, TEST_DATABASE_URL, type PostgresTestApp } from '../helpers/postgres-app';
import { adminToken, api, ok, type Api } from '../catalog/support';

describe.skipIf(!TEST_DATABASE_URL)('on PostgreSQL', () => {
  let t: PostgresTestApp;
  let client: Api;

  beforeAll(async () => {
    t = await startPostgresApp('sync');
    client = api(t as never, await adminToken(t as never));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('applies the migrations and serves the catalog', async () => {
    const agent = ok(await client.post('/api/product', { name: 'Tolueno', price: 185, type_id: 2, cas: '108-88-3' }), 201);
    expect(agent).toMatchObject({ slug: 'tolueno', cas: '108-88-3', type: { slug: 'chemical' } });
    const found = ok(await client.get('/api/product/all/0/10?search=TOLUÉNO'));
    expect(found.total_items).toBe(1);
  });

  it('runs concurrent duplicates of an idempotent create once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/cost', { name: 'Corrida', price: 1 }, { 'idempotency-key': 'pg-race' })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(ok(await client.get('/api/cost/all/0/10?search=corrida')).total_items).toBe(1);
  });

  it('lets one of two writes with the same If-Match through', async () => {
    const cost = costSchema.parse(ok(await client.post('/api/cost', { name: 'Disputa', price: 1 })));
    t.clock.advance(1000);
    const replies = await Promise.all(
      [1, 2, 3, 4].map((price) => client.put(`/api/cost/${cost.id}`, { name: 'Disputa', price }, { 'if-match': cost.updated_at })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
  });

  it('pages ties on updated_at with after_id', async () => {
    t.clock.advance(60_000);
    const since = new Date(t.clock.now()).toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(ok(await client.post('/api/cost', { name: `Empate ${i}`, price: 1 })).id);
    const schema = pullResponseSchema(costSchema);
    const first = schema.parse(ok(await client.get(`/api/cost/all/0/3?updated_since=${since}`)));
    const last = first.list.at(-1)!;
    const second = schema.parse(ok(await client.get(`/api/cost/all/0/3?updated_since=${last.updated_at}&after_id=${last.id}`)));
    expect([...first.list, ...second.list].map((c) => c.id)).toEqual(ids);
  });
});
