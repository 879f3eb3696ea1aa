// @vitest-environment node
/**
 * Files kept on the device (sync/engine/files*.ts) on a real local store:
 * a file line is created with its bytes in one transaction (record, create
 * entry, bytes), its multipart body carries the input fields and the bytes,
 * the bytes stay after the upload (marked with the server id), a downloaded
 * file is cached, and the bytes go with their record however it goes
 * (cancelled create, discard, deleted customer, deleted on the server).
 * Upload progress rows: throttled, cleared, read back by key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyServerDelete, applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { discardEntry } from '@sync/engine/entry-actions';
import { cacheFile, keysWithDeviceFiles, markUploaded, readDeviceFile, saveRecordWithFile, uploadForm } from '@sync/engine/files';
import { clearUploadProgress, readUploadProgress, uploadProgressReporter } from '@sync/engine/files-progress';
import { uploadTimeoutMs } from '@sync/engine/files-xhr';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import type { RecordFields } from '@sync/store/types';
import { at, openTestDb } from './support';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const bytes = (text: string, type = 'application/pdf') => new Blob([new TextEncoder().encode(text)], { type });

function wireCustomer(id: number, overrides: RecordFields = {}): RecordFields {
  return {
    id,
    name: `Cliente ${id}`,
    type: 'individual',
    document: null,
    email: `cliente${id}@exemplo.com.br`,
    phone: '1133334444',
    comment: null,
    contact: null,
    contact_name: null,
    addresses: [],
    f_created_at: '20/11/2026',
    files: [],
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

function wireFile(id: number, customerId: number, name = `Arquivo ${id}`): RecordFields {
  return {
    id,
    customer_id: customerId,
    file_id: 100 + id,
    name,
    original_name: `${name}.pdf`,
    file: { type: 'application/pdf', download_url: `api/customer/${customerId}/file/${id}/download` },
    size: 10,
    sha256: 'ab'.repeat(32),
    created_at: at(0),
    updated_at: at(0),
  };
}

async function newCustomer(): Promise<string> {
  return saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', type: 'individual', email: 'a@alfa.com.br', phone: '(11) 3333-4444' });
}

async function attach(customerKey: string, name: string, content = 'conteúdo'): Promise<string> {
  return saveRecordWithFile(
    db,
    'customer_files',
    { customer_key: customerKey, name, original_name: `${name}.pdf`, size: content.length, file: { type: 'application/pdf', download_url: null } },
    { blob: bytes(content), fileName: `${name}.pdf`, type: 'application/pdf' },
  );
}

async function textOf(blob: Blob): Promise<string> {
  return new TextDecoder().decode(await blob.arrayBuffer());
}

describe('saving a file line with its bytes', () => {
  it('writes the record, its create entry and the bytes together', async () => {
    const customerKey = await newCustomer();
    const key = await attach(customerKey, 'Laudo', 'PDF-1');
    const record = await db.records('customer_files').get(key);
    expect(record).toMatchObject({ name: 'Laudo', customer_key: customerKey, customer_id: null, original_name: 'Laudo.pdf', id: null });
    const entries = await db.outbox.where('key').equals(key).toArray();
    expect(entries.map((entry) => entry.op)).toEqual(['create']);
    const stored = await readDeviceFile(db, 'customer_files', key);
    expect(stored).toMatchObject({ name: 'Laudo.pdf', type: 'application/pdf', status: 'pending', id: null });
    expect(await textOf(stored!.blob)).toBe('PDF-1');
  });

  it('keeps nothing when the line is refused (blank name): no record, no entry, no bytes', async () => {
    const customerKey = await newCustomer();
    await expect(attach(customerKey, '   ')).rejects.toMatchObject({ code: 'validation', message: 'Preencha os nomes obrigatórios dos arquivos' });
    expect(await db.records('customer_files').count()).toBe(0);
    expect(await db.files.count()).toBe(0);
    expect(await db.outbox.where('resource').equals('customer_files').count()).toBe(0);
  });

  it('builds the multipart body: the input fields, then the bytes under "file" with the file name', async () => {
    const customerKey = await newCustomer();
    const key = await attach(customerKey, 'Planta baixa', 'PLANTA');
    const upload = await db.read((store) => uploadForm(store, store.registry.get('customer_files'), key, { name: 'Planta baixa' }));
    expect(upload!.size).toBe(6);
    expect(upload!.form.get('name')).toBe('Planta baixa');
    const file = upload!.form.get('file') as File;
    expect(file.name).toBe('Planta baixa.pdf');
    expect(await textOf(file)).toBe('PLANTA');
  });

  it('has no body when the bytes are not on the device', async () => {
    const customerKey = await newCustomer();
    const key = await attach(customerKey, 'Laudo');
    await db.files.clear();
    const upload = await db.read((store) => uploadForm(store, store.registry.get('customer_files'), key, { name: 'Laudo' }));
    expect(upload).toBeNull();
  });
});

describe('the bytes after the upload and on download', () => {
  it('stay on the device once uploaded, known by the server id', async () => {
    const customerKey = await newCustomer();
    const key = await attach(customerKey, 'Laudo', 'PDF-1');
    await db.write((store) => markUploaded(store, 'customer_files', key, 41));
    expect(await readDeviceFile(db, 'customer_files', key)).toMatchObject({ status: 'uploaded', id: 41 });
    expect(await keysWithDeviceFiles(db, 'customer_files', [key, 'other'])).toEqual(new Set([key]));
  });

  it('caches a downloaded file of a pulled line, and not one whose line is gone', async () => {
    await db.write(async (store) =>
      applyServerRecords(
        store,
        store.registry.get('customers'),
        [wireCustomer(7, { files: [wireFile(3, 7), wireFile(4, 7)] })],
        await keysWithEntries(store),
      ),
    );
    const [first, second] = await db.records('customer_files').orderBy('id').toArray();
    expect(await keysWithDeviceFiles(db, 'customer_files', [first!.key, second!.key])).toEqual(new Set());
    await cacheFile(db, 'customer_files', first!.key, { blob: bytes('SERVER'), fileName: 'Arquivo 3.pdf', type: 'application/pdf', id: 3 });
    expect(await textOf((await readDeviceFile(db, 'customer_files', first!.key))!.blob)).toBe('SERVER');
    await cacheFile(db, 'customer_files', 'not-a-line', { blob: bytes('X'), fileName: 'x.pdf', type: 'application/pdf', id: 9 });
    expect(await db.files.count()).toBe(1);
  });
});

describe('the bytes go with their record', () => {
  it('when a file never sent is deleted (its create is cancelled)', async () => {
    const customerKey = await newCustomer();
    const key = await attach(customerKey, 'Laudo');
    const result = await deleteRecord(db, 'customer_files', key);
    expect(result.cancelled).toBe(true);
    expect(await db.files.count()).toBe(0);
  });

  it('when the unsent create is discarded', async () => {
    const customerKey = await newCustomer();
    const key = await attach(customerKey, 'Laudo');
    const [entry] = await db.outbox.where('key').equals(key).toArray();
    await discardEntry(db, entry!.seq!);
    expect(await db.records('customer_files').get(key)).toBeUndefined();
    expect(await db.files.count()).toBe(0);
  });

  it('when the customer is deleted (its lines go at once)', async () => {
    await db.write(async (store) =>
      applyServerRecords(store, store.registry.get('customers'), [wireCustomer(7, { files: [wireFile(3, 7)] })], await keysWithEntries(store)),
    );
    const customer = await db.records('customers').where('id').equals(7).first();
    const line = await db.records('customer_files').where('id').equals(3).first();
    await cacheFile(db, 'customer_files', line!.key, { blob: bytes('SERVER'), fileName: 'a.pdf', type: 'application/pdf', id: 3 });
    const mine = await attach(customer!.key, 'Novo');
    expect(await db.files.count()).toBe(2);
    await deleteRecord(db, 'customers', customer!.key);
    expect(await db.records('customer_files').count()).toBe(0);
    expect(await db.files.count()).toBe(0);
    expect(await db.outbox.where('key').equals(mine).count()).toBe(0);
  });

  it('when the server says the file was deleted, or the customer pulled without it', async () => {
    await db.write(async (store) =>
      applyServerRecords(
        store,
        store.registry.get('customers'),
        [wireCustomer(7, { files: [wireFile(3, 7), wireFile(4, 7)] })],
        await keysWithEntries(store),
      ),
    );
    const lines = await db.records('customer_files').orderBy('id').toArray();
    for (const line of lines) {
      await cacheFile(db, 'customer_files', line.key, { blob: bytes(`F${line.id}`), fileName: 'a.pdf', type: 'application/pdf', id: line.id });
    }
    await db.write(async (store) => applyServerDelete(store, store.registry.get('customer_files'), 3, await keysWithEntries(store)));
    expect(
      await keysWithDeviceFiles(
        db,
        'customer_files',
        lines.map((line) => line.key),
      ),
    ).toEqual(new Set([lines[1]!.key]));
    await db.write(async (store) =>
      applyServerRecords(store, store.registry.get('customers'), [wireCustomer(7, { files: [], updated_at: at(5) })], await keysWithEntries(store)),
    );
    expect(await db.files.count()).toBe(0);
  });
});

describe('upload progress', () => {
  it('reports the first and last numbers at once and at most one in between per interval, then clears', async () => {
    let now = 1_000;
    const report = uploadProgressReporter(db, 'customer_files', 'k1', () => now);
    report(0, 1000);
    report(100, 1000); // same instant: skipped
    now += 300;
    report(400, 1000);
    report(1000, 1000); // the end always lands
    await expect.poll(async () => (await readUploadProgress(db)).get('k1')?.loaded).toBe(1000);
    expect((await readUploadProgress(db)).get('k1')).toEqual({ resource: 'customer_files', key: 'k1', loaded: 1000, total: 1000 });
    await clearUploadProgress(db, 'k1');
    expect((await readUploadProgress(db)).size).toBe(0);
  });

  it('gives a fetch upload time for its bytes at a slow mobile rate', () => {
    expect(uploadTimeoutMs(30_000, 0)).toBe(30_000);
    expect(uploadTimeoutMs(30_000, 5 * 1024 * 1024)).toBe(30_000 + Math.ceil((5 * 1024 * 1024) / 16));
  });
});
