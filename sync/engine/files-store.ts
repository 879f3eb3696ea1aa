/**
 * The store side of files kept on the device (the `files` table), used by
 * the push (multipart body, uploaded mark), by removeRecord (bytes go with
 * their record) and by the screens (read, cache). No engine imports here, so
 * references.ts can use it without a cycle. See files.ts for the whole story.
 */
import type { StoreScope, SyncDatabase } from '../store/database';
import { newKey } from '../store/keys';
import type { ResourceDefinition } from '../store/registry/resource';
import type { RecordFields, StoredFile } from '../store/types';

export const FILE_MESSAGES = {
  missing: 'O conteúdo deste arquivo não está mais neste dispositivo. Exclua-o e anexe-o novamente.',
} as const;

export interface DeviceFile {
  blob: Blob;
  /** The file's own name ('laudo.pdf'), sent as the multipart file name. */
  fileName: string;
  /** MIME type ('' when the browser does not know it). */
  type: string;
  /** A small preview made on the device (a photo's thumbnail), kept beside the bytes; never sent. */
  thumbnail?: Blob | null;
}

/** The `files` row of bytes a record owns: kept until upload ('pending'), or known to the server ('uploaded'). */
export function ownedFileRow(
  owner: { resource: string; key: string },
  file: DeviceFile,
  state: { key?: string; id: number | null; status: StoredFile['status']; created_at: number },
): StoredFile {
  return {
    key: state.key ?? newKey(),
    owner_resource: owner.resource,
    owner_key: owner.key,
    name: file.fileName,
    type: file.type,
    blob: file.blob,
    thumbnail: file.thumbnail ?? null,
    id: state.id,
    status: state.status,
    created_at: state.created_at,
  };
}

/** The bytes a record owns on this device, if any. */
export async function ownedFile(store: StoreScope, resourceName: string, key: string): Promise<StoredFile | undefined> {
  return store.files.where('[owner_resource+owner_key]').equals([resourceName, key]).first();
}

/** Reads the bytes of a record from the device (null when not on this device). */
export async function readDeviceFile(db: SyncDatabase, resourceName: string, key: string): Promise<StoredFile | null> {
  return (await ownedFile(db, resourceName, key)) ?? null;
}

/** Local keys of the records of `resourceName` whose bytes are on this device. */
export async function keysWithDeviceFiles(db: SyncDatabase, resourceName: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.files
    .where('[owner_resource+owner_key]')
    .anyOf(keys.map((key) => [resourceName, key]))
    .toArray();
  return new Set(rows.map((row) => row.owner_key));
}

/**
 * The multipart body of an upload create: the input fields as text, then
 * the bytes under the resource's file field. Null when the bytes are not on
 * the device (the entry then fails with FILE_MESSAGES.missing).
 */
export async function uploadForm(
  store: StoreScope,
  resource: ResourceDefinition,
  key: string,
  body: RecordFields,
): Promise<{ form: FormData; size: number } | null> {
  if (!resource.upload) return null;
  const stored = await ownedFile(store, resource.name, key);
  if (!stored) return null;
  const form = new FormData();
  for (const [field, value] of Object.entries(body)) {
    if (value !== null && value !== undefined) form.append(field, String(value));
  }
  const blob = stored.type && stored.blob.type !== stored.type ? new Blob([stored.blob], { type: stored.type }) : stored.blob;
  form.append(resource.upload.fileField, blob, stored.name);
  return { form, size: stored.blob.size };
}

/** The server accepted the upload: the bytes stay, now known by the server id. */
export async function markUploaded(store: StoreScope, resourceName: string, key: string, id: number): Promise<void> {
  await store.files
    .where('[owner_resource+owner_key]')
    .equals([resourceName, key])
    .modify((file: StoredFile) => {
      file.status = 'uploaded';
      file.id = id;
    });
}

/** Keeps a file downloaded from the server, so it opens offline next time. */
export async function cacheFile(
  db: SyncDatabase,
  resourceName: string,
  key: string,
  file: DeviceFile & { id: number | null },
  now: () => number = Date.now,
): Promise<void> {
  await db.write(async (store) => {
    // The record may have gone while the bytes were on their way: nothing to keep them for.
    const record = await store.records(resourceName).get(key);
    if (!record || record._deleted) return;
    const existing = await ownedFile(store, resourceName, key);
    await store.files.put(
      ownedFileRow({ resource: resourceName, key }, file, { key: existing?.key, id: file.id, status: 'uploaded', created_at: now() }),
    );
  });
}

/** The record is gone for good: its bytes go too. */
export async function removeOwnedFiles(store: StoreScope, resourceName: string, key: string): Promise<void> {
  await store.files.where('[owner_resource+owner_key]').equals([resourceName, key]).delete();
}
