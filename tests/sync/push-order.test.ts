/**
 * A sample's data before its photos (issue 26), through the real server:
 * a tablet edits three samples of a plan offline and takes two photos of
 * each, edit and photos one sample after the other. When it syncs, every
 * sample's write is answered before the first byte of any photo leaves the
 * device (seen by the device's fetch, and at the proxy, which sees each
 * upload only after every sample write has its answer); then the server
 * holds each sample's edit and its two photos once each.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sampleSchema, type Sample } from '@sync/contract/samples';
import { runCommand } from '@sync/engine/commands';
import type { FetchFunction } from '@sync/engine/transport';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import type { LocalQuotation } from '@sync/store/registry';
import { planSaves } from '@/entities/sample/plan';
import { liveRecords } from './support/convergence';
import type { TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const { server, device } = useSyncServer();

/** Real JPEGs, one colour each: the server keeps only images sharp decodes. */
const JPEGS = await Promise.all(
  [0, 1, 2, 3, 4, 5].map((index) =>
    sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 40 * index, g: 120, b: 220 - 30 * index } } })
      .jpeg()
      .toBuffer(),
  ),
);

const UPLOAD_PATH = /\/api\/sample\/\d+\/file$/;

/** What the device's fetch saw, in order: each call's start and the arrival of its answer. */
interface Seen {
  at: 'start' | 'answer';
  upload: boolean;
  call: string;
}

function recording(log: Seen[]): FetchFunction {
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input)).pathname;
    const call = `${method} ${path}`;
    const upload = method === 'POST' && UPLOAD_PATH.test(path);
    if (method !== 'GET') log.push({ at: 'start', upload, call });
    const response = await fetch(input, init);
    if (method !== 'GET') log.push({ at: 'answer', upload, call });
    return response;
  };
}

async function serverSamples(client: TestClient, quotationId: number): Promise<Sample[]> {
  const token = (await client.auth.getAccessToken())!;
  const response = await fetch(`${server.directUrl}/api/sample/all/0/100?quotation_id=${quotationId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { list: unknown[] }).list.map((record) => sampleSchema.parse(record));
}

describe('pushing samples with their photos', () => {
  it('answers every sample write before the first photo byte is sent', async () => {
    // The office: an approved quotation with three noise units.
    const office = await device();
    const name = `Fundição Ordem ${Date.now().toString(36)}`;
    const customer = await saveRecord(office.db, 'customers', null, { name, type: 'corporate', email: 'a@fundicao.com.br', phone: '1133224455' });
    const quotationKey = await saveRecord(office.db, 'quotations', null, {
      customer_key: customer,
      rows: [{ name: 'Ruído contínuo', product_type_id: 3, quantity: 3, value: 100 }],
      total: 300,
    });
    await runCommand(office.db, 'quotations', quotationKey, 'status', { status: 'approved' });
    await office.engine.drain();
    const quotationId = (await office.db.records('quotations').get(quotationKey))!.id as number;

    // The tablet makes the plan and sends it; then, offline, edits each sample and photographs it twice.
    const seen: Seen[] = [];
    const tablet = await device({ fetch: recording(seen), concurrency: 4 });
    const quotation = (await liveRecords(tablet.db, 'quotations')).find((record) => record.id === quotationId) as unknown as LocalQuotation;
    const keys = await saveRecords(tablet.db, planSaves(quotation));
    await tablet.engine.drain();
    expect(keys).toHaveLength(3);

    for (const [index, key] of keys.entries()) {
      await saveRecord(tablet.db, 'samples', key, { caracterization: { employee: `Operador ${index + 1}`, ghe: `GHE ${index + 1}` } });
      await saveRecords(
        tablet.db,
        [0, 1].map((photo) => {
          const number = index * 2 + photo;
          return {
            resource: 'sample_files' as const,
            key: null,
            fields: { name: `foto-${number}.jpg`, sample_key: key },
            file: { blob: new Blob([new Uint8Array(JPEGS[number]!)], { type: 'image/jpeg' }), fileName: `foto-${number}.jpg`, type: 'image/jpeg' },
          };
        }),
      );
    }

    // At the proxy: when an upload arrives, every sample write has had its answer.
    const answeredAtEachUpload: boolean[] = [];
    const uploadArrives = server.proxy.inject({
      method: 'POST',
      path: UPLOAD_PATH,
      fault: { kind: 'delay', ms: 0 },
      times: 6,
      onApply: () => {
        const writes = server.proxy.log.slice(logStart).filter((request) => request.method === 'PUT' && /\/api\/sample\/\d+$/.test(request.path));
        answeredAtEachUpload.push(writes.length === 3 && writes.every((request) => request.status === 200));
      },
    });
    const logStart = server.proxy.log.length;
    seen.length = 0;
    await tablet.engine.drain();
    await uploadArrives.hit;

    // On the device: three sample writes, six uploads, and the last write's answer before the first upload's start.
    const writeCalls = seen.filter((event) => !event.upload && event.at === 'start').map((event) => event.call);
    expect(writeCalls).toHaveLength(3);
    expect(writeCalls.every((call) => /^PUT \/api\/sample\/\d+$/.test(call))).toBe(true);
    expect(seen.filter((event) => event.upload && event.at === 'start')).toHaveLength(6);
    const lastWriteAnswer = seen.findLastIndex((event) => !event.upload && event.at === 'answer');
    const firstUploadStart = seen.findIndex((event) => event.upload && event.at === 'start');
    expect(lastWriteAnswer).toBeLessThan(firstUploadStart);
    expect(answeredAtEachUpload).toEqual([true, true, true, true, true, true]);

    // The server: each sample with its edit and its two photos, once each.
    const onServer = (await serverSamples(tablet, quotationId)).sort((a, b) => a.sample_no - b.sample_no);
    expect(onServer.map((sample) => [sample.employee, sample.files.map((file) => file.name).sort()])).toEqual([
      ['Operador 1', ['foto-0.jpg', 'foto-1.jpg']],
      ['Operador 2', ['foto-2.jpg', 'foto-3.jpg']],
      ['Operador 3', ['foto-4.jpg', 'foto-5.jpg']],
    ]);
    expect(await tablet.db.outbox.count()).toBe(0);
  });
});
