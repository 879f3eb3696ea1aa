/**
 * Restores a backup archive into an EMPTY target: a data folder whose
 * PGlite folder (DATA_DIR/db) and files folder (DATA_DIR/files) are absent
 * or empty, or, with DATABASE_URL, a PostgreSQL database without tables
 * (and DATA_DIR/files empty). A target with anything in it is refused
 * before anything is written.
 *
 * One transaction does the database part: the migrations up to the
 * archive's level, the rows (inserted from their JSON text by
 * `json_populate_recordset`, so PostgreSQL parses every type back from its
 * own text), and the identity sequences moved past the highest ids. The
 * files are written to a folder beside the target as they come. The hashes
 * of the whole archive are checked at its end, still inside the
 * transaction: a damaged archive leaves the target as it was. Only then
 * the newer migrations run, and the staged folders take their places
 * (PGlite is restored in `db.restoring` and renamed, so a half-restored
 * folder never looks like a database).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase, pgliteDirectory, type Tx } from '../db/client';
import { acquireDataFolderLock } from '../db/data-folder-lock';
import { runMigrations } from '../db/migrate';
import { filesFolder } from '../files/storage';
import type { Manifest, ManifestTable } from './archive-format';
import { BackupError, RESTORE_MESSAGES } from './messages';
import { checkKnownLevel, migrateToLevel } from './migration-level';
import { readArchive, readManifest } from './read-archive';
import { rowsOf } from './sql-rows';

export type RestoreTarget = {
  dataDir: string;
  /** PostgreSQL instead of the PGlite folder in dataDir. */
  databaseUrl?: string | undefined;
};

export type RestoreSummary = { rows: number; tables: number; files: number; manifest: Manifest };

/** Rows per INSERT, and their JSON text at most (a statement's parameter stays small). */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

export async function restoreArchive(archive: string, target: RestoreTarget): Promise<RestoreSummary> {
  const manifest = await readManifest(archive);
  checkKnownLevel(manifest.migrations);
  await mkdir(target.dataDir, { recursive: true });
  const filesDir = filesFolder(target.dataDir);
  if (!(await isEmptyFolder(filesDir))) throw new BackupError(RESTORE_MESSAGES.filesNotEmpty(filesDir));
  const filesStaging = `${filesDir}.restoring`;
  await rm(filesStaging, { recursive: true, force: true });
  await mkdir(filesStaging, { recursive: true });
  try {
    const summary = target.databaseUrl
      ? await restoreToPostgres(archive, manifest, target.databaseUrl, filesStaging)
      : await restoreToPglite(archive, manifest, target.dataDir, filesStaging);
    await rmdir(filesDir).catch(() => undefined);
    await rename(filesStaging, filesDir);
    return summary;
  } finally {
    await rm(filesStaging, { recursive: true, force: true });
  }
}

async function restoreToPostgres(archive: string, manifest: Manifest, url: string, filesStaging: string): Promise<RestoreSummary> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    if (!(await postgresIsEmpty(database.db))) throw new BackupError(RESTORE_MESSAGES.postgresNotEmpty);
    const summary = await restoreInto(database, archive, manifest, filesStaging);
    await runMigrations(database);
    return summary;
  } finally {
    await database.close();
  }
}

async function restoreToPglite(archive: string, manifest: Manifest, dataDir: string, filesStaging: string): Promise<RestoreSummary> {
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
      summary = await restoreInto(database, archive, manifest, filesStaging);
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

async function restoreInto(database: Database, archive: string, manifest: Manifest, filesStaging: string): Promise<RestoreSummary> {
  let rows = 0;
  let files = 0;
  await database.db.transaction(async (tx) => {
    await migrateToLevel(tx, manifest.migrations);
    await readArchive(archive, {
      async table(table, lines) {
        rows += await insertRows(tx, table, lines);
      },
      async file(key, body) {
        await pipeline(Readable.from(body), createWriteStream(join(filesStaging, key), { flags: 'wx', mode: 0o640 }));
        files += 1;
      },
    });
    await resetSequences(tx);
  });
  return { rows, tables: manifest.tables.length, files, manifest };
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
