/**
 * The list calls of every syncable resource, written once:
 *
 * - documented mode (no `updated_since`): the filtered, searched records,
 *   newest first unless the resource says otherwise, `skip`/`take` at a time,
 *   as `{ list, total_items }` (spec section 7);
 * - pull mode (`updated_since`, optionally `after_id`): the records with
 *   `(updated_at, id) > (updated_since, after_id)` ordered by
 *   `(updated_at, id)`, `take` at a time, plus `deleted_ids` since
 *   `updated_since` and `server_time` (the clock when the request started).
 *   Filters and search do not apply: a pull is of the whole resource.
 *
 * A resource provides its table and `load(db, ids)`, which turns ids into
 * wire records with whatever joins and embedded lines it needs; the helper
 * selects the ids, so paging and ordering stay in one place.
 *
 * Both modes select a page in its order with LIMIT (and OFFSET for the
 * documented `skip`), which an index on the order walks (`(created_at, id)`
 * for the documented order, `(updated_at, id)` for the pull's keyset), and
 * take the total apart (list-total.ts): a total computed with the page
 * (`count(*) over ()`) made every page read every match first. A search in
 * the documented order picks its page by how many rows match
 * (search-page.ts).
 */
import { and, asc, desc, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { iso } from '../lib/wire';
import { deletedIdsSince } from './deletions';
import { COUNT_AHEAD, countUpTo, pageTotal } from './list-total';
import { foldedColumn, holdsSearch } from './search';
import { searchPageIds } from './search-page';
import { timestampParam } from './versioning';

/** A syncable table: integer id and the sync timestamps. */
export type SyncTable = PgTable & { id: PgColumn; created_at: PgColumn; updated_at: PgColumn };

export type ListSource<W> = {
  /** Name in deleted_records ("products"). */
  resource: string;
  table: SyncTable;
  /** Wire records for these ids (any order; missing ids are skipped). */
  load(db: Db, ids: readonly number[]): Promise<W[]>;
  /**
   * Optional, for the lists called most: the documented page's records in one
   * statement (the generic path runs the ids query, then `load`).
   * It must answer exactly what the generic path answers.
   */
  page?(db: Db, query: PageQuery): Promise<W[]>;
};

/**
 * What `ListSource.page` selects: the documented list's conditions, order and window
 * (placeholders in a statement prepared once). `opening`: no search, no filter, the
 * default order, i.e. the list as a screen opens it, the call made most: one shape,
 * which a source may prepare once.
 */
export type PageQuery = {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | Placeholder | null;
  offset: number | Placeholder;
  opening: boolean;
};

/** Where a pull resumes: records strictly after (since, afterId); afterId 0 means "from `since` inclusive". */
export type PullCursor = { since: Date; afterId: number };

export type PullPage<W> = { list: W[]; total_items: number; deleted_ids: number[]; server_time: string };
export type ListPage<W> = { list: W[]; total_items: number };

/** The cursor of a list query, or null for the documented mode. */
export function pullCursorOf(query: { updated_since?: string | undefined; after_id?: number | undefined }): PullCursor | null {
  if (query.updated_since === undefined) return null;
  return { since: new Date(Date.parse(query.updated_since)), afterId: query.after_id ?? 0 };
}

/** The ids of one documented page, as a query to run or to use as the `page` CTE of a `ListSource.page`. */
export function pageIdsQuery(db: Db, table: SyncTable, query: PageQuery) {
  let ids = db
    .select({ id: table.id })
    .from(table)
    .where(query.where)
    .orderBy(...query.orderBy)
    .$dynamic();
  if (query.limit !== null) ids = ids.limit(query.limit).offset(query.offset);
  return ids;
}

const idsOf = (rows: { id: unknown }[]) => rows.map((r) => r.id as number);

async function loadInOrder<W>(db: Db, source: ListSource<W>, ids: number[]): Promise<W[]> {
  if (ids.length === 0) return [];
  const records = await source.load(db, ids);
  const byId = new Map(records.map((r) => [(r as { id: number }).id, r]));
  return ids.flatMap((id) => {
    const record = byId.get(id);
    return record === undefined ? [] : [record];
  });
}

/**
 * A pull's total: the records left from the cursor on (this page's and the later ones), counted
 * only when the page is full and up to COUNT_AHEAD past it. No device reads it (a pull pages
 * until a page is short); counting every change after the cursor on every page made the first
 * pull of a large table count it once per page.
 */
async function pulledTotal(db: Db, table: SyncTable, after: SQL, take: number | null, found: number): Promise<number> {
  if (take === null || found < take) return found;
  return countUpTo(db, table, after, take + COUNT_AHEAD);
}

/**
 * One page of an incremental pull. `take` null answers every change at once
 * (the small lists without paging: product types, categories). `visible`
 * narrows the records to what the caller may read (a customer-type user's
 * customers); `viewer` narrows the deleted ids the same way, to those
 * written as visible to that user (server/sync/deletions.ts).
 */
export async function pullRecords<W>(
  db: Db,
  source: ListSource<W>,
  cursor: PullCursor,
  take: number | null,
  serverTime: Date,
  visible?: SQL,
  viewer?: number,
): Promise<PullPage<W>> {
  const { table } = source;
  const keyset = sql`(${table.updated_at}, ${table.id}) > (${timestampParam(cursor.since)}, ${cursor.afterId})`;
  const after = visible === undefined ? keyset : and(keyset, visible)!;
  // afterId 0 keeps records stamped exactly at `since`: ids start at 1.
  let query = db.select({ id: table.id }).from(table).where(after).orderBy(asc(table.updated_at), asc(table.id)).$dynamic();
  if (take !== null) query = query.limit(take);
  const ids = idsOf(await query);
  return {
    list: await loadInOrder(db, source, ids),
    total_items: await pulledTotal(db, table, after, take, ids.length),
    deleted_ids: await deletedIdsSince(db, source.resource, cursor.since, viewer),
    server_time: iso(serverTime),
  };
}

export type ListOptions = {
  where?: SQL | undefined;
  /** Default: newest first (created_at desc, id desc). */
  orderBy?: SQL[];
  skip?: number;
  /** Null: every match, no paging. */
  take: number | null;
};

/** The documented list: filtered, ordered, paged, with the total of matches. */
export async function listRecords<W>(db: Db, source: ListSource<W>, options: ListOptions): Promise<ListPage<W>> {
  const { table } = source;
  const skip = options.skip ?? 0;
  if (options.orderBy === undefined && options.take !== null && holdsSearch(options.where)) {
    // A search in the default order: the page by how many rows match (search-page.ts).
    const found = await searchPageIds(db, table, options.where!, skip, options.take);
    return { list: await loadInOrder(db, source, found.ids), total_items: found.total };
  }
  const query: PageQuery = {
    where: options.where,
    orderBy: options.orderBy ?? [desc(table.created_at), desc(table.id)],
    limit: options.take,
    offset: skip,
    opening: options.where === undefined && options.orderBy === undefined,
  };
  let list: W[];
  let found: number;
  if (source.page) {
    list = await source.page(db, query);
    found = list.length;
  } else {
    const ids = idsOf(await pageIdsQuery(db, table, query));
    list = await loadInOrder(db, source, ids);
    found = ids.length;
  }
  return { list, total_items: await pageTotal(db, table, options.where, { skip, take: options.take, found }) };
}

/** Name order for pickers and small lists, ignoring case and accents ("Água" among the a's). */
export function byName(name: AnyColumn, id: AnyColumn): SQL[] {
  return [asc(foldedColumn(name)), asc(id)];
}
