/**
 * A create whose answer was lost after the server committed it, then an edit
 * of the same record before the device learns the server id: the edit must
 * reach the server exactly once, whatever happens in between (a pull that
 * brings the server's copy in as a second local record, the retry of the
 * create waiting, in flight, stuck in the network past the client's timeout,
 * the engine running in the background). Each interleaving is forced with
 * the proxy's holds rather than by sleeping.
 */
import { describe, expect, it } from 'vitest';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import { readRecord } from '@sync/store/queries';
import { expectConverged, liveRecords } from './support/convergence';
import type { ActiveRule, LoggedRequest } from './support/fault-proxy';
import { FAST_BACKOFF, type TestClient } from './support/sync-client';
import { useSyncServer, type ClockedClient } from './support/test-bed';

const { server, device } = useSyncServer();

let counter = 0;
const unique = () => `Equipamento ${++counter}-${Math.random().toString(36).slice(2, 6)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Resolves once the request a rule applied to has been answered by the server (whatever the client saw). */
async function serverAnswered(rule: ActiveRule): Promise<LoggedRequest> {
  await rule.hit;
  for (;;) {
    const logged = [...server.proxy.log].reverse().find((request) => request.fault === rule.fault.kind);
    if (logged && logged.status !== null) return logged;
    await sleep(5);
  }
}

/** Moves the device's clock until the entries of the record fall due, so the next run sends them. */
async function untilDue(client: ClockedClient, key: string): Promise<void> {
  const entries = await client.db.outbox.where('key').equals(key).toArray();
  client.clock.skipTo(Math.max(0, ...entries.map((entry) => entry.next_attempt_at)) + 1);
}

/**
 * Saves a piece of equipment offline and pushes it with the answer lost:
 * the server has the record, the device does not know its id.
 */
async function createWithAnswerLost(client: TestClient): Promise<{ key: string; name: string }> {
  const name = unique();
  const key = await saveRecord(client.db, 'equipment', null, { name, category_key: null });
  server.proxy.inject({ method: 'POST', path: '/api/equipment', fault: { kind: 'lose-response' } });
  const run = await client.engine.syncNow();
  expect(run.error?.code).toBe('network');
  expect((await readRecord(client.db, 'equipment', key))?.id).toBeNull();
  return { key, name };
}

/** The server holds the record once with the serial the user saved last, and the device agrees. */
async function expectSerialOnce(client: TestClient, created: { key: string; name: string }, serial: string): Promise<void> {
  server.proxy.clearFaults();
  await client.engine.drain();
  const catalog = await expectConverged(server, client.db, (await client.auth.getAccessToken())!);
  const copies = catalog.equipment!.filter((record) => record.name === created.name);
  expect(copies).toEqual([expect.objectContaining({ serial_number: serial })]);
  expect(await readRecord(client.db, 'equipment', created.key)).toMatchObject({ id: copies[0]!.id, serial_number: serial });
}

const localCopies = async (client: TestClient, name: string) => (await liveRecords(client.db, 'equipment')).filter((record) => record.name === name);

describe('an edit saved after a create whose answer was lost', () => {
  it('saved while the retry waits: the retry adopts the id, the edit follows', async () => {
    const client = await device();
    const created = await createWithAnswerLost(client);
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    await expectSerialOnce(client, created, 'SN-2');
  });

  it('a pull brought the server copy in before the edit: the copy folds into the record, the edit is sent', async () => {
    const client = await device();
    const created = await createWithAnswerLost(client);
    await untilDue(client, created.key);
    server.proxy.inject({ method: 'POST', path: '/api/equipment', fault: { kind: 'status', status: 503 } });
    expect((await client.engine.syncNow()).ok).toBe(true);
    expect(await localCopies(client, created.name)).toHaveLength(2);
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    await expectSerialOnce(client, created, 'SN-2');
  });

  it('saved before a pull brings the server copy in: the pulled copy does not overwrite it', async () => {
    const client = await device();
    const created = await createWithAnswerLost(client);
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    await untilDue(client, created.key);
    server.proxy.inject({ method: 'POST', path: '/api/equipment', fault: { kind: 'status', status: 503 } });
    expect((await client.engine.syncNow()).ok).toBe(true);
    await expectSerialOnce(client, created, 'SN-2');
  });

  it('saved while the retry is answered but the answer has not arrived', async () => {
    const client = await device();
    const created = await createWithAnswerLost(client);
    await untilDue(client, created.key);
    const answer = gate();
    const held = server.proxy.inject({ method: 'POST', path: '/api/equipment', fault: { kind: 'hold-response', until: answer.opened } });
    const run = client.engine.syncNow();
    await serverAnswered(held);
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    answer.open();
    await run;
    await expectSerialOnce(client, created, 'SN-2');
  });

  it('saved while the retry is on its way to the server (between prepare and answer)', async () => {
    const client = await device();
    const created = await createWithAnswerLost(client);
    await untilDue(client, created.key);
    const request = gate();
    const held = server.proxy.inject({ method: 'POST', path: '/api/equipment', fault: { kind: 'hold-request', until: request.opened } });
    const run = client.engine.syncNow();
    await held.hit;
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    request.open();
    await run;
    await expectSerialOnce(client, created, 'SN-2');
  });

  it('the retry is stuck in the network past the timeout, a pull brings the copy in, the edit is saved, then the stuck retry lands', async () => {
    // The timeout ends the stuck retry; it must also leave room for the pull's first pages (about fifteen
    // lists requested at once, served one after the other by the in-memory database on a busy machine).
    const client = await device({ timeoutMs: 1_000, backoff: { ...FAST_BACKOFF, baseMs: 600, maxMs: 600, jitter: 0 } });
    const created = await createWithAnswerLost(client);
    await untilDue(client, created.key);
    const request = gate();
    const stuck = server.proxy.inject({ method: 'POST', path: '/api/equipment', fault: { kind: 'hold-request', until: request.opened } });
    // The retry times out; the run goes on to the pull, which brings the server's copy in.
    expect((await client.engine.syncNow()).ok).toBe(true);
    await stuck.hit;
    expect(await localCopies(client, created.name)).toHaveLength(2);
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    request.open();
    await serverAnswered(stuck);
    await expectSerialOnce(client, created, 'SN-2');
  });

  it('the edit is saved twice around the first edit being sent: the last one wins', async () => {
    const client = await device({ timeoutMs: 1_000 });
    const created = await createWithAnswerLost(client);
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    // The create's retry goes through; the edit's PUT is stuck in the network past the timeout.
    const request = gate();
    const stuck = server.proxy.inject({ method: 'PUT', path: '/api/equipment/', fault: { kind: 'hold-request', until: request.opened } });
    await untilDue(client, created.key);
    const run = client.engine.syncNow();
    await stuck.hit;
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-3' });
    await run;
    request.open();
    await serverAnswered(stuck);
    await expectSerialOnce(client, created, 'SN-3');
  });

  it('the edit’s answer is lost after commit, then a second edit: both land in order', async () => {
    const client = await device();
    const created = await createWithAnswerLost(client);
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    server.proxy.inject({ method: 'PUT', path: '/api/equipment/', fault: { kind: 'lose-response' } });
    await untilDue(client, created.key);
    await client.engine.syncNow();
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-3' });
    await expectSerialOnce(client, created, 'SN-3');
  });

  it('with the engine running on its own (debounced after each save, retries on timers)', async () => {
    const client = await device({ debounceMs: 0, intervalMs: 50 });
    const created = await createWithAnswerLost(client);
    client.engine.start();
    await saveRecord(client.db, 'equipment', created.key, { serial_number: 'SN-2' });
    for (let waited = 0; (await client.db.outbox.count()) > 0 && waited < 10_000; waited += 20) await sleep(20);
    await client.engine.stop();
    await client.engine.settled();
    await expectSerialOnce(client, created, 'SN-2');
  });

  it('its category deleted here before the replayed answer came back: deleting it later is not a conflict', async () => {
    const client = await device();
    const equipmentPost = /^\/api\/equipment$/;
    const category = await saveRecord(client.db, 'equipment_categories', null, { name: `Categoria ${unique()}` });
    const name = unique();
    const key = await saveRecord(client.db, 'equipment', null, { name, category_key: category });
    // The server creates the equipment in that category; the device never hears back.
    server.proxy.inject({ method: 'POST', path: equipmentPost, fault: { kind: 'lose-response' } });
    expect((await client.engine.syncNow()).error?.code).toBe('network');

    await deleteRecord(client.db, 'equipment_categories', category);
    await deleteRecord(client.db, 'equipment', key);
    // The category's delete lands (the server clears the equipment's category, moving its version)
    // before the equipment's retry is answered with the stored answer, which still names the category.
    const request = gate();
    const held = server.proxy.inject({ method: 'POST', path: equipmentPost, fault: { kind: 'hold-request', until: request.opened } });
    await untilDue(client, key);
    const run = client.engine.syncNow();
    await held.hit;
    while (await client.db.records('equipment_categories').get(category)) await sleep(10);
    request.open();
    await run;
    await client.engine.drain();

    expect(await client.db.outbox.toArray()).toEqual([]);
    // The retry sent the first try's body (category and all), so the server replayed rather than refusing a changed body (422).
    const posts = server.proxy.requests({ method: 'POST', path: equipmentPost }).slice(-2);
    expect(posts.map((request) => request.status)).toEqual([201, 201]);
    expect(posts[0]!.idempotencyKey).toBe(posts[1]!.idempotencyKey);
    const catalog = await expectConverged(server, client.db, (await client.auth.getAccessToken())!);
    expect(catalog.equipment!.filter((record) => record.name === name)).toEqual([]);
  });

  it('its request dropped, then its category deleted and that delete sent first: the refused replay is rebuilt without it', async () => {
    // A retry waits a minute of the device's clock, so the category's delete surely goes before it, however slow the machine.
    const client = await device({ backoff: { ...FAST_BACKOFF, baseMs: 60_000, maxMs: 60_000, jitter: 0 } });
    const equipmentPost = /^\/api\/equipment$/;
    const category = await saveRecord(client.db, 'equipment_categories', null, { name: `Categoria ${unique()}` });
    expect((await client.engine.syncNow()).ok).toBe(true);
    const name = unique();
    const key = await saveRecord(client.db, 'equipment', null, { name, category_key: category });
    // The create never reaches the server; its body (with the category's id) is kept for the retry.
    server.proxy.inject({ method: 'POST', path: equipmentPost, fault: { kind: 'drop' } });
    expect((await client.engine.syncNow()).error?.code).toBe('network');
    // The category's delete goes while the create waits for its retry.
    await deleteRecord(client.db, 'equipment_categories', category);
    expect((await client.engine.syncNow()).ok).toBe(true);
    expect(await client.db.records('equipment_categories').get(category)).toBeUndefined();

    await untilDue(client, key);
    await client.engine.drain();

    expect(await client.db.outbox.toArray()).toEqual([]);
    // The replay of the kept body was refused (the category is gone); the rebuilt body went under a new key.
    const posts = server.proxy.requests({ method: 'POST', path: equipmentPost }).slice(-2);
    expect(posts.map((request) => request.status)).toEqual([400, 201]);
    expect(posts[0]!.idempotencyKey).not.toBe(posts[1]!.idempotencyKey);
    const catalog = await expectConverged(server, client.db, (await client.auth.getAccessToken())!);
    expect(catalog.equipment!.filter((record) => record.name === name)).toEqual([expect.objectContaining({ category_id: null })]);
  });
});
