/**
 * What `npm run backup [FILE]` does, callable in process (the tests):
 *
 * - with DATABASE_URL, the command reads PostgreSQL itself (any number of
 *   processes may, the snapshot is a transaction like any other) and the
 *   file store (DATA_DIR/files, or the object store of FILES_URL);
 * - with PGlite and no server running, it takes the folder's lock and opens
 *   the folder itself (a server started meanwhile is refused until the copy
 *   ends);
 * - with PGlite and the server running (the lock is the server's), it asks
 *   the server through its loopback backup call (backup-endpoint.ts).
 *
 * The archive is written to `FILE.part`, read back whole (every hash and
 * count checked), and only then renamed to FILE: a FILE that exists is a
 * complete, checked copy.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { openDatabase, pgliteDirectory, type Database } from '../db/client';
import { acquireDataFolderLock, DataFolderInUseError } from '../db/data-folder-lock';
import { type FilesConfig, localFilesConfig } from '../files/files-config';
import { openFileStore } from '../files/open-file-store';
import type { Manifest } from './archive-format';
import { readEndpointFile } from './backup-endpoint';
import { BACKUP_MESSAGES, BackupError } from './messages';
import { readArchive } from './read-archive';
import { fetchServerBackup } from './server-backup-client';
import { takeSnapshot } from './snapshot';
import { writeArchive } from './write-archive';

export type BackupReport = {
  file: string;
  manifest: Manifest;
  /** The pid of the running server that made the copy, when one did. */
  server?: number;
  /** Storage keys whose bytes differ from their recorded SHA-256 (known only when this process packed the archive). */
  changed: string[];
};

/** What the backup reads: the database, and the file store (FILES_URL; DATA_DIR/files when absent). */
type BackupSource = Pick<Config, 'dataDir' | 'databaseUrl'> & { files?: FilesConfig };

export async function takeBackup(config: BackupSource, file: string): Promise<BackupReport> {
  if (existsSync(file)) throw new BackupError(BACKUP_MESSAGES.exists(file));
  const partial = `${file}.part`;
  try {
    const made = await writeBackup(config, partial);
    const manifest = await readArchive(partial);
    await rename(partial, file);
    return { file, manifest, ...made };
  } finally {
    await rm(partial, { force: true });
  }
}

async function writeBackup(config: BackupSource, partial: string): Promise<{ server?: number; changed: string[] }> {
  if (config.databaseUrl) return packFrom(await openDatabase({ kind: 'postgres', url: config.databaseUrl }), config, partial);
  const folder = pgliteDirectory(config.dataDir);
  if (!existsSync(config.dataDir)) throw new BackupError(BACKUP_MESSAGES.noDatabase(folder));
  let lock: ReturnType<typeof acquireDataFolderLock>;
  try {
    lock = acquireDataFolderLock(folder);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    const endpoint = readEndpointFile(config.dataDir);
    if (!error.holder || endpoint?.pid !== error.holder.pid) {
      throw error.holder ? new BackupError(BACKUP_MESSAGES.serverWithoutBackup(error.holder.pid, error.holder.command)) : error;
    }
    await fetchServerBackup(endpoint, partial);
    return { server: endpoint.pid, changed: [] };
  }
  try {
    if (!existsSync(join(folder, 'PG_VERSION'))) throw new BackupError(BACKUP_MESSAGES.noDatabase(folder));
    return await packFrom(await openDatabase({ kind: 'pglite', dataDir: folder }), config, partial);
  } finally {
    lock.release();
  }
}

async function packFrom(database: Database, config: BackupSource, partial: string): Promise<{ changed: string[] }> {
  try {
    const files = await openFileStore(config.files ?? localFilesConfig(config.dataDir));
    const snapshot = await takeSnapshot(database, config.dataDir, { files });
    try {
      const summary = await writeArchive(snapshot, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      return { changed: summary.changed };
    } finally {
      await snapshot.discard();
    }
  } finally {
    await database.close();
  }
}
