/**
 * A device for engine tests: a local store on fake-indexeddb and an engine
 * talking to the server through the fault proxy, signed in with the real
 * OAuth password grant and refreshing with the real refresh grant. Fast
 * retries (milliseconds, not seconds) so faults resolve quickly, and with a
 * `clock` (test-clock.ts) no real time spent waiting for them; no timers
 * unless started (tests drive syncs explicitly). `reload()` is a client
 * reload: the database connection closes and a new engine opens the same
 * IndexedDB database (on the same clock).
 */
import { PWA_CLIENT_ID, PWA_CLIENT_SECRET, tokenResponseSchema } from '@sync/contract/auth';
import type { AuthProvider } from '@sync/engine/auth';
import type { BackoffPolicy } from '@sync/engine/backoff';
import { SyncEngine, type SyncEngineOptions } from '@sync/engine/engine';
import { manualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { ADMIN, type SyncServer } from './sync-server';
import type { TestClock } from './test-clock';

export const FAST_BACKOFF: BackoffPolicy = { baseMs: 10, factor: 2, maxMs: 120, jitter: 0.5 };

/** Password sign-in and refresh-token rotation against the server, as the PWA's session does. */
export class PasswordAuth implements AuthProvider {
  private access: string | null = null;
  private refreshToken: string | null = null;
  refreshes = 0;

  constructor(
    private readonly baseUrl: () => string,
    private readonly username = ADMIN.username,
    private readonly password = ADMIN.password,
  ) {}

  async signIn(): Promise<void> {
    await this.grant({ grant_type: 'password', username: this.username, password: this.password });
  }

  async getAccessToken(): Promise<string | null> {
    return this.access;
  }

  async refresh(): Promise<boolean> {
    if (!this.refreshToken) return false;
    this.refreshes += 1;
    try {
      await this.grant({ grant_type: 'refresh_token', refresh_token: this.refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  private async grant(fields: Record<string, string>): Promise<void> {
    const response = await fetch(`${this.baseUrl()}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, client_id: PWA_CLIENT_ID, client_secret: PWA_CLIENT_SECRET }),
    });
    if (response.status !== 200) throw new Error(`token grant failed: ${response.status}`);
    const tokens = tokenResponseSchema.parse(await response.json());
    this.access = tokens.access_token;
    this.refreshToken = tokens.refresh_token;
  }
}

export interface TestClient {
  db: SyncDatabase;
  engine: SyncEngine;
  auth: PasswordAuth;
  /** The engine's clock and timers, when it runs on a TestClock; null: the real ones. */
  clock: TestClock | null;
  /** Closes the store (as a reloaded tab does, mid-request or not) and opens a new engine on the same database. */
  reload(): Promise<TestClient>;
  close(): Promise<void>;
}

export type ClientOptions = Partial<Omit<SyncEngineOptions, 'db' | 'baseUrl' | 'auth'>> & {
  dbName?: string;
  auth?: PasswordAuth;
  clock?: TestClock;
};

export async function openClient(server: SyncServer, options: ClientOptions = {}): Promise<TestClient> {
  const dbName = options.dbName ?? `device-${newKey()}`;
  const auth = options.auth ?? new PasswordAuth(() => server.url);
  if (!(await auth.getAccessToken())) await auth.signIn();
  const db = new SyncDatabase(dbName);
  await db.open();
  const engine = new SyncEngine({
    timeoutMs: 2_000,
    backoff: FAST_BACKOFF,
    environment: manualEnvironment(true),
    lock: noLock,
    ...(options.clock ? { now: options.clock.now, timers: options.clock } : {}),
    ...options,
    db,
    baseUrl: server.url,
    auth,
  });
  const client: TestClient = {
    db,
    engine,
    auth,
    clock: options.clock ?? null,
    async reload() {
      db.close();
      await engine.stop();
      return openClient(server, { ...options, dbName, auth });
    },
    async close() {
      await engine.stop();
      await engine.settled();
      db.close();
      await db.delete();
    },
  };
  return client;
}
