/**
 * Reads of the local store for the screens: a page of a list (newest first,
 * optionally searched), all records of a small list, the lines of a parent,
 * one record. Every list read goes through an index (`_sort`, the parent
 * key), never a full table scan; a search scans the resource's search rows
 * held in memory (search-cache.ts, derived from the records once) and reads
 * only the page's records, so it stays fast on 10,000 records and works
 * offline.
 */
import { PAGE_SIZE } from '../contract/list';
import type { SyncDatabase } from './database';
import { isLive } from './local-record';
import { rowMatches } from './search-cache';
import { queryWordsOf } from './search-index';
import type { StoredRecord } from './types';

export interface PageQuery {
  /** Free text; every word must start a word of a searchable field (accents and case ignored). */
  search?: string;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  /** Only records whose field equals this value (a list's filter, e.g. a quotation's status); checked on the rows read. */
  where?: { field: string; equals: string | number | boolean | null };
}

export interface PageResult<T = StoredRecord> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export async function readPage(db: SyncDatabase, resourceName: string, query: PageQuery = {}): Promise<PageResult> {
  const resource = db.registry.get(resourceName);
  const table = db.records(resourceName);
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const skip = (page - 1) * pageSize;
  const queryWords = [...new Set(queryWordsOf(query.search ?? ''))];
  const where = query.where;
  const matches = (record: StoredRecord) => where === undefined || record[where.field] === where.equals;

  let rows: StoredRecord[];
  let total: number;
  if (queryWords.length === 0 && where !== undefined) {
    // A filter walks the list order and checks each row (quotations per device are few).
    const range = () => table.orderBy('_sort').reverse().filter(matches);
    [total, rows] = await Promise.all([range().count(), range().offset(skip).limit(pageSize).toArray()]);
  } else if (queryWords.length === 0) {
    const ordered = table.orderBy('_sort').reverse();
    // Counting the `_sort` index walks it whole (0.4 s at 50,000 agents): the search rows in memory know the count.
    const inMemory = db.searchCache.liveCount(resource.name);
    // (A live query then watches the whole table, as the count would have made it: a delete past the page changes the total.)
    const counted = inMemory === undefined ? table.orderBy('_sort').count() : observeTable(db, resource.name).then(() => inMemory);
    [total, rows] = await Promise.all([counted, ordered.offset(skip).limit(pageSize).toArray()]);
  } else if (resource.searchable.length === 0) {
    // No searchable field: nothing matches a search.
    [total, rows] = [0, []];
  } else {
    // Scan the search rows in memory, newest first; read only the page's records.
    const [searchRows] = await Promise.all([db.searchCache.rows(resource.name), observeTable(db, resource.name)]);
    let keys: string[] = [];
    for (const row of searchRows) if (rowMatches(row, queryWords)) keys.push(row.key);
    if (where !== undefined) {
      const candidates = await table.bulkGet(keys);
      keys = candidates.filter((record): record is StoredRecord => isLive(record) && matches(record)).map((record) => record.key);
    }
    total = keys.length;
    rows = (await table.bulkGet(keys.slice(skip, skip + pageSize))).filter(isLive);
  }
  return { rows, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * Reads one key so that a live query (useLocalPage) depends on the whole
 * table: the scan itself may come from memory and read nothing, and Dexie
 * re-runs a live query only for the ranges it read. A query over the whole
 * key range limited to one row is watched over the whole range.
 */
function observeTable(db: SyncDatabase, resourceName: string): Promise<unknown> {
  return db.records(resourceName).limit(1).primaryKeys();
}

/** Every live record of a small list (types, categories), newest first. */
export async function readAll(db: SyncDatabase, resourceName: string): Promise<StoredRecord[]> {
  return db.records(resourceName).orderBy('_sort').reverse().toArray();
}

/**
 * The order lines were added, the same on every device: the lines the
 * server has, by server id (its creation order; lines made by one request
 * share their created_at, and `_sort` would then fall back to each device's
 * own random local key), then the lines not sent yet in the order their
 * changes were queued here (`createdSeq`: the outbox's order, which is the
 * order they will be sent and numbered in; several lines saved in one unit
 * of work share their creation time), else by `_sort`.
 */
export function compareLines(a: StoredRecord, b: StoredRecord, createdSeq: ReadonlyMap<string, number> = new Map()): number {
  if (a.id !== null && b.id !== null) return a.id - b.id;
  if (a.id !== null) return -1;
  if (b.id !== null) return 1;
  const seqA = createdSeq.get(a.key) ?? Number.POSITIVE_INFINITY;
  const seqB = createdSeq.get(b.key) ?? Number.POSITIVE_INFINITY;
  if (seqA !== seqB) return seqA < seqB ? -1 : 1;
  return a._sort! < b._sort! ? -1 : a._sort! > b._sort! ? 1 : 0;
}

/** The live lines of a parent record, in the order they were added (`compareLines`). */
export async function readChildren(db: SyncDatabase, resourceName: string, parentKey: string): Promise<StoredRecord[]> {
  const parent = db.registry.get(resourceName).parent;
  if (!parent) throw new Error(`${resourceName} has no parent`);
  const lines = (await db.records(resourceName).where(parent.keyField).equals(parentKey).toArray()).filter(isLive);
  const unsent = lines.filter((line) => line.id === null).map((line) => line.key);
  const createdSeq = new Map<string, number>();
  if (unsent.length > 1) {
    for (const entry of await db.outbox.where('key').anyOf(unsent).toArray()) {
      const known = createdSeq.get(entry.key);
      if (entry.seq !== undefined && (known === undefined || entry.seq < known)) createdSeq.set(entry.key, entry.seq);
    }
  }
  return lines.sort((a, b) => compareLines(a, b, createdSeq));
}

/** One live record by local key (undefined when missing or deleted). */
export async function readRecord(db: SyncDatabase, resourceName: string, key: string): Promise<StoredRecord | undefined> {
  const record = await db.records(resourceName).get(key);
  return isLive(record) ? record : undefined;
}

/** One live record by server id. */
export async function readRecordById(db: SyncDatabase, resourceName: string, id: number): Promise<StoredRecord | undefined> {
  const record = await db.records(resourceName).where('id').equals(id).first();
  return isLive(record) ? record : undefined;
}
