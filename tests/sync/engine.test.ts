/**
 * The engine against the real server without faults: offline work across
 * related records reaches the server once with local keys replaced by ids,
 * a second device pulls it (incrementally, deletes included, or by full
 * paging), two devices editing different fields of a record merge alone
 * while the same field is a conflict the user resolves (all fields either
 * way, or per field), a line added to an agent does not turn the agent's
 * own edit into a conflict, the server's refusals keep the local data, and
 * the engine syncs by itself after a save.
 */
import { describe, expect, it } from 'vitest';
import { resolveConflict, retryEntry } from '@sync/engine/entry-actions';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import { readRecord, readRecordById } from '@sync/store/queries';
import { expectConverged, liveRecords } from './support/convergence';
import type { ClientOptions, TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const { server, device: openDevice } = useSyncServer();
/** A device before its first sync: each test decides when it syncs. */
const device = (options: ClientOptions = {}) => openDevice(options, { drained: false });

const token = async (client: TestClient) => (await client.auth.getAccessToken())!;
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

/** A product type the server seeds (pulled on the first sync). */
async function seededTypeKey(client: TestClient): Promise<string> {
  const types = await liveRecords(client.db, 'product_types');
  expect(types.length).toBeGreaterThan(0);
  return types[0]!.key;
}

describe('offline work across related records', () => {
  it('reaches the server once, with every local key replaced by the server id', async () => {
    const a = await device();
    await a.engine.drain();
    const typeKey = await seededTypeKey(a);
    const categoryName = unique('Ruído');
    const category = await saveRecord(a.db, 'equipment_categories', null, { name: categoryName });
    const dosimeter = await saveRecord(a.db, 'equipment', null, { name: unique('Dosímetro'), category_key: category, serial_number: 'D-1' });
    const agent = await saveRecord(a.db, 'products', null, { name: unique('Ruído contínuo'), price: 120.5, type_key: typeKey });
    const line = await saveRecord(a.db, 'product_equipments', null, { product_key: agent, equipment_key: dosimeter, quantity: 2 });
    const service = await saveRecord(a.db, 'services', null, { name: unique('Dosimetria'), price: 800 });
    await saveRecord(a.db, 'service_equipments', null, { service_key: service, equipment_key: dosimeter });
    await saveRecord(a.db, 'costs', null, { name: unique('Deslocamento'), price: 90 });
    await saveRecord(a.db, 'equipment', dosimeter, { serial_number: 'D-2' });

    await a.engine.drain();
    const catalog = await expectConverged(server, a.db, await token(a));

    const categoryRecord = await readRecord(a.db, 'equipment_categories', category);
    const equipmentRecord = await readRecord(a.db, 'equipment', dosimeter);
    expect(equipmentRecord).toMatchObject({ category_key: category, category_id: categoryRecord!.id, serial_number: 'D-2' });
    expect(await readRecord(a.db, 'product_equipments', line)).toMatchObject({ equipment_id: equipmentRecord!.id, quantity: 2 });
    expect(catalog.equipment!.filter((record) => record.category_id === categoryRecord!.id)).toHaveLength(1);
    expect(catalog.equipment_categories!.filter((record) => record.name === categoryName)).toHaveLength(1);
    const creates = server.proxy.requests({ method: 'POST', path: '/api/equipment' }).filter((request) => !request.path.includes('categories'));
    expect(creates.every((request) => request.idempotencyKey)).toBe(true);
  });

  it('a create and delete of a record never pushed sends nothing', async () => {
    const a = await device();
    await a.engine.drain();
    const before = server.proxy.log.length;
    const cost = await saveRecord(a.db, 'costs', null, { name: unique('Pedágio'), price: 12 });
    await saveRecord(a.db, 'costs', cost, { price: 15 });
    await deleteRecord(a.db, 'costs', cost);
    await a.engine.drain();
    expect(server.proxy.log.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('a second device', () => {
  it('pulls changes and deletions incrementally, and the same by full paging', async () => {
    const a = await device();
    const b = await device();
    const c = await device({ incremental: false });
    await Promise.all([a.engine.drain(), b.engine.drain(), c.engine.drain()]);
    const keep = await saveRecord(a.db, 'costs', null, { name: unique('Hospedagem'), price: 250 });
    const drop = await saveRecord(a.db, 'costs', null, { name: unique('Alimentação'), price: 60 });
    await a.engine.drain();
    await b.engine.drain();
    const dropId = (await readRecord(a.db, 'costs', drop))!.id!;
    expect(await readRecordById(b.db, 'costs', dropId)).toBeDefined();

    await saveRecord(a.db, 'costs', keep, { price: 275 });
    await deleteRecord(a.db, 'costs', drop);
    await a.engine.drain();
    const sinceBefore = server.proxy.log.length;
    await b.engine.drain();
    await c.engine.drain();
    const keepId = (await readRecord(a.db, 'costs', keep))!.id!;
    for (const other of [b, c]) {
      expect(await readRecordById(other.db, 'costs', keepId)).toMatchObject({ price: 275 });
      expect(await readRecordById(other.db, 'costs', dropId)).toBeUndefined();
      await expectConverged(server, other.db, await token(other));
    }
    const pulls = server.proxy.log.slice(sinceBefore).filter((request) => request.path.startsWith('/api/cost/all'));
    expect(pulls.some((request) => request.path.includes('updated_since='))).toBe(true);
    expect(pulls.some((request) => !request.path.includes('updated_since='))).toBe(true);
  });
});

describe('conflicts', () => {
  async function bothHaveCost() {
    const a = await device();
    const b = await device();
    const key = await saveRecord(a.db, 'costs', null, { name: unique('Diária'), price: 300 });
    await a.engine.drain();
    await b.engine.drain();
    const id = (await readRecord(a.db, 'costs', key))!.id!;
    const keyB = (await readRecordById(b.db, 'costs', id))!.key;
    await saveRecord(a.db, 'costs', key, { price: 310 });
    await a.engine.drain();
    await saveRecord(b.db, 'costs', keyB, { price: 999 });
    await b.engine.drain();
    const [change] = await readPendingChanges(b.db);
    return { a, b, id, keyB, change: change! };
  }

  it('mark the entry with both versions, and "mine" overwrites the server', async () => {
    const { b, id, keyB, change } = await bothHaveCost();
    expect(change).toMatchObject({ status: 'conflict', conflict: [{ field: 'price', mine: 999, theirs: 310 }] });
    expect(await readRecord(b.db, 'costs', keyB)).toMatchObject({ price: 999 });
    await resolveConflict(b.db, change.seq, 'mine');
    await b.engine.drain();
    await expectConverged(server, b.db, await token(b));
    expect(await readRecordById(b.db, 'costs', id)).toMatchObject({ price: 999 });
  });

  it('"theirs" takes the server version and sends nothing', async () => {
    const { b, id, change } = await bothHaveCost();
    await resolveConflict(b.db, change.seq, 'theirs');
    await b.engine.drain();
    expect(await readRecordById(b.db, 'costs', id)).toMatchObject({ price: 310 });
    await expectConverged(server, b.db, await token(b));
  });

  it('two devices editing different fields of one record merge without asking; the same field is the only question', async () => {
    const a = await device();
    const b = await device();
    const key = await saveRecord(a.db, 'costs', null, { name: unique('Diária'), price: 300 });
    await a.engine.drain();
    await b.engine.drain();
    const id = (await readRecord(a.db, 'costs', key))!.id!;
    const keyB = (await readRecordById(b.db, 'costs', id))!.key;

    // Different fields: the name here, the price there. Neither is lost, nobody is asked.
    const renamed = unique('Diária técnica');
    await saveRecord(a.db, 'costs', key, { name: renamed });
    await a.engine.drain();
    const putsBefore = server.proxy.requests({ method: 'PUT', path: `/api/cost/${id}` }).length;
    await saveRecord(b.db, 'costs', keyB, { price: 350 });
    await b.engine.drain();
    expect(await b.db.outbox.count()).toBe(0);
    expect(
      server.proxy
        .requests({ method: 'PUT', path: `/api/cost/${id}` })
        .slice(putsBefore)
        .map((request) => request.status),
    ).toEqual([409, 200]);
    expect(await readRecordById(b.db, 'costs', id)).toMatchObject({ name: renamed, price: 350 });
    await expectConverged(server, b.db, await token(b));
    await a.engine.drain();
    expect(await readRecord(a.db, 'costs', key)).toMatchObject({ name: renamed, price: 350 });

    // The same field (and one more there): only the price is asked; the name edited there stays.
    const renamedAgain = unique('Diária completa');
    await saveRecord(a.db, 'costs', key, { name: renamedAgain, price: 410 });
    await a.engine.drain();
    await saveRecord(b.db, 'costs', keyB, { price: 520 });
    await b.engine.drain();
    const [change] = await readPendingChanges(b.db);
    expect(change).toMatchObject({ status: 'conflict', conflict: [{ field: 'price', mine: 520, theirs: 410 }] });
    await resolveConflict(b.db, change!.seq, { price: 'mine' });
    await b.engine.drain();
    await expectConverged(server, b.db, await token(b));
    expect(await readRecordById(b.db, 'costs', id)).toMatchObject({ name: renamedAgain, price: 520 });
  });

  it('a line added to an agent does not make the agent edit a conflict', async () => {
    const a = await device();
    await a.engine.drain();
    const equipment = await saveRecord(a.db, 'equipment', null, { name: unique('Bomba') });
    const agent = await saveRecord(a.db, 'products', null, { name: unique('Benzeno'), price: 10, type_key: await seededTypeKey(a) });
    await a.engine.drain();
    await saveRecord(a.db, 'product_equipments', null, { product_key: agent, equipment_key: equipment });
    await saveRecord(a.db, 'products', agent, { price: 11 });
    await a.engine.drain();
    expect(await a.db.outbox.count()).toBe(0);
    await expectConverged(server, a.db, await token(a));
    expect(await readRecord(a.db, 'products', agent)).toMatchObject({ price: 11 });
  });

  it('a delete of a record already deleted elsewhere counts as done', async () => {
    const a = await device();
    const b = await device();
    const key = await saveRecord(a.db, 'costs', null, { name: unique('Taxa'), price: 5 });
    await a.engine.drain();
    await b.engine.drain();
    const id = (await readRecord(a.db, 'costs', key))!.id!;
    await deleteRecord(a.db, 'costs', key);
    await a.engine.drain();
    await deleteRecord(b.db, 'costs', (await readRecordById(b.db, 'costs', id))!.key);
    await b.engine.drain();
    expect(server.proxy.requests({ method: 'DELETE', path: `/api/cost/${id}` }).map((request) => request.status)).toEqual([204, 404]);
    await expectConverged(server, b.db, await token(b));
  });
});

describe("the server's refusals", () => {
  it('mark the entry failed with the Portuguese message, keep the data, and a corrected save goes through', async () => {
    const a = await device();
    await a.engine.drain();
    const key = await saveRecord(a.db, 'equipment', null, { name: unique('Luxímetro'), category_id: 2_000_000 });
    await a.engine.drain();
    const [change] = await readPendingChanges(a.db);
    expect(change).toMatchObject({ status: 'failed', error: { code: 'validation', message: 'Categoria não encontrada.', status: 400 } });
    expect(await readRecord(a.db, 'equipment', key)).toMatchObject({ category_id: 2_000_000, id: null });

    await saveRecord(a.db, 'equipment', key, { category_id: null });
    await a.engine.drain();
    await expectConverged(server, a.db, await token(a));
  });

  it('a type in use cannot be deleted: failed with the reason, and a retry once the agent is gone succeeds', async () => {
    const a = await device();
    await a.engine.drain();
    const type = await saveRecord(a.db, 'product_types', null, { name: unique('Poeira') });
    await a.engine.drain();
    const b = await device();
    await b.engine.drain();
    // B has the type but has not seen the agent A now creates with it.
    const agent = await saveRecord(a.db, 'products', null, { name: unique('Sílica'), price: 1, type_key: type });
    await a.engine.drain();
    const typeId = (await readRecord(a.db, 'product_types', type))!.id!;
    await deleteRecord(b.db, 'product_types', (await readRecordById(b.db, 'product_types', typeId))!.key);
    await b.engine.drain();
    const [refused] = await readPendingChanges(b.db);
    expect(refused).toMatchObject({
      op: 'delete',
      status: 'failed',
      error: { code: 'validation', status: 409, message: 'Este tipo de produto está em uso por agentes e não pode ser excluído.' },
    });

    await deleteRecord(a.db, 'products', agent);
    await a.engine.drain();
    await retryEntry(b.db, refused!.seq);
    await b.engine.drain();
    await a.engine.drain();
    expect(await readRecordById(a.db, 'product_types', typeId)).toBeUndefined();
    await expectConverged(server, a.db, await token(a));
    await expectConverged(server, b.db, await token(b));
  });

  it('retryEntry sends a failed entry again with a new key', async () => {
    const a = await device();
    await a.engine.drain();
    server.proxy.inject({ method: 'POST', path: '/api/cost', fault: { kind: 'status', status: 422, body: { message: 'Recusado pelo servidor.' } } });
    const key = await saveRecord(a.db, 'costs', null, { name: unique('Estacionamento'), price: 20 });
    await a.engine.drain();
    const [failed] = await readPendingChanges(a.db);
    expect(failed).toMatchObject({ status: 'failed', error: { message: 'Recusado pelo servidor.' } });
    await retryEntry(a.db, failed!.seq);
    await a.engine.drain();
    expect((await readRecord(a.db, 'costs', key))!.id).not.toBeNull();
    const keys = server.proxy.requests({ method: 'POST', path: '/api/cost' }).map((request) => request.idempotencyKey);
    expect(new Set(keys.slice(-2)).size).toBe(2);
  });
});

describe('scheduling', () => {
  it('a started engine syncs by itself shortly after a save', async () => {
    const a = await device({ debounceMs: 50 });
    a.engine.start();
    await a.engine.settled();
    const key = await saveRecord(a.db, 'costs', null, { name: unique('Automático'), price: 1 });
    await expect.poll(async () => (await readRecord(a.db, 'costs', key))?.id ?? null, { timeout: 10_000 }).not.toBeNull();
    expect((await a.engine.status()).pending).toBe(0);
  });
});
