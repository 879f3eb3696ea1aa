/**
 * The pull in batch calls (sync/engine/pull-batch.ts) against the real
 * server with the demo data, counted at the test bed's proxy: a first sync
 * is one call instead of one per list and ends with the same store as the
 * list-by-list pull (records, references, cursors); a later sync is one
 * call; a cut mid-pull (a lost answer, a reload) keeps what arrived, moves
 * no cursor of a list not finished, and the next run ends in the same
 * store; a server answering 404 is read list by list, and asked list by
 * list from then on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PULL_BATCH_PATH } from '@sync/contract/pull-batch';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { META } from '@sync/store/meta';
import { seedDemo } from '@server/db/demo';
import type { LoggedRequest } from './support/fault-proxy';
import { useSyncServer } from './support/test-bed';

const bed = useSyncServer();
const { server } = bed;

beforeAll(async () => {
  await seedDemo(server.db);
}, 120_000);

/** The calls a device made since `from`, as they went on the network (the lists a batch carried left out). */
const callsSince = (from: number): LoggedRequest[] => server.proxy.log.slice(from).filter((request) => request.method === 'GET' && !request.inBatch);
/** A request timeout no busy machine reaches: the counts below are of one run, never of a retry. */
const PATIENT = 60_000;
const isBatch = (request: LoggedRequest) => request.path.startsWith(`/${PULL_BATCH_PATH}?`);

/**
 * What a store holds, comparable across devices: every record without its
 * local key and ordering key, each local key it mentions (references, the
 * parent of a line, inside `_base`) replaced by the target's server id; and
 * the pull cursors.
 */
async function snapshot(db: SyncDatabase) {
  const names = db.registry.resources.map((resource) => resource.name);
  const byKey = new Map<string, string>();
  for (const name of names) for (const record of await db.records(name).toArray()) byKey.set(record.key, `${name}#${record.id}`);
  const records: Record<string, unknown[]> = {};
  for (const name of names) {
    const rows = (await db.records(name).toArray()).map(({ key: _key, _sort: _order, ...rest }) => rest);
    const text = JSON.stringify(rows, (_field, value: unknown) => (typeof value === 'string' && byKey.has(value) ? byKey.get(value) : value));
    records[name] = (JSON.parse(text) as Array<{ id: number }>).sort((a, b) => a.id - b.id);
  }
  const cursors = Object.fromEntries(await Promise.all(names.map(async (name) => [name, (await db.meta.get(META.cursor(name)))?.value ?? null])));
  return { records, cursors };
}

/** The cursors differ by when each device pulled: compare whether each list has one. */
const withCursors = (shot: Awaited<ReturnType<typeof snapshot>>) => ({
  records: shot.records,
  cursors: Object.fromEntries(Object.entries(shot.cursors).map(([name, cursor]) => [name, cursor !== null])),
});

describe('a first sync of the demo data', () => {
  it('is one call instead of one per list, and ends with the same store as the list-by-list pull', async () => {
    // One run each (drain may run twice): the first sync is the first run's pull.
    const listByList = await bed.device({ pullBatch: false, timeoutMs: PATIENT }, { drained: false });
    const batched = await bed.device({ timeoutMs: PATIENT }, { drained: false });
    let from = server.proxy.log.length;
    expect((await listByList.engine.syncNow()).ok).toBe(true);
    const before = callsSince(from);
    from = server.proxy.log.length;
    expect((await batched.engine.syncNow()).ok).toBe(true);
    const after = callsSince(from);

    expect(before.some(isBatch)).toBe(false);
    expect(before.length).toBeGreaterThanOrEqual(listByList.db.registry.pullOrder().length);
    expect(after).toHaveLength(1);
    expect(after.every(isBatch)).toBe(true);
    // The lists it carried, each logged as its own call with its status: all of them, none refused.
    expect(server.proxy.log.slice(from).filter((request) => request.inBatch && request.status === 200)).toHaveLength(before.length);
    const expected = withCursors(await snapshot(listByList.db));
    expect(Object.values(expected.records).flat().length).toBeGreaterThan(50);
    expect(withCursors(await snapshot(batched.db))).toEqual(expected);
  });

  it('with small pages: several calls, each list page by page in pull order, the same store', async () => {
    const listByList = await bed.device({ pullBatch: false, pullPageSize: 3 });
    const from = server.proxy.log.length;
    const batched = await bed.device({ pullPageSize: 3 });
    const calls = callsSince(from);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.length).toBeLessThan(server.proxy.log.slice(from).filter((request) => request.inBatch).length);
    expect(withCursors(await snapshot(batched.db))).toEqual(withCursors(await snapshot(listByList.db)));
  });

  it('a later sync is one call that brings the changes and the deletions', async () => {
    const reader = await bed.device({ timeoutMs: PATIENT });
    const writer = await bed.device();
    const kept = await saveRecord(writer.db, 'costs', null, { name: 'Pedágio em lote', price: 12 });
    const gone = await saveRecord(writer.db, 'costs', null, { name: 'Estacionamento em lote', price: 8 });
    await writer.engine.drain();
    await reader.engine.drain();
    const goneId = (await writer.db.records('costs').get(gone))!.id;
    expect(await reader.db.records('costs').where('id').equals(goneId!).count()).toBe(1);
    await saveRecord(writer.db, 'costs', kept, { price: 15 });
    await deleteRecord(writer.db, 'costs', gone);
    await writer.engine.drain();

    const from = server.proxy.log.length;
    expect((await reader.engine.syncNow()).ok).toBe(true);
    expect(callsSince(from)).toHaveLength(1);
    const keptId = (await writer.db.records('costs').get(kept))!.id!;
    expect(await reader.db.records('costs').where('id').equals(keptId).first()).toMatchObject({ price: 15 });
    expect(await reader.db.records('costs').where('id').equals(goneId!).count()).toBe(0);
  });
});

describe('a cut mid-pull', () => {
  it('an answer lost: what arrived is kept, no cursor of an unfinished list moves, the next run ends in the same store', async () => {
    const reference = await bed.device({ pullBatch: false, pullPageSize: 3 });
    const device = await bed.device({ pullPageSize: 3 }, { drained: false });
    // An answer holds PULL_PAGES_PER_ANSWER pages' rows (4 × 3): the first call brings the lists before the
    // instruments and the first of them, as many as the rows left; the second call, lost, carries more of them
    // (the demo has 14).
    const lost = server.proxy.inject({ method: 'GET', path: /^\/api\/equipment\/all\/0\/3\?.*after_id=/, fault: { kind: 'lose-response' } });
    const run = await device.engine.syncNow();
    await lost.hit;
    expect(run.ok).toBe(false);
    expect(await device.db.meta.get(META.cursor('equipment_categories'))).toBeDefined();
    expect(await device.db.meta.get(META.cursor('equipment'))).toBeUndefined();
    // What the first answer brought is kept; the rest is not there yet.
    const kept = await device.db.records('equipment').count();
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(await reference.db.records('equipment').count());
    expect(await device.db.records('products').count()).toBe(0);

    await device.engine.drain();
    expect(withCursors(await snapshot(device.db))).toEqual(withCursors(await snapshot(reference.db)));
  });

  it('a reload while an answer is on its way: the new engine starts again from the stored cursors, the same store', async () => {
    const reference = await bed.device({ pullBatch: false, pullPageSize: 3 });
    let device = await bed.device({ pullPageSize: 3 }, { drained: false });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = server.proxy.inject({
      method: 'GET',
      path: /^\/api\/product\/all\/0\/3\?.*after_id=/,
      fault: { kind: 'hold-response', until: gate },
    });
    const cut = device.engine.syncNow();
    await held.hit;
    device = await bed.reload(device);
    expect(await device.db.meta.get(META.cursor('products'))).toBeUndefined();
    await device.engine.drain();
    release();
    await cut;
    expect(withCursors(await snapshot(device.db))).toEqual(withCursors(await snapshot(reference.db)));
  });
});

describe('an older server without the call', () => {
  it('answering 404: read list by list, the same store, and asked list by list from then on', async () => {
    const reference = await bed.device({ pullBatch: false });
    server.proxy.inject({
      method: 'GET',
      path: `/${PULL_BATCH_PATH}?`,
      fault: { kind: 'status', status: 404, body: { message: 'Não encontrado.' } },
    });
    const from = server.proxy.log.length;
    const device = await bed.device();
    const calls = callsSince(from);
    expect(calls.filter(isBatch)).toHaveLength(1);
    expect(calls.length).toBeGreaterThanOrEqual(device.db.registry.pullOrder().length + 1);
    expect(withCursors(await snapshot(device.db))).toEqual(withCursors(await snapshot(reference.db)));

    const next = server.proxy.log.length;
    await device.engine.syncNow();
    expect(callsSince(next).some(isBatch)).toBe(false);
    expect(callsSince(next).length).toBeGreaterThan(1);
  });
});
