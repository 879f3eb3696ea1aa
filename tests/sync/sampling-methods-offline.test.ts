/**
 * The sampling-method catalog offline, against the real server: methods made
 * and edited on a device without a connection reach the server once (edits
 * folded into the create, a method made and deleted offline never sent),
 * with their agents; a second device pulls them and proposes the method
 * when its agent is chosen; an agent deleted elsewhere leaves the methods on
 * every device after their next sync; and a method pushed with an agent
 * deleted meanwhile is refused with the Portuguese reason, kept on the
 * device, and goes through once corrected.
 */
import { describe, expect, it } from 'vitest';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import { readRecord, readRecordById } from '@sync/store/queries';
import type { LocalSamplingMethod } from '@sync/store/registry/catalog-records';
import { methodForAgent } from '@/entities/sampling-methods';
import { expectConverged, liveRecords } from './support/convergence';
import type { TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const { server, device } = useSyncServer();

const token = async (client: TestClient) => (await client.auth.getAccessToken())!;
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

/** Chemical agents made on the device and sent, so methods can name them by server id. */
async function sentChemicalAgents(client: TestClient, names: string[]): Promise<number[]> {
  const chemical = (await liveRecords(client.db, 'product_types')).find((type) => type.slug === 'chemical')!;
  const keys: string[] = [];
  for (const name of names) keys.push(await saveRecord(client.db, 'products', null, { name: unique(name), price: 150, type_key: chemical.key }));
  await client.engine.drain();
  return Promise.all(keys.map(async (key) => (await readRecord(client.db, 'products', key))!.id as number));
}

const methods = async (client: TestClient) => (await liveRecords(client.db, 'sampling_methods')) as unknown as LocalSamplingMethod[];

describe('sampling methods offline', () => {
  it('reach the server once with their agents, and a second device proposes them', async () => {
    const a = await device();
    const [toluene, benzene] = await sentChemicalAgents(a, ['Tolueno', 'Benzeno']);
    const before = server.proxy.log.length;

    // Offline: a method, edited twice before any sync; another made and deleted.
    const key = await saveRecord(a.db, 'sampling_methods', null, {
      code: unique('1501'),
      institution: 'niosh',
      sampler: 'Tubo de carvão ativo',
      flow_min: 0.01,
      flow_max: 0.5,
      agent_ids: [toluene!],
    });
    await saveRecord(a.db, 'sampling_methods', key, { flow_max: 0.2, volume_min: 2, volume_max: 30, holding_days: 30 });
    await saveRecord(a.db, 'sampling_methods', key, { agent_ids: [toluene!, benzene!] });
    const scrap = await saveRecord(a.db, 'sampling_methods', null, { code: 'rascunho', institution: 'other' });
    await deleteRecord(a.db, 'sampling_methods', scrap);
    await a.engine.drain();

    const writes = server.proxy.log.slice(before).filter((request) => request.method !== 'GET' && request.path.includes('sampling-method'));
    expect(writes.map((request) => request.method)).toEqual(['POST']);
    await expectConverged(server, a.db, await token(a));
    const sent = (await readRecord(a.db, 'sampling_methods', key))!;
    expect(sent).toMatchObject({ flow_min: 0.01, flow_max: 0.2, holding_days: 30, agent_ids: [toluene, benzene] });
    expect(sent.id).toEqual(expect.any(Number));

    const b = await device();
    const proposal = methodForAgent(await methods(b), benzene);
    expect(proposal).toMatchObject({ code: `NIOSH ${sent.code}`, sampler: 'Tubo de carvão ativo', pumpFlow: '0,11' });

    // B deletes benzene; after their next sync neither device lists it on the method.
    await deleteRecord(b.db, 'products', (await readRecordById(b.db, 'products', benzene!))!.key);
    await b.engine.drain();
    await a.engine.drain();
    for (const client of [a, b]) {
      expect((await readRecordById(client.db, 'sampling_methods', sent.id as number))?.agent_ids).toEqual([toluene]);
      await expectConverged(server, client.db, await token(client));
    }
  });

  it('a method naming an agent deleted meanwhile is refused with the reason, kept, and sent once corrected', async () => {
    const a = await device();
    const b = await device();
    const [hexane, xylene] = await sentChemicalAgents(a, ['Hexano', 'Xileno']);
    await b.engine.drain();

    const key = await saveRecord(a.db, 'sampling_methods', null, { code: unique('1500'), institution: 'niosh', agent_ids: [hexane!, xylene!] });
    await deleteRecord(b.db, 'products', (await readRecordById(b.db, 'products', xylene!))!.key);
    await b.engine.drain();
    await a.engine.drain();

    const [refused] = (await readPendingChanges(a.db)).filter((change) => change.resource === 'sampling_methods');
    expect(refused).toMatchObject({ status: 'failed', error: { code: 'validation', message: 'Agente não encontrado.', status: 400 } });
    expect(await readRecord(a.db, 'sampling_methods', key)).toMatchObject({ id: null, agent_ids: [hexane, xylene] });

    await saveRecord(a.db, 'sampling_methods', key, { agent_ids: [hexane!] });
    await a.engine.drain();
    expect((await readRecord(a.db, 'sampling_methods', key))?.id).toEqual(expect.any(Number));
    await expectConverged(server, a.db, await token(a));
  });
});
