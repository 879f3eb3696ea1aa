/**
 * Two devices edit one sample through the real server (issue 21): a
 * technician offline changes the caracterization's Matrícula while the
 * office changes its Equipamento. The 409 is merged inside the block, leaf
 * by leaf: both kept, no question. The same leaf on both devices is exactly
 * one question, labelled 'Caracterização — Matrícula', and the other
 * leaves still merge around it. Rows of a block (heat tasks) merge by their
 * `row_id`: a task added on one device and another task edited on the other
 * are both kept.
 */
import { describe, expect, it } from 'vitest';
import { sampleSchema, type Sample } from '@sync/contract/samples';
import { resolveConflict } from '@sync/engine/entry-actions';
import { saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import type { RecordFields } from '@sync/store/types';
import type { TestClient } from './support/sync-client';
import { sharedHeatSample } from './support/shared-heat-sample';
import { useSyncServer } from './support/test-bed';

const { server, device } = useSyncServer();

async function serverSample(client: TestClient, id: number): Promise<Sample> {
  const token = (await client.auth.getAccessToken())!;
  const response = await fetch(`${server.directUrl}/api/sample/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return sampleSchema.parse(await response.json());
}

/** A save of one block with `changes` over what the device holds (a page's Salvar writes whole blocks). */
async function edit(client: TestClient, key: string, block: string, changes: (value: RecordFields) => RecordFields) {
  const record = (await client.db.records('samples').get(key))!;
  await saveRecord(client.db, 'samples', key, { [block]: changes((record[block] ?? {}) as RecordFields) });
}

describe('one sample edited on two devices', () => {
  it('Matrícula offline here, Equipamento at the office: both kept, no question', async () => {
    const { office, tablet, id, tabletKey, officeKey } = await sharedHeatSample(device, 'Usina Mescla');
    await edit(tablet, tabletKey, 'caracterization', (block) => ({ ...block, register: 'M-2231' }));
    await edit(office, officeKey, 'caracterization', (block) => ({ ...block, equipment: 'Forno 3' }));
    await office.engine.drain();
    const before = server.proxy.log.length;
    await tablet.engine.drain();

    expect(server.proxy.log.slice(before).some((request) => request.method === 'PUT' && request.status === 409)).toBe(true);
    expect(await tablet.db.outbox.toArray()).toEqual([]);
    expect((await serverSample(tablet, id)).caracterization).toMatchObject({ register: 'M-2231', equipment: 'Forno 3' });
    expect((await tablet.db.records('samples').get(tabletKey))!.caracterization).toMatchObject({ register: 'M-2231', equipment: 'Forno 3' });
  });

  it('the same leaf on both: exactly one question, labelled; the other leaves merge around it', async () => {
    const { office, tablet, id, tabletKey, officeKey } = await sharedHeatSample(device, 'Usina Mescla');
    await edit(tablet, tabletKey, 'caracterization', (block) => ({ ...block, register: 'M-1', ghe: 'GHE 4' }));
    await edit(office, officeKey, 'caracterization', (block) => ({ ...block, register: 'M-2', equipment: 'Forno 3' }));
    await office.engine.drain();
    await tablet.engine.drain();

    const conflicts = (await readPendingChanges(tablet.db)).filter((change) => change.status === 'conflict');
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.conflict).toEqual([
      { field: 'caracterization/register', path: ['caracterization', 'register'], label: 'Caracterização — Matrícula', mine: 'M-1', theirs: 'M-2' },
    ]);
    await resolveConflict(tablet.db, conflicts[0]!.seq, { 'caracterization/register': 'theirs' });
    await tablet.engine.drain();
    expect(await tablet.db.outbox.toArray()).toEqual([]);
    expect((await serverSample(tablet, id)).caracterization).toMatchObject({ register: 'M-2', ghe: 'GHE 4', equipment: 'Forno 3' });
  });

  it('a task added here and another task edited there: both kept, in order', async () => {
    const { office, tablet, id, tabletKey, officeKey } = await sharedHeatSample(device, 'Usina Mescla');
    const task = (row_id: string, name: string) => ({ row_id, task: name, initial: '08:00', final: '09:00', metabolism: '200', tbn: '20', tg: '30' });
    // The tasks as both devices have them after a sync.
    await edit(tablet, tabletKey, 'memory_field', (block) => ({ ...block, tasks: [task('a1', 'Forno'), task('b2', 'Pátio')] }));
    await tablet.engine.drain();
    await office.engine.drain();

    await edit(tablet, tabletKey, 'memory_field', (block) => ({
      ...block,
      tasks: [...(block.tasks as RecordFields[]).slice(0, 1), task('n3', 'Nova'), ...(block.tasks as RecordFields[]).slice(1)],
    }));
    await edit(office, officeKey, 'memory_field', (block) => ({
      ...block,
      tasks: (block.tasks as RecordFields[]).map((row) => (row.row_id === 'b2' ? { ...row, tbn: '24' } : row)),
    }));
    await office.engine.drain();
    await tablet.engine.drain();

    expect(await tablet.db.outbox.toArray()).toEqual([]);
    const tasks = (await serverSample(tablet, id)).memory_field.tasks as RecordFields[];
    expect(tasks.map((row) => [row.row_id, row.task, row.tbn])).toEqual([
      ['a1', 'Forno', '20'],
      ['n3', 'Nova', '20'],
      ['b2', 'Pátio', '24'],
    ]);
  });
});
