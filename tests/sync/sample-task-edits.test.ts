/**
 * A heat sample's task rows edited on two devices, through the real server:
 * the case the convergence property reported as a lost tbn (seed
 * -709709741) and the engine path it was suspected of (a reload with the
 * sample's merged push in flight).
 *
 * - A device edits only the rows it holds: a task the other device added
 *   and this one has not received yet is not on its screen, so nothing of
 *   this device can be in it, and the server's value of it is the right one.
 *   The property's model used to count a tbn "typed" into such a row (its
 *   save changed nothing on the device) and then reported the other device's
 *   value as a loss; the model now picks among the rows the device holds.
 * - A tbn typed while the device's previous save of the sample is in flight,
 *   and the tab reloaded before the server's 409 came back: the new engine
 *   sends the cut-off save again with its key, merges the 409 inside the
 *   blocks with the later save folded in, and every row and leaf of both
 *   devices ends on the server and on both devices.
 */
import { describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import { sameValue } from '@sync/store/local-record';
import { readRecordById } from '@sync/store/queries';
import type { RecordFields } from '@sync/store/types';
import { applySampleOp, expectSampleConverged, sampleModel } from './support/sample-ops';
import type { TestClient } from './support/sync-client';
import { sharedHeatSample } from './support/shared-heat-sample';
import { useSyncServer } from './support/test-bed';

const { server, device, reload } = useSyncServer();

async function serverGet(client: TestClient, path: string): Promise<RecordFields> {
  const token = (await client.auth.getAccessToken())!;
  const response = await fetch(`${server.directUrl}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as RecordFields;
}

const tasksOf = (record: RecordFields | undefined) => ((record?.memory_field as RecordFields | null)?.tasks ?? []) as RecordFields[];

/** Saves the memory's tasks as `change` makes them from what the device holds (the page's Salvar writes the whole block). */
async function editTasks(client: TestClient, id: number, change: (tasks: RecordFields[]) => RecordFields[]) {
  const record = (await readRecordById(client.db, 'samples', id))!;
  const memory = record.memory_field as RecordFields;
  await saveRecord(client.db, 'samples', record.key, { memory_field: { ...memory, tasks: change(tasksOf(record)) } });
}

async function editLeaf(client: TestClient, id: number, leaf: string, value: string) {
  const record = (await readRecordById(client.db, 'samples', id))!;
  await saveRecord(client.db, 'samples', record.key, { caracterization: { ...(record.caracterization as RecordFields), [leaf]: value } });
}

const task = (row_id: string, name: string, tbn = '20', tg = '30') => ({
  row_id,
  task: name,
  initial: '08:00',
  final: '09:00',
  metabolism: '200',
  tbn,
  tg,
});
const insertAfter = (rows: RecordFields[], after: string, row: RecordFields) => {
  const at = rows.findIndex((item) => item.row_id === after);
  return [...rows.slice(0, at + 1), row, ...rows.slice(at + 1)];
};
const setCell = (rowId: string, cell: string, value: string) => (rows: RecordFields[]) =>
  rows.map((row) => (row.row_id === rowId ? { ...row, [cell]: value } : row));

describe("a sample's task rows edited on two devices", () => {
  it('a tbn edit meant for a row the device has not received yet changes nothing, and the other device’s value stands', async () => {
    const { office, tablet, id, tabletKey: key } = await sharedHeatSample(device, 'Usina Tarefas');
    // The property's counterexample, step by step: a row added here, a row added and a leaf changed there.
    const model = await sampleModel(tablet, office, key, id);
    await applySampleOp(tablet, office, model, {
      op: 'bothEditSample',
      mine: { kind: 'add', after: 5 },
      other: { leaf: 'equipment', task: 0, add: true },
    });
    const theirs = model.tasks.find((item) => item.owner === 'other')!;
    const held = new Set(tasksOf(await tablet.db.records('samples').get(key)).map((row) => row.row_id));
    expect(held.has(theirs.row_id), 'the tablet has not pulled the office’s new row').toBe(false);

    const before = await tablet.db.records('samples').get(key);
    // The index that named the office's row in the old model (one past the tablet's four rows).
    await applySampleOp(tablet, office, model, { op: 'sampleEdit', mine: { kind: 'tbn', target: model.tasks.indexOf(theirs) } });
    const after = await tablet.db.records('samples').get(key);
    expect(sameValue(after?.caracterization, before?.caracterization)).toBe(true);
    // The edit landed on a row the tablet holds, with the value the model expects of it.
    const changed = tasksOf(after).filter((row, index) => !sameValue(row, tasksOf(before)[index]));
    expect(changed).toHaveLength(1);
    expect(model.tasks.find((item) => item.row_id === changed[0]!.row_id)?.tbn).toBe(changed[0]!.tbn);
    // The office's row keeps its own value in the model: nothing was typed into it here.
    expect(theirs.tbn).toBe('22');

    await tablet.engine.drain();
    expect(await tablet.db.outbox.toArray()).toEqual([]);
    await expectSampleConverged(tablet, office, model, (path) => serverGet(tablet, path));
  });

  it('a tbn typed while the previous save is in flight at a reload survives the 409 merge with the other device’s rows', async () => {
    const { office, tablet: first, id } = await sharedHeatSample(device, 'Usina Tarefas');
    let tablet = first;
    await editTasks(tablet, id, () => [task('a1', 'Forno'), task('b2', 'Pátio')]);
    await tablet.engine.drain();
    await office.engine.drain();

    // Round 1: a row here, a row, a tg and a leaf there; the tablet's push merges them (409) and now holds the office's row.
    await editTasks(tablet, id, (rows) => insertAfter(rows, 'a1', task('n3', 'Nova 3')));
    await editTasks(office, id, (rows) => [...setCell('a1', 'tg', '35')(rows), task('o4', 'Escritório 4', '22', '32')]);
    await editLeaf(office, id, 'equipment', 'Forno 3');
    await office.engine.drain();
    await tablet.engine.drain();
    expect(tasksOf(await readRecordById(tablet.db, 'samples', id)).map((row) => row.row_id)).toEqual(['a1', 'n3', 'b2', 'o4']);

    // Round 2: another row here (its save will be cut off in flight), another tg and leaf there.
    await editTasks(tablet, id, (rows) => insertAfter(rows, 'b2', task('n5', 'Nova 5')));
    await editTasks(office, id, setCell('b2', 'tg', '36'));
    await editLeaf(office, id, 'supervisor', 'Ana');
    await office.engine.drain();

    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The server answers the stale save (409); the answer is held while the tab reloads.
    const held = server.proxy.inject({ method: 'PUT', path: new RegExp(`^/api/sample/${id}$`), fault: { kind: 'hold-response', until: gate } });
    const before = server.proxy.log.length;
    const cutOff = tablet.engine.syncNow().catch(() => undefined);
    await held.hit;
    // Typed while that save travels: the office's row and one of the first rows.
    await editTasks(tablet, id, (rows) => setCell('a1', 'tbn', '26')(setCell('o4', 'tbn', '25')(rows)));
    tablet = await reload(tablet);
    expect((await tablet.db.outbox.toArray()).map((entry) => entry.status)).toEqual(['in_flight', 'pending']);

    await tablet.engine.drain();
    release();
    await cutOff;
    await tablet.engine.drain();
    await office.engine.drain();

    expect(await tablet.db.outbox.toArray()).toEqual([]);
    // The cut-off save went again under its key and met the newer version; the merge went out under a new one.
    const puts = server.proxy
      .requests({ method: 'PUT', path: new RegExp(`^/api/sample/${id}$`) })
      .filter((request) => server.proxy.log.indexOf(request) >= before);
    const cut = puts.find((request) => request.fault === 'hold-response')!;
    expect(cut.status).toBe(409);
    expect(puts.filter((request) => request.idempotencyKey === cut.idempotencyKey).length).toBeGreaterThan(1);
    expect(puts.at(-1)).toMatchObject({ status: 200 });
    expect(puts.at(-1)!.idempotencyKey).not.toBe(cut.idempotencyKey);
    const onServer = await serverGet(tablet, `api/sample/${id}`);
    expect(tasksOf(onServer).map((row) => [row.row_id, row.tbn, row.tg])).toEqual([
      ['a1', '26', '35'],
      ['n3', '20', '30'],
      ['b2', '20', '36'],
      ['n5', '20', '30'],
      ['o4', '25', '32'],
    ]);
    expect(onServer.caracterization).toMatchObject({ equipment: 'Forno 3', supervisor: 'Ana' });
    for (const client of [tablet, office]) {
      const local = await readRecordById(client.db, 'samples', id);
      for (const block of ['caracterization', 'memory_field']) expect(sameValue(local?.[block], onServer[block]), block).toBe(true);
    }
  });
});
