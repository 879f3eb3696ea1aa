/**
 * The real app on a real PostgreSQL, for the tests that need one (requests
 * on separate connections in parallel, which PGlite serializes). They run
 * when TEST_DATABASE_URL points at a server (CI starts one, see .ci/run):
 * each file gets a throwaway database, migrated and seeded, and the app
 * listening on loopback; `close` drops the database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '@server/app';
import type { ZodApp } from '@server/app-context';
import { manualClock } from '@server/clock';
import { loadConfig, type Config } from '@server/config';
import type { Db } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { runMigrations } from '@server/db/migrate';
import { seedDatabase } from '@server/db/seed';
import { createFileMailer } from '@server/mail/mailer';
import { ADMIN } from './test-app';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface PostgresTestApp {
  app: ZodApp;
  db: Db;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

function withDatabase(base: string, name: string): string {
  const parsed = new URL(base);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** An empty database of its own on the test server (`name`: a prefix, made unique); `drop` removes it. */
export async function throwawayDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const databaseName = `ho_${name}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  return {
    url: withDatabase(TEST_DATABASE_URL, databaseName),
    async drop() {
      // The pools' sockets close just after pool.end() resolves: retry rather than force (which would kill them mid-goodbye).
      for (let attempt = 0; attempt < 50; attempt += 1) {
        try {
          await admin.query(`drop database if exists ${databaseName}`);
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await admin.end();
    },
  };
}

/** `name`: a prefix for the throwaway database (made unique per process and start). */
export async function startPostgresApp(name: string): Promise<PostgresTestApp> {
  const throwaway = await throwawayDatabase(name);
  const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
  await runMigrations(database);
  await seedDatabase(database.db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password, adminEmail: ADMIN.email });
  const dataDir = mkdtempSync(join(tmpdir(), `ho-pg-${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), LOG_LEVEL: 'silent' });
  const clock = manualClock(Date.now());
  const app = await buildApp({ db: database.db, config, clock, mailer: createFileMailer(join(dataDir, 'mail'), config.mailFrom), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    db: database.db,
    config,
    clock,
    baseUrl: `http://127.0.0.1:${address.port}`,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await throwaway.drop();
    },
  };
}
