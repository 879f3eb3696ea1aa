/**
 * Incremental pull (docs/sync-protocol.md): `updated_since` (+ `after_id`)
 * answers the records changed since, keyset-paged by (updated_at, id),
 * the ids deleted since, and the server's clock at the start of the request.
 * Ties on updated_at across a page boundary, the overlap re-read, a late
 * commit inside the overlap, lines moving their parent, the small unpaged
 * lists, and a device replica converging under random edits (fast-check).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costSchema, equipmentCategorySchema, productSchema, productTypeSchema } from '@sync/contract/catalog';
import { listResponseSchema } from '@sync/contract/list';
import { pullResponseSchema } from '@sync/contract/sync';
import { costs } from '@server/db/schema';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

const costPull = pullResponseSchema(costSchema);
type CostPage = ReturnType<typeof costPull.parse>;
const EPOCH = '1970-01-01T00:00:00.000Z';
const OVERLAP_MS = 60_000;

async function pullCosts(since: string, take = 500, afterId?: number): Promise<CostPage> {
  const query = new URLSearchParams({ updated_since: since });
  if (afterId !== undefined) query.set('after_id', String(afterId));
  return costPull.parse(ok(await admin.get(`/api/cost/all/0/${take}?${query}`)));
}

/** What a device does (docs/sync-protocol.md): page until a short page, keep server_time − 60 s. */
async function pullAll(since: string, take: number) {
  const seen: CostPage['list'] = [];
  const deleted = new Set<number>();
  let serverTime: string | undefined;
  let cursor: { since: string; afterId?: number } = { since };
  for (;;) {
    const page = await pullCosts(cursor.since, take, cursor.afterId);
    serverTime ??= page.server_time;
    seen.push(...page.list);
    page.deleted_ids.forEach((id) => deleted.add(id));
    const last = page.list.at(-1);
    if (!last || page.list.length < take) break;
    cursor = { since: last.updated_at, afterId: last.id };
  }
  return { seen, deleted, next: new Date(Date.parse(serverTime!) - OVERLAP_MS).toISOString() };
}

async function newCost(name: string, price = 10) {
  return costSchema.parse(ok(await admin.post('/api/cost', { name, price })));
}

describe('pull', () => {
  it('from the epoch: everything, ordered by (updated_at, id), with server_time from the clock at the start', async () => {
    const a = await newCost('Primeiro');
    t.clock.advance(10);
    const b = await newCost('Segundo');
    t.clock.advance(10);
    ok(await admin.put(`/api/cost/${a.id}`, { name: 'Primeiro (editado)', price: 11 }));
    const page = await pullCosts(EPOCH);
    expect(page.list.map((c) => c.name)).toEqual(['Segundo', 'Primeiro (editado)']);
    expect(page.total_items).toBe(2);
    expect(page.deleted_ids).toEqual([]);
    expect(page.server_time).toBe(new Date(t.clock.now()).toISOString());
    expect(page.list[0]).toEqual(b);
  });

  it('since a cursor: the changes and the deletions since, not before', async () => {
    const keep = await newCost('Fica');
    const edit = await newCost('Muda');
    const gone = await newCost('Sai');
    const goneBefore = await newCost('Saiu antes');
    ok(await admin.del(`/api/cost/${goneBefore.id}`));
    t.clock.advance(1000);
    const cursor = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    const edited = costSchema.parse(ok(await admin.put(`/api/cost/${edit.id}`, { name: 'Mudou', price: 1 })));
    ok(await admin.del(`/api/cost/${gone.id}`));
    const fresh = await newCost('Novo');

    const page = await pullCosts(cursor);
    expect(page.list).toEqual([edited, fresh]);
    expect(page.deleted_ids).toEqual([gone.id]);
    expect(page.list.map((c) => c.id)).not.toContain(keep.id);
  });

  it('pages ties on updated_at across a boundary with after_id: each record once, none lost', async () => {
    t.clock.advance(60_000);
    const since = new Date(t.clock.now()).toISOString();
    // Seven creates in the same millisecond: identical updated_at.
    const made = [];
    for (let i = 0; i < 7; i += 1) made.push(await newCost(`Empate ${i}`));
    expect(new Set(made.map((c) => c.updated_at)).size).toBe(1);

    const first = await pullCosts(since, 3);
    expect(first.list.map((c) => c.id)).toEqual(made.slice(0, 3).map((c) => c.id));
    expect(first.total_items).toBe(7);
    const last = first.list.at(-1)!;
    const second = await pullCosts(last.updated_at, 3, last.id);
    expect(second.list.map((c) => c.id)).toEqual(made.slice(3, 6).map((c) => c.id));
    expect(second.total_items).toBe(4);

    const { seen } = await pullAll(since, 3);
    expect(seen.map((c) => c.id)).toEqual(made.map((c) => c.id));
  });

  it('the overlap re-reads the last minute harmlessly, and catches a write that committed late', async () => {
    t.clock.advance(120_000);
    const start = new Date(t.clock.now()).toISOString();
    const a = await newCost('Antes do pull');
    const first = await pullAll(start, 500);
    expect(first.seen).toEqual([a]);

    // A transaction that took its timestamp before the pull but committed after it.
    const lateStamp = new Date(t.clock.now() - 30_000);
    const [late] = await t.db
      .insert(costs)
      .values({ name: 'Commit atrasado', slug: 'commit-atrasado', price: 1, created_at: lateStamp, updated_at: lateStamp })
      .returning({ id: costs.id });

    t.clock.advance(5_000);
    const second = await pullAll(first.next, 500);
    expect(second.seen.map((c) => c.id)).toEqual([late!.id, a.id]);
    expect(second.seen.find((c) => c.id === a.id)).toEqual(a); // same record, same updated_at: no change
  });

  it('ignores the list filters: a pull is of the whole resource', async () => {
    t.clock.advance(60_000);
    const since = new Date(t.clock.now()).toISOString();
    const c = await newCost('Filtrado');
    const page = costPull.parse(ok(await admin.get(`/api/cost/all/0/10?updated_since=${since}&search=nada-disso`)));
    expect(page.list).toEqual([c]);
  });

  it('brings an agent whose equipment list changed', async () => {
    const agent = productSchema.parse(ok(await admin.post('/api/product', { name: 'Tolueno', price: 150, type_id: 2 })));
    const item = ok(await admin.post('/api/equipment', { name: 'Bomba SKC' }));
    t.clock.advance(10_000);
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1);
    ok(await admin.post(`/api/product/${agent.id}/equipment`, { equipment_id: item.id, quantity: 2 }));
    const page = pullResponseSchema(productSchema).parse(ok(await admin.get(`/api/product/all/0/100?updated_since=${since}`)));
    expect(page.list.map((p) => p.id)).toEqual([agent.id]);
    expect(page.list[0]!.equipments).toMatchObject([{ equipment_id: item.id, quantity: 2, name: 'Bomba SKC' }]);
  });

  it('works on the small unpaged lists (types, categories): every change at once', async () => {
    t.clock.advance(10_000);
    const since = new Date(t.clock.now()).toISOString();
    const created = [];
    for (let i = 0; i < 12; i += 1) created.push(ok(await admin.post('/api/product/type', { name: `Tipo ${i}` })).id);
    ok(await admin.del(`/api/product/0/type/${created[0]}`));
    const types = pullResponseSchema(productTypeSchema).parse(ok(await admin.get(`/api/product/type?updated_since=${since}`)));
    expect(types.list.map((t) => t.id)).toEqual(created.slice(1));
    expect(types.deleted_ids).toEqual([created[0]]);

    const category = ok(await admin.post('/api/equipment/categories', { name: 'Luxímetros' }));
    const categories = pullResponseSchema(equipmentCategorySchema).parse(ok(await admin.get(`/api/equipment/categories?updated_since=${since}`)));
    expect(categories.list.map((c) => c.id)).toEqual([category.id]);
    // Without the cursor: the documented plain list.
    expect(Array.isArray(ok(await admin.get('/api/equipment/categories')))).toBe(true);
  });
});

describe('a device replica', () => {
  type Op =
    | { kind: 'create'; name: string }
    | { kind: 'update'; pick: number; price: number }
    | { kind: 'delete'; pick: number }
    | { kind: 'tick'; ms: number }
    | { kind: 'pull'; take: number };

  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('create' as const), name: fc.constantFrom('Frete', 'Pedágio', 'Diária', 'Laboratório') }),
    fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), price: fc.integer({ min: 0, max: 10_000 }) }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    // Mostly standing still or small steps, so many records share a millisecond.
    fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(0, 0, 1, 5, 30_000, 90_000) }),
    fc.record({ kind: fc.constant('pull' as const), take: fc.integer({ min: 1, max: 4 }) }),
  );

  /** Moves the clock, signing in again before the access token (15 min) would expire. */
  let signedInAt = 0;
  async function advance(ms: number) {
    t.clock.advance(ms);
    if (t.clock.now() - signedInAt > 10 * 60_000) {
      admin = api(t, await adminToken(t));
      signedInAt = t.clock.now();
    }
  }

  it('converges to the server after any sequence of edits and incremental pulls', async () => {
    signedInAt = t.clock.now();
    admin = api(t, await adminToken(t));
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 18 }), async (ops) => {
        const replica = new Map<number, unknown>();
        let cursor = EPOCH;
        const sync = async (take: number) => {
          const result = await pullAll(cursor, take);
          for (const record of result.seen) replica.set(record.id, record);
          for (const id of result.deleted) replica.delete(id);
          cursor = result.next;
        };
        const live = async () => listResponseSchema(costSchema).parse(ok(await admin.get('/api/cost/all/0/1000'))).list;
        for (const step of ops) {
          if (step.kind === 'create') await newCost(step.name);
          else if (step.kind === 'tick') await advance(step.ms);
          else if (step.kind === 'pull') await sync(step.take);
          else {
            const all = await live();
            if (all.length === 0) continue;
            const target = all[step.pick % all.length]!;
            if (step.kind === 'update') ok(await admin.put(`/api/cost/${target.id}`, { name: target.name, price: step.price }));
            else ok(await admin.del(`/api/cost/${target.id}`));
          }
        }
        await sync(3);
        const server = new Map((await live()).map((c) => [c.id, c]));
        expect(new Map([...replica].sort(([a], [b]) => a - b))).toEqual(new Map([...server].sort(([a], [b]) => a - b)));
      }),
      { numRuns: 25 },
    );
  });
});
