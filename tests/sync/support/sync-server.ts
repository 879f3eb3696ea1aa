/**
 * The real API server for engine tests: the Fastify app from server/app.ts
 * on PGlite in memory, migrated and seeded, listening on loopback behind a
 * FaultProxy. `restart()` closes the app and builds a new one on the same
 * PGlite data (a server restart: nothing in memory survives, the database
 * does). The clock is the real one plus an offset a test can push forward,
 * so access tokens really expire.
 *
 * SYNC_TEST_SERVERS=2 (with TEST_DATABASE_URL) runs the same tests against
 * two app instances on one throwaway PostgreSQL database, the proxy
 * handing requests to each in turn: everything one instance keeps in
 * memory (auth cache, idempotency leases) must stay correct across them,
 * as with WORKERS=2 (tests/server/workers-postgres.test.ts runs the real
 * processes).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import type { ZodApp } from '@server/app-context';
import type { Clock } from '@server/clock';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { runMigrations } from '@server/db/migrate';
import { seedDatabase } from '@server/db/seed';
import { createFileMailer, type Mailer } from '@server/mail/mailer';
import { migratedPglite } from '../../server/helpers/pglite';
import { throwawayDatabase } from '../../server/helpers/postgres-app';
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

/** How many app instances share the database (SYNC_TEST_SERVERS; above 1 needs TEST_DATABASE_URL). */
const INSTANCES = Number(process.env.SYNC_TEST_SERVERS ?? 1);

async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (INSTANCES > 1) {
    if (!process.env.TEST_DATABASE_URL) throw new Error('SYNC_TEST_SERVERS above 1 needs TEST_DATABASE_URL (PostgreSQL)');
    const throwaway = await throwawayDatabase('sync_servers');
    return { database: await openDatabase({ kind: 'postgres', url: throwaway.url }), drop: () => throwaway.drop() };
  }
  // Loads the migrated template the server tests keep (initdb and migrations take seconds).
  return { database: await openDatabase({ kind: 'pglite-client', client: await migratedPglite() }), drop: async () => undefined };
}

export interface SyncServerOptions {
  /** Where e-mails go (a real SMTP test server); default: .eml files in the data folder. */
  mailer?: Mailer;
}

export async function startSyncServer(options: SyncServerOptions = {}): Promise<SyncServer> {
  const { database, drop } = await openTestDatabase();
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
      mailer: options.mailer ?? createFileMailer(join(dataDir, 'mail'), config.mailFrom),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return { app, url: `http://127.0.0.1:${address.port}` };
  }

  const listenAll = async () => {
    const started: Awaited<ReturnType<typeof listen>>[] = [];
    for (let i = 0; i < INSTANCES; i += 1) started.push(await listen());
    return started;
  };
  const targets = () => current.map((instance) => instance.url);
  let current = await listenAll();
  const proxy = new FaultProxy(targets());
  await proxy.listen();

  return {
    proxy,
    url: proxy.url,
    get directUrl() {
      return current[0]!.url;
    },
    clock,
    config,
    db: database.db,
    async restart() {
      proxy.setTarget(null);
      // A restart is a crash or a redeploy: connections die with the process. Waiting for
      // them instead (what close() does) waited 70 s on an earlier test's held request.
      for (const instance of current) {
        instance.app.server.closeAllConnections();
        await instance.app.close();
      }
      current = await listenAll();
      proxy.setTarget(targets());
    },
    async close() {
      await proxy.close();
      for (const instance of current) await instance.app.close();
      await database.close();
      await drop();
    },
  };
}
