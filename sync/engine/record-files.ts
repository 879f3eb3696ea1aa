/**
 * A record's files, for the screens (customer attachments now, sample
 * photos later): the file lines of an upload resource under one parent
 * record, each with where it stands, and what the screens do with them.
 *
 * States, from the store alone (so every tab agrees, live):
 * - 'local': on this device only, waiting to be uploaded (its parent may
 *   not be on the server yet);
 * - 'uploading': being sent now, with bytes sent of total (the engine
 *   tab's progress rows, files-progress.ts);
 * - 'uploaded': on the server;
 * - 'failed': the server refused it (or it conflicts); `problem` says why.
 * `availableOffline`: its bytes are on this device (uploaded from here, or
 * kept after a download), so it opens without a connection.
 *
 * Adding files is one unit of work (all lines, their entries and bytes in
 * one transaction); removing is the ordinary delete; the bytes come from the
 * device, else from the server (then kept, so they open offline next time).
 */
import type { SyncDatabase } from '../store/database';
import { readChildren } from '../store/queries';
import type { RecordFields, StoredRecord } from '../store/types';
import { SyncError } from './errors';
import { cacheFile, FILE_MESSAGES, keysWithDeviceFiles, readDeviceFile, type DeviceFile } from './files-store';
import { readUploadProgress } from './files-progress';
import type { FileTransfers } from './files-transfer';
import { deleteRecord, saveRecords, type DeleteResult, type MutationOptions } from './mutations';

export type RecordFileState = 'local' | 'uploading' | 'uploaded' | 'failed';

export interface RecordFileProblem {
  status: 'failed' | 'conflict';
  /** The server's (or the engine's) message, in Portuguese. */
  message: string;
}

export interface RecordFile<T = StoredRecord> {
  key: string;
  /** Server id; null until uploaded. */
  id: number | null;
  /** The file line as stored (name, original name, type...). */
  record: T;
  state: RecordFileState;
  /** While uploading: bytes sent of total. */
  progress: { loaded: number; total: number } | null;
  /** When failed: why. */
  problem: RecordFileProblem | null;
  /** Its bytes are on this device: it opens offline. */
  availableOffline: boolean;
}

/** A file to add: the bytes and the line's own fields (name...); the parent link is filled in. */
export interface NewRecordFile {
  file: DeviceFile;
  fields: RecordFields;
}

export const RECORD_FILE_MESSAGES = {
  offline: 'Este arquivo não está neste dispositivo. Conecte-se para baixá-lo.',
} as const;

function uploadResource(db: SyncDatabase, resourceName: string) {
  const resource = db.registry.get(resourceName);
  if (!resource.upload || !resource.parent) throw new Error(`${resourceName} is not a file resource with a parent`);
  return resource;
}

/** The files of one parent record, in the order added, with their states. */
export async function readRecordFiles(db: SyncDatabase, resourceName: string, parentKey: string): Promise<RecordFile[]> {
  uploadResource(db, resourceName);
  const lines = await readChildren(db, resourceName, parentKey);
  const keys = lines.map((line) => line.key);
  if (keys.length === 0) return [];
  const [entries, progress, onDevice] = await Promise.all([
    db.outbox.where('key').anyOf(keys).toArray(),
    readUploadProgress(db),
    keysWithDeviceFiles(db, resourceName, keys),
  ]);
  const problems = new Map<string, RecordFileProblem>();
  for (const entry of entries) {
    if (entry.status !== 'failed' && entry.status !== 'conflict') continue;
    // A conflict outranks a failure: it needs the user's choice.
    if (problems.get(entry.key)?.status === 'conflict') continue;
    problems.set(entry.key, { status: entry.status, message: entry.error?.message ?? '' });
  }
  return lines.map((line) => {
    const problem = problems.get(line.key) ?? null;
    const sending = progress.get(line.key);
    const state: RecordFileState = problem ? 'failed' : sending ? 'uploading' : line.id === null ? 'local' : 'uploaded';
    return {
      key: line.key,
      id: line.id,
      record: line,
      state,
      progress: state === 'uploading' && sending ? { loaded: sending.loaded, total: sending.total } : null,
      problem,
      availableOffline: onDevice.has(line.key),
    };
  });
}

/**
 * Adds files to a parent record: every line, its create entry and its bytes
 * in one transaction (all or nothing). Returns the lines' local keys.
 */
export async function addRecordFiles(
  db: SyncDatabase,
  resourceName: string,
  parentKey: string,
  files: readonly NewRecordFile[],
  options: MutationOptions = {},
): Promise<string[]> {
  const resource = uploadResource(db, resourceName);
  const link = resource.parent!.keyField;
  return saveRecords(
    db,
    files.map(({ file, fields }) => ({ resource: resourceName, key: null, fields: { ...fields, [link]: parentKey }, file })),
    options,
  );
}

/** Removes a file (its bytes go with its line once the delete is settled). */
export function removeRecordFile(db: SyncDatabase, resourceName: string, key: string): Promise<DeleteResult> {
  return deleteRecord(db, resourceName, key);
}

/**
 * The preview made on this device when the file was added (a photo's
 * thumbnail), or null: not made here, or the bytes are not on this device.
 * Never reaches for the network.
 */
export async function recordFileThumbnail(db: SyncDatabase, resourceName: string, key: string): Promise<Blob | null> {
  uploadResource(db, resourceName);
  return (await readDeviceFile(db, resourceName, key))?.thumbnail ?? null;
}

/**
 * A file's bytes: the device's copy, else the server's (through the
 * engine's transfers, with the session), which is then kept on the device.
 * Throws a SyncError 'network' when neither can be had.
 */
export async function recordFileBytes(db: SyncDatabase, transfers: FileTransfers | undefined, resourceName: string, key: string): Promise<Blob> {
  const resource = uploadResource(db, resourceName);
  const stored = await readDeviceFile(db, resourceName, key);
  if (stored) return stored.blob;
  const record = await db.records(resourceName).get(key);
  const path = record ? (resource.upload!.downloadPath?.(record) ?? null) : null;
  if (!record || !path || !transfers) throw SyncError.of('network', record ? RECORD_FILE_MESSAGES.offline : FILE_MESSAGES.missing);
  const blob = await transfers.download(path);
  const type = (record.file as { type?: string } | null)?.type ?? blob.type;
  const fileName = String(record.original_name ?? record.name ?? 'arquivo');
  await cacheFile(db, resourceName, key, { blob, fileName, type, id: record.id });
  return blob;
}
