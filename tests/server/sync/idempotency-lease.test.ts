/**
 * The idempotency lease across processes (server/sync/idempotency-store.ts):
 * another process (runningHere false) takes over a first request's key only
 * when its owner stopped renewing the lease for 60 s; a renewal racing a
 * takeover wins or loses cleanly, never both.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { access } from '@server/auth/access';
import type { RouteModule, ZodApp } from '@server/app-context';
import { users } from '@server/db/schema';
import { createFileMailer } from '@server/mail/mailer';
import { appPlugins } from '@server/plugins';
import { routeModules } from '@server/routes';
import { createIdempotencyPlugin } from '@server/sync/idempotency-plugin';
import { claimKey, IDEMPOTENCY_LEASE_MS, renewLease, storeResponse, type KeyId } from '@server/sync/idempotency-store';
import { ADMIN, call, signIn, startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let userId: number;
// No body fingerprint (`hash`: null), so only method and path are compared.
const target = { method: 'POST', path: '/api/cost', hash: null };

beforeAll(async () => {
  t = await startTestApp();
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN.username));
  userId = admin!.id;
});
afterAll(() => t.close());

describe('a first request running in another process', () => {
  it('keeps its key past 60 s while its process renews the lease', async () => {
    const id: KeyId = { userId, key: 'lease-renewed' };
    const start = t.clock.now();
    expect((await claimKey(t.db, id, target, start)).kind).toBe('claimed');
    // The owner renews every 15 s; the other process looks after 2 minutes in all.
    let since = start;
    for (let at = start + 15_000; at <= start + 120_000; at += 15_000) {
      expect(await renewLease(t.db, id, since, at)).toBe(true);
      since = at;
    }
    expect((await claimKey(t.db, id, target, start + 120_000 + 1_000)).kind).toBe('running');
    // Its answer is then replayed to the duplicate.
    await storeResponse(t.db, id, { status: 201, contentType: 'application/json', body: '{"id":1}' });
    expect(await claimKey(t.db, id, target, start + 121_000)).toMatchObject({ kind: 'stored', response: { status: 201 } });
  });

  it('is taken over once its process stopped renewing for a whole lease (it died)', async () => {
    const id: KeyId = { userId, key: 'lease-dead' };
    const start = t.clock.now();
    expect((await claimKey(t.db, id, target, start)).kind).toBe('claimed');
    expect(await renewLease(t.db, id, start, start + 15_000)).toBe(true);
    expect((await claimKey(t.db, id, target, start + 15_000 + IDEMPOTENCY_LEASE_MS - 1)).kind).toBe('running');
    expect((await claimKey(t.db, id, target, start + 15_000 + IDEMPOTENCY_LEASE_MS)).kind).toBe('claimed');
    // The stalled owner's late heartbeat finds the key no longer its own and stops.
    expect(await renewLease(t.db, id, start + 15_000, start + 200_000)).toBe(false);
  });

  it('stops renewing once its answer is stored', async () => {
    const id: KeyId = { userId, key: 'lease-stored' };
    const start = t.clock.now();
    await claimKey(t.db, id, target, start);
    await storeResponse(t.db, id, { status: 200, contentType: null, body: null });
    expect(await renewLease(t.db, id, start, start + 15_000)).toBe(false);
  });
});

describe('the idempotency plugin of the process running the first request', () => {
  it('renews its lease, so a duplicate reaching another instance after 60 s waits instead of running again', async () => {
    let runs = 0;
    const slow: RouteModule = {
      name: 'slow-lease-probe',
      register(app) {
        app.post('/api/probe/slow-lease', { config: { access: access.signedIn() } }, async () => {
          runs += 1;
          await new Promise((resolve) => setTimeout(resolve, 700));
          return { runs };
        });
      },
    };
    // Two app instances on one database, as two server processes: A renews every 50 ms, B answers 409 after 100 ms.
    const instance = async (options: Parameters<typeof createIdempotencyPlugin>[0]): Promise<{ app: ZodApp; baseUrl: string }> => {
      const app = await buildApp({
        db: t.db,
        config: t.config,
        clock: t.clock,
        mailer: createFileMailer(join(mkdtempSync(join(tmpdir(), 'ho-lease-')), 'mail'), t.config.mailFrom),
        logger: false,
        routes: [...routeModules, slow],
        plugins: appPlugins.map((plugin) => (plugin.name === 'idempotency' ? createIdempotencyPlugin(options) : plugin)),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return { app, baseUrl: `http://127.0.0.1:${address.port}` };
    };
    const a = await instance({ heartbeatMs: 50 });
    const b = await instance({ waitMs: 100 });
    try {
      const token = (await signIn(a, ADMIN.username, ADMIN.password)).access_token;
      const send = (to: { baseUrl: string }) =>
        call(to, 'POST', '/api/probe/slow-lease', { token, json: {}, headers: { 'idempotency-key': 'lease-heartbeat' } });
      const first = send(a);
      await new Promise((resolve) => setTimeout(resolve, 150));
      t.clock.advance(IDEMPOTENCY_LEASE_MS + 1_000); // the first request now looks older than the lease
      await new Promise((resolve) => setTimeout(resolve, 200)); // A's heartbeat renews it meanwhile
      const duplicate = await send(b);
      expect(duplicate.status).toBe(409);
      expect((await first).status).toBe(200);
      expect(runs).toBe(1);
      const replay = await send(b);
      expect(replay.body).toEqual({ runs: 1 });
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});
