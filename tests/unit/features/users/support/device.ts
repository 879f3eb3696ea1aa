/**
 * A signed-in device for the users screens' tests: a local store on
 * fake-indexeddb and a sync engine (not started) against the real server
 * of tests/unit/support/test-server.ts, after one full sync. Its environment can be put
 * offline. jsdom's FormData is not one Node's fetch can send, so uploads
 * are rebuilt as Node's FormData on the way out (what a browser sends).
 */
import { Blob as NodeBlob } from 'node:buffer';
import { PWA_CLIENT_ID, PWA_CLIENT_SECRET, tokenResponseSchema } from '@sync/contract/auth';
import type { AuthProvider } from '@sync/engine/auth';
import { SyncEngine } from '@sync/engine/engine';
import { manualEnvironment, type ManualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../../render-app';

/** The administrator the server tests' app seeds (tests/server/helpers/test-app.ts). */
export const ADMIN = { username: 'admin', password: 'admin-password-1' };

async function grant(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password, client_id: PWA_CLIENT_ID, client_secret: PWA_CLIENT_SECRET }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return tokenResponseSchema.parse(await response.json()).access_token;
}

type FormLike = { entries(): IterableIterator<[string, string | Blob]> };

async function nodeForm(form: FormLike): Promise<FormData> {
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
  const out = new NodeFormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') out.append(name, value);
    else {
      const bytes = new Uint8Array(await value.arrayBuffer());
      out.append(name, new NodeBlob([bytes], { type: value.type }) as unknown as Blob, (value as File).name);
    }
  }
  return out;
}

const formDataFetch: typeof fetch = async (input, init) => {
  const body = init?.body as unknown;
  if (body && typeof body === 'object' && typeof (body as FormLike).entries === 'function' && !(body instanceof URLSearchParams)) {
    return fetch(input, { ...init, body: await nodeForm(body as FormLike) });
  }
  return fetch(input, init);
};

export interface TestDevice {
  db: SyncDatabase;
  engine: SyncEngine;
  environment: ManualEnvironment;
  token: string;
  close(): Promise<void>;
}

export async function openDevice(baseUrl: string, who = ADMIN): Promise<TestDevice> {
  const token = await grant(baseUrl, who.username, who.password);
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
