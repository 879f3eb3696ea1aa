/**
 * The idempotency lease across processes (server/sync/idempotency-store.ts):
 * another process (runningHere false) takes over a first request's key only
 * when its owner stopped renewing the lease for 60 s; a renewal racing a
 * takeover wins or loses cleanly, never both.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { claimKey, IDEMPOTENCY_LEASE_MS, renewLease, storeResponse, type KeyId } from '../../../server/sync/idempotency-store';
import { ADMIN, startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let userId: number;
const target = { method: 'POST', path: '/api/cost' };

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
