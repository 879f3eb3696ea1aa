/**
 * Writing server versions into the local store: references mapped to local
 * keys, pending local changes never overwritten, embedded lines replacing the
 * local ones except pending ones, deletes applied with the registry's
 * on-delete rules, and the key→id replacement after a create.
 */
import { describe, expect, it } from 'vitest';
import { applyServerDelete, applyServerRecords, keysWithEntries, keysWithEntriesAmong, replaceChildren } from '@sync/engine/apply-server';
import { saveRecord } from '@sync/engine/mutations';
import { assignServerId } from '@sync/engine/references';
import { buildBody, readReferenceTargets, resolveReferences } from '@sync/engine/wire';
import type { SyncDatabase } from '@sync/store/database';
import { readChildren, readRecordById } from '@sync/store/queries';
import type { RecordFields } from '@sync/store/types';
import { at, useTestDb, wireCategory, wireEquipment, wireLine, wireProduct } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

function apply(resource: string, wires: RecordFields[]) {
  return db.write(async (store) => applyServerRecords(store, store.registry.get(resource), wires, await keysWithEntries(store)));
}
function applyDelete(resource: string, id: number) {
  return db.write(async (store) => applyServerDelete(store, store.registry.get(resource), id, await keysWithEntries(store)));
}

describe('pulled records', () => {
  it('get a local key, and their references the local key of the target', async () => {
    const [categoryKey] = await apply('equipment_categories', [wireCategory(3, 'Ruído')]);
    await apply('equipment', [wireEquipment(10, { category_id: 3, category: { id: 3, name: 'Ruído' } })]);
    const equipment = await readRecordById(db, 'equipment', 10);
    expect(equipment).toMatchObject({
      id: 10,
      category_id: 3,
      category_key: categoryKey,
      _base: expect.objectContaining({ name: 'Equipamento 10' }),
    });
    expect(equipment).not.toHaveProperty('category');
  });

  it('that arrived before their target are linked when the target arrives', async () => {
    await apply('equipment', [wireEquipment(10, { category_id: 4 })]);
    expect(await readRecordById(db, 'equipment', 10)).toMatchObject({ category_id: 4, category_key: null });
    const [categoryKey] = await apply('equipment_categories', [wireCategory(4, 'Calor')]);
    expect(await readRecordById(db, 'equipment', 10)).toMatchObject({ category_key: categoryKey });
  });

  it('never overwrite a record with pending changes; the server version waits in _remote', async () => {
    const [key] = await apply('costs', [{ id: 1, name: 'Diária', slug: 'diaria', price: 300, created_at: at(0), updated_at: at(0) }]);
    await saveRecord(db, 'costs', key!, { price: 320 });
    await apply('costs', [{ id: 1, name: 'Diária técnica', slug: 'diaria-tecnica', price: 310, created_at: at(0), updated_at: at(5) }]);
    const record = await db.records('costs').get(key!);
    expect(record).toMatchObject({ name: 'Diária', price: 320, updated_at: at(0) });
    expect(record!._remote).toMatchObject({ updated_at: at(5), fields: { name: 'Diária técnica', price: 310 } });
  });

  it('replace a clean record and keep its local key', async () => {
    const [key] = await apply('costs', [{ id: 1, name: 'A', slug: 'a', price: 1, created_at: at(0), updated_at: at(0) }]);
    const [again] = await apply('costs', [{ id: 1, name: 'B', slug: 'b', price: 2, created_at: at(0), updated_at: at(9) }]);
    expect(again).toBe(key);
    expect(await db.records('costs').get(key!)).toMatchObject({ name: 'B', price: 2, updated_at: at(9), _base: { name: 'B', price: 2 } });
  });
});

describe('embedded lines', () => {
  it('replace the local lines, keeping pending ones and mapping equipment to local keys', async () => {
    const [equipmentKey] = await apply('equipment', [wireEquipment(20), wireEquipment(21)]);
    const [productKey] = await apply('products', [wireProduct(1, { equipments: [wireLine(100, 20), wireLine(101, 21)] })]);
    expect((await readChildren(db, 'product_equipments', productKey!)).map((line) => line.id)).toEqual(expect.arrayContaining([100, 101]));
    const line100 = await readRecordById(db, 'product_equipments', 100);
    expect(line100).toMatchObject({ product_key: productKey, product_id: 1, equipment_key: equipmentKey, quantity: 1 });

    // A line added here, not pushed yet, and a pending edit of line 101.
    const added = await saveRecord(db, 'product_equipments', null, { product_key: productKey, equipment_key: equipmentKey, quantity: 5 });
    const line101 = await readRecordById(db, 'product_equipments', 101);
    await saveRecord(db, 'product_equipments', line101!.key, { quantity: 7 });

    // The server now lists only line 100 (101 was removed by someone else).
    await apply('products', [wireProduct(1, { updated_at: at(20), equipments: [wireLine(100, 20, 3, 20)] })]);
    const lines = await readChildren(db, 'product_equipments', productKey!);
    expect(lines.map((line) => [line.id, line.quantity]).sort()).toEqual(
      [
        [100, 3],
        [101, 7],
        [null, 5],
      ].sort(),
    );
    expect(lines.find((line) => line.key === added)).toBeDefined();
  });
});

describe('embedded lines of one pushed answer (pending looked up among the lines only)', () => {
  it('keep lines with entries, replace clean ones, and drop clean ones the server no longer has', async () => {
    await apply('equipment', [wireEquipment(20), wireEquipment(21)]);
    const [productKey, otherKey] = await apply('products', [
      wireProduct(1, { equipments: [wireLine(100, 20), wireLine(101, 21), wireLine(103, 21)] }),
      wireProduct(2, { equipments: [wireLine(102, 20)] }),
    ]);
    const line = async (id: number) => (await readRecordById(db, 'product_equipments', id))!.key;
    const equipmentKey = (await readRecordById(db, 'equipment', 20))!.key;
    const added = await saveRecord(db, 'product_equipments', null, { product_key: productKey, equipment_key: equipmentKey, quantity: 5 });
    await saveRecord(db, 'product_equipments', await line(101), { quantity: 7 });
    await saveRecord(db, 'products', otherKey!, { price: 10 });

    // The answer lists 100 (changed by someone else) and no longer 101 (edited here) nor 103 (clean).
    const wire = wireProduct(1, { updated_at: at(20), equipments: [wireLine(100, 20, 3, 20)] });
    await db.write(async (store) => {
      const parent = (await store.records('products').get(productKey!))!;
      await replaceChildren(store, store.registry.get('products'), parent, wire);
    });
    const lines = await readChildren(db, 'product_equipments', productKey!);
    expect(lines.map((item) => [item.id, item.quantity]).sort()).toEqual(
      [
        [100, 3],
        [101, 7],
        [null, 5],
      ].sort(),
    );
    expect(lines.find((item) => item.key === added)).toBeDefined();
    expect(await readRecordById(db, 'product_equipments', 103)).toBeUndefined();
    expect((await readChildren(db, 'product_equipments', otherKey!)).map((item) => item.id)).toEqual([102]);
  });

  it.each([
    ['keys with entries', (keys: Record<string, string>) => [keys.edited!, keys.other!], ['edited', 'other']],
    ['keys without entries or unknown', (keys: Record<string, string>) => [keys.clean!, 'nao-existe'], []],
    ['no keys', () => [], []],
  ] as const)('keysWithEntriesAmong: %s', async (_name, pick, expected) => {
    const [costKey, otherKey, cleanKey] = await apply('costs', [
      { id: 1, name: 'A', slug: 'a', price: 1, created_at: at(0), updated_at: at(0) },
      { id: 2, name: 'B', slug: 'b', price: 1, created_at: at(0), updated_at: at(0) },
      { id: 3, name: 'C', slug: 'c', price: 1, created_at: at(0), updated_at: at(0) },
    ]);
    await saveRecord(db, 'costs', costKey!, { price: 2 });
    await saveRecord(db, 'costs', otherKey!, { price: 3 });
    const keys: Record<string, string> = { edited: costKey!, other: otherKey!, clean: cleanKey! };
    const found = await db.write((store) => keysWithEntriesAmong(store, pick(keys)));
    expect([...found].sort()).toEqual(expected.map((name) => keys[name]).sort());
  });
});

describe('server deletes', () => {
  it('remove a clean record and clear references to it (set-null)', async () => {
    const [categoryKey] = await apply('equipment_categories', [wireCategory(3, 'Ruído')]);
    await apply('equipment', [wireEquipment(10, { category_id: 3 })]);
    await applyDelete('equipment_categories', 3);
    expect(await db.records('equipment_categories').get(categoryKey!)).toBeUndefined();
    expect(await readRecordById(db, 'equipment', 10)).toMatchObject({ category_id: null, category_key: null });
  });

  it('take the lines of a deleted agent along (cascade)', async () => {
    await apply('equipment', [wireEquipment(20)]);
    await apply('products', [wireProduct(1, { equipments: [wireLine(100, 20)] })]);
    await applyDelete('products', 1);
    expect(await db.records('product_equipments').count()).toBe(0);
  });

  it('of a record with pending changes are remembered, not applied', async () => {
    const [key] = await apply('costs', [{ id: 1, name: 'A', slug: 'a', price: 1, created_at: at(0), updated_at: at(0) }]);
    await saveRecord(db, 'costs', key!, { price: 5 });
    await applyDelete('costs', 1);
    expect(await db.records('costs').get(key!)).toMatchObject({ price: 5, _remote: { deleted: true } });
  });
});

describe('reference targets read ahead', () => {
  async function categories() {
    const pushed = await saveRecord(db, 'equipment_categories', null, { name: 'Ruído' });
    const notPushed = await saveRecord(db, 'equipment_categories', null, { name: 'Calor' });
    const other = await saveRecord(db, 'equipment_categories', null, { name: 'Vibração' });
    await db.records('equipment_categories').update(pushed, { id: 42 });
    await db.records('equipment_categories').update(other, { id: 7 });
    return { pushed, notPushed, other, missing: 'nao-existe' };
  }
  type Name = keyof Awaited<ReturnType<typeof categories>>;

  it.each([
    ['pushed: its id', 'pushed', 'pushed', { ready: true, ids: { category_id: 42 } }],
    ['not on the device: sent as null', 'missing', 'missing', { ready: true, ids: { category_id: null } }],
    ['not pushed yet: the write waits', 'notPushed', 'notPushed', { ready: false }],
    ['the record now points elsewhere: that target is read then', 'pushed', 'other', { ready: true, ids: { category_id: 7 } }],
  ] as const)('%s', async (_name, readAhead: Name, pointsAt: Name, expected) => {
    const keys = await categories();
    const resource = db.registry.get('equipment');
    const ahead = await db.read((store) => readReferenceTargets(store, resource, { category_key: keys[readAhead] }));
    const fields = { name: 'Acelerômetro', category_key: keys[pointsAt] };
    expect(await db.read((store) => resolveReferences(store, resource, fields, ahead))).toMatchObject(expected);
  });

  it('are what resolves the reference (no second read)', async () => {
    const keys = await categories();
    const resource = db.registry.get('equipment');
    const ahead = await db.read((store) => readReferenceTargets(store, resource, { category_key: keys.pushed }));
    await db.records('equipment_categories').update(keys.pushed, { id: 43 });
    const fields = { category_key: keys.pushed };
    expect(await db.read((store) => resolveReferences(store, resource, fields, ahead))).toEqual({ ready: true, ids: { category_id: 42 } });
    expect(await db.read((store) => resolveReferences(store, resource, fields))).toEqual({ ready: true, ids: { category_id: 43 } });
  });
});

describe('key → id replacement', () => {
  it('a write pointing at a record created offline waits, then goes with the server id once it exists', async () => {
    const category = await saveRecord(db, 'equipment_categories', null, { name: 'Vibração' });
    const equipment = await saveRecord(db, 'equipment', null, { name: 'Acelerômetro', category_key: category });
    const resource = db.registry.get('equipment');
    const payload = (await db.outbox.where('key').equals(equipment).first())!.payload!;

    expect(await resolveReferences(db, resource, payload)).toEqual({
      ready: false,
      waitingFor: { resource: 'equipment_categories', key: category },
    });

    // The category's create is answered with id 42.
    await db.write(async (store) => {
      await store.records('equipment_categories').update(category, { id: 42 });
      await assignServerId(store, 'equipment_categories', category, 42);
    });
    expect(await db.records('equipment').get(equipment)).toMatchObject({ category_key: category, category_id: 42 });
    const updatedPayload = (await db.outbox.where('key').equals(equipment).first())!.payload!;
    expect(updatedPayload).toMatchObject({ category_key: category, category_id: 42 });

    const resolved = await resolveReferences(db, resource, updatedPayload);
    expect(resolved).toEqual({ ready: true, ids: { category_id: 42 } });
    expect(buildBody(resource, updatedPayload, resolved.ready ? resolved.ids : {})).toEqual({
      name: 'Acelerômetro',
      serial_number: null,
      calibration_certificate: null,
      expiration_date: null,
      category_id: 42,
      type: null,
    });
  });
});
