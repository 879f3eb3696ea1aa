/**
 * The agents list's one-statement page (`productSource.page`: ids, total,
 * records, types and equipment lists in one query, each record one JSON
 * value) answers exactly what the generic path answers (the ids query, then
 * `loadProducts` per id), for a table of list queries: no filter, search,
 * type filter, later pages, a page past the end, ties on `created_at`,
 * prices with centavos, agents with and without equipment. On PGlite
 * always, on PostgreSQL when TEST_DATABASE_URL is set (JSON timestamps carry
 * the session's offset there).
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/client';
import { products, productTypes } from '@server/db/schema';
import { productSource } from '@server/routes/products';
import { listRecords, type ListOptions } from '@server/sync/list';
import { searchCondition } from '@server/sync/search';
import { productSchema } from '@sync/contract/catalog';
import { startPostgresApp, TEST_DATABASE_URL, type PostgresTestApp } from '../helpers/postgres-app';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, TYPE_IDS } from './support';

type AnyApp = TestApp | PostgresTestApp;

/** The clock when the first agent (Xileno) was written: its created_at on the wire. */
let firstWrittenAt = 0;

async function seedAgents(t: AnyApp) {
  const admin = api(t as TestApp, await adminToken(t as TestApp));
  const pump = ok(await admin.post('/api/equipment', { name: 'Bomba Gilian GilAir Plus', serial_number: 'GA-7781' })).id as number;
  const meter = ok(await admin.post('/api/equipment', { name: 'Dosímetro Quest Edge 5', serial_number: 'QE5-01' })).id as number;
  const agents = [
    { name: 'Xileno', cas: '1330-20-7', code: 'QUI-003', price: 12.34, type_id: TYPE_IDS.chemical },
    { name: 'Sílica cristalina', cas: '14808-60-7', code: 'QUI-020', price: 0.1, type_id: TYPE_IDS.chemical, method: 'NIOSH 7500' },
    { name: 'Ruído contínuo', type_id: TYPE_IDS.noise, price: 999999999999.99, code: 'RUI-001' },
    { name: 'Calor', type_id: TYPE_IDS.heat, price: 7, display_name: 'IBUTG', unit_type: '°C' },
    { name: 'Vibração de mãos e braços', type_id: TYPE_IDS.vibration, price: 150.5, respirator: 'não se aplica' },
  ];
  t.clock.set(Date.parse('2026-11-25T21:07:03.042Z'));
  firstWrittenAt = t.clock.now();
  for (const [index, agent] of agents.entries()) {
    const created = ok(await admin.post('/api/product', agent), 201) as { id: number };
    if (index % 2 === 0) await admin.post(`/api/product/${created.id}/equipment`, { equipment_id: pump, quantity: 2 });
    if (index === 0) await admin.post(`/api/product/${created.id}/equipment`, { equipment_id: meter });
    // Two agents share a created_at: the id breaks the tie.
    if (index !== 2) t.clock.advance(10);
  }
  for (let index = 0; index < 12; index += 1) {
    ok(await admin.post('/api/product', { name: `Agente ${index}`, price: index, type_id: TYPE_IDS.chemical }), 201);
    t.clock.advance(5);
  }
}

/** The route's own type filter (products.ts): a subquery, so the page's CTE holds one too. */
const bySlug = (slug: string, db: Db): SQL =>
  inArray(products.type_id, db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, slug)));

const QUERIES: Array<[string, (db: Db) => ListOptions]> = [
  ['page 1 of 10, newest first', () => ({ take: 10, skip: 0 })],
  ['page 2 of 10', () => ({ take: 10, skip: 10 })],
  ['a page of 3 in the middle (the created_at tie inside)', () => ({ take: 3, skip: 11 })],
  ['past the end', () => ({ take: 10, skip: 40 })],
  ['every match, unpaged', () => ({ take: null })],
  ['search on name', () => ({ take: 10, where: searchCondition('silica', [products.name, products.code, products.cas]) })],
  ['search on code', () => ({ take: 10, where: searchCondition('qui-0', [products.name, products.code, products.cas]) })],
  ['search without matches', () => ({ take: 10, where: searchCondition('nada parecido', [products.name, products.code, products.cas]) })],
  ['type filter', (db) => ({ take: 10, skip: 0, where: bySlug('noise', db) })],
  ['type filter, second page', (db) => ({ take: 5, skip: 5, where: bySlug('chemical', db) })],
];

function compareOn(name: string, start: () => Promise<AnyApp>) {
  describe(name, () => {
    let t: AnyApp;
    beforeAll(async () => {
      t = await start();
      await seedAgents(t);
    });
    afterAll(() => t.close());

    it.each(QUERIES)('%s: the one-statement page equals the ids query + loadProducts', async (_label, options) => {
      const generic = await listRecords(t.db, { ...productSource, page: undefined }, options(t.db));
      const single = await listRecords(t.db, productSource, options(t.db));
      expect(single).toEqual(generic);
      for (const record of single.list) expect(productSchema.parse(record)).toEqual(record);
    });

    it('the data is what the table needs (lines, prices, ties)', async () => {
      const all = await listRecords(t.db, productSource, { take: null });
      expect(all.total_items).toBe(17);
      const xileno = all.list.find((p) => p.name === 'Xileno')!;
      expect(xileno.price).toBe(12.34);
      expect(xileno.created_at).toBe('2026-11-25T21:07:03.042Z');
      expect(Date.parse(xileno.created_at)).toBe(firstWrittenAt);
      expect(xileno.equipments[0]!.created_at).toBe('2026-11-25T21:07:03.042Z');
      expect(xileno.equipments.map((l) => [l.name, l.quantity])).toEqual([
        ['Bomba Gilian GilAir Plus', 2],
        ['Dosímetro Quest Edge 5', 1],
      ]);
      expect(xileno.type).toEqual({ id: TYPE_IDS.chemical, name: expect.any(String), slug: 'chemical' });
      expect(all.list.find((p) => p.name === 'Ruído contínuo')!.price).toBe(999999999999.99);
      expect(all.list.find((p) => p.name === 'Calor')!.equipments).toEqual([]);
    });
  });
}

compareOn('on PGlite', () => startTestApp());
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL', () => {
  compareOn('on PostgreSQL', () => startPostgresApp('products_page'));
});
