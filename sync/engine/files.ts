/**
 * Files kept on the device for records whose create is an upload
 * (`upload` in the registry: customer files). The bytes live in the store's
 * `files` table, owned by the record (owner_resource + owner_key):
 *
 * - `saveRecordWithFile` writes the record, its outbox entry and the bytes
 *   in one transaction, so an entry never exists without its bytes;
 * - the push sends the create as multipart/form-data (`uploadForm`) once the
 *   parent has its server id, with the entry's Idempotency-Key on every try;
 * - the server's answer marks the bytes uploaded (`markUploaded`); they are
 *   kept, so the file opens offline on this device;
 * - a file downloaded from the server is cached the same way (`cacheFile`);
 * - the bytes go when the record goes for good (`removeOwnedFiles`, called
 *   by references.ts's removeRecord: discarded, deleted, gone on the server).
 */
import type { SyncDatabase } from '../store/database';
import type { RecordFields } from '../store/types';
import type { DeviceFile } from './files-store';
import { saveRecords, type MutationOptions } from './mutations';

export * from './files-store';

/**
 * Creates a record of an upload resource with its bytes: the record and its
 * create entry (through the one write path) and the bytes, in one
 * transaction (a unit of work of one item). Returns the record's local key.
 */
export async function saveRecordWithFile(
  db: SyncDatabase,
  resourceName: string,
  changes: RecordFields,
  file: DeviceFile,
  options: MutationOptions = {},
): Promise<string> {
  if (!db.registry.get(resourceName).upload) throw new Error(`${resourceName} is not an upload resource`);
  const [key] = await saveRecords(db, [{ resource: resourceName, key: null, fields: changes, file }], options);
  return key!;
}
