/**
 * The engine against the real server through a misbehaving network: after
 * each fault the server holds exactly the intended records, once, and the
 * local store agrees with it.
 *
 * Faults: request dropped, response lost after the server committed, 500,
 * 429 with Retry-After, slow responses, timeouts, token expired mid-push,
 * server restarted mid-push, client reloaded mid-push.
 */
import { describe, expect, it } from 'vitest';
import { BATCH_PATH } from '@sync/contract/batch';
import { PULL_PAGES_PER_ANSWER } from '@sync/contract/pull-batch';
import { saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import type { SyncDatabase } from '@sync/store/database';
import { META } from '@sync/store/meta';
import { readRecord } from '@sync/store/queries';
import { expectConverged, liveRecords, readServerCatalog, type ServerCatalog } from './support/convergence';
import type { TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const { server, device, reload } = useSyncServer();

const token = async (client: TestClient) => (await client.auth.getAccessToken())!;
let counter = 0;
const unique = (label: string) => `${label} ${++counter}-${Math.random().toString(36).slice(2, 6)}`;

/** A small offline session: a category, two pieces of equipment in it, an agent listing one of them, a cost. */
async function offlineWork(db: SyncDatabase) {
  const names = {
    category: unique('Categoria'),
    first: unique('Equipamento'),
    second: unique('Equipamento'),
    agent: unique('Agente'),
    cost: unique('Custo'),
  };
  const types = await liveRecords(db, 'product_types');
  const category = await saveRecord(db, 'equipment_categories', null, { name: names.category });
  const first = await saveRecord(db, 'equipment', null, { name: names.first, category_key: category });
  await saveRecord(db, 'equipment', null, { name: names.second, category_key: category, serial_number: 'S-2' });
  const agent = await saveRecord(db, 'products', null, { name: names.agent, price: 42, type_key: types[0]!.key });
  await saveRecord(db, 'product_equipments', null, { product_key: agent, equipment_key: first, quantity: 3 });
  await saveRecord(db, 'costs', null, { name: names.cost, price: 7.5 });
  await saveRecord(db, 'equipment', first, { serial_number: 'S-1' });
  return names;
}

/** Each name of the offline session is on the server exactly once, with its relations. */
function expectOnce(catalog: ServerCatalog, names: Awaited<ReturnType<typeof offlineWork>>) {
  const count = (resource: string, name: string) => catalog[resource]!.filter((record) => record.name === name).length;
  expect(count('equipment_categories', names.category)).toBe(1);
  expect(count('equipment', names.first)).toBe(1);
  expect(count('equipment', names.second)).toBe(1);
  expect(count('products', names.agent)).toBe(1);
  expect(count('costs', names.cost)).toBe(1);
  const category = catalog.equipment_categories!.find((record) => record.name === names.category)!;
  const first = catalog.equipment!.find((record) => record.name === names.first)!;
  expect(first).toMatchObject({ category_id: category.id, serial_number: 'S-1' });
  const agent = catalog.products!.find((record) => record.name === names.agent)!;
  expect(agent.equipments).toEqual([expect.objectContaining({ equipment_id: first.id, quantity: 3 })]);
}

async function syncAndCheck(client: TestClient, names: Awaited<ReturnType<typeof offlineWork>>) {
  await client.engine.drain();
  server.proxy.clearFaults();
  await client.engine.drain();
  const catalog = await expectConverged(server, client.db, await token(client));
  expectOnce(catalog, names);
}

describe('faults during a push', () => {
  it('request dropped before reaching the server: sent again, applied once', async () => {
    const client = await device();
    const names = await offlineWork(client.db);
    server.proxy.inject({ method: 'POST', fault: { kind: 'drop' }, times: 3 });
    await syncAndCheck(client, names);
  });

  it('response lost after the server committed: the retry replays the stored answer, nothing twice', async () => {
    const client = await device();
    const names = await offlineWork(client.db);
    const lost = server.proxy.inject({ method: 'POST', path: '/api/equipment/categories', fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/product\/\d+\/equipment/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'PUT', fault: { kind: 'lose-response' } });
    await syncAndCheck(client, names);
    await lost.hit;
    const categoryPosts = server.proxy.requests({ method: 'POST', path: '/api/equipment/categories' }).slice(-2);
    expect(categoryPosts[0]!.idempotencyKey).toBe(categoryPosts[1]!.idempotencyKey);
  });

  it('response of a create lost and the record pulled before the retry: one local record, not two', async () => {
    // Retries a minute apart (on the device's test clock): the entry the 503 sends back must not fall due
    // again within the same run. With the fast backoff (10–20 ms after the 503) a slow moment under load
    // let the push send it a third time, get the replayed 201 and learn its id before the pull, so the
    // pull found the record already the device's own (one record where the scenario needs two).
    const client = await device({ backoff: { baseMs: 60_000, factor: 1, maxMs: 60_000, jitter: 0 } });
    const name = unique('Custo');
    const key = await saveRecord(client.db, 'costs', null, { name, price: 1 });
    server.proxy.inject({ method: 'POST', path: '/api/cost', fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'POST', path: '/api/cost', fault: { kind: 'status', status: 503 } });
    // The answer is lost (the run stops as if offline); the retry meets a 503, and the pull that
    // follows brings in the committed record, which the device cannot yet tell is its own.
    const lost = await client.engine.syncNow();
    expect(lost.error?.code).toBe('network');
    client.clock.skipTo(lost.nextWakeAt!);
    const refused = await client.engine.syncNow();
    expect(refused.ok).toBe(true);
    expect((await liveRecords(client.db, 'costs')).filter((record) => record.name === name)).toHaveLength(2);
    await client.engine.drain();
    expect((await liveRecords(client.db, 'costs')).filter((record) => record.name === name)).toEqual([expect.objectContaining({ key })]);
    const catalog = await expectConverged(server, client.db, await token(client));
    expect(catalog.costs!.filter((record) => record.name === name)).toHaveLength(1);
  });

  it('500 from the server: retried with backoff until it answers', async () => {
    const client = await device();
    const names = await offlineWork(client.db);
    server.proxy.inject({ method: 'POST', fault: { kind: 'status', status: 500, body: { message: 'Erro interno do servidor.' } }, times: 4 });
    server.proxy.inject({ method: 'PUT', fault: { kind: 'status', status: 503 }, times: 2 });
    await syncAndCheck(client, names);
  });

  it('429 with Retry-After: the next try waits at least that long', async () => {
    const client = await device();
    const name = unique('Custo');
    await saveRecord(client.db, 'costs', null, { name, price: 1 });
    server.proxy.inject({ method: 'POST', path: '/api/cost', fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } } });
    const started = client.clock.now();
    const first = await client.engine.syncNow();
    expect(first.nextWakeAt! - started).toBeGreaterThanOrEqual(1_000);
    const [waiting] = await readPendingChanges(client.db);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, error: { code: 'server', status: 429 } });
    await client.engine.drain();
    const posts = server.proxy.requests({ method: 'POST', path: '/api/cost' }).slice(-2);
    expect(posts.map((request) => request.status)).toEqual([429, 201]);
    expect(client.clock.now() - started).toBeGreaterThanOrEqual(1_000);
    const catalog = await expectConverged(server, client.db, await token(client));
    expect(catalog.costs!.filter((record) => record.name === name)).toHaveLength(1);
  });

  it('slow responses within the timeout: nothing retried', async () => {
    const client = await device({ timeoutMs: 1_500 });
    const names = await offlineWork(client.db);
    const before = server.proxy.log.length;
    server.proxy.inject({ fault: { kind: 'delay', ms: 150 }, times: 50 });
    await syncAndCheck(client, names);
    const writes = server.proxy.log.slice(before).filter((request) => request.method !== 'GET');
    expect(new Set(writes.map((request) => request.idempotencyKey)).size).toBe(writes.length);
  });

  it('timeouts after the server committed: the retry replays, nothing twice', async () => {
    const client = await device({ timeoutMs: 400 });
    const names = await offlineWork(client.db);
    server.proxy.inject({ method: 'POST', fault: { kind: 'hold-response', ms: 800 }, times: 3 });
    server.proxy.inject({ method: 'PUT', fault: { kind: 'hold-response', ms: 800 } });
    await syncAndCheck(client, names);
  });

  it('token expired mid-push: refreshed once, the push goes on', async () => {
    const client = await device();
    const names = await offlineWork(client.db);
    const refreshesBefore = client.auth.refreshes;
    server.proxy.inject({
      method: 'POST',
      path: '/api/equipment',
      fault: { kind: 'delay', ms: 0 },
      onApply: () => server.clock.skip(server.config.accessTokenTtlSeconds * 1000 + 60_000),
    });
    await syncAndCheck(client, names);
    expect(client.auth.refreshes).toBeGreaterThan(refreshesBefore);
    expect(server.proxy.requests().some((request) => request.status === 401)).toBe(true);
  });

  it('server restarted mid-push (answer lost, connections refused for a while): nothing lost, nothing twice', async () => {
    const client = await device();
    const names = await offlineWork(client.db);
    let restarting: Promise<void> | null = null;
    server.proxy.inject({
      method: 'POST',
      path: '/api/product',
      fault: { kind: 'lose-response' },
      onApply: () => {
        restarting = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          await server.restart();
        })();
      },
    });
    await client.engine.drain().catch(() => undefined);
    await restarting;
    await syncAndCheck(client, names);
  });

  it('network down with entries prepared ahead: those not sent go back as they were, those sent keep their try', async () => {
    const client = await device();
    const names = Array.from({ length: 12 }, () => unique('Custo'));
    for (const name of names) await saveRecord(client.db, 'costs', null, { name, price: 1 });
    const before = server.proxy.log.length;
    // The first create finds no server; the run ends on it, with the next entries already prepared.
    server.proxy.inject({ method: 'POST', path: '/api/cost', fault: { kind: 'drop' } });
    const run = await client.engine.syncNow();
    expect(run.error?.code).toBe('network');

    const tries = new Map<string, number>();
    for (const request of server.proxy.log.slice(before)) {
      if (request.idempotencyKey) tries.set(request.idempotencyKey, (tries.get(request.idempotencyKey) ?? 0) + 1);
    }
    const left = await client.db.outbox.toArray();
    // Each entry counts exactly the tries that reached the network, and only a sent one keeps a body.
    for (const entry of left) {
      expect(entry.status).toBe('pending');
      expect(entry.attempts).toBe(tries.get(entry.idempotency_key) ?? 0);
      if (entry.attempts === 0) expect(entry.sent).toBeUndefined();
    }
    expect(left.filter((entry) => entry.attempts === 0).length).toBeGreaterThan(0);
    expect(tries.size).toBeLessThan(names.length);

    await client.engine.drain();
    const catalog = await expectConverged(server, client.db, await token(client));
    for (const name of names) expect(catalog.costs!.filter((record) => record.name === name)).toHaveLength(1);
  });

  it('client reloaded mid-push: the new engine sends the cut-off write again with the same key', async () => {
    let client = await device();
    const names = await offlineWork(client.db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = server.proxy.inject({ method: 'POST', path: '/api/equipment/categories', fault: { kind: 'hold-response', until: gate } });
    const cutOff = client.engine.syncNow();
    await held.hit;
    client = await reload(client);
    const category = (await liveRecords(client.db, 'equipment_categories')).find((record) => record.name === names.category)!;
    expect((await client.db.outbox.where('key').equals(category.key).first())?.status).toBe('in_flight');

    await client.engine.drain();
    release();
    await cutOff;
    await syncAndCheck(client, names);
    const categoryPosts = server.proxy.requests({ method: 'POST', path: '/api/equipment/categories' }).slice(-2);
    expect(categoryPosts[0]!.idempotencyKey).toBe(categoryPosts[1]!.idempotencyKey);
    expect((await readRecord(client.db, 'equipment_categories', category.key))!.id).not.toBeNull();
  });
});

describe('faults during a push in batch calls', () => {
  const batchCalls = () => server.proxy.requests({ method: 'POST', path: `/${BATCH_PATH}` });

  it("a batch call's answer lost: each of its writes is sent again with its key and applied once", async () => {
    const client = await device();
    const names = Array.from({ length: 40 }, () => unique('Custo em lote'));
    for (const name of names) await saveRecord(client.db, 'costs', null, { name, price: 2 });
    const before = server.proxy.log.length;
    const lost = server.proxy.inject({ method: 'POST', path: `/${BATCH_PATH}`, fault: { kind: 'lose-response' } });
    await client.engine.drain();
    server.proxy.clearFaults();
    await client.engine.drain();
    await lost.hit;

    const log = server.proxy.log.slice(before);
    const lostCall = log.findIndex((request) => request.fault === 'lose-response');
    const after = log.slice(lostCall + 1);
    const end = after.findIndex((request) => !request.inBatch);
    const lostWrites = after.slice(0, end === -1 ? after.length : end);
    expect(lostWrites.length).toBeGreaterThan(1);
    for (const write of lostWrites) {
      const tries = log.filter((request) => request.inBatch !== undefined && request.idempotencyKey === write.idempotencyKey);
      expect(tries.at(-1)).toMatchObject({ status: 201 });
    }
    expect(batchCalls().length).toBeLessThan(names.length);
    const catalog = await expectConverged(server, client.db, await token(client));
    for (const name of names) expect(catalog.costs!.filter((record) => record.name === name)).toHaveLength(1);
  });

  it('one write of a batch in conflict: it alone waits for the user, the others are applied', async () => {
    const client = await device();
    const keys: string[] = [];
    for (let index = 0; index < 12; index += 1) keys.push(await saveRecord(client.db, 'costs', null, { name: unique('Diária'), price: 100 }));
    await client.engine.drain();
    const other = await device();
    const changed = (await readRecord(client.db, 'costs', keys[5]!))!;
    const otherKey = (await liveRecords(other.db, 'costs')).find((record) => record.id === changed.id)!.key;
    await saveRecord(other.db, 'costs', otherKey, { price: 310 });
    await other.engine.drain();

    const calls = batchCalls().length;
    for (const key of keys) await saveRecord(client.db, 'costs', key, { price: 999 });
    await client.engine.drain();
    expect(batchCalls().length).toBeGreaterThan(calls);
    const pending = await readPendingChanges(client.db);
    expect(pending).toEqual([
      expect.objectContaining({ status: 'conflict', conflict: [expect.objectContaining({ field: 'price', mine: 999, theirs: 310 })] }),
    ]);
    const catalog = await readServerCatalog(server, client.db, await token(client));
    for (const [index, key] of keys.entries()) {
      const id = (await readRecord(client.db, 'costs', key))!.id;
      expect(catalog.costs!.find((record) => record.id === id)).toMatchObject({ price: index === 5 ? 310 : 999 });
    }
  });
});

describe('faults during a pull', () => {
  it('a later page of a list fails: the pages before it are kept, the cursor stays, the next run reads the rest', async () => {
    const writer = await device();
    // More costs than one answer holds (PULL_PAGES_PER_ANSWER pages of 2).
    for (let index = 0; index <= 2 * PULL_PAGES_PER_ANSWER; index += 1)
      await saveRecord(writer.db, 'costs', null, { name: unique('Custo'), price: 1 });
    await writer.engine.drain();
    // Pages of 2, four pages an answer: the next call is asked for before the current answer is written, and it fails.
    const reader = await device({ pullPageSize: 2 }, { drained: false });
    server.proxy.inject({ method: 'GET', path: /^\/api\/cost\/all\/0\/2\?.*after_id=/, fault: { kind: 'status', status: 500 } });
    const failed = await reader.engine.syncNow();
    expect(failed.ok).toBe(false);
    expect(await liveRecords(reader.db, 'costs')).toHaveLength(2 * PULL_PAGES_PER_ANSWER);
    expect(await reader.db.meta.get(META.cursor('costs'))).toBeUndefined();
    server.proxy.clearFaults();
    await reader.engine.drain();
    const catalog = await expectConverged(server, reader.db, await token(reader));
    expect(await liveRecords(reader.db, 'costs')).toHaveLength(catalog.costs!.length);
    expect(await reader.db.meta.get(META.cursor('costs'))).toBeDefined();
  });
});
