/**
 * Restores a backup archive into an EMPTY target: a data folder whose
 * PGlite folder (DATA_DIR/db) is absent or empty, or, with DATABASE_URL, a
 * PostgreSQL database without tables; and a file store that holds nothing
 * (DATA_DIR/files, or the object store of FILES_URL: restore-files.ts). A
 * target with anything in it is refused before anything is written.
 *
 * One transaction does the database part: the migrations up to the
 * archive's level, the rows (inserted from their JSON text by
 * `json_populate_recordset`, so PostgreSQL parses every type back from its
 * own text), and the identity sequences moved past the highest ids. The
 * files are staged on this machine as they come. The hashes of the whole
 * archive are checked at its end, still inside the transaction: a damaged
 * archive leaves the target as it was. Only then are the files put into the
 * store (still inside the transaction), the newer migrations run, and PGlite,
 * restored in `db.restoring`, is renamed into place (a half-restored folder
 * never looks like a database); a failure after the files were put removes
 * them again.
 */
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase, pgliteDirectory, type Tx } from '../db/client';
import { acquireDataFolderLock } from '../db/data-folder-lock';
import { runMigrations } from '../db/migrate';
import { type FilesConfig, localFilesConfig } from '../files/files-config';
import { createFileStore } from '../files/open-file-store';
import type { Manifest, ManifestTable } from './archive-format';
import { BackupError, RESTORE_MESSAGES } from './messages';
import { checkKnownLevel, migrateToLevel } from './migration-level';
import { readArchive, readManifest } from './read-archive';
import { type RestoreFiles, restoreFilesInto } from './restore-files';
import { rowsOf } from './sql-rows';

export type RestoreTarget = {
  dataDir: string;
  /** PostgreSQL instead of the PGlite folder in dataDir. */
  databaseUrl?: string | undefined;
  /** The file store to fill (FILES_URL); DATA_DIR/files when absent. */
  files?: FilesConfig | undefined;
};

export type RestoreSummary = { rows: number; tables: number; files: number; manifest: Manifest };

/** Rows per INSERT, and their JSON text at most (a statement's parameter stays small). */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

export async function restoreArchive(archive: string, target: RestoreTarget): Promise<RestoreSummary> {
  const manifest = await readManifest(archive);
  checkKnownLevel(manifest.migrations);
  await mkdir(target.dataDir, { recursive: true });
  const filesConfig = target.files ?? localFilesConfig(target.dataDir);
  const files = await restoreFilesInto(createFileStore(filesConfig), filesConfig.kind, target.dataDir);
  try {
    return target.databaseUrl
      ? await restoreToPostgres(archive, manifest, target.databaseUrl, files)
      : await restoreToPglite(archive, manifest, target.dataDir, files);
  } catch (error) {
    await files.undo();
    throw error;
  } finally {
    await files.discard();
  }
}

async function restoreToPostgres(archive: string, manifest: Manifest, url: string, files: RestoreFiles): Promise<RestoreSummary> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    if (!(await postgresIsEmpty(database.db))) throw new BackupError(RESTORE_MESSAGES.postgresNotEmpty);
    const summary = await restoreInto(database, archive, manifest, files);
    await runMigrations(database);
    return summary;
  } finally {
    await database.close();
  }
}

async function restoreToPglite(archive: string, manifest: Manifest, dataDir: string, files: RestoreFiles): Promise<RestoreSummary> {
  const folder = pgliteDirectory(dataDir);
  // The target folder's lock for the whole restore: no server starts on it meanwhile (and a running one refuses us).
  const lock = acquireDataFolderLock(folder);
  const staging = `${folder}.restoring`;
  try {
    if (!(await isEmptyFolder(folder))) throw new BackupError(RESTORE_MESSAGES.databaseNotEmpty(folder));
    await rm(staging, { recursive: true, force: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: staging });
    let summary: RestoreSummary;
    try {
      summary = await restoreInto(database, archive, manifest, files);
      await runMigrations(database);
    } finally {
      await database.close();
    }
    await rmdir(folder).catch(() => undefined);
    await rename(staging, folder);
    return summary;
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock.release();
  }
}

async function restoreInto(database: Database, archive: string, manifest: Manifest, files: RestoreFiles): Promise<RestoreSummary> {
  let rows = 0;
  let count = 0;
  await database.db.transaction(async (tx) => {
    await migrateToLevel(tx, manifest.migrations);
    await readArchive(archive, {
      async table(table, lines) {
        rows += await insertRows(tx, table, lines);
      },
      async file(key, body) {
        await files.write(key, body);
        count += 1;
      },
    });
    await resetSequences(tx);
    // Every hash checked: the files go into the store; if that fails, the rows roll back.
    await files.place();
  });
  return { rows, tables: manifest.tables.length, files: count, manifest };
}

/** Inserts the JSON rows in batches; a table pointing at itself in one statement (its foreign keys are checked at the statement's end). */
async function insertRows(tx: Tx, table: ManifestTable, lines: AsyncIterable<string>): Promise<number> {
  const name = sql.identifier(table.name);
  const columns = sql.join(
    table.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  let batch: string[] = [];
  let bytes = 0;
  let inserted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    // OVERRIDING SYSTEM VALUE: the ids are the archive's, even for a column generated ALWAYS.
    await tx.execute(
      sql`insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, ${json}::json)`,
    );
    inserted += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of lines) {
    batch.push(line);
    bytes += line.length;
    if (!table.whole && (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES)) await flush();
  }
  await flush();
  return inserted;
}

/** Every sequence owned by a column of the restored tables continues after the highest value restored. */
async function resetSequences(tx: Tx): Promise<void> {
  const owned = rowsOf<{ tbl: string; col: string; seq: string }>(
    await tx.execute(sql`
      select format('%I.%I', n.nspname, c.relname) as tbl, format('%I', a.attname) as col,
             pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as seq
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where n.nspname = 'public' and c.relkind = 'r'`),
  ).filter((row) => row.seq !== null);
  for (const { tbl, col, seq } of owned) {
    await tx.execute(sql`select setval(${seq}::regclass, coalesce((select max(${sql.raw(col)}) from ${sql.raw(tbl)}), 0) + 1, false)`);
  }
}

async function postgresIsEmpty(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`),
  );
  return Number(row?.n ?? 0) === 0;
}

async function isEmptyFolder(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return true;
    throw error;
  }
}
