/**
 * What the 'Anexos' tab does with files, over the local store and the
 * engine's downloads:
 * - attach: each file is kept on the device with its line (the engine
 *   uploads it once the customer is on the server);
 * - bytes of a file: from the device when it is there (uploaded from here,
 *   or downloaded before); otherwise from the server, and then kept, so the
 *   next time it opens offline;
 * - a zip of several: the server's (download-multiple) when every file is on
 *   the server and the server answers; else built here from the device's
 *   copies, when it has them all.
 */
import { allowedFileType } from '../../../sync/contract/customers';
import type { SyncEngine } from '../../../sync/engine/engine';
import { SyncError } from '../../../sync/engine/errors';
import { cacheFile, readDeviceFile, saveRecordWithFile } from '../../../sync/engine/files';
import type { SyncDatabase } from '../../../sync/store/database';
import type { LocalCustomerFile } from '../../../sync/store/registry/customer-records';
import { FILE_TEXTS } from './customer-texts';
import type { FileDraft } from './file-drafts';
import { downloadFileName } from './save-file';
import { buildZip } from './zip-store';

/** A row of the files table: a line of the store, or a file held for a customer not saved yet. */
export interface FileRow {
  key: string;
  id: number | null;
  name: string;
  originalName: string;
  line: LocalCustomerFile | null;
  /** The chosen file itself, for a customer not saved yet. */
  held: File | null;
}

export function rowOfLine(line: LocalCustomerFile): FileRow {
  return { key: line.key, id: line.id, name: line.name, originalName: line.original_name, line, held: null };
}

export function rowOfDraft(draft: FileDraft): FileRow {
  return { key: draft.id, id: null, name: draft.name.trim(), originalName: draft.file.name, line: null, held: draft.file };
}

/** The type sent with a file: the browser's, or the one its extension names. */
export function fileTypeOf(file: File): string {
  return file.type || allowedFileType(null, file.name) || 'application/octet-stream';
}

/** Keeps the files on the device as lines of the customer; returns their local keys. */
export async function attachFiles(db: SyncDatabase, customerKey: string, drafts: readonly FileDraft[]): Promise<string[]> {
  const keys: string[] = [];
  for (const draft of drafts) {
    const type = fileTypeOf(draft.file);
    keys.push(
      await saveRecordWithFile(
        db,
        'customer_files',
        {
          customer_key: customerKey,
          name: draft.name.trim(),
          original_name: draft.file.name,
          size: draft.file.size,
          file: { type, download_url: null },
        },
        { blob: draft.file, fileName: draft.file.name, type },
      ),
    );
  }
  return keys;
}

export interface Downloader {
  db: SyncDatabase;
  engine: SyncEngine | undefined;
  online: boolean;
}

/** The bytes of a file: the device's copy, else the server's (then kept on the device). */
export async function bytesOf({ db, engine, online }: Downloader, row: FileRow): Promise<Blob> {
  if (row.held) return row.held;
  const stored = await readDeviceFile(db, 'customer_files', row.key);
  if (stored) return stored.blob;
  const url = row.line?.file?.download_url;
  if (!url || !engine || !online) throw new Error(FILE_TEXTS.notOnDevice);
  const blob = await engine.files.download(url);
  await cacheFile(db, 'customer_files', row.key, {
    blob,
    fileName: row.originalName,
    type: row.line?.file?.type ?? blob.type,
    id: row.id,
  });
  return blob;
}

/** A zip of the rows: the server's when it can, else built from the device's copies. */
export async function zipOf(downloader: Downloader, customerId: number | null, rows: readonly FileRow[]): Promise<Blob> {
  const { engine, online } = downloader;
  if (online && engine && customerId !== null && rows.every((row) => row.id !== null)) {
    try {
      return await engine.files.downloadWithBody(`api/customer/${customerId}/files/download-multiple`, {
        file_ids: rows.map((row) => row.id),
      });
    } catch (error) {
      // No server after all: fall back to what the device has.
      if (!(error instanceof SyncError) || error.code !== 'network') throw error;
    }
  }
  const entries = [];
  const missing: string[] = [];
  for (const row of rows) {
    const blob = row.held ?? (await readDeviceFile(downloader.db, 'customer_files', row.key))?.blob;
    if (!blob) missing.push(row.name);
    else entries.push({ name: downloadFileName(row.name, row.originalName), bytes: new Uint8Array(await blob.arrayBuffer()) });
  }
  if (missing.length > 0) throw new Error(FILE_TEXTS.someNotOnDevice(missing.join(', ')));
  return buildZip(entries);
}
