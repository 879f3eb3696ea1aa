// @vitest-environment node
/**
 * A record's files for the screens (sync/engine/record-files.ts) on a real
 * local store: each file's state from the store alone (on the device only,
 * uploading with progress, uploaded, failed with the server's message) and
 * whether it opens offline; adding several files is one unit of work;
 * removing; the bytes from the device, else downloaded and kept.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { SyncError } from '@sync/engine/errors';
import { markUploaded } from '@sync/engine/files';
import { uploadProgressReporter } from '@sync/engine/files-progress';
import type { FileTransfers } from '@sync/engine/files-transfer';
import { saveRecord } from '@sync/engine/mutations';
import {
  addRecordFiles,
  readRecordFiles,
  recordFileBytes,
  RECORD_FILE_MESSAGES,
  removeRecordFile,
  type NewRecordFile,
} from '@sync/engine/record-files';
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

const bytes = (text: string) => new Blob([new TextEncoder().encode(text)], { type: 'application/pdf' });
const textOf = async (blob: Blob) => new TextDecoder().decode(await blob.arrayBuffer());
const newFile = (name: string, content = name): NewRecordFile => ({
  file: { blob: bytes(content), fileName: `${name}.pdf`, type: 'application/pdf' },
  fields: { name, original_name: `${name}.pdf`, size: content.length, file: { type: 'application/pdf', download_url: null } },
});

function wireCustomer(id: number, files: RecordFields[]): RecordFields {
  return {
    id,
    name: `Cliente ${id}`,
    type: 'individual',
    document: null,
    email: `c${id}@exemplo.com.br`,
    phone: '1133334444',
    comment: null,
    contact: null,
    contact_name: null,
    addresses: [],
    f_created_at: '20/11/2026',
    files,
    created_at: at(0),
    updated_at: at(0),
  };
}
function wireFile(id: number, customerId: number): RecordFields {
  return {
    id,
    customer_id: customerId,
    file_id: 100 + id,
    name: `Arquivo ${id}`,
    original_name: `Arquivo ${id}.pdf`,
    file: { type: 'application/pdf', download_url: `api/customer/${customerId}/file/${id}/download` },
    size: 6,
    sha256: 'ab'.repeat(32),
    created_at: at(0),
    updated_at: at(0),
  };
}

async function newCustomer(): Promise<string> {
  return saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', type: 'individual', email: 'a@alfa.com.br', phone: '(11) 3333-4444' });
}

async function pulledCustomer(): Promise<{ customerKey: string; fileKeys: string[] }> {
  await db.write(async (store) =>
    applyServerRecords(store, store.registry.get('customers'), [wireCustomer(7, [wireFile(3, 7), wireFile(4, 7)])], await keysWithEntries(store)),
  );
  const customer = await db.records('customers').where('id').equals(7).first();
  const lines = await db.records('customer_files').orderBy('id').toArray();
  return { customerKey: customer!.key, fileKeys: lines.map((line) => line.key) };
}

/** Downloads served from a map of paths, counted. */
function fakeTransfers(contents: Record<string, string>) {
  const asked: string[] = [];
  const transfers = {
    async download(path: string) {
      asked.push(path);
      if (!(path in contents)) throw SyncError.of('not-found');
      return bytes(contents[path]!);
    },
  } as unknown as FileTransfers;
  return { asked, transfers };
}

describe('the states of a record’s files', () => {
  const cases: Array<[string, (customerKey: string, key: string) => Promise<void>, Record<string, unknown>]> = [
    [
      'attached here, not sent yet: on this device only',
      async () => undefined,
      { state: 'local', id: null, progress: null, problem: null, availableOffline: true },
    ],
    [
      'being sent: uploading, with bytes sent of total',
      async (_customer, key) => {
        uploadProgressReporter(db, 'customer_files', key)(300, 1200);
        await expect.poll(async () => db.meta.count()).toBeGreaterThan(0);
      },
      { state: 'uploading', progress: { loaded: 300, total: 1200 }, availableOffline: true },
    ],
    [
      'accepted by the server: uploaded, and still opens offline',
      async (_customer, key) => {
        await db.write(async (store) => {
          await markUploaded(store, 'customer_files', key, 41);
          await store.records('customer_files').update(key, { id: 41 });
          await store.outbox.where('key').equals(key).delete();
        });
      },
      { state: 'uploaded', id: 41, problem: null, availableOffline: true },
    ],
    [
      'refused by the server: failed, with its message',
      async (_customer, key) => {
        await db.outbox
          .where('key')
          .equals(key)
          .modify((entry) => {
            entry.status = 'failed';
            entry.attempts = 1;
            entry.error = { code: 'validation', message: 'Tipo de arquivo não permitido.', status: 422 };
          });
      },
      { state: 'failed', problem: { status: 'failed', message: 'Tipo de arquivo não permitido.' } },
    ],
  ];

  it.each(cases)('%s', async (_label, arrange, expected) => {
    const customerKey = await newCustomer();
    const [key] = await addRecordFiles(db, 'customer_files', customerKey, [newFile('Laudo')]);
    await arrange(customerKey, key!);
    const files = await readRecordFiles(db, 'customer_files', customerKey);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ key, ...expected });
    expect(files[0]!.record).toMatchObject({ name: 'Laudo', customer_key: customerKey });
  });

  it('a file pulled from the server is uploaded but not offline until its bytes are kept', async () => {
    const { customerKey, fileKeys } = await pulledCustomer();
    // Pulled together (one created_at): ordered by id here.
    const files = (await readRecordFiles(db, 'customer_files', customerKey)).sort((a, b) => a.id! - b.id!);
    expect(files.map((file) => [file.id, file.state, file.availableOffline])).toEqual([
      [3, 'uploaded', false],
      [4, 'uploaded', false],
    ]);
    const { asked, transfers } = fakeTransfers({ 'api/customer/7/file/3/download': 'SERVER' });
    expect(await textOf(await recordFileBytes(db, transfers, 'customer_files', fileKeys[0]!))).toBe('SERVER');
    expect((await readRecordFiles(db, 'customer_files', customerKey)).find((file) => file.id === 3)!.availableOffline).toBe(true);
    // Kept: the second read comes from the device.
    expect(await textOf(await recordFileBytes(db, undefined, 'customer_files', fileKeys[0]!))).toBe('SERVER');
    expect(asked).toEqual(['api/customer/7/file/3/download']);
  });

  it('without a connection, a file whose bytes are not here says so', async () => {
    const { fileKeys } = await pulledCustomer();
    const error = await recordFileBytes(db, undefined, 'customer_files', fileKeys[1]!).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SyncError);
    expect(error).toMatchObject({ code: 'network', message: RECORD_FILE_MESSAGES.offline });
  });
});

describe('adding and removing', () => {
  it('adds several files as one unit: lines, create entries and bytes', async () => {
    const customerKey = await newCustomer();
    const keys = await addRecordFiles(db, 'customer_files', customerKey, [newFile('Laudo', 'L'), newFile('Planta', 'P')]);
    const files = await readRecordFiles(db, 'customer_files', customerKey);
    expect(files.map((file) => [file.key, file.record.name, file.state])).toEqual([
      [keys[0], 'Laudo', 'local'],
      [keys[1], 'Planta', 'local'],
    ]);
    expect(await db.outbox.where('resource').equals('customer_files').count()).toBe(2);
    expect(await textOf(await recordFileBytes(db, undefined, 'customer_files', keys[1]!))).toBe('P');
  });

  it('refuses the whole batch when one file is invalid: nothing written', async () => {
    const customerKey = await newCustomer();
    const error = await addRecordFiles(db, 'customer_files', customerKey, [newFile('Laudo'), newFile('  ')]).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'validation', item: 1, message: 'Preencha os nomes obrigatórios dos arquivos' });
    expect(await db.records('customer_files').count()).toBe(0);
    expect(await db.files.count()).toBe(0);
    expect(await db.outbox.where('resource').equals('customer_files').count()).toBe(0);
  });

  it('removes a file never sent, with its bytes; a pulled one waits as a delete to push', async () => {
    const customerKey = await newCustomer();
    const [key] = await addRecordFiles(db, 'customer_files', customerKey, [newFile('Laudo')]);
    expect(await removeRecordFile(db, 'customer_files', key!)).toEqual({ cancelled: true });
    expect(await readRecordFiles(db, 'customer_files', customerKey)).toEqual([]);
    expect(await db.files.count()).toBe(0);

    const pulled = await pulledCustomer();
    expect(await removeRecordFile(db, 'customer_files', pulled.fileKeys[0]!)).toEqual({ cancelled: false });
    expect((await readRecordFiles(db, 'customer_files', pulled.customerKey)).map((file) => file.id)).toEqual([4]);
    expect((await db.outbox.where('key').equals(pulled.fileKeys[0]!).toArray()).map((entry) => entry.op)).toEqual(['delete']);
  });
});
