/**
 * What the user does with outbox entries, and the status counts the header
 * shows: retry (a failed entry gets a new idempotency key), conflict
 * resolution both ways, and discard with its report of what will be lost.
 */
import { describe, expect, it } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { discardEntry, previewDiscard, resolveConflict, retryEntry } from '@sync/engine/entry-actions';
import { SYNC_MESSAGES } from '@sync/engine/errors';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import { readSyncStatus } from '@sync/engine/status';
import type { SyncDatabase } from '@sync/store/database';
import { META, writeMeta } from '@sync/store/meta';
import { readChildren, readRecord } from '@sync/store/queries';
import type { OutboxEntry, RecordFields } from '@sync/store/types';
import { at, useTestDb, wireCategory, wireEquipment, wireLine, wireProduct } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

async function pulled(resource: string, wires: RecordFields[]): Promise<string[]> {
  return db.write(async (store) => applyServerRecords(store, store.registry.get(resource), wires, await keysWithEntries(store)));
}
const entryOf = async (key: string) => (await db.outbox.where('key').equals(key).first())!;
const setEntry = async (key: string, changes: Partial<OutboxEntry>) => {
  const entry = await entryOf(key);
  await db.outbox.put({ ...entry, ...changes });
};
const cost = (id: number, name: string, price: number, updated = 0) => ({
  id,
  name,
  slug: name.toLowerCase(),
  price,
  created_at: at(0),
  updated_at: at(updated),
});

describe('status counts', () => {
  it('counts pending (including in flight), failed and conflicts, with the published engine state', async () => {
    const keys = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => saveRecord(db, 'costs', null, { name, price: 1 })));
    await setEntry(keys[1]!, { status: 'in_flight', attempts: 1 });
    await setEntry(keys[2]!, { status: 'failed', attempts: 1 });
    await setEntry(keys[3]!, { status: 'conflict', attempts: 1 });
    await writeMeta(db, META.lastSyncAt, '2026-11-20T10:00:00.000Z');
    await writeMeta(db, META.engineState, { phase: 'idle', reachable: true, lastError: null });
    expect(await readSyncStatus(db)).toEqual({
      online: true,
      phase: 'idle',
      pending: 3,
      failed: 1,
      conflicts: 1,
      lastSyncAt: '2026-11-20T10:00:00.000Z',
      lastError: null,
    });
    expect(await readSyncStatus(db, false)).toMatchObject({ online: false, phase: 'offline' });
  });
});

describe('retryEntry', () => {
  it('puts a failed entry back with a new idempotency key and asks for a sync', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'A', price: 1 });
    const before = await entryOf(key);
    await setEntry(key, { status: 'failed', attempts: 1, error: { code: 'validation', message: 'Nome já existe' } });
    await retryEntry(db, before.seq!);
    const after = await entryOf(key);
    expect(after).toMatchObject({ status: 'pending', attempts: 0, error: null, next_attempt_at: 0 });
    expect(after.idempotency_key).not.toBe(before.idempotency_key);
    expect((await db.meta.get(META.syncRequest))?.value).toBe(1);
  });

  it('sends a waiting entry now, keeping its key (it may have been applied)', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'A', price: 1 });
    await setEntry(key, { attempts: 2, next_attempt_at: Date.now() + 60_000 });
    const before = await entryOf(key);
    await retryEntry(db, before.seq!);
    expect(await entryOf(key)).toMatchObject({ next_attempt_at: 0, idempotency_key: before.idempotency_key, attempts: 2 });
  });
});

describe('resolveConflict', () => {
  async function conflicted() {
    const [key] = await pulled('costs', [cost(1, 'Diária', 300)]);
    await saveRecord(db, 'costs', key!, { price: 350 });
    await setEntry(key!, { status: 'conflict', attempts: 1, conflict: { current: cost(1, 'Diária técnica', 400, 30) } });
    return key!;
  }

  it('lists only the fields changed on both sides (the name, changed on the server only, merges alone)', async () => {
    await conflicted();
    const [change] = await readPendingChanges(db);
    expect(change).toMatchObject({ resourceLabel: 'Custo', opLabel: 'Alteração', statusLabel: 'Conflito' });
    expect(change!.conflict).toEqual([{ field: 'price', path: ['price'], label: 'Preço', mine: 350, theirs: 400 }]);
  });

  it('mine: sends my price with the server’s name, against the server timestamp (If-Match), the server’s version as base', async () => {
    const key = await conflicted();
    const before = await entryOf(key);
    await resolveConflict(db, before.seq!, 'mine');
    expect(await entryOf(key)).toMatchObject({ status: 'pending', attempts: 0, conflict: null, payload: { name: 'Diária técnica', price: 350 } });
    expect((await entryOf(key)).idempotency_key).not.toBe(before.idempotency_key);
    expect(await db.records('costs').get(key)).toMatchObject({ name: 'Diária técnica', price: 350, updated_at: at(30), _base: { price: 400 } });
  });

  it("theirs: takes the server's version and drops my change", async () => {
    const key = await conflicted();
    await resolveConflict(db, (await entryOf(key)).seq!, 'theirs');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.records('costs').get(key)).toMatchObject({ name: 'Diária técnica', price: 400, updated_at: at(30) });
  });

  describe('per field', () => {
    async function bothChanged() {
      const [key] = await pulled('costs', [cost(1, 'Diária', 300)]);
      await saveRecord(db, 'costs', key!, { name: 'Diária minha', price: 350 });
      await setEntry(key!, { status: 'conflict', attempts: 1, conflict: { current: cost(1, 'Diária deles', 400, 30) } });
      return key!;
    }

    it('lists each field changed on both sides', async () => {
      await bothChanged();
      const [change] = await readPendingChanges(db);
      expect(change!.conflict!.map((field) => [field.field, field.mine, field.theirs])).toEqual([
        ['name', 'Diária minha', 'Diária deles'],
        ['price', 350, 400],
      ]);
    });

    it('sends each field from the chosen side', async () => {
      const key = await bothChanged();
      await resolveConflict(db, (await entryOf(key)).seq!, { name: 'theirs', price: 'mine' });
      expect(await entryOf(key)).toMatchObject({ status: 'pending', conflict: null, payload: { name: 'Diária deles', price: 350 } });
      expect(await db.records('costs').get(key)).toMatchObject({ name: 'Diária deles', price: 350, updated_at: at(30) });
    });

    it('choosing the server on every field takes its version: nothing is sent', async () => {
      const key = await bothChanged();
      await resolveConflict(db, (await entryOf(key)).seq!, { name: 'theirs', price: 'theirs' });
      expect(await db.outbox.count()).toBe(0);
      expect(await db.records('costs').get(key)).toMatchObject({ name: 'Diária deles', price: 400, _base: { name: 'Diária deles' } });
    });

    it('refuses a choice that leaves a conflicting field out, changing nothing', async () => {
      const key = await bothChanged();
      const before = await entryOf(key);
      await expect(resolveConflict(db, before.seq!, { name: 'mine' })).rejects.toMatchObject({
        code: 'validation',
        message: SYNC_MESSAGES.chooseEveryField,
      });
      expect(await entryOf(key)).toEqual(before);
    });

    it('a later unsent change of the record folds in: the user chooses on their latest values', async () => {
      const [key] = await pulled('costs', [cost(1, 'Diária', 300)]);
      await saveRecord(db, 'costs', key!, { price: 350 });
      await setEntry(key!, { attempts: 1 }); // sent, no answer: the next save is a new entry
      await saveRecord(db, 'costs', key!, { price: 360 });
      const [first, second] = await db.outbox.orderBy('seq').toArray();
      await db.outbox.put({ ...first!, status: 'conflict', conflict: { current: cost(1, 'Diária técnica', 400, 30) } });
      const [change] = await readPendingChanges(db);
      expect(change!.conflict).toEqual([{ field: 'price', path: ['price'], label: 'Preço', mine: 360, theirs: 400 }]);
      await resolveConflict(db, first!.seq!, 'mine');
      expect(await db.outbox.get(first!.seq!)).toMatchObject({ status: 'pending', payload: { name: 'Diária técnica', price: 360 } });
      expect(await db.outbox.get(second!.seq!)).toBeUndefined();
      expect(await db.records('costs').get(key!)).toMatchObject({ name: 'Diária técnica', price: 360, _base: { price: 400 } });
    });
  });

  it('theirs on a delete conflict brings the record back', async () => {
    const [key] = await pulled('costs', [cost(1, 'Diária', 300)]);
    await deleteRecord(db, 'costs', key!);
    await setEntry(key!, { status: 'conflict', attempts: 1, conflict: { current: cost(1, 'Diária', 500, 40) } });
    await resolveConflict(db, (await entryOf(key!)).seq!, 'theirs');
    expect(await readRecord(db, 'costs', key!)).toMatchObject({ price: 500 });
  });
});

describe('discard', () => {
  it('of a create says what is lost, then removes the record and clears references to it', async () => {
    const category = await saveRecord(db, 'equipment_categories', null, { name: 'Poeira' });
    const equipment = await saveRecord(db, 'equipment', null, { name: 'Bomba', category_key: category });
    const seq = (await entryOf(category)).seq!;
    const preview = await previewDiscard(db, seq);
    expect(preview).toMatchObject({ kind: 'create', title: 'Poeira', resourceLabel: 'Categoria', dependents: 1 });
    expect(preview.message).toContain('"Poeira" (Categoria) será apagado deste dispositivo');
    expect(await db.records('equipment_categories').get(category)).toBeDefined();

    expect(await discardEntry(db, seq)).toEqual(preview);
    expect(await db.records('equipment_categories').get(category)).toBeUndefined();
    expect(await readRecord(db, 'equipment', equipment)).toMatchObject({ category_key: null });
  });

  it('of an update lists the changed fields and returns to the server version', async () => {
    const [key] = await pulled('equipment_categories', [wireCategory(5, 'Ruído')]);
    const [equipment] = await pulled('equipment', [wireEquipment(9, { name: 'Dosímetro', serial_number: 'A1', category_id: 5 })]);
    await saveRecord(db, 'equipment', equipment!, { serial_number: 'B2', category_key: null });
    const report = await discardEntry(db, (await entryOf(equipment!)).seq!);
    expect(report.kind).toBe('update');
    expect(report.fields).toEqual([
      { field: 'category_id', path: ['category_id'], label: 'Categoria', mine: null, theirs: 'Ruído' },
      { field: 'serial_number', path: ['serial_number'], label: 'Número de Série', mine: 'B2', theirs: 'A1' },
    ]);
    expect(report.message).toContain('(Categoria, Número de Série)');
    expect(await readRecord(db, 'equipment', equipment!)).toMatchObject({ serial_number: 'A1', category_key: key });
    expect(await db.outbox.count()).toBe(0);
  });

  it('of an update prefers the newer server version a pull saw', async () => {
    const [key] = await pulled('costs', [cost(1, 'Diária', 300)]);
    await saveRecord(db, 'costs', key!, { price: 1 });
    await pulled('costs', [cost(1, 'Diária', 320, 10)]);
    await discardEntry(db, (await entryOf(key!)).seq!);
    expect(await db.records('costs').get(key!)).toMatchObject({ price: 320, updated_at: at(10), _base: { price: 320 } });
  });

  it('of a delete brings the record back into the lists', async () => {
    const [key] = await pulled('costs', [cost(1, 'Diária', 300)]);
    await deleteRecord(db, 'costs', key!);
    const report = await discardEntry(db, (await entryOf(key!)).seq!);
    expect(report.kind).toBe('delete');
    expect(await readRecord(db, 'costs', key!)).toMatchObject({ name: 'Diária' });
  });

  it('of an agent delete brings the agent back and has its list read again (its lines left with it)', async () => {
    await pulled('equipment', [wireEquipment(20)]);
    const [agent] = await pulled('products', [wireProduct(1, { equipments: [wireLine(100, 20)] })]);
    await writeMeta(db, META.cursor('products'), { updated_since: at(100) });
    await deleteRecord(db, 'products', agent!);
    expect(await readChildren(db, 'product_equipments', agent!)).toEqual([]);
    await discardEntry(db, (await entryOf(agent!)).seq!);
    expect(await readRecord(db, 'products', agent!)).toMatchObject({ id: 1 });
    expect(await db.meta.get(META.cursor('products'))).toBeUndefined();
  });

  it('is refused while the change is being sent', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'A', price: 1 });
    await setEntry(key, { status: 'in_flight', attempts: 1 });
    await expect(previewDiscard(db, (await entryOf(key)).seq!)).rejects.toMatchObject({ message: SYNC_MESSAGES.inFlight });
  });
});
