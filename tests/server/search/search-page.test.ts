/**
 * A search's page in the documented order (server/sync/search-page.ts)
 * whichever way it is read: a rare term (every match sorted), a common one
 * (the newest rows walked in order), a common one whose matches are all old
 * (the walk gives up, the matches are sorted), a term matching nothing, a
 * page deep in a common term, a page past the end. Each answers the ids a
 * plain ORDER BY created_at DESC, id DESC LIMIT/OFFSET answers, and the
 * total bounded as every search's. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { count, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/client';
import { products } from '@server/db/schema';
import { COUNT_AHEAD } from '@server/sync/list-total';
import { searchCondition } from '@server/sync/search';
import { searchPageIds } from '@server/sync/search-page';
import { startPostgresApp, TEST_DATABASE_URL } from '../helpers/postgres-app';
import { startTestApp } from '../helpers/test-app';

/** 5,100 agents, oldest first: every one 'lote', the oldest 1,100 'antigo', every 7th 'sete', every 500th 'raro'. */
const ROWS = 5100;

const CASES: Array<[string, string, number, number]> = [
  ['a rare term', 'raro', 0, 10],
  ['a rare term, its second page', 'raro', 10, 10],
  ['a term under the bound (728 matches)', 'sete', 0, 10],
  ['the same, a later page', 'sete', 720, 10],
  ['a common term', 'lote', 0, 10],
  ['a common term, deep', 'lote', 2000, 10],
  ['a common term whose matches are all old', 'antigo', 0, 10],
  ['the same, a later page', 'antigo', 30, 20],
  ['two words, common and rare', 'lote raro', 0, 5],
  ['nothing', 'nada disso', 0, 10],
  ['past the end', 'raro', 40, 10],
];

function pagesOn(name: string, start: () => Promise<{ db: Db; close(): Promise<void> }>) {
  describe(name, () => {
    let t: { db: Db; close(): Promise<void> };
    beforeAll(async () => {
      t = await start();
      await t.db.execute(sql`insert into products (name, slug, price, created_at, updated_at)
        select 'Lote ' || i || case when i <= 1100 then ' antigo' else '' end || case when i % 7 = 0 then ' sete' else '' end
                 || case when i % 500 = 0 then ' raro' else '' end,
               'lote', 1, timestamptz '2026-01-01' + (i / 2) * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second'
        from generate_series(1, ${ROWS}) i`);
    });
    afterAll(() => t.close());

    it.each(CASES)('%s (%j, skip %i, take %i): the page of a plain ORDER BY, the bounded total', async (_label, term, skip, take) => {
      const where = searchCondition(term, [products.search_text])!;
      const expected = await t.db
        .select({ id: products.id })
        .from(products)
        .where(where)
        .orderBy(desc(products.created_at), desc(products.id))
        .limit(take)
        .offset(skip);
      const [matches] = await t.db.select({ n: count() }).from(products).where(where);
      const page = await searchPageIds(t.db, products, where, skip, take);
      expect(page.ids).toEqual(expected.map((row) => row.id));
      expect(page.total).toBe(Math.min(matches!.n, skip + take + COUNT_AHEAD));
    });

    it('the cases reach each way of reading (rare, common, common but old)', async () => {
      const n = async (term: string) =>
        (
          await t.db
            .select({ n: count() })
            .from(products)
            .where(searchCondition(term, [products.search_text]))
        )[0]!.n;
      expect(await n('raro')).toBeLessThan(10 + COUNT_AHEAD);
      expect(await n('lote')).toBeGreaterThan(2010 + COUNT_AHEAD);
      // Older than the 4,000 newest rows the walk reads: it finds none of them.
      expect(await n('antigo')).toBeGreaterThan(10 + COUNT_AHEAD);
      const walked = (await t.db.execute(sql`select count(*)::int as n from (select ${products.search_text} as text from ${products}
          order by ${products.created_at} desc, ${products.id} desc limit 4000) newest where text like '%antigo%'`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(walked.rows[0]!.n).toBe(0);
    });
  });
}

pagesOn('on PGlite', () => startTestApp());
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL', () => {
  pagesOn('on PostgreSQL', () => startPostgresApp('search_page'));
});
