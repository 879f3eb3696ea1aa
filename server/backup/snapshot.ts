/**
 * A consistent copy of the database and its files, staged in a folder
 * before it is packed (write-archive.ts), while the server keeps serving.
 *
 * Every table of the schema is read inside ONE read-only REPEATABLE READ
 * transaction, so all rows come from the same instant: a row in the copy
 * never names a row that is not in it, whatever is written meanwhile (on
 * PostgreSQL writes go on beside it; PGlite has one connection, so its
 * writes wait for the few seconds of the dump). Rows are written as JSON
 * lines, by `row_to_json`, so every type (timestamps with their zone,
 * numerics, bigints, JSONB) goes through as PostgreSQL's own text.
 *
 * The files the snapshot's rows name are then copied into the staging
 * folder from the file store (hard-linked from the folder store where
 * possible, downloaded from the object store): once staged, their bytes
 * survive a deletion. A file deleted between the snapshot and its link
 * belongs to a row deleted after the snapshot: the whole copy is taken
 * again (up to three times). A file whose row still exists but whose bytes
 * are gone was lost before the copy; the copy says so and goes on.
 */
import { mkdir, mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { storedFiles } from '../db/schema';
import { type FileStore, isStorageKey } from '../files/file-store';
import { FileStorage, filesFolder } from '../files/storage';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type Manifest } from './archive-format';
import { BACKUP_MESSAGES, BackupError } from './messages';
import { readMigrationLevel } from './migration-level';
import { type DumpTable, tablesInDumpOrder } from './schema-tables';
import { rowsOf } from './sql-rows';

export type StagedFile = { key: string; path: string; size: number; recordedSha256: string };

export type Snapshot = {
  manifest: Manifest;
  tables: { name: string; path: string }[];
  files: StagedFile[];
  /** Removes the staging folder. */
  discard(): Promise<void>;
};

const ATTEMPTS = 3;
const FETCH_ROWS = 1000;
/** A staging folder this old belongs to no running copy (one that crashed). */
const STALE_STAGING_MS = 24 * 60 * 60_000;
const STAGING_PREFIX = '.backup-';

export type SnapshotOptions = {
  /** Awaited after each table, inside the snapshot (tests: a pause, so concurrent writes land in the middle of the dump). */
  betweenTables?: () => Promise<void>;
  /** Where the rows' files are (the server's store); DATA_DIR/files when absent. */
  files?: FileStore;
};

export async function takeSnapshot(database: Database, dataDir: string, options: SnapshotOptions = {}): Promise<Snapshot> {
  await mkdir(dataDir, { recursive: true });
  await removeStaleStaging(dataDir);
  for (let attempt = 1; ; attempt += 1) {
    const staging = await mkdtemp(join(dataDir, STAGING_PREFIX));
    const discard = () => rm(staging, { recursive: true, force: true });
    try {
      const taken = await attemptSnapshot(database, options.files ?? new FileStorage(filesFolder(dataDir)), staging, options);
      if (taken) return { ...taken, discard };
    } catch (error) {
      await discard();
      throw error;
    }
    await discard();
    if (attempt === ATTEMPTS) throw new BackupError(BACKUP_MESSAGES.filesKeepChanging);
  }
}

/** The snapshot, or null when files were deleted under it (the caller takes it again). */
async function attemptSnapshot(
  database: Database,
  store: FileStore,
  staging: string,
  options: SnapshotOptions,
): Promise<Omit<Snapshot, 'discard'> | null> {
  const tables = tablesInDumpOrder();
  await mkdir(join(staging, 'db'));
  await mkdir(join(staging, 'files'));
  const createdAt = new Date().toISOString();
  const dumped = await database.db.transaction(
    async (tx) => {
      const migrations = await readMigrationLevel(tx);
      const counts: number[] = [];
      for (const table of tables) {
        counts.push(await dumpTable(tx, table, join(staging, 'db', `${table.name}.jsonl`)));
        await options.betweenTables?.();
      }
      const keys = await tx.select({ key: storedFiles.storage_key, sha256: storedFiles.sha256 }).from(storedFiles).orderBy(storedFiles.id);
      return { migrations, counts, keys };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const files: StagedFile[] = [];
  const vanished: string[] = [];
  for (const { key, sha256 } of dumped.keys) {
    // Keys are the server's own (32 hex); anything else never came from it and is not followed into a path.
    if (!isStorageKey(key)) continue;
    const path = join(staging, 'files', key);
    if (!(await store.copyTo(key, path))) {
      vanished.push(key);
      continue;
    }
    files.push({ key, path, size: (await stat(path)).size, recordedSha256: sha256 });
  }
  let missing: string[] = [];
  if (vanished.length > 0) {
    const still = await database.db.select({ key: storedFiles.storage_key }).from(storedFiles).where(inArray(storedFiles.storage_key, vanished));
    if (still.length < vanished.length) return null;
    missing = vanished;
  }

  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    created_at: createdAt,
    source: database.kind,
    migrations: dumped.migrations,
    tables: tables.map((table, i) => ({ name: table.name, columns: table.columns, rows: dumped.counts[i]!, whole: table.selfReferencing })),
    files: { count: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0), missing },
  };
  return { manifest, tables: tables.map((t) => ({ name: t.name, path: join(staging, 'db', `${t.name}.jsonl`) })), files };
}

/** Writes the table's rows as JSON lines through a cursor (a large table never sits in memory); returns how many. */
async function dumpTable(tx: Tx, table: DumpTable, path: string): Promise<number> {
  const columns = sql.join(
    table.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const order =
    table.primaryKey.length > 0
      ? sql` order by ${sql.join(
          table.primaryKey.map((c) => sql.identifier(c)),
          sql`, `,
        )}`
      : sql``;
  await tx.execute(
    sql`declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from ${sql.identifier(table.name)}${order}) r`,
  );
  const file = await open(path, 'wx', 0o600);
  let rows = 0;
  try {
    for (;;) {
      const page = rowsOf<{ line: string }>(await tx.execute(sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`)));
      if (page.length === 0) break;
      rows += page.length;
      await file.write(`${page.map((row) => row.line).join('\n')}\n`);
    }
  } finally {
    await file.close();
  }
  await tx.execute(sql`close backup_rows`);
  return rows;
}

async function removeStaleStaging(dataDir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const path = join(dataDir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_STAGING_MS) await rm(path, { recursive: true, force: true });
  }
}
