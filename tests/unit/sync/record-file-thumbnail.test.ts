// @vitest-environment node
/**
 * A file's device preview (a photo's thumbnail, made on the device when it
 * was added): kept beside the bytes in the same unit of work, read back
 * without the network, never part of the upload body; null when none was
 * made or the bytes are not on this device.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { uploadForm } from '@sync/engine/files';
import { addRecordFiles, recordFileThumbnail } from '@sync/engine/record-files';
import type { SyncDatabase } from '@sync/store/database';
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

async function customerKey(): Promise<string> {
  const wire = {
    id: 7,
    name: 'Cliente 7',
    type: 'individual',
    document: null,
    email: 'c7@exemplo.com.br',
    phone: '1133334444',
    comment: null,
    contact: null,
    contact_name: null,
    addresses: [],
    f_created_at: '20/11/2026',
    files: [],
    created_at: at(0),
    updated_at: at(0),
  };
  await db.write(async (store) => applyServerRecords(store, store.registry.get('customers'), [wire], await keysWithEntries(store)));
  return (await db.records('customers').where('id').equals(7).first())!.key;
}

const fields = (name: string) => ({ name, original_name: name, size: 4, file: { type: 'image/jpeg', download_url: null } });

describe('recordFileThumbnail', () => {
  it('keeps the thumbnail made on the device beside the bytes, and sends only the bytes', async () => {
    const parent = await customerKey();
    const [withThumbnail, without] = await addRecordFiles(db, 'customer_files', parent, [
      {
        file: { blob: new Blob(['full']), fileName: 'a.jpg', type: 'image/jpeg', thumbnail: new Blob(['small'], { type: 'image/jpeg' }) },
        fields: fields('a.jpg'),
      },
      { file: { blob: new Blob(['full']), fileName: 'b.jpg', type: 'image/jpeg' }, fields: fields('b.jpg') },
    ]);
    expect(await (await recordFileThumbnail(db, 'customer_files', withThumbnail!))?.text()).toBe('small');
    expect(await recordFileThumbnail(db, 'customer_files', without!)).toBeNull();
    expect(await recordFileThumbnail(db, 'customer_files', 'not-here')).toBeNull();

    const body = await uploadForm(db, db.registry.get('customer_files'), withThumbnail!, { name: 'a.jpg' });
    const sent = body!.form.getAll('file');
    expect(sent).toHaveLength(1);
    expect(await (sent[0] as Blob).text()).toBe('full');
  });
});
