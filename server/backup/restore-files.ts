/**
 * The files' side of a restore (restore.ts), into whichever store the
 * configuration names (the folder DATA_DIR/files or the object store of
 * FILES_URL): so an archive taken from one restores into the other.
 *
 * The store must hold nothing. The archive's files are staged on this
 * machine as they are read (DATA_DIR/files.restoring); only once every hash
 * of the archive was checked are they put into the store under their keys
 * (`place`), and a failure after that removes what was put (`undo`), so a
 * failed restore leaves the store as empty as it was.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../files/file-store';
import { filesFolder } from '../files/storage';
import { BackupError, RESTORE_MESSAGES } from './messages';

export type RestoreFiles = {
  /** Stages one file of the archive (its hash is checked by the archive's reader, at the end). */
  write(key: string, body: AsyncIterable<Buffer>): Promise<void>;
  /** Puts every staged file into the store; on a failure removes those it put, and throws. */
  place(): Promise<void>;
  /** Removes from the store what `place` put (a later step of the restore failed). */
  undo(): Promise<void>;
  /** Removes the staging folder. */
  discard(): Promise<void>;
};

/** Refuses a store that holds anything, before anything is written; then a staging folder in dataDir. */
export async function restoreFilesInto(store: FileStore, kind: 'local' | 's3', dataDir: string): Promise<RestoreFiles> {
  if (!(await store.isEmpty())) {
    throw new BackupError(kind === 's3' ? RESTORE_MESSAGES.objectStoreNotEmpty(store.label) : RESTORE_MESSAGES.filesNotEmpty(store.label));
  }
  // Beside the folder store, so a file is renamed into place rather than copied.
  const staging = `${filesFolder(dataDir)}.restoring`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const placed: string[] = [];
  const removePlaced = async () => {
    for (const key of placed.splice(0)) await store.remove(key).catch(() => undefined);
  };
  return {
    async write(key, body) {
      await pipeline(Readable.from(body), createWriteStream(join(staging, key), { flags: 'wx', mode: 0o640 }));
    },
    async place() {
      try {
        for (const key of await readdir(staging)) {
          await store.importFile(key, join(staging, key));
          placed.push(key);
        }
      } catch (error) {
        await removePlaced();
        throw error;
      }
    },
    undo: removePlaced,
    discard: () => rm(staging, { recursive: true, force: true }),
  };
}
