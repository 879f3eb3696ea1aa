/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, else the
 * embedded PGlite in a folder (or in memory for tests). Both speak the same
 * pg-core schema; callers only see `Db` and never know which one they got.
 * A PGlite folder is opened by one process at a time: opening it takes the
 * folder's lock (data-folder-lock.ts), closing it releases it.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDataFolderLock } from './data-folder-lock';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction callback receives; accepts the same queries as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory' }
  | { kind: 'pglite-client'; client: PGlite };

/**
 * PostgreSQL's own page cache inside PGlite's WebAssembly memory. Its
 * default, 128 MB, is resident from the start whatever the database's size
 * and never given back: a quarter of the server's memory at idle. The
 * pages it would hold are also in the operating system's file cache, which
 * PGlite reads its folder through; at 100,000 rows lists and searches were
 * no slower with 16 MB. Given on the command line, not in the folder's postgresql.conf,
 * so the data folder (and its backups) stays as initdb wrote it.
 * docs/decisions/server-memory.md
 */
const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** The embedded database lives in DATA_DIR/db; PGlite does not create parent folders. */
export function pgliteDirectory(dataDir: string) {
  return join(dataDir, 'db');
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // Fail at start, with the connection error, rather than on the first request.
    await pool.query('select 1');
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  let unlock = () => {};
  if (target.kind === 'pglite-client') {
    client = target.client;
  } else if (target.kind === 'memory') {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  } else {
    // The parent folder first, for the lock file beside the database folder; the lock before PGlite touches a file.
    mkdirSync(dirname(target.dataDir), { recursive: true });
    unlock = acquireDataFolderLock(target.dataDir).release;
    try {
      mkdirSync(target.dataDir, { recursive: true });
      client = new PGlite(target.dataDir, { extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
      await client.waitReady;
    } catch (error) {
      unlock();
      throw error;
    }
  }
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        unlock();
      }
    },
  };
}
