/**
 * The local write path on a real IndexedDB implementation: a save writes the
 * record and its outbox entry together, updates coalesce, a delete of a
 * never-pushed record cancels it, references are kept by local key, and
 * validation answers with the contract's Portuguese messages.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@sync/contract/catalog';
import { SyncError, SYNC_MESSAGES } from '@sync/engine/errors';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { META, readMeta } from '@sync/store/meta';
import { readPage, readRecord } from '@sync/store/queries';
import { useTestDb } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const outbox = () => db.outbox.orderBy('seq').toArray();

describe('saveRecord', () => {
  it('writes the record and one create entry, and wakes the engine', async () => {
    const key = await saveRecord(db, 'costs', null, { name: '  Deslocamento ', price: 150 });
    const record = await readRecord(db, 'costs', key);
    expect(record).toMatchObject({ key, id: null, name: 'Deslocamento', price: 150, _base: null });
    expect(await outbox()).toEqual([
      expect.objectContaining({ op: 'create', key, status: 'pending', attempts: 0, payload: { name: 'Deslocamento', price: 150 } }),
    ]);
    expect(await readMeta(db, META.localChange)).toBe(1);
  });

  it('coalesces later saves of an unsent record into its create', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'A', price: 1 });
    await saveRecord(db, 'costs', key, { price: 2 });
    await saveRecord(db, 'costs', key, { name: 'C' });
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ op: 'create', payload: { name: 'C', price: 2 } });
  });

  it('appends a new entry when the previous one may have reached the server', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'A', price: 1 });
    const [first] = await outbox();
    await db.outbox.put({ ...first!, attempts: 1 });
    await saveRecord(db, 'costs', key, { price: 2 });
    const entries = await outbox();
    expect(entries.map((entry) => [entry.op, entry.payload])).toEqual([
      ['create', { name: 'A', price: 1 }],
      ['update', { name: 'A', price: 2 }],
    ]);
  });

  it('refuses invalid data with the contract messages per field and writes nothing', async () => {
    const error = await saveRecord(db, 'products', null, { name: ' ', price: undefined }).catch((caught) => caught);
    expect(error).toBeInstanceOf(SyncError);
    expect(error.code).toBe('validation');
    expect(error.info.fields).toMatchObject({
      name: [CATALOG_MESSAGES.nameRequired],
      price: [CATALOG_MESSAGES.priceRequired],
      type_id: [CATALOG_MESSAGES.productTypeRequired],
    });
    expect(await outbox()).toEqual([]);
    expect((await readPage(db, 'products')).total).toBe(0);
  });

  it('keeps a reference to a record created offline by local key; it validates before the target has an id', async () => {
    const category = await saveRecord(db, 'equipment_categories', null, { name: 'Ruído' });
    const equipment = await saveRecord(db, 'equipment', null, { name: 'Dosímetro', category_key: category });
    const record = await readRecord(db, 'equipment', equipment);
    expect(record).toMatchObject({ category_key: category, category_id: null });
    const entries = await outbox();
    expect(entries[1]!.payload).toMatchObject({ category_key: category, category_id: null });
  });

  it('copies the equipment name into a new line and links it to its parent', async () => {
    const type = await saveRecord(db, 'product_types', null, { name: 'Químico' });
    const product = await saveRecord(db, 'products', null, { name: 'Benzeno', price: 10, type_key: type });
    const equipment = await saveRecord(db, 'equipment', null, { name: 'Bomba de amostragem' });
    const line = await saveRecord(db, 'product_equipments', null, { product_key: product, equipment_key: equipment });
    expect(await readRecord(db, 'product_equipments', line)).toMatchObject({
      product_key: product,
      equipment_key: equipment,
      name: 'Bomba de amostragem',
      quantity: 1,
    });
  });

  it('refuses to save a line whose parent is gone', async () => {
    const error = await saveRecord(db, 'product_equipments', null, { product_key: 'nope', equipment_id: 3 }).catch((caught) => caught);
    expect(error).toMatchObject({ code: 'not-found', message: SYNC_MESSAGES.recordMissing });
  });
});

describe('deleteRecord', () => {
  it('cancels a never-pushed record: record and entries are gone, nothing will be sent', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'A', price: 1 });
    await saveRecord(db, 'costs', key, { price: 3 });
    expect(await deleteRecord(db, 'costs', key)).toEqual({ cancelled: true });
    expect(await db.records('costs').get(key)).toBeUndefined();
    expect(await outbox()).toEqual([]);
  });

  it('cancelling a parent removes its never-pushed lines and their entries', async () => {
    const service = await saveRecord(db, 'services', null, { name: 'Avaliação', price: 100 });
    const equipment = await saveRecord(db, 'equipment', null, { name: 'Luxímetro' });
    const line = await saveRecord(db, 'service_equipments', null, { service_key: service, equipment_key: equipment, quantity: 2 });
    await deleteRecord(db, 'services', service);
    expect(await db.records('service_equipments').get(line)).toBeUndefined();
    expect((await outbox()).map((entry) => entry.resource)).toEqual(['equipment']);
  });

  it('cancelling a category clears it from equipment created here', async () => {
    const category = await saveRecord(db, 'equipment_categories', null, { name: 'Calor' });
    const equipment = await saveRecord(db, 'equipment', null, { name: 'IBUTG', category_key: category });
    await deleteRecord(db, 'equipment_categories', category);
    expect(await readRecord(db, 'equipment', equipment)).toMatchObject({ category_key: null, category_id: null });
    const [entry] = await outbox();
    expect(entry!.payload).toMatchObject({ category_key: null, category_id: null });
  });

  it('turns a server record into a tombstone out of every list and queues one delete', async () => {
    await db.records('costs').put({
      key: 'server-1',
      id: 7,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
      _base: { name: 'Diária', slug: 'diaria', price: 300 },
      name: 'Diária',
      slug: 'diaria',
      price: 300,
      _sort: 'x',
      _search: ['d\u0001x'],
    });
    await saveRecord(db, 'costs', 'server-1', { price: 350 });
    expect(await deleteRecord(db, 'costs', 'server-1')).toEqual({ cancelled: false });
    expect(await readRecord(db, 'costs', 'server-1')).toBeUndefined();
    expect((await readPage(db, 'costs', { search: 'diaria' })).total).toBe(0);
    expect((await db.records('costs').get('server-1'))?._deleted).toBe(1);
    expect((await outbox()).map((entry) => entry.op)).toEqual(['delete']);
  });

  it('deleting a server agent takes its lines off now, with their unsent changes; only the delete is queued', async () => {
    const equipment = await saveRecord(db, 'equipment', null, { name: 'Decibelímetro' });
    await db.records('products').put({
      key: 'agent',
      id: 5,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      _base: null,
      name: 'Ruído',
      price: 1,
      type_id: 1,
      type_key: null,
      _sort: 'x',
    });
    const line = await saveRecord(db, 'product_equipments', null, { product_key: 'agent', equipment_key: equipment });
    await deleteRecord(db, 'products', 'agent');
    expect(await db.records('product_equipments').get(line)).toBeUndefined();
    expect((await outbox()).map((entry) => [entry.resource, entry.op])).toEqual([
      ['equipment', 'create'],
      ['products', 'delete'],
    ]);
  });

  it('refuses to delete a product type an agent uses', async () => {
    const type = await saveRecord(db, 'product_types', null, { name: 'Ruído' });
    await saveRecord(db, 'products', null, { name: 'Ruído contínuo', price: 1, type_key: type });
    await expect(deleteRecord(db, 'product_types', type)).rejects.toMatchObject({ code: 'validation', message: SYNC_MESSAGES.inUse });
  });
});
