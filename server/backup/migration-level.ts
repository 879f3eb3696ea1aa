/**
 * The migration level a backup was taken at, and bringing an empty database
 * to that level inside the restore's transaction.
 *
 * The rows of a backup fit the tables as they were at its level, so a
 * restore applies the migrations up to that level, inserts the rows, and
 * only then applies the newer ones (runMigrations), which turn old rows into
 * new ones as they did on every running server. Applying the first part
 * inside the restore's own transaction means a failed restore leaves the
 * database empty; it records each migration in drizzle.__drizzle_migrations
 * exactly as drizzle's migrator does (same table, hash and `created_at`),
 * so runMigrations later continues from there.
 */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Tx } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import type { MigrationMark } from './archive-format';
import { BackupError, RESTORE_MESSAGES } from './messages';
import { rowsOf } from './sql-rows';

type Journal = { entries: { tag: string; when: number }[] };

/** The migrations this program knows, oldest first, with their tags. */
function localMigrations(folder = MIGRATIONS_FOLDER) {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const files = readMigrationFiles({ migrationsFolder: folder });
  return files.map((file, i) => ({ ...file, tag: journal.entries[i]?.tag ?? null }));
}

/** What the database has applied, oldest first (read inside the backup's snapshot). */
export async function readMigrationLevel(tx: Db | Tx): Promise<MigrationMark[]> {
  const rows = rowsOf<{ created_at: string | number }>(
    await tx.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`),
  );
  const tags = new Map(localMigrations().map((m) => [m.folderMillis, m.tag]));
  return rows.map((row) => {
    const createdAt = Number(row.created_at);
    return { tag: tags.get(createdAt) ?? null, created_at: createdAt };
  });
}

/** Refuses an archive whose migrations are not the first ones this program knows (a newer version took it). */
export function checkKnownLevel(level: readonly MigrationMark[]): void {
  const local = localMigrations();
  if (level.length > local.length || level.some((mark, i) => mark.created_at !== local[i]!.folderMillis)) {
    throw new BackupError(RESTORE_MESSAGES.newerArchive);
  }
}

/** Applies, inside `tx`, the migrations of `level` to an empty database, as drizzle's migrator would have. */
export async function migrateToLevel(tx: Tx, level: readonly MigrationMark[]): Promise<void> {
  checkKnownLevel(level);
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of localMigrations().slice(0, level.length)) {
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
  }
}
