/**
 * The lists' `total_items` at scale (server/sync/list-total.ts): exact for a
 * list without a search, from the page itself on the last page, a search's
 * counted up to COUNT_AHEAD past the page; a count kept until a write moves
 * the write counter (a write through any path is seen at once; a count
 * taken while a writer was still open is never kept); a pull's total
 * bounded the same way; and every table a list may read bumps the counter.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { count, desc, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/client';
import { products } from '@server/db/schema';
import { productSource } from '@server/routes/products';
import { COUNT_AHEAD } from '@server/sync/list-total';
import { listRecords, pullRecords, type ListOptions } from '@server/sync/list';
import { searchCondition } from '@server/sync/search';
import { startPostgresApp, TEST_DATABASE_URL } from '../helpers/postgres-app';
import { ADMIN, call, signIn, startTestApp } from '../helpers/test-app';

/** Agents of this file: 1,500 named 'Lote N', newest last. */
const LOTS = 1500;
const byLot = (term: string) => searchCondition(term, [products.search_text]);
const NEWEST_FIRST = [desc(products.created_at), desc(products.id)];

/** Tables no list counts: written all the time, never listed (migration 0012 leaves them out). */
const UNCOUNTED = ['app_meta', 'auth_attempts', 'auth_sessions', 'deleted_records', 'idempotency_keys', 'password_resets', 'refresh_tokens'];

async function exactCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(where);
  return row!.n;
}

/** A write the write counter does not see (triggers off for one transaction): only a kept count would miss it. */
async function insertUnseen(db: Db, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.insert(products).values({ name, slug: 'lote', price: 1 });
  });
}

type AnyApp = { db: Db; baseUrl: string; close(): Promise<void> };

function totalsOn(name: string, start: () => Promise<AnyApp>, postgresUrl?: () => string) {
  describe(name, () => {
    let t: AnyApp;
    let all = 0;
    beforeAll(async () => {
      t = await start();
      await t.db.execute(sql`insert into products (name, slug, price, created_at, updated_at)
        select 'Lote ' || i, 'lote', 1, timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second'
        from generate_series(1, ${LOTS}) i`);
      all = await exactCount(t.db, undefined);
    });
    afterAll(() => t.close());

    const total = async (options: Omit<ListOptions, 'orderBy'>) =>
      (await listRecords(t.db, productSource, { orderBy: NEWEST_FIRST, ...options })).total_items;

    /** Each case: the options, and the total it must answer given the exact number of matches. */
    it.each<[string, () => Omit<ListOptions, 'orderBy'>, (matches: number) => number]>([
      ['no search, page 1: every agent, exactly', () => ({ take: 10 }), (n) => n],
      ['no search, a page deep in the list', () => ({ take: 10, skip: 700 }), (n) => n],
      ['no search, the last page (short): skip + its rows', () => ({ take: 10, skip: all - 3 }), (n) => n],
      ['no search, past the end', () => ({ take: 10, skip: all + 50 }), (n) => n],
      [
        'a search matching 1,500, page 1: counted up to COUNT_AHEAD past the page',
        () => ({ take: 10, where: byLot('lote') }),
        () => 10 + COUNT_AHEAD,
      ],
      ['the same search from skip 600: the bound passes the end, so exact', () => ({ take: 10, skip: 600, where: byLot('lote') }), (n) => n],
      ['a search matching a few hundred: exact', () => ({ take: 10, where: byLot('lote 14') }), (n) => n],
      ['a search matching one, on a short page', () => ({ take: 20, where: byLot('lote 1499') }), () => 1],
      ['a search matching nothing', () => ({ take: 10, where: byLot('nenhum') }), () => 0],
      ['unpaged: every match', () => ({ take: null, where: byLot('lote 99') }), (n) => n],
    ])('%s', async (_label, options, expected) => {
      const asked = options();
      const matches = await exactCount(t.db, asked.where);
      expect(await total(asked)).toBe(expected(matches));
    });

    it('the cases are what they say: the broad search has more matches than its bound, the narrow ones fewer', async () => {
      expect(await exactCount(t.db, byLot('lote'))).toBeGreaterThan(10 + COUNT_AHEAD);
      const few = await exactCount(t.db, byLot('lote 14'));
      expect(few).toBeGreaterThan(10);
      expect(few).toBeLessThan(10 + COUNT_AHEAD);
    });

    it('the bounded total is a floor: a search with more matches never answers fewer than the page reaches', async () => {
      const matches = await exactCount(t.db, byLot('lote'));
      const page = await listRecords(t.db, productSource, { orderBy: NEWEST_FIRST, take: 10, skip: 300, where: byLot('lote') });
      expect(page.list).toHaveLength(10);
      expect(page.total_items).toBe(300 + 10 + COUNT_AHEAD);
      expect(matches).toBeGreaterThanOrEqual(page.total_items);
    });

    it('a count is kept until a write: an unseen write leaves it, a seen write (any path) moves it', async () => {
      const before = await total({ take: 10 });
      await insertUnseen(t.db, 'Lote invisível');
      expect(await total({ take: 10 })).toBe(before); // kept: counted again it would be before + 1
      await t.db.insert(products).values({ name: 'Lote visto', slug: 'lote', price: 1 });
      expect(await total({ take: 10 })).toBe(before + 2);
      await t.db.delete(products).where(sql`${products.name} in ('Lote invisível', 'Lote visto')`);
      expect(await total({ take: 10 })).toBe(before);
      all = before;
    });

    it('a search count is kept per term and moved by a write like the others', async () => {
      const term = byLot('lote 12');
      const before = await total({ take: 5, where: term });
      await insertUnseen(t.db, 'Lote 1299999');
      expect(await total({ take: 5, where: byLot('lote 12') })).toBe(before);
      await t.db.update(products).set({ name: 'Lote 12 renomeado' }).where(sql`${products.name} = 'Lote 1299999'`);
      expect(await total({ take: 5, where: byLot('lote 12') })).toBe(before + 1);
      await t.db.delete(products).where(sql`${products.name} = 'Lote 12 renomeado'`);
    });

    it('a pull counts what is left after the cursor, up to COUNT_AHEAD past the page', async () => {
      const epoch = { since: new Date(0), afterId: 0 };
      const first = await pullRecords(t.db, productSource, epoch, 10, new Date());
      expect(first.list).toHaveLength(10);
      expect(first.total_items).toBe(10 + COUNT_AHEAD);
      const [last] = await t.db
        .select({ at: products.updated_at, id: products.id })
        .from(products)
        .orderBy(desc(products.updated_at), desc(products.id))
        .limit(1)
        .offset(4);
      const near = await pullRecords(t.db, productSource, { since: last!.at, afterId: last!.id }, 10, new Date());
      expect(near.total_items).toBe(4);
      expect(near.list.map((p) => p.id)).toEqual(
        (await t.db.select({ id: products.id }).from(products).orderBy(desc(products.updated_at), desc(products.id)).limit(4))
          .map((r) => r.id)
          .reverse(),
      );
    });

    it('every table a list may read bumps the write counter; the uncounted ones are the named few', async () => {
      const result = (await t.db.execute(sql`
        select c.relname as name, exists (
          select from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_list_writes' and g.tgenabled <> 'D'
        ) as counted
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`)) as unknown as { rows: Array<{ name: string; counted: boolean }> };
      const uncounted = result.rows.filter((row) => !row.counted).map((row) => row.name);
      expect(uncounted).toEqual(UNCOUNTED);
      expect(result.rows.length).toBeGreaterThan(UNCOUNTED.length + 20);
    });

    if (postgresUrl) {
      it('a count taken while a writer is still open is not kept: after its commit the total has its row', async () => {
        const writer = new pg.Client({ connectionString: postgresUrl() });
        await writer.connect();
        try {
          const before = await total({ take: 10 });
          await writer.query('begin');
          // The trigger bumps the counter now, before the commit: a count kept now would miss the row for good.
          await writer.query(`insert into products (name, slug, price) values ('Lote em andamento', 'lote', 1)`);
          expect(await total({ take: 10 })).toBe(before);
          await writer.query('commit');
          expect(await total({ take: 10 })).toBe(before + 1);
        } finally {
          await writer.query(`delete from products where name = 'Lote em andamento'`).catch(() => undefined);
          await writer.end();
        }
      });
    }

    it('the agents list over HTTP answers these totals (page 1, a page deep, a broad search)', async () => {
      const { access_token: token } = await signIn(t, ADMIN.username, ADMIN.password);
      const get = async (path: string) => (await call<{ total_items: number; list: unknown[] }>(t, 'GET', path, { token })).body;
      const agents = await exactCount(t.db, undefined);
      expect((await get('/api/product/all/0/10')).total_items).toBe(agents);
      expect((await get('/api/product/all/800/10')).total_items).toBe(agents);
      const broad = await get('/api/product/all/0/10?search=LOTE');
      expect(broad.list).toHaveLength(10);
      expect(broad.total_items).toBe(10 + COUNT_AHEAD);
    });
  });
}

totalsOn('on PGlite', () => startTestApp());
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL', () => {
  let url = '';
  totalsOn(
    'on PostgreSQL',
    async () => {
      const app = await startPostgresApp('list_totals');
      url = (app.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      return app;
    },
    () => url,
  );
});
