/**
 * The search rows in memory (schema version 8) and kept between sessions
 * (version 11): they follow every record write (put, update, tombstone,
 * delete, clear), change by change for this connection's writes and
 * dropped by another connection's; a rolled-back write is never shown; a
 * live query follows them; a large list's rows are stored once the writes
 * settle, read back by the next session instead of the records, and that
 * copy is deleted by the first write after it, in the same transaction;
 * devices upgraded from versions 6 and 7 search their records with nothing
 * of the old indexes left.
 */
import Dexie, { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { withIndexes } from '@sync/store/local-record';
import { readPage } from '@sync/store/queries';
import { SCHEMA_VERSIONS } from '@sync/store/schema';
import { MIN_SNAPSHOT_ROWS, SEARCH_SNAPSHOT_FORMAT, SEARCH_SNAPSHOTS, type SearchSnapshot } from '@sync/store/search-snapshot';
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

  it('update: the old words no longer find it, the new ones do', async () => {
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

describe("this connection's writes are followed change by change", () => {
  type Step = { write: 'put' | 'tombstone' | 'delete'; key: string; name?: string; minute?: number };
  // Each row: writes made in one transaction after the rows are in memory. After each, the rows stay in memory and
  // answer what a connection opened afresh (reading the records) answers, for several searches and unsearched.
  const cases: Array<{ title: string; steps: Step[] }> = [
    { title: 'a new record, newest', steps: [{ write: 'put', key: 'n', name: 'Diária nova', minute: 9 }] },
    { title: 'a new record, oldest', steps: [{ write: 'put', key: 'n', name: 'Diária antiga', minute: 0 }] },
    { title: 'a rename', steps: [{ write: 'put', key: 'b', name: 'Hospedagem', minute: 2 }] },
    { title: 'a tombstone', steps: [{ write: 'tombstone', key: 'c', minute: 3 }] },
    { title: 'a delete', steps: [{ write: 'delete', key: 'a' }] },
    {
      title: 'several writes of one key in one transaction (the last wins)',
      steps: [
        { write: 'put', key: 'n', name: 'Diária 1', minute: 5 },
        { write: 'put', key: 'n', name: 'Hospedagem 2', minute: 5 },
        { write: 'delete', key: 'b' },
        { write: 'put', key: 'b', name: 'Diária volta', minute: 2 },
      ],
    },
    { title: 'a delete of a key never stored', steps: [{ write: 'delete', key: 'zz' }] },
  ];
  const searches = ['diaria', 'hosp', 'campo', ''];
  const answers = async (db: SyncDatabase) =>
    Promise.all(
      searches
        .map(async (search) => ({ search, ...(await readPage(db, 'costs', { search })) }))
        .map(async (page) => {
          const { search, rows, total } = await page;
          return { search, total, names: rows.map((row) => row.name) };
        }),
    );

  it.each(cases)('$title', async ({ steps }) => {
    const name = `search-cache-${newKey()}`;
    const db = open(name);
    await db.records('costs').bulkPut([cost(db, 'a', 'Diária técnica', 1), cost(db, 'b', 'Diária de campo', 2), cost(db, 'c', 'Diária extra', 3)]);
    await readPage(db, 'costs', { search: 'diaria' });
    expect(db.searchCache.loaded('costs')).toBe(true);
    await db.write(async (store) => {
      for (const step of steps) {
        if (step.write === 'delete') await store.records('costs').delete(step.key);
        else await store.records('costs').put(cost(db, step.key, step.name ?? 'x', step.minute, step.write === 'tombstone' ? { _deleted: 1 } : {}));
      }
    });
    // Followed, not dropped: nothing is read again.
    expect(db.searchCache.loaded('costs')).toBe(true);
    const fresh = open(name);
    expect(await answers(db)).toEqual(await answers(fresh));
  });

  it('a search started while a write is pending waits for its end and never shows it rolled back', async () => {
    const db = open();
    await db.records('costs').put(cost(db, 'b', 'Diária de campo', 2));
    expect(await names(db, 'diaria')).toEqual(['Diária de campo']);
    let during: Promise<string[]> | undefined;
    await expect(
      db.write(async (store) => {
        await store.records('costs').put(cost(db, 'a', 'Diária', 3));
        during = Dexie.ignoreTransaction(() => names(db, 'diaria')) as Promise<string[]>;
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    expect(await during).toEqual(['Diária de campo']);
    expect(db.searchCache.loaded('costs')).toBe(true);
  });

  it('the unsearched total comes from the rows in memory and equals the index count', async () => {
    const db = open();
    await db.records('costs').bulkPut(['a', 'b', 'c'].map((key, index) => cost(db, key, `Diária ${key}`, index)));
    await readPage(db, 'costs', { search: 'diaria' });
    await db.write(async (store) => {
      await store.records('costs').put(cost(db, 'd', 'Hospedagem', 5));
      await store.records('costs').put(cost(db, 'a', 'Diária a', 0, { _deleted: 1 }));
    });
    const count = vi.spyOn(db.records('costs').orderBy('_sort').constructor.prototype, 'count');
    const page = await readPage(db, 'costs');
    expect(page.total).toBe(3);
    expect(count).not.toHaveBeenCalled();
    count.mockRestore();
    expect(await db.records('costs').orderBy('_sort').count()).toBe(3);
  });
});

describe('a large list keeps its rows between sessions', () => {
  const many = (db: SyncDatabase, count = MIN_SNAPSHOT_ROWS + 200) =>
    Array.from({ length: count }, (_, index) =>
      cost(db, `k${String(index).padStart(5, '0')}`, index % 3 === 0 ? `Diária ${index}` : `Hospedagem ${index}`, index % 60),
    );
  const snapshotOf = (db: SyncDatabase) => db.table<SearchSnapshot, string>(SEARCH_SNAPSHOTS).get('costs');
  /** Renames a record through IndexedDB itself: no middleware sees it, so a stored snapshot stays as it was. */
  async function renameBehindDexie(name: string, key: string, newName: string): Promise<void> {
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const transaction = raw.transaction('costs', 'readwrite');
      const store = transaction.objectStore('costs');
      const read = store.get(key);
      read.onsuccess = () => store.put({ ...read.result, name: newName });
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    raw.close();
  }
  const waitForSnapshot = (db: SyncDatabase) => expect.poll(async () => (await snapshotOf(db))?.keys.length, { timeout: 10_000 }).toBeGreaterThan(0);

  it('stored once loaded; the next session reads it instead of the records, with the same answers', async () => {
    const name = `search-cache-${newKey()}`;
    const first = open(name);
    await first.records('costs').bulkPut(many(first));
    const before = await readPage(first, 'costs', { search: 'diaria', page: 3 });
    await waitForSnapshot(first);
    expect((await snapshotOf(first))!.keys.length).toBe(MIN_SNAPSHOT_ROWS + 200);

    // A record renamed behind Dexie's back (no middleware, so the snapshot stays): the next session's search
    // answers from the snapshot, which does not know the new name.
    await renameBehindDexie(name, 'k00003', 'Zebra');
    const next = open(name);
    expect(await readPage(next, 'costs', { search: 'diaria', page: 3 })).toEqual(before);
    expect(await names(next, 'zebra')).toEqual([]);
    expect((await next.records('costs').get('k00003'))!.name).toBe('Zebra');
  });

  it('a small list keeps none', async () => {
    const db = open();
    await db.records('costs').bulkPut(many(db, MIN_SNAPSHOT_ROWS - 1));
    await readPage(db, 'costs', { search: 'diaria' });
    db.searchCache.keepSnapshots();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await snapshotOf(db)).toBeUndefined();
  });

  it.each([
    { title: 'in a transaction over every table (the engine)', alone: false },
    { title: 'in a transaction over the table alone', alone: true },
  ])('the first write after it deletes it, $title; the next session reads the records', async ({ alone }) => {
    const name = `search-cache-${newKey()}`;
    const db = open(name);
    await db.records('costs').bulkPut(many(db));
    await readPage(db, 'costs', { search: 'diaria' });
    await waitForSnapshot(db);
    const fresh = cost(db, 'novo', 'Diária recém-criada', 59);
    if (alone) await db.records('costs').put(fresh);
    else await db.write((store) => store.records('costs').put(fresh));
    if (alone) await expect.poll(() => snapshotOf(db)).toBeUndefined();
    else expect(await snapshotOf(db)).toBeUndefined();
    const next = open(name);
    expect((await readPage(next, 'costs', { search: 'recem' })).rows.map((row) => row.key)).toEqual(['novo']);
    // And it is stored again once the writes settle, with the new record.
    await waitForSnapshot(db);
    expect((await snapshotOf(db))!.keys).toContain('novo');
  });

  it("another connection's write deletes it and drops this connection's rows", async () => {
    const name = `search-cache-${newKey()}`;
    const first = open(name);
    await first.records('costs').bulkPut(many(first));
    await readPage(first, 'costs', { search: 'diaria' });
    await waitForSnapshot(first);
    const second = open(name);
    await second.write((store) => store.records('costs').put(cost(second, 'novo', 'Diária de outra aba', 59)));
    expect(await snapshotOf(first)).toBeUndefined();
    expect(first.searchCache.loaded('costs')).toBe(false);
    expect((await readPage(first, 'costs', { search: 'aba' })).rows.map((row) => row.key)).toEqual(['novo']);
  });

  it('after a pull (keepSnapshots) the rows are loaded and stored without a search', async () => {
    const db = open();
    await db.write((store) => store.records('costs').bulkPut(many(db)));
    db.searchCache.keepSnapshots();
    await waitForSnapshot(db);
  });

  it('before a pull (loadStored) the stored rows are loaded, the writes followed and stored again without reading the records', async () => {
    const name = `search-cache-${newKey()}`;
    const first = open(name);
    await first.records('costs').bulkPut(many(first));
    await readPage(first, 'costs', { search: 'diaria' });
    await waitForSnapshot(first);
    first.close();
    await renameBehindDexie(first.name, 'k00003', 'Zebra');

    const next = open(name);
    await next.searchCache.loadStored();
    expect(next.searchCache.loaded('costs')).toBe(true);
    await next.write((store) => store.records('costs').put(cost(next, 'novo', 'Diária puxada', 59)));
    expect(await snapshotOf(next)).toBeUndefined();
    await waitForSnapshot(next);
    const stored = (await snapshotOf(next))!;
    expect(stored.keys).toContain('novo');
    // From memory: the record renamed behind Dexie's back was not read again.
    expect(stored.texts.some((text) => text.includes(' zebra'))).toBe(false);
  });

  it('a snapshot of another format, or malformed, is not read', async () => {
    const name = `search-cache-${newKey()}`;
    const db = open(name);
    await db.records('costs').bulkPut([cost(db, 'a', 'Diária técnica', 1)]);
    for (const snapshot of [
      { resource: 'costs', format: SEARCH_SNAPSHOT_FORMAT + 1, keys: ['x'], sorts: ['9'], texts: [' fantasma'] },
      { resource: 'costs', format: SEARCH_SNAPSHOT_FORMAT, keys: ['x'], sorts: [], texts: [' fantasma'] },
    ]) {
      await db.table(SEARCH_SNAPSHOTS).put(snapshot);
      const next = open(name);
      expect(await names(next, 'fantasma')).toEqual([]);
      expect(await names(next, 'tecnica')).toEqual(['Diária técnica']);
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
