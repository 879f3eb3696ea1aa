/**
 * Vibration samples through the real server behind a misbehaving network
 * (issue 23): an approved quotation with a whole-body (VCI) and a hand-arm
 * (VMB) agent reaches a tablet; its plan is made and both samples filled
 * offline, saved as the sample page saves them (the descriptor's derivation
 * first: the type proposed from the agent, the figures computed on the
 * device); then the sync meets a dropped create and lost answers on the
 * creates and the updates. Afterwards the server holds each sample once,
 * with the figures it recomputed equal to the device's, and the device
 * holds the server's. Then the office and the tablet edit different
 * measurement rows of one sample: merged by row id without a question, and
 * the server's AREN combines both components.
 */
import { describe, expect, it } from 'vitest';
import { sampleSchema, type Sample, type SampleBlocks } from '@sync/contract/samples';
import { VIBRATION_DESCRIPTOR } from '@sync/contract/samples/vibration-descriptor';
import { runCommand } from '@sync/engine/commands';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import { readRecordById } from '@sync/store/queries';
import type { LocalQuotation } from '@sync/store/registry';
import type { RecordFields } from '@sync/store/types';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { planSaves } from '@/entities/sample/plan';
import { liveRecords } from './support/convergence';
import type { TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const { server, device } = useSyncServer();

async function serverSample(client: TestClient, id: number): Promise<Sample> {
  const token = (await client.auth.getAccessToken())!;
  const response = await fetch(`${server.directUrl}/api/sample/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return sampleSchema.parse(await response.json());
}

/** A save as the sample page's Salvar makes it: the blocks typed over the record, derived. */
async function pageSave(client: TestClient, key: string, typed: Partial<Record<keyof SampleBlocks, RecordFields>>) {
  const record = (await client.db.records('samples').get(key))!;
  const blocks = Object.fromEntries(
    (['caracterization', 'memory_field', 'result', 'risk_classification', 'validation'] as const).map((block) => [
      block,
      { ...((record[block] ?? {}) as RecordFields), ...(typed[block] ?? {}) },
    ]),
  ) as SampleBlocks;
  await saveRecord(client.db, 'samples', key, VIBRATION_DESCRIPTOR.derive(blocks, { thresholds: defaultResultThresholds() }));
}

const FIGURE_BLOCKS = ['memory_field', 'result', 'risk_classification'] as const;

describe('vibration samples offline', () => {
  it('filled offline, synced through faults: each once, the server’s figures equal the device’s; two rows edited on two devices merge', async () => {
    const office = await device();
    const customer = await saveRecord(office.db, 'customers', null, {
      name: `Mineradora Vibra ${Date.now().toString(36)}`,
      type: 'corporate',
      email: 'v@mina.com.br',
      phone: '1133224455',
    });
    const quotationKey = await saveRecord(office.db, 'quotations', null, {
      customer_key: customer,
      rows: [
        { name: 'Vibração de corpo inteiro (VCI)', product_type_id: 1, quantity: 1, value: 480 },
        { name: 'Vibração de mãos e braços (VMB)', product_type_id: 1, quantity: 1, value: 450 },
      ],
      total: 930,
    });
    await runCommand(office.db, 'quotations', quotationKey, 'status', { status: 'approved' });
    await office.engine.drain();
    const quotationId = (await office.db.records('quotations').get(quotationKey))!.id as number;

    // The tablet, offline from here: the plan and both samples typed.
    const tablet = await device();
    const quotation = (await liveRecords(tablet.db, 'quotations')).find((record) => record.id === quotationId) as unknown as LocalQuotation;
    const [wholeKey, handKey] = await saveRecords(tablet.db, planSaves(quotation));
    await pageSave(tablet, wholeKey!, {
      caracterization: { employee: 'Paulo Motorista' },
      memory_field: {
        exposition_time: '06:00',
        sample_time: '01:00',
        measurements: [{ row_id: 'caminhao', name: 'Caminhão', ax: '0,30', ay: '0,25', az: '0,60', vdv_x: '2', vdv_y: '2', vdv_z: '6' }],
      },
    });
    await pageSave(tablet, handKey!, {
      caracterization: { employee: 'Ana Lixadora' },
      memory_field: { exposition_time: '04:00', measurements: [{ row_id: 'lixa', name: 'Lixadeira', ax: '3', ay: '4', az: '0' }] },
    });
    // A second Salvar of the first, after a correction: the last values are the ones sent.
    await pageSave(tablet, wholeKey!, { caracterization: { employee: 'Paulo Motorista da Silva' } });
    const onTablet = async (key: string) => (await tablet.db.records('samples').get(key))!;
    expect((await onTablet(wholeKey!)).memory_field).toMatchObject({ vibration_type: 'corpo', method: 'NHO 09' });
    expect((await onTablet(handKey!)).memory_field).toMatchObject({ vibration_type: 'maos-bracos', method: 'NHO 10' });
    const typedOnTablet = { whole: await onTablet(wholeKey!), hand: await onTablet(handKey!) };

    // Back online, through faults on the creates and the updates.
    server.proxy.inject({ method: 'POST', path: /^\/api\/sample$/, fault: { kind: 'drop' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/sample$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'PUT', path: /^\/api\/sample\/\d+$/, fault: { kind: 'lose-response' } });
    const before = server.proxy.log.length;
    await tablet.engine.drain();
    server.proxy.clearFaults();
    await tablet.engine.drain();
    // The faults were met: the two creates were sent again, each under one key across its retries.
    const creates = server.proxy.log.slice(before).filter((request) => request.method === 'POST' && /^\/api\/sample$/.test(request.path));
    expect(creates.length).toBeGreaterThan(2);
    expect(new Set(creates.map((request) => request.idempotencyKey)).size).toBe(2);

    expect(await tablet.db.outbox.toArray()).toEqual([]);
    const samples = (await liveRecords(tablet.db, 'samples')).filter((s) => s.quotation_key === quotationKey || s.quotation_id === quotationId);
    expect(samples).toHaveLength(2);
    for (const [key, typed] of [
      [wholeKey!, typedOnTablet.whole],
      [handKey!, typedOnTablet.hand],
    ] as const) {
      const local = await onTablet(key);
      const remote = await serverSample(tablet, local.id as number);
      // The server recomputed the same figures the device derived; the device holds the server's record.
      for (const block of FIGURE_BLOCKS) {
        expect(remote[block]).toMatchObject(typed[block] as RecordFields);
        expect(local[block]).toEqual(remote[block]);
      }
    }
    const whole = await serverSample(tablet, (await onTablet(wholeKey!)).id as number);
    expect(whole.employee).toBe('Paulo Motorista da Silva');
    expect(whole.result).toMatchObject({
      rows: [
        { criterion: 'AREN', result: '0,70' },
        { criterion: 'VDVR', result: '9,61' },
      ],
    });
    const hand = await serverSample(tablet, (await onTablet(handKey!)).id as number);
    expect(hand.result).toMatchObject({ rows: [{ norma: 'NHO 10', criterion: 'AREN', result: '3,54' }] });

    // Two devices, two rows: the tablet adds a component offline while the office corrects the first one's z axis.
    await office.engine.drain();
    const officeKey = (await readRecordById(office.db, 'samples', whole.id))!.key;
    await pageSave(tablet, wholeKey!, {
      memory_field: {
        ...(whole.memory_field as RecordFields),
        exposition_time: '',
        measurements: [
          ...(whole.memory_field.measurements as RecordFields[]).map((row) => ({ ...row, exposure_time: '05:00', measured_time: '01:00' })),
          { row_id: 'pa', name: 'Pá carregadeira', exposure_time: '01:00', arep: '0,4' },
        ],
      },
    });
    const officeRecord = (await office.db.records('samples').get(officeKey))!;
    const officeMemory = officeRecord.memory_field as RecordFields;
    await saveRecord(office.db, 'samples', officeKey, {
      memory_field: {
        ...officeMemory,
        measurements: (officeMemory.measurements as RecordFields[]).map((row) =>
          row.row_id === 'caminhao' ? { ...row, ax: '0', ay: '0', az: '0,8' } : row,
        ),
      },
    });
    await office.engine.drain();
    await tablet.engine.drain();

    expect((await readPendingChanges(tablet.db)).filter((change) => change.status === 'conflict')).toEqual([]);
    expect(await tablet.db.outbox.toArray()).toEqual([]);
    const merged = await serverSample(tablet, whole.id);
    const rows = merged.memory_field.measurements as RecordFields[];
    expect(rows.map((row) => [row.row_id, row.az, row.exposure_time, row.arep])).toEqual([
      ['caminhao', '0,8', '05:00', '0,80'],
      ['pa', undefined, '01:00', '0,4'],
    ]);
    // calculations.md: 5 h at 0,8 and 1 h at 0,4 → AREN 0,65, computed by the server from the merged rows.
    expect(merged.result).toMatchObject({
      rows: [
        { criterion: 'AREN', result: '0,65', basis: expect.stringContaining('AREN de 2 componentes, exposição diária 06:00') },
        // The truck's VDV alone (the loader has none), now over its own 5 h.
        { criterion: 'VDVR', basis: expect.stringContaining('VDVR de 1 componente') },
      ],
    });
  });
});
