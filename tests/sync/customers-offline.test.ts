/**
 * A customer made offline at a client's site — with two addresses and three
 * attached files — reaches the real server through a misbehaving network:
 * the customer's create dropped, an address's and a file's answers lost
 * after the server committed, a 500 on an upload, and the app reloaded
 * while an upload was on its way. Afterwards the server holds one customer,
 * two addresses and three files, each once, the documents with exactly the
 * bytes the device kept and the photo as the server re-encoded it
 * (docs/decisions/image-uploads.md); the device has nothing left to send,
 * knows every server id and still has the bytes (they open offline). An
 * upload sent again first asks the server for the answer it keeps: a kept
 * answer is taken as the upload's, a 409 (the server still receiving it)
 * is waited for without sending the bytes, a 404 sends them.
 */
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerSchema, type Customer } from '@sync/contract/customers';
import { readDeviceFile, saveRecordWithFile } from '@sync/engine/files';
import { saveRecord } from '@sync/engine/mutations';
import { realTimers } from '@sync/engine/timers';
import type { SyncDatabase } from '@sync/store/database';
import { users } from '@server/db/schema';
import { claimKey, IDEMPOTENCY_LEASE_MS } from '@server/sync/idempotency-store';
import { liveRecords } from './support/convergence';
import { ADMIN } from './support/sync-server';
import type { TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const { server, device, reload } = useSyncServer();

const token = async (client: TestClient) => (await client.auth.getAccessToken())!;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A real photo-like JPEG (noise, 160 × 120): images are decoded and re-encoded by the server. */
const PHOTO = await sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } })
  .jpeg({ quality: 90 })
  .toBuffer();

interface OfflineFile {
  name: string;
  fileName: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** What a technician does at the client's site, without a connection. */
async function offlineCustomer(db: SyncDatabase, tag: string) {
  const name = `Metalúrgica Offline ${tag}`;
  const customer = await saveRecord(db, 'customers', null, {
    name,
    type: 'corporate',
    document: '11.222.333/0001-81',
    email: `contato-${tag}@metalurgica.com.br`,
    phone: '(11) 98765-4321',
    comment: 'Cadastrado em campo',
    contact: { name: 'Ana Souza', email: `ana-${tag}@metalurgica.com.br`, phone: '(11) 3333-4444' },
  });
  const addresses = [
    {
      label: 'Endereço Principal',
      zipcode: '01.310-100',
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
    { label: 'Fábrica', zipcode: '13.010-001', street: 'Rua Barão de Jaguara', number: '50', district: 'Centro', city: 'Campinas', state: 'SP' },
  ];
  for (const address of addresses) await saveRecord(db, 'customer_addresses', null, { customer_key: customer, ...address });
  const files: OfflineFile[] = [
    { name: 'Laudo de ruído', fileName: 'laudo-ruido.pdf', type: 'application/pdf', bytes: new Uint8Array(randomBytes(300_000)) },
    { name: 'Foto da linha 2', fileName: 'linha2.jpg', type: 'image/jpeg', bytes: new Uint8Array(PHOTO) },
    { name: 'Medições', fileName: 'medicoes.csv', type: 'text/csv', bytes: new TextEncoder().encode('ponto;dB(A)\n1;85,2\n2;91,7\n') },
  ];
  for (const file of files) {
    await saveRecordWithFile(
      db,
      'customer_files',
      {
        customer_key: customer,
        name: file.name,
        original_name: file.fileName,
        size: file.bytes.length,
        file: { type: file.type, download_url: null },
      },
      { blob: new Blob([file.bytes], { type: file.type }), fileName: file.fileName, type: file.type },
    );
  }
  return { name, customer, addresses, files };
}

async function serverCustomers(client: TestClient, search: string): Promise<Customer[]> {
  const response = await fetch(`${server.directUrl}/api/customer/all/0/100?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${await token(client)}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { list: unknown[] };
  return body.list.map((record) => customerSchema.parse(record));
}

async function serverBytes(client: TestClient, downloadUrl: string): Promise<Uint8Array> {
  const response = await fetch(`${server.directUrl}/${downloadUrl}`, { headers: { authorization: `Bearer ${await token(client)}` } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** One customer, two addresses, three files on the server, each once, bytes as kept on the device. */
async function expectOnServerOnce(client: TestClient, work: Awaited<ReturnType<typeof offlineCustomer>>) {
  const found = await serverCustomers(client, work.name);
  expect(found).toHaveLength(1);
  const customer = found[0]!;
  expect(customer).toMatchObject({
    name: work.name,
    type: 'corporate',
    document: '11222333000181',
    phone: '11987654321',
    contact: expect.objectContaining({ name: 'Ana Souza', phone: '1133334444' }),
  });
  expect(customer.addresses.map((address) => address.label).sort()).toEqual(['Endereço Principal', 'Fábrica']);
  expect(customer.addresses.find((address) => address.label === 'Fábrica')).toMatchObject({
    zipcode: '13010001',
    street: 'Rua Barão de Jaguara',
    address: 'Rua Barão de Jaguara, 50',
    city: 'Campinas',
  });
  expect(customer.files.map((file) => file.name).sort()).toEqual(work.files.map((file) => file.name).sort());
  for (const file of work.files) {
    const remote = customer.files.find((candidate) => candidate.name === file.name)!;
    const served = await serverBytes(client, remote.file.download_url);
    expect(remote).toMatchObject({ original_name: file.fileName, size: served.length, sha256: sha256(served) });
    if (file.type.startsWith('image/')) {
      // The same picture, as the server re-encoded it.
      expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
    } else expect(sha256(served)).toBe(sha256(file.bytes));
  }

  // The device: nothing left to send, every server id known, the bytes still here.
  expect(await client.db.outbox.toArray()).toEqual([]);
  const [local] = (await liveRecords(client.db, 'customers')).filter((record) => record.name === work.name);
  expect(local).toMatchObject({ id: customer.id, key: work.customer });
  const addresses = (await liveRecords(client.db, 'customer_addresses')).filter((line) => line.customer_key === work.customer);
  expect(addresses.map((line) => line.id).sort()).toEqual(customer.addresses.map((address) => address.id).sort());
  const files = (await liveRecords(client.db, 'customer_files')).filter((line) => line.customer_key === work.customer);
  expect(files.map((line) => line.id).sort()).toEqual(customer.files.map((file) => file.id).sort());
  for (const line of files) {
    const stored = await readDeviceFile(client.db, 'customer_files', line.key);
    expect(stored).toMatchObject({ status: 'uploaded', id: line.id });
    const expected = work.files.find((file) => file.name === line.name)!;
    expect(sha256(new Uint8Array(await stored!.blob.arrayBuffer()))).toBe(sha256(expected.bytes));
  }
  return customer;
}

describe('a customer with addresses and files made offline', () => {
  it('arrives once through a dropped create, lost answers, a 500 and a reload mid-upload', async () => {
    let client = await device();
    const work = await offlineCustomer(client.db, `a${Date.now().toString(36)}`);

    server.proxy.inject({ method: 'POST', path: /^\/api\/customer$/, fault: { kind: 'drop' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/customer\/\d+\/address$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/customer\/\d+\/file$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/customer\/\d+\/file$/, fault: { kind: 'status', status: 500 } });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The server stores this upload; its answer is held while the app reloads.
    const held = server.proxy.inject({ method: 'POST', path: /^\/api\/customer\/\d+\/file$/, fault: { kind: 'hold-response', until: gate } });

    const cutOff = client.engine.drain().catch(() => undefined);
    await held.hit;
    client = await reload(client);
    expect(await client.db.outbox.where('status').equals('in_flight').count()).toBeGreaterThan(0);

    await client.engine.drain();
    release();
    await cutOff;
    server.proxy.clearFaults();
    await client.engine.drain();

    await expectOnServerOnce(client, work);
    const faults = server.proxy.log.map((request) => request.fault).filter((fault) => fault !== null);
    expect(faults.sort()).toEqual(['drop', 'hold-response', 'lose-response', 'lose-response', 'status']);
    // Every retried upload carried its first Idempotency-Key: one key per file in all the requests sent.
    const uploads = server.proxy.requests({ method: 'POST', path: /^\/api\/customer\/\d+\/file$/ });
    expect(uploads.length).toBeGreaterThan(3);
    expect(new Set(uploads.map((request) => request.idempotencyKey)).size).toBe(3);
  });

  it('an upload whose answer was lost is not sent again: the retry asks for the kept answer, and the bytes go once', async () => {
    const client = await device();
    const work = await offlineCustomer(client.db, `c${Date.now().toString(36)}`);
    const lost = server.proxy.inject({ method: 'POST', path: /^\/api\/customer\/\d+\/file$/, fault: { kind: 'lose-response' } });
    const before = server.proxy.log.length;
    await client.engine.drain();
    await lost.hit;
    await expectOnServerOnce(client, work);

    const sent = server.proxy.log.slice(before);
    const uploads = sent.filter((request) => request.method === 'POST' && /^\/api\/customer\/\d+\/file$/.test(request.path));
    // One upload per file: the one whose answer was lost is not among the sends again.
    expect(uploads).toHaveLength(work.files.length);
    expect(new Set(uploads.map((request) => request.idempotencyKey)).size).toBe(work.files.length);
    expect(uploads.filter((request) => request.fault === 'lose-response')).toHaveLength(1);
    const lostKey = uploads.find((request) => request.fault === 'lose-response')!.idempotencyKey;
    const asked = sent.filter((request) => request.method === 'GET' && request.path === '/api/sync/answer');
    expect(asked.map((request) => [request.idempotencyKey, request.status])).toEqual([[lostKey, 200]]);
  });

  it('an upload the server is still receiving is waited for (409, Retry-After), its bytes sent again only once the server has nothing', async () => {
    // Real timers and a slow backoff: the waits are waited, not skipped (a TestClock would ask again at once, in a loop).
    const client = await device({ now: Date.now, timers: realTimers, backoff: { baseMs: 1_000, factor: 1, maxMs: 1_000, jitter: 0 } });
    const work = await offlineCustomer(client.db, `r${Date.now().toString(36)}`);
    const before = server.proxy.log.length;
    // The first upload's connection is cut: the device cannot know whether the server got it.
    const cut = server.proxy.inject({ method: 'POST', path: /^\/api\/customer\/\d+\/file$/, fault: { kind: 'drop' } });
    await client.engine.syncNow();
    await cut.hit;
    const dropped = server.proxy.log.slice(before).find((request) => request.fault === 'drop')!;
    const key = dropped.idempotencyKey!;
    // It did, on another path of the network, and is still receiving it: the key's lease is held.
    const [admin] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN.username));
    const claim = await claimKey(server.db, { userId: admin!.id, key }, { method: 'POST', path: dropped.path, hash: null }, server.clock.now());
    expect(claim.kind).toBe('claimed');
    const withKey = () => server.proxy.log.slice(before).filter((request) => request.idempotencyKey === key && request.fault === null);
    const asked = () => withKey().filter((request) => request.method === 'GET');
    // Each try when it falls due: it asks first, hears 409 and waits its Retry-After, the bytes staying on the device.
    for (let tries = 1; tries <= 2; tries += 1) {
      const [waiting] = await client.db.outbox.where('resource').equals('customer_files').toArray();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, waiting!.next_attempt_at! - Date.now())));
      await client.engine.syncNow();
      expect(asked().map((request) => `${request.path} ${request.status}`)).toEqual(Array(tries).fill('/api/sync/answer 409'));
    }
    expect(withKey().filter((request) => request.method === 'POST')).toEqual([]);
    expect(await client.db.outbox.where('resource').equals('customer_files').toArray()).toMatchObject([{ idempotency_key: key, attempts: 3 }]);

    // The lease runs out with nothing kept: the next try hears 404 and uploads, once.
    server.clock.skip(IDEMPOTENCY_LEASE_MS + 1);
    await client.engine.drain();
    await expectOnServerOnce(client, work);
    expect(
      withKey()
        .filter((request) => request.method === 'POST')
        .map((request) => request.status),
    ).toEqual([201]);
    expect(asked().at(-1)!.status).toBe(404);
  });

  it('waits for the customer before uploading, and a second device pulls the files with their download paths', async () => {
    const first = await device();
    const work = await offlineCustomer(first.db, `b${Date.now().toString(36)}`);
    // The customer's create keeps failing: no address or file may be sent before it exists.
    server.proxy.inject({ method: 'POST', path: /^\/api\/customer$/, fault: { kind: 'status', status: 503 }, times: 2 });
    const before = server.proxy.log.length;
    await first.engine.drain();
    const customer = await expectOnServerOnce(first, work);
    const sent = server.proxy.log.slice(before).filter((request) => request.method === 'POST');
    const created = sent.findIndex((request) => request.path === '/api/customer' && request.status === 201);
    const firstLine = sent.findIndex((request) => /\/(address|file)$/.test(request.path));
    expect(sent.filter((request) => request.path === '/api/customer').map((request) => request.status)).toEqual([503, 503, 201]);
    expect(firstLine).toBeGreaterThan(created);

    const second = await device();
    const [pulled] = (await liveRecords(second.db, 'customers')).filter((record) => record.id === customer.id);
    const lines = (await liveRecords(second.db, 'customer_files')).filter((line) => line.customer_key === pulled!.key);
    expect(lines.map((line) => (line.file as { download_url: string }).download_url).sort()).toEqual(
      customer.files.map((file) => file.file.download_url).sort(),
    );
    // Nothing downloaded yet on the second device; the engine's transfer fetches the bytes.
    expect(await readDeviceFile(second.db, 'customer_files', lines[0]!.key)).toBeNull();
    const blob = await second.engine.files.download((lines[0]!.file as { download_url: string }).download_url);
    const expected = customer.files.find((file) => file.name === lines[0]!.name)!;
    expect(sha256(new Uint8Array(await blob.arrayBuffer()))).toBe(expected.sha256);
    const zip = await second.engine.files.downloadWithBody(`api/customer/${customer.id}/files/download-multiple`, {
      file_ids: customer.files.map((file) => file.id),
    });
    expect(new TextDecoder('latin1').decode(new Uint8Array(await zip.slice(0, 2).arrayBuffer()))).toBe('PK');
  });
});
