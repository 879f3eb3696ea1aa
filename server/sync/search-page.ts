/**
 * One page of a search in the documented order (newest first), chosen by
 * how many rows match, so that no term makes the database read the whole
 * table (docs/decisions/server-list-speed.md, "A search's page"):
 *
 * 1. the matches, up to skip + take + COUNT_AHEAD of them, found through
 *    the trigram index, counted, and the page cut from them sorted, in one
 *    statement: when there are fewer than that bound, this is every match,
 *    the page and its exact total (a rare term, or none: no other read);
 * 2. otherwise the term is common: the newest rows are read in order
 *    through the (created_at, id) index until the page is full, at most
 *    WALK_BUDGET rows (a common term fills a page within a few hundred);
 * 3. when those rows hold too few matches (the matches are old ones), the
 *    matches are read through the trigram index and sorted, however many.
 *
 * Left to itself the planner walks the order index for a rare or absent
 * term (it cannot know the term is rare, and PGlite keeps no statistics):
 * 'zzz' read all 100,000 rows, 40 to 190 ms; and sorts every match of a
 * common one.
 */
import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from '../backup/sql-rows';
import type { Db } from '../db/client';
import { COUNT_AHEAD } from './list-total';

type OrderedTable = PgTable & { id: PgColumn; created_at: PgColumn };

/** Rows read in order, at most, before a common term's page falls back to sorting its matches. */
const WALK_BUDGET = 4000;

export type SearchPage = { ids: number[]; total: number };

/** The ids of the page (`skip`, `take`) of the rows matching `where` (a search), newest first, and the total (bounded like every search's). */
export async function searchPageIds(db: Db, table: OrderedTable, where: SQL, skip: number, take: number): Promise<SearchPage> {
  const bound = skip + take + COUNT_AHEAD;
  const [few] = rowsOf<{ total: unknown; ids: number[] | null }>(
    await db.execute(sql`
      with matches as (select ${table.id} as id, ${table.created_at} as created_at from ${table} where ${where} limit ${bound})
      select (select count(*) from matches) as total,
             (select array_agg(id order by created_at desc, id desc)
                from (select id, created_at from matches order by created_at desc, id desc limit ${take} offset ${skip}) page) as ids`),
  );
  const total = Number(few!.total);
  if (total < bound) return { ids: few!.ids ?? [], total };

  // The subquery takes the table's name, so `where` (written against the table) reads its rows.
  const walked = rowsOf<{ id: number }>(
    await db.execute(sql`
      select ${table.id} as id
        from (select * from ${table} order by ${table.created_at} desc, ${table.id} desc limit ${Math.max(WALK_BUDGET, 40 * (skip + take))}) as ${table}
       where ${where}
       order by ${table.created_at} desc, ${table.id} desc limit ${take} offset ${skip}`),
  );
  if (walked.length === take) return { ids: walked.map((row) => row.id), total };

  // NULLS LAST (the columns are never null: the same order) is an order the index cannot give, so the matches are found and sorted.
  const sorted = await db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(sql`${table.created_at} desc nulls last`, desc(table.id))
    .limit(take)
    .offset(skip);
  return { ids: sorted.map((row) => row.id as number), total };
}
