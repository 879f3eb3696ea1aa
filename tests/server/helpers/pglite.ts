/**
 * In-memory PGlite databases for tests, already migrated.
 *
 * Starting PGlite runs initdb, which takes seconds (more on a busy
 * machine). The first test file to need a database migrates a fresh one and
 * dumps it to a file in the OS temp folder, keyed by the PGlite version and
 * the migration files; every later database loads that dump instead, which
 * is several times faster. A changed migration gets a new key, so a stale
 * template is never used. tests/server/database.test.ts still migrates
 * from scratch. The same dump, unpacked, is a data folder for a server
 * process started by a test.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '@server/db/client';
import { PGLITE_EXTENSIONS } from '@server/db/pglite-extensions';
import { MIGRATIONS_FOLDER, runMigrations } from '@server/db/migrate';

function filesUnder(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

function templateFile(): string {
  const manifest = fileURLToPath(new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url));
  const pgliteVersion = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(pgliteVersion);
  for (const file of filesUnder(MIGRATIONS_FOLDER)) {
    hash.update(relative(MIGRATIONS_FOLDER, file)).update(readFileSync(file));
  }
  return join(tmpdir(), `ho-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The migrated template's dump (a tar of PGlite's data folder), made by the first caller. */
async function migratedTemplate(): Promise<string> {
  const file = templateFile();
  if (!existsSync(file)) {
    const fresh = new PGlite({ extensions: PGLITE_EXTENSIONS });
    await runMigrations(await openDatabase({ kind: 'pglite-client', client: fresh }));
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    // Write then rename, so a parallel test file never reads half a template.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return file;
}

export async function migratedPglite(): Promise<PGlite> {
  const file = await migratedTemplate();
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return client;
}

/** Unpacks the migrated template as a PGlite data folder (DATA_DIR/db): a process started on it runs no initdb. */
export async function unpackMigratedFolder(folder: string): Promise<void> {
  const file = await migratedTemplate();
  mkdirSync(folder, { recursive: true });
  execFileSync('tar', ['-x', '-C', folder, '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
}
