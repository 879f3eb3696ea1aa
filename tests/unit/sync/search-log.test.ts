/**
 * The search log kept beside the records (issue 26): a search finds exactly
 * what the match rule finds over the records themselves (accents, case,
 * several words, a code, a CAS number, a document; the same order, totals
 * and pages), on the connection that wrote, on a connection opened after
 * (read from the log), after updates, deletes, a pull-sized batch, a range
 * delete, a rolled-back write and another connection's write; and a log
 * that may not match the records is never used.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { withIndexes } from '@sync/store/local-record';
import { readPage } from '@sync/store/queries';
import { matchesAllWords, queryWordsOf, recordWords } from '@sync/store/search-index';
import { headName, readLog, rebase, type LogHead } from '@sync/store/search-log';
import type { StoredRecord } from '@sync/store/types';

const opened: SyncDatabase[] = [];
function open(name = `search-log-${newKey()}`): SyncDatabase {
  const db = new SyncDatabase(name);
  opened.push(db);
  return db;
}
afterEach(async () => {
  const all = opened.splice(0);
  for (const db of all) db.close();
  for (const db of all) await db.delete();
});

const AGENTS: Array<[string, string, string]> = [
  ['Ruído contínuo', 'RC-01', ''],
  ['Ácido sulfúrico', 'AS-7', '7664-93-9'],
  ['Acido sulfidrico', 'AS-8', '7783-06-4'],
  ['Formaldeído', 'F-50', '50-00-0'],
  ['Tolueno', 'T-108', '108-88-3'],
  ['Poeira respirável de sílica', 'PS-1', '14808-60-7'],
  ['Calor', 'C-1', ''],
  ['Vibração de mãos e braços', 'VMB', ''],
  ['Benzeno', 'B-71', '71-43-2'],
  ['Névoa de ácido crômico', 'NAC', '7738-94-5'],
];

const TERMS = [
  'ruido',
  'RUÍDO',
  'Contínuo',
  'acido sulf',
  'ÁCIDO',
  'sulf acido',
  'as-7',
  'AS',
  'f-50',
  '7664-93-9',
  '7664',
  '50-00-0',
  '00',
  'de',
  'maos bra',
  'xyz',
  'acido xyz',
  '1',
];

function agent(db: SyncDatabase, index: number, [name, code, cas]: [string, string, string], key = newKey()): StoredRecord {
  const created = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
  return withIndexes(db.registry.get('products'), {
    key,
    id: index + 1,
    created_at: created,
    updated_at: created,
    _base: null,
    name,
    code,
    cas,
    display_name: null,
  });
}

/** The rule over the records themselves: live ones, newest first, every query word starting a word. */
async function expected(db: SyncDatabase, resource: string, term: string): Promise<string[]> {
  const fields = db.registry.get(resource).searchable;
  const words = [...new Set(queryWordsOf(term))];
  const records = (await db.records(resource).toArray()).filter((record) => !record._deleted && typeof record._sort === 'string');
  records.sort((a, b) => (a._sort! < b._sort! ? 1 : a._sort! > b._sort! ? -1 : 0));
  return records.filter((record) => matchesAllWords(recordWords(record, fields), words)).map((record) => record.key);
}

/** Every term: the same keys in the same order as the rule, page by page (pages of 3), and the same total. */
async function expectSameAsRule(db: SyncDatabase, reader: SyncDatabase = db, resource = 'products', terms = TERMS): Promise<void> {
  for (const term of terms) {
    const want = await expected(db, resource, term);
    const got: string[] = [];
    for (let page = 1; ; page += 1) {
      const result = await readPage(reader, resource, { search: term, page, pageSize: 3 });
      expect(result.total, term).toBe(want.length);
      got.push(...result.rows.map((row) => row.key));
      if (page >= result.pageCount) break;
    }
    expect(got, term).toEqual(want);
  }
}

const head = async (db: SyncDatabase, resource = 'products') => (await db.meta.get(headName(resource)))?.value as LogHead | undefined;

async function seeded(): Promise<{ db: SyncDatabase; keys: string[] }> {
  const db = open();
  const records = AGENTS.map((fields, index) => agent(db, index, fields));
  // As a pull writes a page: one transaction, one bulk write.
  await db.write((store) => store.records('products').bulkPut(records));
  return { db, keys: records.map((record) => record.key) };
}

describe('a search finds what the rule finds over the records', () => {
  it('on the connection that wrote and on one opened after (from the log)', async () => {
    const { db } = await seeded();
    await expectSameAsRule(db);
    expect(await head(db)).toMatchObject({ based: true });
    const reopened = open(db.name);
    await expectSameAsRule(db, reopened);
  });

  it('after updates, tombstones, deletes and a second pull-sized batch, on both connections', async () => {
    const { db, keys } = await seeded();
    await expectSameAsRule(db);
    const table = db.records('products');
    await table.put({ ...(await table.get(keys[0]!))!, name: 'Ruído de impacto' });
    await table.put(withIndexes(db.registry.get('products'), { ...(await table.get(keys[1]!))!, _deleted: 1 }));
    await table.delete(keys[2]!);
    const more = Array.from({ length: 40 }, (_, index) => agent(db, 100 + index, [`Ácido número ${index}`, `N-${index}`, `${index}-00-0`]));
    await db.write((store) => store.records('products').bulkPut(more));
    await expectSameAsRule(db);
    await expectSameAsRule(db, open(db.name));
  });

  it('a customer found by its document typed with or without its mask', async () => {
    const db = open();
    const customer = (name: string, document: string, minute: number) =>
      withIndexes(db.registry.get('customers'), {
        key: newKey(),
        id: null,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
        updated_at: null,
        _base: null,
        name,
        document,
        email: null,
        phone: '(11) 3456-7890',
      });
    await db
      .records('customers')
      .bulkPut([customer('Metalúrgica Horizonte Ltda', '12345678000195', 1), customer('Química São José', '529.982.247-25', 2)]);
    const terms = [
      '12.345.678/0001-95',
      '12345678000195',
      '529.982.247-25',
      '52998224725',
      'metalurgica',
      'SAO jose',
      '3456',
      '(11) 3456-7890',
      '99.999.999/0001-99',
    ];
    await expectSameAsRule(db, db, 'customers', terms);
    await expectSameAsRule(db, open(db.name), 'customers', terms);
  });

  it('a write rolled back leaves nothing in the log', async () => {
    const { db } = await seeded();
    const before = await head(db);
    await expect(
      db.write(async (store) => {
        await store.records('products').put(agent(db, 500, ['Xilol fantasma', 'XF', '']));
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    expect(await head(db)).toEqual(before);
    expect((await readPage(open(db.name), 'products', { search: 'xilol' })).total).toBe(0);
  });

  it("another connection's write is found by this connection and by one opened after", async () => {
    const { db } = await seeded();
    await expectSameAsRule(db);
    const other = open(db.name);
    await other.records('products').put(agent(other, 600, ['Xileno', 'X-1', '1330-20-7']));
    await expectSameAsRule(db);
    await expectSameAsRule(db, open(db.name), 'products', ['xileno', '1330-20-7', 'acido']);
  });
});

describe('a log that may not match the records is not used', () => {
  it('a range delete (clear) stops the log; the next load reads the records and bases it again', async () => {
    const { db } = await seeded();
    await expectSameAsRule(db);
    await db.records('products').clear();
    expect(await head(db)).toMatchObject({ based: false });
    await db.records('products').bulkPut(AGENTS.slice(0, 4).map((fields, index) => agent(db, index, fields)));
    await expectSameAsRule(db, open(db.name));
    await expect.poll(async () => (await head(db))?.based).toBe(true);
    await expectSameAsRule(db, open(db.name));
  });

  it('records written before the log (an older build): read from the records, then based', async () => {
    const { db } = await seeded();
    await db.meta.where('name').startsWith('search/').delete();
    await db.records('products').put(agent(db, 700, ['Manganês', 'MN', '7439-96-5']));
    expect(await head(db)).toMatchObject({ based: false });
    await expectSameAsRule(db, open(db.name));
    await expect.poll(async () => (await head(db))?.based).toBe(true);
    await expectSameAsRule(db, open(db.name));
  });

  it('a base is not kept from records read while a write came', async () => {
    const { db } = await seeded();
    await db.meta.where('name').startsWith('search/').delete();
    await db.records('products').put(agent(db, 700, ['Manganês', 'MN', '7439-96-5']));
    const log = await readLog(db, 'products');
    expect(log.base).toBeUndefined();
    await db.records('products').put(agent(db, 701, ['Chumbo', 'PB', '7439-92-1']));
    const rows = await db.searchCache.rows('products');
    expect(await rebase(db, 'products', rows, log.seq, log.head, true)).toBe(false);
  });

  it('many changes after the base are folded into a new base; an older base never replaces a newer one', async () => {
    const { db } = await seeded();
    for (let index = 0; index < 40; index += 1) await db.records('products').put(agent(db, 800 + index, [`Agente ${index}`, `A${index}`, '']));
    const log = await readLog(db, 'products');
    expect(log.seq - log.head!.baseSeq).toBeGreaterThan(32);
    const rows = await db.searchCache.rows('products');
    await expect.poll(async () => (await head(db))?.baseSeq).toBe(log.seq);
    expect(await db.meta.where('name').startsWith('search/products/d/').count()).toBe(0);
    expect(await rebase(db, 'products', rows, log.seq - 5, log.head, false)).toBe(false);
    await expectSameAsRule(db, open(db.name));
  });
});
