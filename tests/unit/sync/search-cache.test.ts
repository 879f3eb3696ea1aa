/**
 * The search derived from the records in memory (schema version 8): it
 * follows every record write (put, update, tombstone, delete, clear), never
 * shows a rolled-back write, is dropped by this connection's writes and by
 * another connection's, a live query follows it, and devices upgraded from
 * versions 6 and 7 search their records with nothing of the old indexes left.
 */
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { withIndexes } from '@sync/store/local-record';
import { readPage } from '@sync/store/queries';
import { SCHEMA_VERSIONS } from '@sync/store/schema';
import type { StoredRecord } from '@sync/store/types';

const opened: SyncDatabase[] = [];
function open(name = `search-cache-${newKey()}`, versions = SCHEMA_VERSIONS): SyncDatabase {
  const db = new SyncDatabase(name, { versions });
  opened.push(db);
  return db;
}
afterEach(async () => {
  const all = opened.splice(0);
  for (const db of all) db.close();
  for (const db of all) await db.delete();
});

function cost(db: SyncDatabase, key: string, name: string, minute = 0, extra: Partial<StoredRecord> = {}): StoredRecord {
  const created = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  return withIndexes(db.registry.get('costs'), {
    key,
    id: null,
    created_at: created,
    updated_at: created,
    _base: null,
    name,
    slug: null,
    price: 1,
    ...extra,
  });
}

const names = async (db: SyncDatabase, search: string) => (await readPage(db, 'costs', { search })).rows.map((row) => row.name);
/** Every table the store has: nothing of the search is stored since version 8. */
const tableNames = (db: SyncDatabase) => db.tables.map((table) => table.name);

describe('the search follows every record write', () => {
  it('put: found by the prefix of any word, accents ignored; nothing stored beside the record', async () => {
    const db = open();
    await db.records('costs').put(cost(db, 'a', 'Diária técnica'));
    expect(await names(db, 'tecn')).toEqual(['Diária técnica']);
    expect(await names(db, 'DIAR')).toEqual(['Diária técnica']);
    expect(await names(db, 'tecnico')).toEqual([]);
    expect(tableNames(db).filter((name) => name.endsWith('_search'))).toEqual([]);
    expect(Object.keys((await db.records('costs').get('a'))!).filter((field) => field.startsWith('_'))).toEqual([
      '_base',
      '_contract_version',
      '_sort',
    ]);
  });

  it('newest first, by the list order', async () => {
    const db = open();
    await db.records('costs').bulkPut([cost(db, 'a', 'Diária 1', 1), cost(db, 'c', 'Diária 3', 3), cost(db, 'b', 'Diária 2', 2)]);
    expect(await names(db, 'diaria')).toEqual(['Diária 3', 'Diária 2', 'Diária 1']);
  });

  it('a table larger than one read (1,000 records) is searched whole, newest first across the reads', async () => {
    const db = open();
    // Keys in the opposite order of creation, so the reads by key and the list order differ.
    const records = Array.from({ length: 2_500 }, (_, index) =>
      cost(db, `k${String(2_500 - index).padStart(5, '0')}`, index % 2 === 0 ? `Diária ${index}` : `Hospedagem ${index}`, index),
    );
    await db.records('costs').bulkPut(records);
    const page = await readPage(db, 'costs', { search: 'diaria', pageSize: 3 });
    expect(page.total).toBe(1_250);
    expect(page.rows.map((row) => row.name)).toEqual(['Diária 2498', 'Diária 2496', 'Diária 2494']);
    const last = await readPage(db, 'costs', { search: 'hosped', page: 417, pageSize: 3 });
    expect(last.rows.map((row) => row.name)).toEqual(['Hospedagem 3', 'Hospedagem 1']);
  });

  it('update: the old words no longer find it, the new ones do (the cache is dropped by the write)', async () => {
    const db = open();
    await db.records('costs').bulkPut([cost(db, 'a', 'Diária técnica', 1), cost(db, 'b', 'Diária de campo', 2)]);
    expect(await names(db, 'diaria')).toEqual(['Diária de campo', 'Diária técnica']);
    await db.write(async (store) => {
      await store.records('costs').put(cost(db, 'a', 'Hospedagem', 1));
    });
    expect(await names(db, 'diaria')).toEqual(['Diária de campo']);
    expect(await names(db, 'hosped')).toEqual(['Hospedagem']);
  });

  it('tombstone: out of the search', async () => {
    const db = open();
    await db.records('costs').put(cost(db, 'a', 'Diária'));
    expect(await names(db, 'diaria')).toEqual(['Diária']);
    await db.records('costs').put(cost(db, 'a', 'Diária', 0, { _deleted: 1 }));
    expect(await names(db, 'diaria')).toEqual([]);
  });

  it('delete, bulk delete, a filtered collection delete and clear take records out of the search', async () => {
    const db = open();
    await db.records('costs').bulkPut(['a', 'b', 'c', 'd', 'e'].map((key, index) => cost(db, key, `Diária ${key}`, index)));
    expect((await readPage(db, 'costs', { search: 'diaria' })).total).toBe(5);
    await db.records('costs').delete('a');
    await db.records('costs').bulkDelete(['b']);
    await db
      .records('costs')
      .filter((record) => record.key === 'c')
      .delete();
    expect(await names(db, 'diaria')).toEqual(['Diária e', 'Diária d']);
    await db.records('costs').clear();
    expect((await readPage(db, 'costs', { search: 'diaria' })).total).toBe(0);
  });

  it('a write that fails is never found, even while it was pending', async () => {
    const db = open();
    await db.records('costs').put(cost(db, 'b', 'Diária de campo', 2));
    expect(await names(db, 'diaria')).toEqual(['Diária de campo']); // loaded before the failed write
    await expect(
      db.write(async (store) => {
        await store.records('costs').put(cost(db, 'a', 'Diária'));
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    expect(await names(db, 'diaria')).toEqual(['Diária de campo']);
  });

  it("another connection's write drops this connection's copy", async () => {
    const name = `search-cache-${newKey()}`;
    const first = open(name);
    const second = open(name);
    await first.records('costs').put(cost(first, 'a', 'Diária', 1));
    expect(await names(first, 'diaria')).toEqual(['Diária']);
    await second.records('costs').put(cost(second, 'b', 'Diária de campo', 2));
    expect(await names(first, 'diaria')).toEqual(['Diária de campo', 'Diária']);
    await second.records('costs').delete('a');
    expect(await names(first, 'diaria')).toEqual(['Diária de campo']);
  });

  it('a live query on a search follows new records although the scan itself reads from memory', async () => {
    const db = open();
    await db.records('costs').put(cost(db, 'a', 'Diária', 1));
    expect(await names(db, 'diaria')).toEqual(['Diária']); // the rows are in memory before the live query starts
    const totals: number[] = [];
    const subscription = liveQuery(() => readPage(db, 'costs', { search: 'diaria' })).subscribe((page) => totals.push(page.total));
    try {
      await expect.poll(() => totals.at(-1)).toBe(1);
      await db.records('costs').put(cost(db, 'b', 'Diária de campo', 2));
      await expect.poll(() => totals.at(-1)).toBe(2);
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('upgrades', () => {
  it('from version 6: the records are searchable, their _search gone, no search table left', async () => {
    const name = `search-upgrade-${newKey()}`;
    const v6 = open(
      name,
      SCHEMA_VERSIONS.filter((step) => step.version <= 6),
    );
    const sort = (minute: number, key: string) => `2026-01-01T00:0${minute}:00.000Z|${key}`;
    // As version 6 stored them: every prefix of every word joined to the ordering key (abridged here).
    await v6.records('products').bulkPut([
      {
        key: 'a',
        id: 1,
        created_at: '2026-01-01T00:01:00.000Z',
        updated_at: null,
        _base: null,
        name: 'Formaldeído',
        cas: '50-00-0',
        _sort: sort(1, 'a'),
        _search: ['f\u0001x', 'formaldeido\u0001x'],
      },
      {
        key: 'b',
        id: 2,
        created_at: '2026-01-01T00:02:00.000Z',
        updated_at: null,
        _base: null,
        name: 'Ruído contínuo',
        _sort: sort(2, 'b'),
        _search: ['ruido\u0001x'],
      },
      { key: 'c', id: 3, created_at: null, updated_at: null, _base: null, name: 'Ruído apagado', _deleted: 1 },
    ]);
    expect(v6.tables.some((table) => table.name === 'products_search')).toBe(false);
    v6.close();

    const v8 = open(name);
    const rows = await v8.records('products').toArray();
    expect(rows.map((row) => '_search' in row)).toEqual([false, false, false]);
    expect(tableNames(v8).filter((table) => table.endsWith('_search'))).toEqual([]);
    expect((await readPage(v8, 'products', { search: '50-00-0' })).rows.map((row) => row.name)).toEqual(['Formaldeído']);
    expect((await readPage(v8, 'products', { search: 'ruido' })).rows.map((row) => row.name)).toEqual(['Ruído contínuo']);
    expect((await readPage(v8, 'products', { search: '' })).total).toBe(2);
    // Opened at the newest version (8 dropped the search tables; later ones add tables of their own).
    expect(v8.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
  });

  it('from version 7: its search tables are dropped, the records kept and searchable', async () => {
    const name = `search-upgrade-${newKey()}`;
    const v7 = open(
      name,
      SCHEMA_VERSIONS.filter((step) => step.version <= 7),
    );
    await v7.records('costs').bulkPut([cost(v7, 'a', 'Diária técnica', 1), cost(v7, 'b', 'Hospedagem', 2)]);
    await v7.table('costs_search').bulkPut([
      { key: 'a', s: 'x', w: ['diaria', 'tecnica'] },
      { key: 'b', s: 'y', w: ['hospedagem'] },
    ]);
    expect(tableNames(v7)).toContain('costs_search');
    v7.close();

    const v8 = open(name);
    expect(await v8.records('costs').count()).toBe(2);
    expect(tableNames(v8).filter((table) => table.endsWith('_search'))).toEqual([]);
    expect(await names(v8, 'tecnica')).toEqual(['Diária técnica']);
    expect(await names(v8, 'hosp')).toEqual(['Hospedagem']);
    // Opened at the newest version (8 dropped the search tables; later ones add tables of their own).
    expect(v8.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
  });
});
