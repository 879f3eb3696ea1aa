/**
 * The real app for server tests: in-memory PGlite (loaded from the migrated
 * template, see ./pglite.ts, and seeded; a database an earlier file of the
 * worker gave back is put back as it was instead, ./pglite-pool.ts), listening on a random loopback
 * port, with a manual clock and a mailer of the test's choosing. Start one
 * per test file and share it between the file's tests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PWA_CLIENT_ID, PWA_CLIENT_SECRET, type TokenResponse } from '@sync/contract/auth';
import { buildApp } from '@server/app';
import type { AppPlugin, RouteModule, ZodApp } from '@server/app-context';
import { manualClock } from '@server/clock';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, type Database, type Db } from '@server/db/client';
import { runMigrations } from '@server/db/migrate';
import { seedDatabase } from '@server/db/seed';
import { createFileMailer, type Mailer } from '@server/mail/mailer';
import { appPlugins } from '@server/plugins';
import { routeModules } from '@server/routes';
import { pooledPglite, releasePglite } from './pglite-pool';

export const ADMIN = { username: 'admin', password: 'admin-password-1', email: 'admin@empresa.com.br' };

export type TestApp = {
  app: ZodApp;
  db: Db;
  database: Database;
  pglite: PGlite;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  baseUrl: string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  mailer?: Mailer;
  extraRoutes?: RouteModule[];
  /** Request hook plugins added after the app's own (e.g. one that records every route). */
  extraPlugins?: AppPlugin[];
  /** Capture log lines (JSON strings) instead of discarding them. */
  logLines?: string[];
};

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seed = (db: Db) => seedDatabase(db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password, adminEmail: ADMIN.email });
  const pglite = await pooledPglite(async (client) => {
    await seed((await openDatabase({ kind: 'pglite-client', client })).db);
  });
  const database = await openDatabase({ kind: 'pglite-client', client: pglite });
  // No-ops on a pooled database, migrated and seeded; kept so the app starts exactly as in production.
  await runMigrations(database);
  await seed(database.db);

  const dataDir = mkdtempSync(join(tmpdir(), 'ho-server-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'no-dist'),
    PUBLIC_URL: 'http://app.test',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = manualClock(Date.now());
  const logLines = options.logLines;
  const app = await buildApp({
    db: database.db,
    config,
    clock,
    mailer: options.mailer ?? createFileMailer(join(dataDir, 'mail'), config.mailFrom),
    routes: [...routeModules, ...(options.extraRoutes ?? [])],
    plugins: [...appPlugins, ...(options.extraPlugins ?? [])],
    logger: logLines ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } : false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    db: database.db,
    database,
    pglite,
    config,
    clock,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      // The database goes back to the pool (./pglite-pool.ts) for the worker's next file, not closed.
      releasePglite(pglite);
    },
  };
}

export type Reply<T = any> = { status: number; body: T; headers: Headers };

/** fetch against the test app, JSON in and out. */
export async function call<T = any>(
  t: { baseUrl: string },
  method: string,
  path: string,
  options: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${t.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (the app's HTML, plain text): keep the text.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export function passwordGrant(username: string, password: string) {
  return { grant_type: 'password', username, password, client_id: PWA_CLIENT_ID, client_secret: PWA_CLIENT_SECRET };
}

export function refreshGrant(refreshToken: string) {
  return { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: PWA_CLIENT_ID, client_secret: PWA_CLIENT_SECRET };
}

export async function signIn(t: { baseUrl: string }, username: string, password: string): Promise<TokenResponse> {
  const reply = await call<TokenResponse>(t, 'POST', '/oauth/token', { json: passwordGrant(username, password) });
  if (reply.status !== 200) throw new Error(`sign-in of ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}
