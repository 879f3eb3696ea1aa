/**
 * Lists read from the local store through its indexes: pages of ten, newest
 * first, search by word prefix ignoring accents and case, totals for the
 * paginator, on a table of 10,000 records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@sync/contract/list';
import type { SyncDatabase } from '@sync/store/database';
import { saveRecord } from '@sync/engine/mutations';
import { withIndexes } from '@sync/store/local-record';
import { readAll, readChildren, readPage } from '@sync/store/queries';
import type { StoredRecord } from '@sync/store/types';
import { openTestDb } from './support';

const COUNT = 10_000;
const NAMES = ['Dosímetro de ruído', 'Bomba de amostragem', 'Luxímetro', 'Medidor de stress térmico', 'Calibrador acústico'];
let db: SyncDatabase;

function equipment(index: number): StoredRecord {
  const name = `${NAMES[index % NAMES.length]} ${index}`;
  const created = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
  return withIndexes(db.registry.get('equipment'), {
    key: `k${String(index).padStart(5, '0')}`,
    id: index + 1,
    created_at: created,
    updated_at: created,
    _base: null,
    name,
    slug: null,
    serial_number: `SN-${index}`,
    calibration_certificate: null,
    expiration_date: null,
    category_id: null,
    category_key: null,
    type: index % 2 === 0 ? 'instrumento' : 'calibrador',
  });
}

beforeAll(async () => {
  db = openTestDb();
  await db.records('equipment').bulkPut(Array.from({ length: COUNT }, (_, index) => equipment(index)));
}, 120_000);
afterAll(async () => {
  db.close();
  await db.delete();
});

describe('pages', () => {
  it('page 1 is the ten newest, with the total for the paginator', async () => {
    const page = await readPage(db, 'equipment', { page: 1 });
    expect(page.total).toBe(COUNT);
    expect(page.pageCount).toBe(COUNT / PAGE_SIZE);
    expect(page.rows.map((row) => row.id)).toEqual([10000, 9999, 9998, 9997, 9996, 9995, 9994, 9993, 9992, 9991]);
  });

  it('a later page continues the order', async () => {
    const page = await readPage(db, 'equipment', { page: 3 });
    expect(page.rows.map((row) => row.id)).toEqual([9980, 9979, 9978, 9977, 9976, 9975, 9974, 9973, 9972, 9971]);
  });

  it('the last page holds what is left', async () => {
    const page = await readPage(db, 'equipment', { page: 1000 });
    expect(page.rows.map((row) => row.id)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await readPage(db, 'equipment', { page: 1001 })).rows).toEqual([]);
  });
});

describe('search', () => {
  it('finds by word prefix without accents or case, newest first, with its own total', async () => {
    const page = await readPage(db, 'equipment', { search: 'LUXIM' });
    expect(page.total).toBe(COUNT / NAMES.length);
    expect(page.rows).toHaveLength(PAGE_SIZE);
    expect(page.rows.every((row) => String(row.name).startsWith('Luxímetro'))).toBe(true);
    expect(page.rows[0]!.id).toBe(10000 - 2);
  });

  it('needs every word: "medidor term" finds only the heat stress meters', async () => {
    const page = await readPage(db, 'equipment', { search: 'medidor térm', page: 2 });
    expect(page.total).toBe(COUNT / NAMES.length);
    expect(page.rows.every((row) => String(row.name).startsWith('Medidor de stress térmico'))).toBe(true);
  });

  it('searches the other searchable fields (serial number)', async () => {
    const page = await readPage(db, 'equipment', { search: 'sn 4321' });
    expect(page.rows.map((row) => row.serial_number)).toEqual(['SN-4321']);
  });

  it('a word nobody has gives an empty page', async () => {
    const page = await readPage(db, 'equipment', { search: 'inexistente' });
    expect(page).toMatchObject({ rows: [], total: 0, pageCount: 1 });
  });

  it('a blank search lists everything', async () => {
    expect((await readPage(db, 'equipment', { search: '   ' })).total).toBe(COUNT);
  });
});

describe('customer search by CPF or CNPJ', () => {
  it('finds the customer with the document typed with or without its mask', async () => {
    const small = openTestDb();
    const resource = small.registry.get('customers');
    const customer = (key: string, name: string, document: string) =>
      withIndexes(resource, {
        key,
        id: null,
        created_at: null,
        updated_at: null,
        _base: null,
        _local_at: `2026-01-0${key}T00:00:00.000Z`,
        name,
        type: 'corporate',
        document,
        email: 'a@b.com.br',
        phone: '1134567890',
      });
    await small.records('customers').bulkPut([customer('1', 'Química Vale Verde', '12345678000195'), customer('2', 'Pedra Forte', '98765432000198')]);
    const found = async (search: string) => (await readPage(small, 'customers', { search })).rows.map((row) => row.name);
    expect(await found('12.345.678/0001-95')).toEqual(['Química Vale Verde']);
    expect(await found('12345678000195')).toEqual(['Química Vale Verde']);
    expect(await found('98.765')).toEqual(['Pedra Forte']);
    expect(await found('pedra 98.765.432/0001-98')).toEqual(['Pedra Forte']);
    expect(await found('(11) 3456-7890')).toEqual(['Pedra Forte', 'Química Vale Verde']);
    small.close();
    await small.delete();
  });
});

describe('small lists and lines', () => {
  it('leaves tombstones out', async () => {
    const small = openTestDb();
    const resource = small.registry.get('equipment_categories');
    const record = (key: string, name: string, extra: Partial<StoredRecord> = {}) =>
      withIndexes(resource, {
        key,
        id: null,
        created_at: null,
        updated_at: null,
        _base: null,
        _local_at: `2026-01-0${key}T00:00:00.000Z`,
        name,
        ...extra,
      });
    await small.records('equipment_categories').bulkPut([record('1', 'Ruído'), record('2', 'Calor', { _deleted: 1 }), record('3', 'Poeira')]);
    expect((await readAll(small, 'equipment_categories')).map((row) => row.name)).toEqual(['Poeira', 'Ruído']);
    expect((await readPage(small, 'equipment_categories', { search: 'calor' })).total).toBe(0);
    small.close();
    await small.delete();
  });

  it('lists the lines of one parent in the order they were added', async () => {
    const small = openTestDb();
    const resource = small.registry.get('product_equipments');
    const line = (key: string, parent: string, at: string) =>
      withIndexes(resource, { key, id: null, created_at: null, updated_at: null, _base: null, _local_at: at, product_key: parent, name: key });
    await small
      .records('product_equipments')
      .bulkPut([
        line('b', 'p1', '2026-01-02T00:00:00.000Z'),
        line('a', 'p1', '2026-01-01T00:00:00.000Z'),
        line('c', 'p2', '2026-01-01T00:00:00.000Z'),
      ]);
    expect((await readChildren(small, 'product_equipments', 'p1')).map((row) => row.key)).toEqual(['a', 'b']);
    small.close();
    await small.delete();
  });

  it('orders lines created at the same moment the same way on every device: by server id, then the unsent ones', async () => {
    // Two devices pulled the same two addresses, created by one request (same created_at),
    // and gave them their own random local keys.
    const stored = async (keys: Record<number, string>, unsent: string[] = []) => {
      const small = openTestDb();
      const resource = small.registry.get('customer_addresses');
      const line = (key: string, id: number | null, label: string, at: { created_at?: string; _local_at?: string }) =>
        withIndexes(resource, { key, id, updated_at: null, _base: null, created_at: null, ...at, customer_key: 'c', customer_id: 1, label });
      const same = { created_at: '2026-01-01T00:00:00.000Z' };
      await small
        .records('customer_addresses')
        .bulkPut([
          line(keys[2]!, 2, 'Filial', same),
          line(keys[1]!, 1, 'Matriz', same),
          ...unsent.map((key, index) => line(key, null, `Nova ${index}`, { _local_at: `2025-12-3${index}T00:00:00.000Z` })),
        ]);
      const labels = (await readChildren(small, 'customer_addresses', 'c')).map((row) => row.label);
      small.close();
      await small.delete();
      return labels;
    };
    expect(await stored({ 1: 'a', 2: 'b' })).toEqual(['Matriz', 'Filial']);
    expect(await stored({ 1: 'z', 2: 'b' })).toEqual(['Matriz', 'Filial']);
    // Lines not sent yet follow (the server will number them after), in the order made here.
    expect(await stored({ 1: 'z', 2: 'b' }, ['m', 'a'])).toEqual(['Matriz', 'Filial', 'Nova 0', 'Nova 1']);
  });

  it('orders lines saved at the same moment on this device in the order they were queued, as they will be numbered', async () => {
    const small = openTestDb();
    const now = () => Date.parse('2026-01-01T00:00:00.000Z');
    const customer = await saveRecord(
      small,
      'customers',
      null,
      { name: 'Cliente', type: 'individual', email: 'a@b.com.br', phone: '11987654321' },
      { now },
    );
    const labels = ['Matriz', 'Filial', 'Depósito', 'Obra', 'Escritório'];
    for (const label of labels) await saveRecord(small, 'customer_addresses', null, { customer_key: customer, label }, { now });
    // Same creation time for all: the random local keys alone would shuffle them.
    expect((await readChildren(small, 'customer_addresses', customer)).map((row) => row.label)).toEqual(labels);
    small.close();
    await small.delete();
  });
});

describe('a filter besides the search (where)', () => {
  const instruments = (ids: number[]) => ids.every((id) => (id - 1) % 2 === 0);
  it.each([
    ['no search', ''],
    ['one word', 'luxímetro'],
    ['several words', 'medidor térmico'],
  ])('%s: only matching rows, counted for the paginator, in list order', async (_case, search) => {
    const all = await readPage(db, 'equipment', { search, page: 2 });
    const page = await readPage(db, 'equipment', { search, page: 2, where: { field: 'type', equals: 'instrumento' } });
    expect(page.total).toBe(Math.ceil(all.total / 2));
    expect(page.rows).toHaveLength(PAGE_SIZE);
    const ids = page.rows.map((row) => row.id as number);
    expect(instruments(ids)).toBe(true);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });
});
