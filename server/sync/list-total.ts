/**
 * The `total_items` of a list page, without counting the whole table on
 * every page (docs/decisions/server-list-speed.md):
 *
 * - a page that ends the list carries its own total (skip + its rows), so
 *   short lists and the last page count nothing;
 * - otherwise the matches are counted, and the count is kept in this process
 *   until a write moves the database's write counter (`list_writes`,
 *   migration 0012: a trigger bumps it on every write statement to the
 *   tables lists read), so paging through a list of 100,000 records counts
 *   it once, not on every page;
 * - a search is counted only up to COUNT_AHEAD matches past the page: its
 *   total is exact when the matches end within that, and a lower bound
 *   (skip + take + COUNT_AHEAD) when they go on; the pager still offers the
 *   next pages, and nobody pages through a thousand results of one term.
 *
 * A kept count is exact. The trigger bumps the counter when a statement
 * writes, before its transaction commits: a count taken while that writer
 * is still open misses its rows, and the counter will not move again when
 * it commits. So a count is kept only when, after the counter was read and
 * before the count began, no other transaction held a transaction id (no
 * writer was open): every writer the counter had seen by then is visible
 * to the count. PostgreSQL shows that in pg_stat_activity (for the app's
 * own role, the one that writes these tables); PGlite has one connection
 * and runs a transaction alone, so there nothing else is open. Under
 * writes a count may be taken again; it is never served stale.
 */
import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from '../backup/sql-rows';
import type { Db } from '../db/client';
import { pgliteOf } from '../db/pglite-prepared';
import { holdsSearch } from './search';

/** How far past the page a search's matches are counted. */
export const COUNT_AHEAD = 1000;
/** Counts kept per database (the oldest goes first). */
const KEPT_COUNTS = 500;

type Kept = { version: string; total: number };
const keptByDb = new WeakMap<Db, Map<string, Kept>>();

const VERSION_QUERY = 'select last_value, is_called from list_writes';

/** The write counter now: it moves on every write statement to a table lists read. */
export async function writeVersion(db: Db): Promise<string> {
  // Read on every counted page: on PGlite straight from its client (drizzle's execute costs twice the query there).
  const client = pgliteOf(db);
  const result = client ? await client.query(VERSION_QUERY) : await db.execute(sql.raw(VERSION_QUERY));
  const [row] = rowsOf<{ last_value: unknown; is_called: boolean }>(result);
  return `${String(row!.last_value)}${row!.is_called ? '' : '-'}`;
}

function keptOf(db: Db): Map<string, Kept> {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  return kept;
}

const keyOf = (query: { sql: string; params: unknown[] }) => `${query.sql}\u0000${JSON.stringify(query.params)}`;

/** The statement counting the matches of `where` in `table`, up to `cap` (null: all). */
function countQuery(db: Db, table: PgTable, where: SQL | undefined, cap: number | null) {
  let matches = db.select({ one: sql`1` }).from(table).where(where).$dynamic();
  if (cap !== null) matches = matches.limit(cap);
  return db.select({ n: count() }).from(matches.as('matches'));
}

/** The matches of `where` in `table`, up to `cap`, counted now (for a count that would never be asked again). */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<number> {
  const [row] = await countQuery(db, table, where, cap);
  return row?.n ?? 0;
}

/** Whether another transaction on this database holds a transaction id now, i.e. may have written and not committed yet. */
async function writersOpen(db: Db): Promise<boolean> {
  if (pgliteOf(db)) return false;
  const [row] = rowsOf<{ open: boolean }>(
    await db.execute(
      sql`select exists (select from pg_stat_activity where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()) as open`,
    ),
  );
  return row!.open;
}

/**
 * The matches of `where` in `table`, up to `cap` (null: all), counted once per write version.
 * Three statements in this order when not kept: the counter, open writers, the count (its own snapshot).
 */
export async function countMatches(db: Db, table: PgTable, where: SQL | undefined, cap: number | null): Promise<number> {
  const counting = countQuery(db, table, where, cap);
  // The whole table's count, asked on every opening page, is known by its table; others by their statement.
  const key = where === undefined && cap === null ? getTableName(table) : keyOf(counting.toSQL());
  const kept = keptOf(db);
  const version = await writeVersion(db);
  const known = kept.get(key);
  if (known?.version === version) {
    // Most recently used last, so the oldest is the one evicted.
    kept.delete(key);
    kept.set(key, known);
    return known.total;
  }
  const keep = !(await writersOpen(db));
  const [row] = await counting;
  const total = row?.n ?? 0;
  if (keep) {
    kept.delete(key);
    kept.set(key, { version, total });
    if (kept.size > KEPT_COUNTS) kept.delete(kept.keys().next().value!);
  }
  return total;
}

export type PageShape = { skip: number; take: number | null; found: number };

/**
 * The total of a page of `found` rows asked with `skip`/`take` (null: unpaged) under `where`:
 * from the page itself when it ends the list, else counted (bounded for a search).
 */
export async function pageTotal(db: Db, table: PgTable, where: SQL | undefined, page: PageShape): Promise<number> {
  const { skip, take, found } = page;
  if (take === null) return found;
  if (found > 0 && found < take) return skip + found;
  if (found === 0 && skip === 0 && take > 0) return 0;
  return countMatches(db, table, where, holdsSearch(where) ? skip + take + COUNT_AHEAD : null);
}
