/**
 * The real API server for engine tests: the Fastify app from server/app.ts
 * on PGlite in memory, migrated and seeded, listening on loopback behind a
 * FaultProxy. `restart()` closes the app and builds a new one on the same
 * PGlite data (a server restart: nothing in memory survives, the database
 * does). The clock is the real one plus an offset a test can push forward,
 * so access tokens really expire.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../server/app';
import type { ZodApp } from '../../../server/app-context';
import type { Clock } from '../../../server/clock';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { runMigrations } from '../../../server/db/migrate';
import { seedDatabase } from '../../../server/db/seed';
import { createFileMailer } from '../../../server/mail/mailer';
import { migratedPglite } from '../../server/helpers/pglite';
import { FaultProxy } from './fault-proxy';

export const ADMIN = { username: 'admin', password: 'admin-password-1', email: 'admin@empresa.com.br' };

export interface SkewClock extends Clock {
  /** Moves the server's time forward (token expiry without waiting). */
  skip(ms: number): void;
}

export function skewClock(): SkewClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    skip(ms) {
      offset += ms;
    },
  };
}

export interface SyncServer {
  proxy: FaultProxy;
  /** Through the proxy: what the engine talks to. */
  url: string;
  /** Straight to the app: for the test's own checks. */
  directUrl: string;
  clock: SkewClock;
  config: Config;
  /** The server's database, for a test's own setup (users of other kinds, permissions). */
  db: Database['db'];
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startSyncServer(): Promise<SyncServer> {
  // Loads the migrated template the server tests keep (initdb and migrations take seconds).
  const pglite = await migratedPglite();
  const database: Database = await openDatabase({ kind: 'pglite-client', client: pglite });
  await runMigrations(database);
  await seedDatabase(database.db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password, adminEmail: ADMIN.email });
  const dataDir = mkdtempSync(join(tmpdir(), 'ho-sync-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'no-dist'),
    PUBLIC_URL: 'http://app.test',
    LOG_LEVEL: 'silent',
  });
  const clock = skewClock();

  async function listen(): Promise<{ app: ZodApp; url: string }> {
    const app = await buildApp({
      db: database.db,
      config,
      clock,
      mailer: createFileMailer(join(dataDir, 'mail'), config.mailFrom),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return { app, url: `http://127.0.0.1:${address.port}` };
  }

  let current = await listen();
  const proxy = new FaultProxy(current.url);
  await proxy.listen();

  return {
    proxy,
    url: proxy.url,
    get directUrl() {
      return current.url;
    },
    clock,
    config,
    db: database.db,
    async restart() {
      proxy.setTarget(null);
      await current.app.close();
      current = await listen();
      proxy.setTarget(current.url);
    },
    async close() {
      await proxy.close();
      await current.app.close();
      await database.close();
    },
  };
}
