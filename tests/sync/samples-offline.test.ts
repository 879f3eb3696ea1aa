/**
 * A sampling plan made offline, on two devices, through the real server
 * behind a misbehaving network: an approved quotation reaches two tablets;
 * both make its plan offline (the samples exist on each device at once),
 * one fills a noise sample, edits it twice and takes 3 photos, all
 * offline; then both sync through a dropped create and lost answers on
 * every kind of request. Afterwards the server holds one plan (one sample
 * per slot), each sample once, the edited sample with its last values and
 * its 3 photos once each, and both devices agree with nothing left to send.
 * Plan creates an older app queued with the agent row's position (before
 * rows had ids) still reach the right row.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sampleSchema, type Sample } from '@sync/contract/samples';
import { runCommand } from '@sync/engine/commands';
import { retryEntry } from '@sync/engine/entry-actions';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import type { LocalQuotation } from '@sync/store/registry';
import { planSaves } from '@/entities/sample/plan';
import { liveRecords } from './support/convergence';
import type { TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const { server, device } = useSyncServer();

async function serverSamples(client: TestClient, quotationId: number): Promise<Sample[]> {
  const token = (await client.auth.getAccessToken())!;
  const response = await fetch(`${server.directUrl}/api/sample/all/0/100?quotation_id=${quotationId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { list: unknown[] }).list.map((record) => sampleSchema.parse(record));
}

/** Real JPEGs, one colour each: the server keeps only images sharp decodes (docs/decisions/image-uploads.md). */
const JPEGS = await Promise.all(
  [0, 1, 2, 3].map((index) =>
    sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 60 * index, g: 90, b: 200 - 40 * index } } })
      .jpeg()
      .toBuffer(),
  ),
);

const photo = (index: number) => ({
  resource: 'sample_files' as const,
  key: null,
  fields: { name: `foto-${index}.jpg` },
  file: {
    blob: new Blob([new Uint8Array(JPEGS[index]!)], { type: 'image/jpeg' }),
    fileName: `foto-${index}.jpg`,
    type: 'image/jpeg',
  },
});

describe('a sampling plan made offline', () => {
  it('ends as one plan, each sample once and each photo once, through faults on two devices', async () => {
    // The office: an approved quotation with 2 noise units and 1 heat unit.
    const office = await device();
    const name = `Usina Plano ${Date.now().toString(36)}`;
    const customer = await saveRecord(office.db, 'customers', null, { name, type: 'corporate', email: 'a@usina.com.br', phone: '1133224455' });
    const quotationKey = await saveRecord(office.db, 'quotations', null, {
      customer_key: customer,
      rows: [
        { name: 'Ruído contínuo', product_type_id: 3, quantity: 2, value: 100 },
        { name: 'Calor', product_type_id: 4, quantity: 1, value: 50 },
      ],
      total: 250,
    });
    await runCommand(office.db, 'quotations', quotationKey, 'status', { status: 'approved' });
    await office.engine.drain();
    const quotationId = (await office.db.records('quotations').get(quotationKey))!.id as number;

    // Two tablets pull it, then work offline.
    const a = await device();
    const b = await device();
    const quotationOn = async (client: TestClient) =>
      (await liveRecords(client.db, 'quotations')).find((record) => record.id === quotationId) as unknown as LocalQuotation;
    const onA = await quotationOn(a);
    const onB = await quotationOn(b);
    expect(onA).toMatchObject({ status: 'approved', able_create_sample: true });

    const keysA = await saveRecords(a.db, planSaves(onA));
    const keysB = await saveRecords(b.db, planSaves(onB));
    expect([keysA.length, keysB.length]).toEqual([3, 3]);
    const localA = await liveRecords(a.db, 'samples');
    expect(localA.map((s) => [s.sample_no, s.type_id, s.agent_name, s.company_name])).toEqual(
      expect.arrayContaining([
        [1, 3, 'Ruído contínuo', name],
        [2, 3, 'Ruído contínuo', name],
        [3, 4, 'Calor', name],
      ]),
    );
    const noise = keysA[0]!;
    await saveRecord(a.db, 'samples', noise, { caracterization: { employee: 'João', ghe: 'GHE 1' } });
    await saveRecord(a.db, 'samples', noise, {
      caracterization: { employee: 'João Pereira', ghe: 'GHE 1' },
      memory_field: { observation: 'Turno A' },
    });
    await saveRecords(
      a.db,
      [1, 2, 3].map((index) => ({ ...photo(index), fields: { ...photo(index).fields, sample_key: noise } })),
    );
    await saveRecord(a.db, 'samples', noise, {
      caracterization: { employee: 'João Pereira da Silva', ghe: 'GHE 1' },
      memory_field: { observation: 'Turno A' },
    });

    // Back online, through faults on every kind of sample request.
    server.proxy.inject({ method: 'POST', path: /^\/api\/sample$/, fault: { kind: 'drop' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/sample$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'PUT', path: /^\/api\/sample\/\d+$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/sample\/\d+\/file$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/sample\/\d+\/file$/, fault: { kind: 'status', status: 503 } });
    const before = server.proxy.log.length;
    await a.engine.drain();
    server.proxy.inject({ method: 'POST', path: /^\/api\/sample$/, fault: { kind: 'lose-response' } });
    await b.engine.drain();
    server.proxy.clearFaults();
    await a.engine.drain();
    await b.engine.drain();
    await a.engine.drain();

    // The server: one plan of three samples; the noise sample with its last values and three photos.
    const onServer = await serverSamples(a, quotationId);
    // Each sample names its agent row by the row's id (the server gave the office's rows theirs).
    const [noiseRow, heatRow] = onA.rows.map((row) => row.row_id);
    expect(noiseRow).toMatch(/^[0-9a-f]{24}$/);
    expect(onServer.map((s) => [s.sample_no, s.type.slug, s.quotation_row_id, s.plan_unit]).sort()).toEqual([
      [1, 'noise', noiseRow, 1],
      [2, 'noise', noiseRow, 2],
      [3, 'heat', heatRow, 1],
    ]);
    const edited = onServer.find((s) => s.sample_no === 1)!;
    expect(edited).toMatchObject({ employee: 'João Pereira da Silva', memory_field: { observation: 'Turno A' } });
    expect(edited.files.map((f) => f.name).sort()).toEqual(['foto-1.jpg', 'foto-2.jpg', 'foto-3.jpg']);
    expect(new Set(edited.files.map((f) => f.sha256)).size).toBe(3);
    // Each photo's upload carried one key across its retries.
    const uploads = server.proxy.log.slice(before).filter((request) => request.method === 'POST' && /\/file$/.test(request.path));
    expect(new Set(uploads.map((request) => request.idempotencyKey)).size).toBe(3);

    // Both devices: nothing left to send, the same three server ids; the quotation no longer allows a plan.
    for (const client of [a, b]) {
      expect(await client.db.outbox.toArray()).toEqual([]);
      const local = await liveRecords(client.db, 'samples');
      expect(local.map((s) => s.id).sort()).toEqual(onServer.map((s) => s.id).sort());
    }
    await b.engine.drain();
    expect((await liveRecords(b.db, 'samples')).find((s) => s.id === edited.id)).toMatchObject({ employee: 'João Pereira da Silva' });
    expect(await quotationOn(b)).toMatchObject({ able_create_sample: false, sample_count: 3 });
  });

  it('a device that pulls another device’s plan before its own is sent ends with one sample per slot', async () => {
    const office = await device();
    const name = `Usina Dupla ${Date.now().toString(36)}`;
    const customer = await saveRecord(office.db, 'customers', null, { name, type: 'corporate', email: 'b@usina.com.br', phone: '1133224455' });
    const quotationKey = await saveRecord(office.db, 'quotations', null, {
      customer_key: customer,
      rows: [{ name: 'Ruído contínuo', product_type_id: 3, quantity: 3, value: 100 }],
      total: 300,
    });
    await runCommand(office.db, 'quotations', quotationKey, 'status', { status: 'approved' });
    await office.engine.drain();
    const quotationId = (await office.db.records('quotations').get(quotationKey))!.id as number;
    const a = await device();
    const b = await device();
    const quotationOf = async (client: TestClient) =>
      (await liveRecords(client.db, 'quotations')).find((record) => record.id === quotationId) as unknown as LocalQuotation;
    await saveRecords(a.db, planSaves(await quotationOf(a)));
    const keysB = await saveRecords(b.db, planSaves(await quotationOf(b)));
    await saveRecord(b.db, 'samples', keysB[1]!, { caracterization: { employee: 'Carlos B' } });
    await a.engine.drain();

    // B's creates are refused once (a 4xx keeps them, failed): its pull brings A's three samples in before they are sent.
    server.proxy.inject({ method: 'POST', path: /^\/api\/sample$/, fault: { kind: 'status', status: 400, body: { message: 'Recusado' } }, times: 3 });
    await b.engine.drain();
    const between = (await liveRecords(b.db, 'samples')).filter((s) => s.quotation_id === quotationId || s.quotation_key === keysB[0]);
    expect(between.length).toBe(6); // B's three, not sent yet, and A's three, pulled
    server.proxy.clearFaults();
    for (const entry of await b.db.outbox.where('status').equals('failed').toArray()) await retryEntry(b.db, entry.seq!);
    await b.engine.drain();
    await b.engine.drain();

    const onServer = await serverSamples(b, quotationId);
    expect(onServer).toHaveLength(3);
    expect(onServer.find((s) => s.plan_unit === 2)!.employee).toBe('Carlos B');
    expect(await b.db.outbox.toArray()).toEqual([]);
    const local = (await liveRecords(b.db, 'samples')).filter((s) => s.quotation_id === quotationId);
    expect(local.map((s) => s.id).sort()).toEqual(onServer.map((s) => s.id).sort());
    expect(local.find((s) => s.key === keysB[1])).toMatchObject({ employee: 'Carlos B' });
  });

  it("plan creates an older app queued with the row's position reach that row: stored with its id, the plan's samples not doubled", async () => {
    const office = await device();
    const name = `Usina Antiga ${Date.now().toString(36)}`;
    const customer = await saveRecord(office.db, 'customers', null, { name, type: 'corporate', email: 'c@usina.com.br', phone: '1133224455' });
    const quotationKey = await saveRecord(office.db, 'quotations', null, {
      customer_key: customer,
      rows: [
        { name: 'Ruído contínuo', product_type_id: 3, sector: 'Estamparia', quantity: 1, value: 100 },
        { name: 'Calor', product_type_id: 4, quantity: 1, value: 50 },
      ],
      total: 150,
    });
    await runCommand(office.db, 'quotations', quotationKey, 'status', { status: 'approved' });
    await office.engine.drain();
    const quotationId = (await office.db.records('quotations').get(quotationKey))!.id as number;
    const tablet = await device();
    const quotation = (await liveRecords(tablet.db, 'quotations')).find((record) => record.id === quotationId) as unknown as LocalQuotation;
    await saveRecords(tablet.db, planSaves(quotation));
    // What the older app left: the samples and their queued creates with the row's position, and no prefill.
    const position = (ref: unknown) => quotation.rows.findIndex((row) => row.row_id === ref) + 1;
    await tablet.db
      .records('samples')
      .toCollection()
      .modify((record) => {
        if (record.quotation_key === quotation.key)
          Object.assign(record, { quotation_row_id: position(record.quotation_row_id), memory_field: {}, caracterization: {} });
      });
    await tablet.db.outbox.toCollection().modify((entry) => {
      if (entry.resource !== 'samples' || !entry.payload) return;
      const payload = entry.payload as Record<string, unknown>;
      Object.assign(payload, { quotation_row_id: position(payload.quotation_row_id), memory_field: {}, caracterization: {} });
    });
    const planOnTablet = async () => (await liveRecords(tablet.db, 'samples')).filter((s) => s.quotation_key === quotation.key);
    expect((await planOnTablet()).map((s) => s.quotation_row_id).sort()).toEqual([1, 2]);
    // A stored legacy sample still saves on the device before it is sent.
    const [first] = (await planOnTablet()).filter((s) => s.quotation_row_id === 1);
    await saveRecord(tablet.db, 'samples', first!.key, { caracterization: { employee: 'Rita' } });

    await tablet.engine.drain();
    await tablet.engine.drain();
    const onServer = await serverSamples(tablet, quotationId);
    expect(onServer.map((s) => [s.sample_no, s.quotation_row_id, s.plan_unit, s.employee]).sort()).toEqual([
      [1, quotation.rows[0]!.row_id, 1, 'Rita'],
      [2, quotation.rows[1]!.row_id, 1, null],
    ]);
    expect(await tablet.db.outbox.toArray()).toEqual([]);
    // Pulled again, the device holds the row ids.
    const local = (await liveRecords(tablet.db, 'samples')).filter((s) => s.quotation_id === quotationId);
    expect(local.map((s) => s.quotation_row_id).sort()).toEqual(onServer.map((s) => s.quotation_row_id).sort());
  });
});
