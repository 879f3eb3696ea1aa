/**
 * Record versions (docs/sync-protocol.md): timestamps from the injected
 * clock with milliseconds, `updated_at` moving on every write even when the
 * clock does not, and If-Match on PUT and DELETE: 409 with the current
 * record and no change when it differs (compared as instants), last write
 * wins without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costSchema } from '@sync/contract/catalog';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { SYNC_MESSAGES } from '@server/sync/versioning';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

async function newCost(name = 'Deslocamento') {
  return costSchema.parse(ok(await admin.post('/api/cost', { name, price: 100 })));
}

describe('timestamps', () => {
  it('come from the injected clock, in UTC with milliseconds', async () => {
    t.clock.set(Date.parse('2026-11-21T13:04:42.123Z'));
    const cost = await newCost();
    expect(cost.created_at).toBe('2026-11-21T13:04:42.123Z');
    expect(cost.updated_at).toBe('2026-11-21T13:04:42.123Z');
    t.clock.advance(5_000);
    const updated = costSchema.parse(ok(await admin.put(`/api/cost/${cost.id}`, { name: 'Deslocamento', price: 90 })));
    expect(updated.updated_at).toBe('2026-11-21T13:04:47.123Z');
    expect(updated.created_at).toBe(cost.created_at);
  });

  it('move forward on every write even when the clock stands still', async () => {
    const cost = await newCost();
    const first = costSchema.parse(ok(await admin.put(`/api/cost/${cost.id}`, { name: 'A', price: 1 })));
    const second = costSchema.parse(ok(await admin.put(`/api/cost/${cost.id}`, { name: 'B', price: 1 })));
    expect(Date.parse(first.updated_at) - Date.parse(cost.updated_at)).toBe(1);
    expect(Date.parse(second.updated_at) - Date.parse(first.updated_at)).toBe(1);
    // So the version a device saw before the second write no longer matches.
    const stale = await admin.put(`/api/cost/${cost.id}`, { name: 'C', price: 1 }, { 'if-match': first.updated_at });
    expect(stale.status).toBe(409);
  });
});

describe('If-Match', () => {
  it('matching: the write goes through', async () => {
    const cost = await newCost();
    t.clock.advance(1000);
    const reply = await admin.put(`/api/cost/${cost.id}`, { name: 'Deslocamento', price: 110 }, { 'if-match': cost.updated_at });
    expect(reply.status).toBe(200);
    const removed = await admin.del(`/api/cost/${cost.id}`, { 'if-match': reply.body.updated_at });
    expect(removed.status).toBe(204);
  });

  it('stale: 409 with the current record, and nothing changes (update and delete)', async () => {
    const cost = await newCost('Hospedagem');
    t.clock.advance(1000);
    const current = costSchema.parse(ok(await admin.put(`/api/cost/${cost.id}`, { name: 'Hospedagem', price: 320 })));
    t.clock.advance(1000);

    const update = await admin.put(`/api/cost/${cost.id}`, { name: 'Hotel', price: 1 }, { 'if-match': cost.updated_at });
    expect(update.status).toBe(409);
    expect(update.body).toEqual({ message: CONFLICT_MESSAGE, current });
    const remove = await admin.del(`/api/cost/${cost.id}`, { 'if-match': cost.updated_at });
    expect(remove.status).toBe(409);
    expect(remove.body).toEqual({ message: CONFLICT_MESSAGE, current });
    expect(ok(await admin.get(`/api/cost/${cost.id}`))).toEqual(current);
  });

  const sameInstant: Array<[string, (iso: string) => string]> = [
    ['as sent by the server', (iso) => iso],
    ['quoted like an ETag', (iso) => `"${iso}"`],
    ['as a weak ETag', (iso) => `W/"${iso}"`],
    ['with a -03:00 offset', (iso) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().replace('Z', '-03:00')],
    ['with +00:00', (iso) => iso.replace('Z', '+00:00')],
  ];
  it.each(sameInstant)('compares instants: %s', async (_form, format) => {
    const cost = await newCost();
    t.clock.advance(1000);
    const reply = await admin.put(`/api/cost/${cost.id}`, { name: 'Deslocamento', price: 5 }, { 'if-match': format(cost.updated_at) });
    expect(reply.status).toBe(200);
  });

  it('absent or "*": last write wins, as documented', async () => {
    const cost = await newCost();
    ok(await admin.put(`/api/cost/${cost.id}`, { name: 'Primeiro', price: 1 }));
    ok(await admin.put(`/api/cost/${cost.id}`, { name: 'Segundo', price: 2 }, { 'if-match': '*' }));
    expect(ok(await admin.get(`/api/cost/${cost.id}`)).name).toBe('Segundo');
  });

  it('unreadable: 400, and nothing changes', async () => {
    const cost = await newCost('Intacto');
    for (const header of ['ontem', '1700000000000', '2026-13-45T99:00:00Z']) {
      const reply = await admin.put(`/api/cost/${cost.id}`, { name: 'Mudado', price: 1 }, { 'if-match': header });
      expect(reply, header).toMatchObject({ status: 400, body: { message: SYNC_MESSAGES.invalidIfMatch } });
    }
    expect(ok(await admin.get(`/api/cost/${cost.id}`)).name).toBe('Intacto');
  });

  it('on a record that is gone: 404 (the device treats a delete as done)', async () => {
    const cost = await newCost();
    ok(await admin.del(`/api/cost/${cost.id}`));
    expect((await admin.del(`/api/cost/${cost.id}`, { 'if-match': cost.updated_at })).status).toBe(404);
    expect((await admin.put(`/api/cost/${cost.id}`, { name: 'x', price: 1 }, { 'if-match': cost.updated_at })).status).toBe(404);
  });

  it('two devices with the same version: the first write wins, the second gets 409', async () => {
    const cost = await newCost('Disputado');
    t.clock.advance(1000);
    const replies = await Promise.all(
      ['Tablet A', 'Tablet B'].map((name) => admin.put(`/api/cost/${cost.id}`, { name, price: 1 }, { 'if-match': cost.updated_at })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.status === 200)!.body;
    expect(ok(await admin.get(`/api/cost/${cost.id}`))).toEqual(winner);
  });
});
