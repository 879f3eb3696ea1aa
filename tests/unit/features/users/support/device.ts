/**
 * A signed-in device for the users screens' tests: a local store on
 * fake-indexeddb and a sync engine (not started) against the real server
 * of tests/unit/support/test-server.ts, after one full sync. Its environment can be put
 * offline. jsdom's FormData is not one Node's fetch can send, so uploads
 * are rebuilt as Node's FormData on the way out (what a browser sends).
 * The text fields of every form-data request are kept in `sentForms`, so a
 * test can say what a screen sent.
 */
import type { AuthProvider } from '@sync/engine/auth';
import { SyncEngine } from '@sync/engine/engine';
import { manualEnvironment, type ManualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../../render-app';
import { formDataFetch, passwordGrant, TEST_ADMIN } from '../../../support/node-device';

export const ADMIN = TEST_ADMIN;

/** A form-data request as sent: its path and its text fields. */
export interface SentForm {
  path: string;
  fields: Record<string, string>;
}

export interface TestDevice {
  db: SyncDatabase;
  sentForms: SentForm[];
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
  const sentForms: SentForm[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const body = init?.body;
    if (body instanceof FormData) {
      const fields = Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>;
      sentForms.push({ path: new URL(String(input instanceof Request ? input.url : input)).pathname, fields });
    }
    return formDataFetch(input, init);
  };
  const engine = new SyncEngine({ db, baseUrl, auth, environment, lock: noLock, fetch: recordingFetch, timeoutMs: 15_000 });
  await engine.drain();
  return {
    db,
    sentForms,
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
