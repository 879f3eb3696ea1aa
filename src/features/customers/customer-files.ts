/**
 * What the 'Anexos' tab does with files, over the record-files API of the
 * sync layer (sync/engine/record-files.ts, `useRecordFiles`), the one way
 * screens handle a record's files:
 * - attach: the files are kept on the device with their lines, as one unit
 *   (the engine uploads them once the customer is on the server);
 * - bytes of a file: from the device when it is there (uploaded from here,
 *   or downloaded before); otherwise from the server, and then kept, so the
 *   next time it opens offline;
 * - a zip of several: the server's (download-multiple) when every file is on
 *   the server and the server answers; else built here from the device's
 *   copies, when it has them all.
 */
import { allowedFileType } from '@sync/contract/customers';
import {
  addRecordFiles,
  type LocalCustomerFile,
  type NewRecordFile,
  readDeviceFile,
  type RecordFile,
  type SyncDatabase,
  type SyncEngine,
  SyncError,
} from '@sync/react';
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
  /** Where the line's file stands (uploading, uploaded, failed, offline); null for a held file. */
  file: RecordFile<LocalCustomerFile> | null;
  /** The chosen file itself, for a customer not saved yet. */
  held: File | null;
}

export function rowOfFile(file: RecordFile<LocalCustomerFile>): FileRow {
  const line = file.record;
  return { key: line.key, id: line.id, name: line.name, originalName: line.original_name, line, file, held: null };
}

export function rowOfDraft(draft: FileDraft): FileRow {
  return { key: draft.id, id: null, name: draft.name.trim(), originalName: draft.file.name, line: null, file: null, held: draft.file };
}

/** The type sent with a file: the browser's, or the one its extension names. */
export function fileTypeOf(file: File): string {
  return file.type || allowedFileType(null, file.name) || 'application/octet-stream';
}

/** The chosen files as new file lines: name, original name, size and type, with the bytes. */
export function newFilesOf(drafts: readonly FileDraft[]): NewRecordFile[] {
  return drafts.map((draft) => {
    const type = fileTypeOf(draft.file);
    return {
      file: { blob: draft.file, fileName: draft.file.name, type },
      fields: { name: draft.name.trim(), original_name: draft.file.name, size: draft.file.size, file: { type, download_url: null } },
    };
  });
}

/** Keeps the files on the device as lines of the customer, in one unit; returns their local keys. */
export async function attachFiles(db: SyncDatabase, customerKey: string, drafts: readonly FileDraft[]): Promise<string[]> {
  return addRecordFiles(db, 'customer_files', customerKey, newFilesOf(drafts));
}

export interface Downloader {
  db: SyncDatabase;
  engine: SyncEngine | undefined;
  online: boolean;
}

/** The bytes of a row: the held file, else the device's copy, else the server's (then kept on the device). */
export async function bytesOf(bytes: (key: string) => Promise<Blob>, row: FileRow): Promise<Blob> {
  if (row.held) return row.held;
  try {
    return await bytes(row.key);
  } catch (error) {
    if (error instanceof SyncError && error.code === 'network') throw new Error(FILE_TEXTS.notOnDevice);
    throw error;
  }
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
