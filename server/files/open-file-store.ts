/**
 * The file store a configuration names (files-config.ts): the folder or
 * the object store, one instance per configuration, prepared (`init`) once
 * however many route modules and commands ask for it.
 */
import type { FileStore } from './file-store';
import type { FilesConfig } from './files-config';
import { S3FileStore } from './s3-store';
import { FileStorage } from './storage';

const opened = new WeakMap<FilesConfig, { store: FileStore; ready: Promise<void> }>();

/** A new store for the configuration, not prepared: for a command that only checks and fills it (a restore). */
export function createFileStore(files: FilesConfig): FileStore {
  return files.kind === 's3' ? new S3FileStore(files) : new FileStorage(files.folder);
}

function entryOf(files: FilesConfig, now: number) {
  let entry = opened.get(files);
  if (!entry) {
    const store = createFileStore(files);
    entry = { store, ready: store.init(now) };
    // A failed start is tried again by the next caller, not remembered.
    entry.ready.catch(() => opened.delete(files));
    opened.set(files, entry);
  }
  return entry;
}

/** The configuration's store, for a caller that only reads (its preparation runs meanwhile). */
export function fileStoreOf(files: FilesConfig, now = Date.now()): FileStore {
  return entryOf(files, now).store;
}

/** The configuration's store, ready for use (its folder made, a crash's temporary files removed). */
export async function openFileStore(files: FilesConfig, now = Date.now()): Promise<FileStore> {
  const entry = entryOf(files, now);
  await entry.ready;
  return entry.store;
}
