/**
 * The sample part of the convergence property (convergence.property.test.ts,
 * issue 21): one heat sample shared by the two devices, whose blocks are
 * documents (the caracterization's fields, the memory's task rows), edited
 * concurrently on both: different fields and different rows, never the
 * same leaf, so a 409 between them must merge without a question.
 *
 * - sampleEdit (this device, offline, sent at its next sync): the
 *   caracterization's Matrícula or GHE, the tbn of a task it holds (a task
 *   the other device added is typed into only once a sync brought it here),
 *   a task added after another, or one of the tasks it added in the run
 *   removed (the other device never edits those, so a removal never meets
 *   an edit);
 * - bothEditSample: such an edit here, then the other device (online, on its
 *   copy as it last pulled it, sent at once) changes the caracterization's
 *   Equipamento or Supervisor, a task's tg, and maybe adds a task of its
 *   own: this device's next push meets a newer server version (409) and
 *   merges inside the blocks.
 *
 * The check: the server holds every leaf's latest value and every task
 * (by `row_id`) with its latest tbn and tg, nothing removed survives, and
 * both devices hold the same blocks as the server. A run starts from the
 * sample as the previous run left it (three tasks again when it has grown
 * past eight: `sampleModel`).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { newRowId } from '@sync/contract/row-id';
import { saveRecord } from '@sync/engine/mutations';
import { sameValue } from '@sync/store/local-record';
import { readRecordById } from '@sync/store/queries';
import type { RecordFields } from '@sync/store/types';
import type { TestClient } from './sync-client';

type Owner = 'base' | 'mine' | 'other';
interface Task {
  row_id: string;
  task: string;
  tbn: string;
  tg: string;
  owner: Owner;
}

export interface SampleModel {
  key: string;
  id: number;
  /** The caracterization leaves the devices edit, as the user meant them. */
  leaves: Record<string, string>;
  tasks: Task[];
  counter: number;
  /** The other device edited it in this run (its copy is then checked too). */
  otherEdited: boolean;
}

/** One edit on this device. */
type MineEdit =
  | { kind: 'leaf'; leaf: 'register' | 'ghe' }
  | { kind: 'tbn'; target: number }
  | { kind: 'add'; after: number }
  | { kind: 'remove'; target: number };
/** One edit on the other device. */
interface OtherEdit {
  leaf: 'equipment' | 'supervisor';
  task: number;
  add: boolean;
}

export type SampleOp = { op: 'sampleEdit'; mine: MineEdit } | { op: 'bothEditSample'; mine: MineEdit; other: OtherEdit };

const target = fc.nat({ max: 20 });
const mineEditArb: fc.Arbitrary<MineEdit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('leaf' as const), leaf: fc.constantFrom('register' as const, 'ghe' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('tbn' as const), target }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), after: target }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), target }) },
);
const otherEditArb: fc.Arbitrary<OtherEdit> = fc.record({
  leaf: fc.constantFrom('equipment' as const, 'supervisor' as const),
  task: target,
  add: fc.boolean(),
});
export const sampleOpArb: fc.Arbitrary<SampleOp> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ op: fc.constant('sampleEdit' as const), mine: mineEditArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('bothEditSample' as const), mine: mineEditArb, other: otherEditArb }) },
);

export const isSampleOp = (op: { op: string }): op is SampleOp => op.op === 'sampleEdit' || op.op === 'bothEditSample';

const LEAVES = ['register', 'ghe', 'equipment', 'supervisor'] as const;
const taskRow = (task: Task) => ({
  row_id: task.row_id,
  task: task.task,
  initial: '08:00',
  final: '09:00',
  metabolism: '200',
  tbn: task.tbn,
  tg: task.tg,
});

/**
 * The sample as the run starts it: as the previous run left it (both devices
 * and the server agreed then), or, the first time and once it has grown past
 * eight tasks, three tasks and the four leaves blank, saved here and sent,
 * then read by the other device.
 */
export async function sampleModel(client: TestClient, other: TestClient, key: string, id: number): Promise<SampleModel> {
  const record = (await client.db.records('samples').get(key))!;
  const rows = ((record.memory_field as RecordFields | null)?.tasks ?? []) as RecordFields[];
  const caracterization = (record.caracterization ?? {}) as RecordFields;
  const known = rows.length >= 3 && rows.length <= 8 && rows.every((row) => typeof row.row_id === 'string' && row.row_id !== '');
  if (known) {
    return {
      key,
      id,
      leaves: Object.fromEntries(LEAVES.map((leaf) => [leaf, String(caracterization[leaf] ?? '')])),
      tasks: rows.map((row) => ({ row_id: row.row_id as string, task: String(row.task), tbn: String(row.tbn), tg: String(row.tg), owner: 'base' })),
      counter: 0,
      otherEdited: false,
    };
  }
  const tasks: Task[] = ['t1', 't2', 't3'].map((name) => ({ row_id: newRowId(), task: name, tbn: '20', tg: '30', owner: 'base' }));
  const leaves = Object.fromEntries(LEAVES.map((leaf) => [leaf, ''])) as Record<string, string>;
  await saveRecord(client.db, 'samples', key, {
    caracterization: { ...caracterization, ...leaves },
    memory_field: { ...(record.memory_field as RecordFields), tasks: tasks.map(taskRow) },
  });
  await client.engine.drain({ timeoutMs: 30_000 });
  await other.engine.drain({ timeoutMs: 30_000 });
  return { key, id, leaves, tasks, counter: 0, otherEdited: false };
}

function pick<T>(list: T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

/** Saves `changes` to the blocks over what the device holds now (a page's Salvar writes whole blocks). */
async function saveBlocks(
  client: TestClient,
  key: string,
  changes: { caracterization?: RecordFields; tasks?: (tasks: RecordFields[]) => RecordFields[] },
) {
  const record = (await client.db.records('samples').get(key))!;
  const memory = record.memory_field as RecordFields;
  await saveRecord(client.db, 'samples', key, {
    caracterization: { ...(record.caracterization as RecordFields), ...changes.caracterization },
    memory_field: changes.tasks ? { ...memory, tasks: changes.tasks((memory.tasks ?? []) as RecordFields[]) } : memory,
  });
}

export async function applySampleOp(client: TestClient, other: TestClient, model: SampleModel, op: SampleOp): Promise<void> {
  await mineEdit(client, model, op.mine);
  if (op.op === 'bothEditSample') await otherEdit(other, model, op.other);
}

const fresh = (model: SampleModel) => `${++model.counter}`;

/** The task rows of the sample as this device holds it (what its page shows). */
const rowsOnDevice = (record: RecordFields | undefined) => ((record?.memory_field as RecordFields | null)?.tasks ?? []) as RecordFields[];

async function mineEdit(client: TestClient, model: SampleModel, edit: MineEdit): Promise<void> {
  switch (edit.kind) {
    case 'leaf': {
      const value = `M${fresh(model)}`;
      model.leaves[edit.leaf] = value;
      await saveBlocks(client, model.key, { caracterization: { [edit.leaf]: value } });
      return;
    }
    case 'tbn': {
      // Only a row the device holds can be typed into: a task the other device added is on this
      // screen only once a sync brought it (a pick among all the model's tasks "typed" into rows
      // the device did not have, changing nothing, and counted the other device's value as lost).
      const onDevice = new Set(rowsOnDevice(await client.db.records('samples').get(model.key)).map((row) => row.row_id));
      const task = pick(
        model.tasks.filter((item) => onDevice.has(item.row_id)),
        edit.target,
      );
      if (!task) return;
      task.tbn = `2${fresh(model)}`;
      await saveBlocks(client, model.key, { tasks: (rows) => rows.map((row) => (row.row_id === task.row_id ? { ...row, tbn: task.tbn } : row)) });
      return;
    }
    case 'add': {
      const task: Task = { row_id: newRowId(), task: `n${fresh(model)}`, tbn: '21', tg: '31', owner: 'mine' };
      const onDevice = rowsOnDevice(await client.db.records('samples').get(model.key));
      const after = pick(onDevice, edit.after)?.row_id;
      model.tasks.push(task);
      await saveBlocks(client, model.key, {
        tasks: (rows) => {
          const at = rows.findIndex((row) => row.row_id === after);
          return [...rows.slice(0, at + 1), taskRow(task), ...rows.slice(at + 1)];
        },
      });
      return;
    }
    case 'remove': {
      const task = pick(
        model.tasks.filter((item) => item.owner === 'mine'),
        edit.target,
      );
      if (!task) return;
      model.tasks = model.tasks.filter((item) => item !== task);
      await saveBlocks(client, model.key, { tasks: (rows) => rows.filter((row) => row.row_id !== task.row_id) });
      return;
    }
  }
}

/** The other device edits its copy as it last pulled it (maybe older than the server's: its push merges then) and sends it now. */
async function otherEdit(other: TestClient, model: SampleModel, edit: OtherEdit): Promise<void> {
  const record = await readRecordById(other.db, 'samples', model.id);
  if (!record) return;
  const onOther = new Set((((record.memory_field as RecordFields | null)?.tasks ?? []) as RecordFields[]).map((row) => row.row_id));
  const value = `E${fresh(model)}`;
  model.leaves[edit.leaf] = value;
  const task = pick(
    model.tasks.filter((item) => item.owner !== 'mine' && onOther.has(item.row_id)),
    edit.task,
  );
  if (task) task.tg = `3${fresh(model)}`;
  const added: Task | null = edit.add ? { row_id: newRowId(), task: `o${fresh(model)}`, tbn: '22', tg: '32', owner: 'other' } : null;
  if (added) model.tasks.push(added);
  model.otherEdited = true;
  await saveBlocks(other, record.key, {
    caracterization: { [edit.leaf]: value },
    tasks: (rows) => [...rows.map((row) => (task && row.row_id === task.row_id ? { ...row, tg: task.tg } : row)), ...(added ? [taskRow(added)] : [])],
  });
  await other.engine.drain({ timeoutMs: 30_000 });
}

/** Every leaf and every task with its latest values on the server; both devices hold the server's blocks. */
export async function expectSampleConverged(
  client: TestClient,
  other: TestClient,
  model: SampleModel,
  read: (path: string) => Promise<RecordFields>,
): Promise<void> {
  const onServer = await read(`api/sample/${model.id}`);
  const caracterization = onServer.caracterization as RecordFields;
  for (const leaf of LEAVES) expect(caracterization[leaf] ?? '', `sample: ${leaf} (changed on one device only)`).toBe(model.leaves[leaf]);
  const tasks = ((onServer.memory_field as RecordFields).tasks as RecordFields[]).map((row) => [row.row_id, row.task, row.tbn, row.tg]);
  const wanted = model.tasks.map((task) => [task.row_id, task.task, task.tbn, task.tg]);
  const byId = (rows: unknown[][]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  expect(byId(tasks), 'sample: every task once, with the latest tbn (here) and tg (there)').toEqual(byId(wanted));
  // The other device converges too once it syncs (only when it took part: a pull per run is not free).
  if (model.otherEdited) await other.engine.drain({ timeoutMs: 30_000 });
  const devices: Array<[string, TestClient]> = model.otherEdited
    ? [
        ['this device', client],
        ['the other device', other],
      ]
    : [['this device', client]];
  for (const [name, device] of devices) {
    const local = await readRecordById(device.db, 'samples', model.id);
    for (const block of ['caracterization', 'memory_field', 'result', 'risk_classification', 'validation']) {
      expect(sameValue(local?.[block], onServer[block]), `sample ${block} on ${name} as on the server`).toBe(true);
    }
  }
}
