/**
 * A chemical sample of three agents edited offline on two devices, in
 * different rows, through the real server behind a misbehaving network
 * (issue 22): the technician's tablet changes agent row 2's flow and times
 * and result row 1's molar mass; the office, meanwhile, types the
 * laboratory's result of row 3 and agent row 1's sampler. Each device saves
 * as its page does (whole blocks, the descriptor's derivation run first).
 * The office sends first; the tablet's send is dropped once and its answer
 * lost once, then meets the newer version (409) and merges row by row, by
 * `row_id`: no question, every edit kept, the figures the server's, and
 * both devices end with the server's blocks and nothing left to send.
 */
import { describe, expect, it } from 'vitest';
import { sampleSchema, type Sample } from '@sync/contract/samples';
import { CHEMICAL_DESCRIPTOR } from '@sync/contract/samples/chemical-descriptor';
import type { SampleBlocks } from '@sync/contract/samples/descriptor';
import { saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import type { RecordFields } from '@sync/store/types';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import type { TestClient } from './support/sync-client';
import { sharedHeatSample } from './support/shared-heat-sample';
import { useSyncServer } from './support/test-bed';

const { server, device } = useSyncServer();
const BLOCKS = ['caracterization', 'memory_field', 'result', 'risk_classification', 'validation'] as const;
const thresholds = defaultResultThresholds();

async function serverSample(client: TestClient, id: number): Promise<Sample> {
  const token = (await client.auth.getAccessToken())!;
  const response = await fetch(`${server.directUrl}/api/sample/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return sampleSchema.parse(await response.json());
}

/** A page's Salvar: the blocks as the device holds them with `change` applied, derived, saved whole. */
async function save(client: TestClient, key: string, change: (blocks: SampleBlocks) => Partial<SampleBlocks>) {
  const record = (await client.db.records('samples').get(key))!;
  const blocks = Object.fromEntries(BLOCKS.map((block) => [block, (record[block] ?? {}) as RecordFields])) as SampleBlocks;
  const derived = CHEMICAL_DESCRIPTOR.derive({ ...blocks, ...change(blocks) }, { thresholds });
  await saveRecord(client.db, 'samples', key, derived);
}

type Row = Record<string, unknown>;
const rowsOf = (block: unknown, list = 'agents') => ((block as Row)[list] ?? []) as Row[];
/** Patches the row of an agent: the agent row itself (its `row_id`) or the result row that follows it (its `agent_row_id`). */
const patchRow = (rows: Row[], agentRowId: string, patch: Row) =>
  rows.map((row) => ((row.agent_row_id ?? row.row_id) === agentRowId ? { ...row, ...patch } : row));

const AGENTS = [
  { row_id: 'a1', agent: 'Tolueno', agent_id: null, pump_flow: '1,5', initial: '08:00', final: '12:00' },
  { row_id: 'a2', agent: 'Xileno', agent_id: null, pump_flow: '0,2', initial: '08:00', final: '16:00' },
  { row_id: 'a3', agent: 'Benzeno', agent_id: null, pump_flow: '1', initial: '09:00', final: '11:00' },
];

/** An approved quotation with one chemical unit; the plan made on the tablet, its three agents typed and synced; the office's copy. */
const sharedChemicalSample = () =>
  sharedHeatSample(device, 'Química Mescla', {
    unit: { name: 'Tolueno', product_type_id: 2, value: 80 },
    fill: (tablet, tabletKey) =>
      save(tablet, tabletKey, (blocks) => ({ memory_field: { ...blocks.memory_field, date: '03/11/2026', agents: AGENTS } })),
  });

describe('a chemical sample of three agents edited offline on two devices', () => {
  it('different rows on each: merged row by row through a dropped send and a lost answer, no question', async () => {
    const { office, tablet, id, tabletKey, officeKey } = await sharedChemicalSample();
    const synced = await serverSample(tablet, id);
    expect(rowsOf(synced.result).map((row) => row.agent_row_id)).toEqual(['a1', 'a2', 'a3']);

    // Offline on the tablet: agent row 2's flow and end, result row 1's molar mass.
    await save(tablet, tabletKey, (blocks) => ({
      memory_field: { ...blocks.memory_field, agents: patchRow(rowsOf(blocks.memory_field), 'a2', { pump_flow: '0,25', final: '17:00' }) },
      result: { ...blocks.result, agents: patchRow(rowsOf(blocks.result), 'a1', { molar_mass: '92,13' }) },
    }));
    // At the office: the laboratory's result of row 3, and agent row 1's sampler.
    await save(office, officeKey, (blocks) => ({
      memory_field: { ...blocks.memory_field, agents: patchRow(rowsOf(blocks.memory_field), 'a1', { sampler_type: 'Carvão ativo' }) },
      result: { ...blocks.result, agents: patchRow(rowsOf(blocks.result), 'a3', { lq: 'A cima', result: '0,4', unity: 'ppm', twa: '0,5' }) },
    }));
    await office.engine.drain();

    server.proxy.inject({ method: 'PUT', path: /^\/api\/sample\/\d+$/, fault: { kind: 'drop' } });
    server.proxy.inject({ method: 'PUT', path: /^\/api\/sample\/\d+$/, fault: { kind: 'lose-response' } });
    const before = server.proxy.log.length;
    await tablet.engine.drain();
    server.proxy.clearFaults();
    await tablet.engine.drain();
    await office.engine.drain();

    expect((await readPendingChanges(tablet.db)).filter((change) => change.status === 'conflict')).toEqual([]);
    const puts = server.proxy.log.slice(before).filter((request) => request.method === 'PUT');
    expect(puts.some((request) => request.status === 409)).toBe(true);
    const stored = await serverSample(tablet, id);
    const agents = rowsOf(stored.memory_field);
    expect(agents.map((row) => [row.row_id, row.pump_flow, row.final, row.total_time, row.volume, row.sampler_type ?? ''])).toEqual([
      ['a1', '1,5', '12:00', '04:00', '360', 'Carvão ativo'],
      ['a2', '0,25', '17:00', '09:00', '135', ''], // 9 h × 0,25 L/min = 135 L, computed after the merge
      ['a3', '1', '11:00', '02:00', '120', ''],
    ]);
    const results = rowsOf(stored.result);
    expect(results.map((row) => [row.agent_row_id, row.molar_mass, row.result, row.risk_level])).toEqual([
      ['a1', '92,13', '', '---'],
      ['a2', '', '', '---'],
      ['a3', '', '0,4', 'risk3'], // 0,4 / 0,5 = 0,8
    ]);
    expect(rowsOf(stored.risk_classification, 'classifications').map((item) => [item.agent_chemical, item.index, item.leo])).toEqual([
      ['Tolueno', '---', ''],
      ['Xileno', '---', ''],
      ['Benzeno', 'risk3', '80'],
    ]);
    for (const [client, key] of [
      [tablet, tabletKey],
      [office, officeKey],
    ] as const) {
      expect(await client.db.outbox.toArray()).toEqual([]);
      const local = (await client.db.records('samples').get(key))!;
      for (const block of ['memory_field', 'result', 'risk_classification'] as const) expect(local[block]).toEqual(stored[block]);
    }
  });
});
