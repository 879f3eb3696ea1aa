/**
 * A signed-in device for the users screens' tests: a local store on
 * fake-indexeddb and a sync engine (not started) against the real server
 * of tests/unit/support/test-server.ts, after one full sync. Its environment can be put
 * offline. jsdom's FormData is not one Node's fetch can send, so uploads
 * are rebuilt as Node's FormData on the way out (what a browser sends).
 */
import type { AuthProvider } from '@sync/engine/auth';
import { SyncEngine } from '@sync/engine/engine';
import { manualEnvironment, type ManualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../../render-app';
import { formDataFetch, passwordGrant, TEST_ADMIN } from '../../../support/node-device';

export const ADMIN = TEST_ADMIN;

export interface TestDevice {
  db: SyncDatabase;
  engine: SyncEngine;
  environment: ManualEnvironment;
  token: string;
  close(): Promise<void>;
}

export async function openDevice(baseUrl: string, who = ADMIN): Promise<TestDevice> {
  const token = await passwordGrant(baseUrl, who.username, who.password);
  const auth: AuthProvider = { getAccessToken: async () => token, refresh: async () => false };
  const db = openTestDb();
  await db.open();
  const environment = manualEnvironment(true);
  const engine = new SyncEngine({ db, baseUrl, auth, environment, lock: noLock, fetch: formDataFetch, timeoutMs: 15_000 });
  await engine.drain();
  return {
    db,
    engine,
    environment,
    token,
    async close() {
      await engine.stop();
      await engine.settled();
      await closeTestDb(db);
    },
  };
}
