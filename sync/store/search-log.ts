/**
 * The local search's rows kept on the device between openings, so the first
 * search after opening reads a few compact rows instead of every record
 * (issue 26: 1.0–1.5 s at 50,000 records). The records stay the only source
 * of truth: what is kept here is derived from them, written in the same
 * transaction as every record write, and thrown away whenever it may not
 * match them.
 *
 * Three kinds of `meta` rows per searchable resource:
 * - `search/<resource>/head`: `{ seq, based, baseSeq }`. `seq` grows with
 *   every read-write transaction that writes the resource's table; `based`
 *   says the base and the deltas after it describe the table exactly.
 * - `search/<resource>/base`: the rows as of `baseSeq` (keys, list orders
 *   and the joined text, search-scan.ts).
 * - `search/<resource>/d/<seq>`: what one write changed (entries put, keys
 *   gone), one row per write request, not per record, so a pull page of 500
 *   adds one small write beside its 500 (a row per record nearly doubled the
 *   pull in Chromium: sync-search-rows.md).
 *
 * A table that is empty when its log starts is based from the start; a table
 * that already held records (a store from before this log, or after a range
 * delete) is based by the first full load (`rebase`), and only when no write
 * happened while it read.
 */
import type Dexie from 'dexie';
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import type { ResourceDefinition } from './registry/resource';
import { entryOf, type SearchEntry, type SearchRows } from './search-scan';
import type { MetaRow, StoredRecord } from './types';

/** The head row's value. */
export interface LogHead {
  seq: number;
  based: boolean;
  baseSeq: number;
}

interface StoredBase {
  seq: number;
  /** Joined with '\n' (keys are UUIDs and list orders `<time>|<key>`: neither holds a line break). */
  keys: string;
  sorts: string;
  text: string;
}

interface StoredDelta {
  seq: number;
  put: SearchEntry[];
  gone: string[];
}

const prefix = (resourceName: string) => `search/${resourceName}/`;
export const headName = (resourceName: string) => `${prefix(resourceName)}head`;
const baseName = (resourceName: string) => `${prefix(resourceName)}base`;
const deltaPrefix = (resourceName: string) => `${prefix(resourceName)}d/`;
const deltaName = (resourceName: string, seq: number) => `${deltaPrefix(resourceName)}${String(seq).padStart(12, '0')}`;

const ANY_KEY = { type: 3 /* DBCoreRangeType.Any */, lower: undefined, upper: undefined } as const;

/**
 * Writes the log beside every write to a searchable resource's table, in
 * the same transaction: a read-write transaction over such a table also
 * takes `meta`. `onWrite` is told first (the rows in memory are dropped).
 */
export function searchLogMiddleware(
  resourceOf: (tableName: string) => ResourceDefinition | undefined,
  onWrite: (resourceName: string) => void,
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'SearchLog',
    create(down) {
      // A store without a meta table (a test's own schema) keeps no log.
      if (!down.schema.tables.some((table) => table.name === 'meta')) return down;
      const meta = down.table('meta');
      // Per transaction and resource: the head as this transaction leaves it (read once).
      const states = new WeakMap<DBCoreTransaction, Map<string, Promise<WriteState>>>();
      const stateOf = (trans: DBCoreTransaction, table: DBCoreTable): Promise<WriteState> => {
        let byTable = states.get(trans);
        if (!byTable) states.set(trans, (byTable = new Map()));
        let state = byTable.get(table.name);
        if (!state) {
          state = (meta.get({ trans, key: headName(table.name) }) as Promise<MetaRow | undefined>).then(async (row) => {
            if (row) return { head: { ...(row.value as LogHead) }, startsEmpty: false };
            // No log yet: an empty table starts based (its base is empty); one with records waits for a full load.
            const count = await table.count({ trans, query: { index: table.schema.primaryKey, range: ANY_KEY } });
            return { head: { seq: 0, based: count === 0, baseSeq: 0 }, startsEmpty: count === 0 };
          });
          byTable.set(table.name, state);
        }
        return state;
      };
      const putMeta = (trans: DBCoreTransaction, name: string, value: unknown) =>
        meta.mutate({ type: 'put', trans, values: [{ name, value } satisfies MetaRow] });
      return {
        ...down,
        transaction(stores, mode, options) {
          if (mode !== 'readwrite' || stores.includes('meta') || !stores.some((store) => resourceOf(store))) {
            return down.transaction(stores, mode, options);
          }
          return down.transaction([...stores, 'meta'], mode, options);
        },
        table(name) {
          const table = down.table(name);
          const resource = resourceOf(name);
          if (!resource) return table;
          return {
            ...table,
            mutate: async (request) => {
              onWrite(name);
              const state = await stateOf(request.trans, table);
              const result = await table.mutate(request);
              const { head } = state;
              const seq = (head.seq += 1);
              const writes: Array<Promise<unknown>> = [];
              if (head.based) {
                const delta = deltaOf(resource, request, result.failures);
                if (delta === null) {
                  head.based = false;
                } else {
                  if (state.startsEmpty) writes.push(putMeta(request.trans, baseName(name), emptyBase()));
                  state.startsEmpty = false;
                  writes.push(putMeta(request.trans, deltaName(name, seq), { seq, ...delta } satisfies StoredDelta));
                }
              }
              writes.push(putMeta(request.trans, headName(name), { ...head }));
              await Promise.all(writes);
              return result;
            },
          };
        },
      };
    },
  };
}

interface WriteState {
  head: LogHead;
  /** The table was empty and had no log: this transaction writes the empty base. */
  startsEmpty: boolean;
}

const emptyBase = (): StoredBase => ({ seq: 0, keys: '', sorts: '', text: '' });

/** What a write request changes in the search, or null when it cannot be told (a range delete: the log is dropped). */
function deltaOf(resource: ResourceDefinition, request: DBCoreMutateRequest, failures: Record<number, Error>): Omit<StoredDelta, 'seq'> | null {
  if (request.type === 'deleteRange') return null;
  if (request.type === 'delete') return { put: [], gone: request.keys.map(String) };
  const put: SearchEntry[] = [];
  const gone: string[] = [];
  request.values.forEach((value, index) => {
    if (index in failures) return;
    const record = value as StoredRecord;
    const entry = entryOf(resource, record);
    if (entry) put.push(entry);
    else gone.push(record.key);
  });
  return { put, gone };
}

/** The log as stored: the head, and when based, the base and the changes after it in order. */
export interface StoredLog {
  head: LogHead | undefined;
  base?: { keys: string[]; sorts: string[]; text: string };
  /** Key → entry (or null: gone), the last change of each key after the base. */
  changes?: Map<string, SearchEntry | null>;
  /** The seq of the last change read. */
  seq: number;
}

/** Reads the resource's log in one read transaction; `base` is left out when it does not describe the table. */
export async function readLog(db: Dexie, resourceName: string): Promise<StoredLog> {
  const meta = db.table<MetaRow, string>('meta');
  return db.transaction('r', meta, async () => {
    const head = (await meta.get(headName(resourceName)))?.value as LogHead | undefined;
    if (!head?.based) return { head, seq: head?.seq ?? 0 };
    const [baseRow, deltaRows] = await Promise.all([
      meta.get(baseName(resourceName)),
      meta
        .where('name')
        .between(deltaPrefix(resourceName), `${deltaPrefix(resourceName)}\uffff`)
        .toArray(),
    ]);
    const stored = baseRow?.value as StoredBase | undefined;
    if (!stored || stored.seq !== head.baseSeq) return { head, seq: head.seq };
    const changes = new Map<string, SearchEntry | null>();
    let expected = stored.seq + 1;
    for (const row of deltaRows) {
      const delta = row.value as StoredDelta;
      if (delta.seq < expected) continue; // left by a rebase that another connection overtook: already in the base
      if (delta.seq !== expected) return { head, seq: head.seq };
      for (const key of delta.gone) changes.set(key, null);
      for (const entry of delta.put) changes.set(entry.key, entry);
      expected += 1;
    }
    if (expected !== head.seq + 1) return { head, seq: head.seq };
    const split = (joined: string) => (joined === '' ? [] : joined.split('\n'));
    return { head, seq: head.seq, base: { keys: split(stored.keys), sorts: split(stored.sorts), text: stored.text }, changes };
  });
}

/**
 * Keeps `rows` as the base at `seq` and drops the deltas it holds, in one
 * transaction, unless that would not describe the table:
 * - `fromRecords` (the log was not based, the rows were read from the
 *   records): only when no write came since `headBefore` was read;
 * - otherwise (the rows are an older base with deltas up to `seq` applied):
 *   only while the log is still based on an older base; later deltas stay.
 */
export async function rebase(
  db: Dexie,
  resourceName: string,
  rows: SearchRows,
  seq: number,
  headBefore: LogHead | undefined,
  fromRecords: boolean,
): Promise<boolean> {
  const meta = db.table<MetaRow, string>('meta');
  return db.transaction('rw', meta, async () => {
    const head = (await meta.get(headName(resourceName)))?.value as LogHead | undefined;
    const allowed = fromRecords ? (head?.seq ?? 0) === (headBefore?.seq ?? 0) : head?.based === true && head.baseSeq < seq && head.seq >= seq;
    if (!allowed) return false;
    const base: StoredBase = { seq, keys: rows.keys.join('\n'), sorts: rows.sorts.join('\n'), text: rows.text };
    await meta.put({ name: baseName(resourceName), value: base });
    const upTo = fromRecords ? `${deltaPrefix(resourceName)}\uffff` : deltaName(resourceName, seq);
    await meta.where('name').between(deltaPrefix(resourceName), upTo, true, true).delete();
    await meta.put({ name: headName(resourceName), value: { seq: head?.seq ?? seq, based: true, baseSeq: seq } satisfies LogHead });
    return true;
  });
}
