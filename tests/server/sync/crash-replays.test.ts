/**
 * A write whose server process died around it (issue 25, "False conflicts
 * after a crash"; docs/decisions/crash-replays.md), replayed by the device
 * with the same Idempotency-Key, body and If-Match to the process started
 * after:
 *
 * - applied, its answer lost (the process died between the commit and the
 *   answer): the replay gets the first answer back (200/201/204, marked
 *   replayed), not a 409, and nothing is applied twice, also once the lease
 *   is over and inside a batch; a genuine conflict is still a 409;
 * - not applied (the process died before writing): the replay runs it at
 *   once, not a 409 "Requisição em andamento" for the lease's minute.
 *
 * A "process" is an app instance on the database with its own connections;
 * it dies by never finishing a chosen request (a probe hangs it after the
 * write's commit, or before the handler) and being closed without a word to
 * the idempotency keys, as a killed process leaves them. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set (the kill -9 test of real
 * processes is kill-replays.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_PATH, type BatchItem } from '@sync/contract/batch';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { buildApp } from '@server/app';
import type { AppPlugin, ZodApp } from '@server/app-context';
import { manualClock } from '@server/clock';
import { loadConfig } from '@server/config';
import { openDatabase, type Db } from '@server/db/client';
import { runMigrations } from '@server/db/migrate';
import { costs, idempotencyKeys } from '@server/db/schema';
import { seedDatabase } from '@server/db/seed';
import { createFileMailer } from '@server/mail/mailer';
import { appPlugins } from '@server/plugins';
import { routeModules } from '@server/routes';
import { createIdempotencyPlugin, IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from '@server/sync/idempotency-plugin';
import { IDEMPOTENCY_LEASE_MS } from '@server/sync/idempotency-store';
import { isOwnerAlive, LIVENESS_LOCK_SPACE } from '@server/sync/process-liveness';
import { migratedPglite } from '../helpers/pglite';
import { TEST_DATABASE_URL, throwawayDatabase } from '../helpers/postgres-app';
import { ADMIN, call, signIn, type Reply } from '../helpers/test-app';
import { validCustomer } from '../customers/support';
import { validQuotation } from '../quotations/support';
import { plannedNoiseSample } from '../samples/support';
import { api } from '../catalog/support';

/** Where a probe makes a process die: after the write's commit (its answer lost) or before it writes. */
const AFTER_COMMIT = 'crash-after-commit-';
const BEFORE_WRITE = 'crash-before-write-';

/** One database, opened by each "process" with connections of its own. */
type Backend = {
  name: string;
  open(): Promise<{ db: Db; close(): Promise<void> }>;
  /** Makes a live process look dead: its liveness mark goes, as when its connection breaks. */
  dropMark(db: Db, owner: number): Promise<void>;
  drop(): Promise<void>;
};

async function pgliteBackend(): Promise<Backend> {
  const client = await migratedPglite();
  const shared = await openDatabase({ kind: 'pglite-client', client });
  await seedDatabase(shared.db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password, adminEmail: ADMIN.email });
  // PGlite has one connection: every process uses it (a dead process's session state is what it leaves behind there).
  return {
    name: 'PGlite',
    open: async () => ({ db: shared.db, close: async () => undefined }),
    dropMark: async (db, owner) => void (await db.execute(sql`select pg_advisory_unlock(${LIVENESS_LOCK_SPACE}, ${owner})`)),
    drop: () => shared.close(),
  };
}

async function postgresBackend(): Promise<Backend> {
  const throwaway = await throwawayDatabase('crash_replays');
  const first = await openDatabase({ kind: 'postgres', url: throwaway.url });
  await runMigrations(first);
  await seedDatabase(first.db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password, adminEmail: ADMIN.email });
  await first.close();
  return {
    name: 'PostgreSQL',
    async open() {
      const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
      return { db: database.db, close: () => database.close() };
    },
    async dropMark(db, owner) {
      await db.execute(sql`
        select pg_terminate_backend(pid) from pg_locks
         where locktype = 'advisory' and classid = ${LIVENESS_LOCK_SPACE} and objid = ${owner} and objsubid = 2`);
    },
    drop: () => throwaway.drop(),
  };
}

const keyOf = (request: FastifyRequest) => {
  const raw = request.headers['idempotency-key'];
  return typeof raw === 'string' ? raw : undefined;
};
const never = () => new Promise<never>(() => undefined);

/**
 * Holds the request with an armed key at the point its key names, once (for
 * ever, or until `until` settles), and says when it got there.
 */
function crashProbe() {
  const armed = new Map<string, { arrived: () => void; until: Promise<unknown> }>();
  /** Where this request is held, when it is the one to hold here. */
  const held = (request: FastifyRequest, point: string) => {
    const key = keyOf(request);
    const entry = key?.startsWith(point) ? armed.get(key) : undefined;
    if (!entry) return undefined;
    armed.delete(key!);
    entry.arrived();
    return entry.until;
  };
  const plugin: AppPlugin = {
    name: 'crash-probe',
    install(app) {
      app.addHook('preHandler', async (request) => {
        await held(request, BEFORE_WRITE);
      });
      // Runs before the idempotency plugin's onSend (installed after it): the write is committed, its answer not yet kept.
      app.addHook('onSend', async (request, _reply, payload) => {
        await held(request, AFTER_COMMIT);
        return payload;
      });
    },
  };
  return {
    plugin,
    /** Resolves when the request with this key reaches its point. */
    waitFor(key: string, until: Promise<unknown> = never()) {
      return new Promise<void>((resolve) => armed.set(key, { arrived: resolve, until }));
    },
  };
}

type Process = { baseUrl: string; probe: ReturnType<typeof crashProbe>; die(): Promise<void> };

describe.each([{ name: 'PGlite', backend: pgliteBackend }, ...(TEST_DATABASE_URL ? [{ name: 'PostgreSQL', backend: postgresBackend }] : [])])(
  'a write replayed to the process started after a crash, on $name',
  ({ backend: makeBackend }) => {
    let backend: Backend;
    const clock = manualClock(Date.now());
    const dataDir = mkdtempSync(join(tmpdir(), 'ho-crash-replays-'));
    const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), LOG_LEVEL: 'silent' });
    let current: Process;
    let token: string;
    let db: Db;
    let closeVerifier: () => Promise<void>;

    async function startProcess(): Promise<Process> {
      const database = await backend.open();
      const probe = crashProbe();
      const app: ZodApp = await buildApp({
        db: database.db,
        config,
        clock,
        mailer: createFileMailer(join(dataDir, 'mail'), config.mailFrom),
        logger: false,
        routes: routeModules,
        // A duplicate of a running request waits 300 ms (not 3 s) before its 409, to keep a failure short.
        plugins: appPlugins.flatMap((plugin) =>
          plugin.name === 'idempotency' ? [probe.plugin, createIdempotencyPlugin({ waitMs: 300 })] : [plugin],
        ),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return {
        baseUrl: `http://127.0.0.1:${address.port}`,
        probe,
        async die() {
          await app.close();
          await database.close();
        },
      };
    }

    beforeAll(async () => {
      backend = await makeBackend();
      const verifier = await backend.open();
      db = verifier.db;
      closeVerifier = verifier.close;
      current = await startProcess();
      token = (await signIn(current, ADMIN.username, ADMIN.password)).access_token;
    }, 60_000);

    afterAll(async () => {
      await current?.die();
      await closeVerifier?.();
      await backend?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** A write as the device sends it; the batch call itself carries no key (its writes do). */
    type Write = { method: string; path: string; key?: string; ifMatch?: string; json?: unknown };

    const send = (to: Process, write: Write, signal?: AbortSignal) =>
      fetch(`${to.baseUrl}${write.path}`, {
        method: write.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(write.key ? { 'idempotency-key': write.key } : {}),
          ...(write.ifMatch ? { 'if-match': write.ifMatch } : {}),
          ...(write.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: write.json === undefined ? undefined : JSON.stringify(write.json),
        signal,
      });

    /** Sends the write (or a batch carrying it) and kills the current process at the write's crash point; the next process takes over. */
    async function crashDuring(write: Write & { key: string }, carrier: Write = write): Promise<void> {
      const reached = current.probe.waitFor(write.key);
      const aborted = new AbortController();
      const sent = send(current, carrier, aborted.signal).catch(() => 'lost');
      await reached;
      aborted.abort();
      expect(await sent).toBe('lost');
      await current.die();
      current = await startProcess();
    }

    async function replay(write: Write): Promise<Reply> {
      return call(current, write.method, write.path, {
        token,
        json: write.json,
        headers: { ...(write.key ? { 'idempotency-key': write.key } : {}), ...(write.ifMatch ? { 'if-match': write.ifMatch } : {}) },
      });
    }

    async function newCost(name: string) {
      const reply = await call(current, 'POST', '/api/cost', { token, json: { name, price: 10 } });
      expect(reply.status).toBe(201);
      clock.advance(1_000);
      return reply.body as { id: number; updated_at: string };
    }

    async function storedCost(id: number) {
      const [row] = await db.select().from(costs).where(eq(costs.id, id));
      return row;
    }

    it('answers an update applied before the crash with its first answer, then and after the lease, and applies it once', async () => {
      const cost = await newCost('Deslocamento aplicado');
      const write = {
        method: 'PUT',
        path: `/api/cost/${cost.id}`,
        key: `${AFTER_COMMIT}update`,
        ifMatch: cost.updated_at,
        json: { name: 'Deslocamento aplicado', price: 42 },
      };
      await crashDuring(write);
      const applied = await storedCost(cost.id);
      expect(Number(applied!.price)).toBe(42);
      const first = await replay(write);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(first.body).toMatchObject({ id: cost.id, price: 42, updated_at: applied!.updated_at.toISOString() });
      clock.advance(IDEMPOTENCY_LEASE_MS + 1_000);
      const afterLease = await replay(write);
      expect({ status: afterLease.status, body: afterLease.body }).toEqual({ status: 200, body: first.body });
      expect((await storedCost(cost.id))!.updated_at).toEqual(applied!.updated_at);

      // Another writer that saw the old version is still told the record moved on.
      const other = await replay({ ...write, key: 'another-device', json: { name: 'Deslocamento aplicado', price: 7 } });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ message: CONFLICT_MESSAGE, current: { price: 42 } });
    });

    /** A record that a route of each kind updates, the update as the device sends it, and where the record reads back. */
    type UpdateCase = { route: string; setup(): Promise<{ write: Write & { key: string }; read(): Promise<{ updated_at: string }> }> };
    const post = async (path: string, json: unknown) => {
      const reply = await call(current, 'POST', path, { token, json });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body;
    };
    const get = async (path: string) => (await call(current, 'GET', path, { token })).body;
    const updates: UpdateCase[] = [
      {
        route: 'a customer address (child line)',
        async setup() {
          const customer = await post('/api/customer', validCustomer());
          const address = await post(`/api/customer/${customer.id}/address`, { street: 'Rua A', number: '1', city: 'Campinas', state: 'SP' });
          return {
            write: {
              method: 'PUT',
              path: `/api/customer/${customer.id}/address/${address.id}`,
              key: `${AFTER_COMMIT}address`,
              ifMatch: address.updated_at,
              json: { number: '2' },
            },
            read: async () => (await get(`/api/customer/${customer.id}`)).addresses.find((a: { id: number }) => a.id === address.id),
          };
        },
      },
      {
        route: "an agent's equipment line",
        async setup() {
          const meter = await post('/api/equipment', { name: 'Dosímetro', serial_number: 'D-1' });
          const agent = await post('/api/product', { name: 'Ruído', price: 10, type_id: 3 });
          const line = await post(`/api/product/${agent.id}/equipment`, { equipment_id: meter.id });
          return {
            write: {
              method: 'PUT',
              path: `/api/product/${agent.id}/equipment/${line.id}`,
              key: `${AFTER_COMMIT}line`,
              ifMatch: line.updated_at,
              json: { equipment_id: meter.id, quantity: 3 },
            },
            read: async () => (await get(`/api/product/${agent.id}`)).equipments.find((l: { id: number }) => l.id === line.id),
          };
        },
      },
      {
        route: "a quotation's status (command)",
        async setup() {
          const customer = await post('/api/customer', validCustomer({ document: null }));
          const quotation = await post('/api/quotation', validQuotation(customer.id));
          return {
            write: {
              method: 'PUT',
              path: `/api/quotation/${quotation.id}/status`,
              key: `${AFTER_COMMIT}status`,
              ifMatch: quotation.updated_at,
              json: { status: 'pending', markAsSent: true },
            },
            read: () => get(`/api/quotation/${quotation.id}`),
          };
        },
      },
      {
        route: "a sample's Finalizar (command, without If-Match)",
        async setup() {
          const customer = await post('/api/customer', validCustomer({ document: null }));
          const sample = await plannedNoiseSample(api(current as never, token), customer.id);
          return {
            write: { method: 'PUT', path: `/api/sample/${sample.id}/finalize`, key: `${AFTER_COMMIT}finalize`, json: {} },
            read: () => get(`/api/sample/${sample.id}`),
          };
        },
      },
    ];

    it.each(updates)('answers an update of $route applied before the crash with its first answer', async ({ setup }) => {
      const { write, read } = await setup();
      const before = await read();
      clock.advance(1_000);
      await crashDuring(write);
      const applied = await read();
      expect(applied.updated_at).not.toBe(before.updated_at);
      const replayed = await replay(write);
      expect({ status: replayed.status, replayed: replayed.headers.get(REPLAYED_HEADER) }, JSON.stringify(replayed.body)).toEqual({
        status: 200,
        replayed: 'true',
      });
      expect(replayed.body.updated_at).toBe(applied.updated_at);
      expect((await read()).updated_at).toBe(applied.updated_at);
    });

    it('answers an update applied before the crash with its first answer when the replay comes after the lease, not an edit conflict', async () => {
      const cost = await newCost('Reenviado depois');
      const write = {
        method: 'PUT',
        path: `/api/cost/${cost.id}`,
        key: `${AFTER_COMMIT}late-update`,
        ifMatch: cost.updated_at,
        json: { name: 'Reenviado depois', price: 5 },
      };
      await crashDuring(write);
      const applied = await storedCost(cost.id);
      clock.advance(IDEMPOTENCY_LEASE_MS + 1_000);
      const late = await replay(write);
      expect({ status: late.status, replayed: late.headers.get(REPLAYED_HEADER) }, JSON.stringify(late.body)).toEqual({
        status: 200,
        replayed: 'true',
      });
      expect(late.body).toMatchObject({ price: 5, updated_at: applied!.updated_at.toISOString() });
      expect((await storedCost(cost.id))!.updated_at).toEqual(applied!.updated_at);
    });

    it('answers a create and a delete applied before the crash with their first answers, each applied once', async () => {
      const create = { method: 'POST', path: '/api/cost', key: `${AFTER_COMMIT}create`, json: { name: 'Criado antes da queda', price: 3 } };
      await crashDuring(create);
      const created = await replay(create);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(await db.select().from(costs).where(eq(costs.name, 'Criado antes da queda'))).toHaveLength(1);

      const doomed = await newCost('Excluído antes da queda');
      const remove = { method: 'DELETE', path: `/api/cost/${doomed.id}`, key: `${AFTER_COMMIT}delete`, ifMatch: doomed.updated_at };
      await crashDuring(remove);
      expect(await storedCost(doomed.id)).toBeUndefined();
      const deleted = await replay(remove);
      expect(deleted.status).toBe(204);
      expect(deleted.headers.get(REPLAYED_HEADER)).toBe('true');
    });

    it('runs at once a write the dead process had claimed but not applied', async () => {
      const cost = await newCost('Nunca escrito');
      const write = {
        method: 'PUT',
        path: `/api/cost/${cost.id}`,
        key: `${BEFORE_WRITE}update`,
        ifMatch: cost.updated_at,
        json: { name: 'Nunca escrito', price: 9 },
      };
      await crashDuring(write);
      expect(Number((await storedCost(cost.id))!.price)).toBe(10);
      const replayed = await replay(write);
      expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
      expect(replayed.headers.get(REPLAYED_HEADER)).toBeNull();
      expect(Number((await storedCost(cost.id))!.price)).toBe(9);
    });

    it('answers a batch cut by the crash write by write: the applied ones replayed, the rest run, none a 409', async () => {
      const [a, b, c] = [await newCost('Lote 1'), await newCost('Lote 2'), await newCost('Lote 3')];
      const item = (cost: { id: number; updated_at: string }, key: string, price: number): BatchItem => ({
        method: 'PUT',
        path: `api/cost/${cost.id}`,
        headers: { 'idempotency-key': key, 'if-match': cost.updated_at },
        body: { name: `Lote ${price}`, price },
      });
      const requests = [item(a, 'batch-first', 1), item(b, `${AFTER_COMMIT}batch-second`, 2), item(c, 'batch-third', 3)];
      const batch = { method: 'POST', path: `/${BATCH_PATH}`, json: { requests } };
      await crashDuring({ ...batch, key: `${AFTER_COMMIT}batch-second` }, batch);
      expect([await storedCost(a.id), await storedCost(b.id), await storedCost(c.id)].map((row) => Number(row!.price))).toEqual([1, 2, 10]);

      const again = await call(current, 'POST', `/${BATCH_PATH}`, { token, json: { requests } });
      expect(again.status).toBe(200);
      const answers = again.body.responses as Array<{ status: number; body: { price: number } }>;
      expect(answers.map((answer) => [answer.status, answer.body.price])).toEqual([
        [200, 1],
        [200, 2],
        [200, 3],
      ]);
    });

    it('rolls back the write of a process that looked dead while another ran its key: a create still makes one record', async () => {
      let resume = () => undefined as void;
      const write = { method: 'POST', path: '/api/cost', key: `${BEFORE_WRITE}stalled-create`, json: { name: 'Criado uma vez', price: 4 } };
      const reached = current.probe.waitFor(write.key, new Promise<void>((resolve) => (resume = resolve)));
      const stalled = replay(write);
      await reached;
      const [claim] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, write.key));
      await backend.dropMark(db, claim!.owner!);
      // pg_terminate_backend only asks the session to end: on a loaded machine its lock outlived the 1 s this
      // waited before (CI, 30/11). Wait up to 15 s, and fail here, plainly, if the owner never looks dead.
      for (let i = 0; i < 750 && (await isOwnerAlive(db, claim!.owner!)); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await isOwnerAlive(db, claim!.owner!)).toBe(false);
      const other = await startProcess();
      try {
        const byOther = await call(other, write.method, write.path, { token, json: write.json, headers: { 'idempotency-key': write.key } });
        expect(byOther.status, JSON.stringify(byOther.body)).toBe(201);
        expect(byOther.headers.get(REPLAYED_HEADER)).toBeNull();

        resume();
        const late = await stalled;
        expect({ status: late.status, body: late.body, retryAfter: late.headers.get('retry-after') }).toEqual({
          status: 409,
          body: { message: IDEMPOTENCY_MESSAGES.inProgress },
          retryAfter: '1',
        });
        expect(await db.select().from(costs).where(eq(costs.name, 'Criado uma vez'))).toHaveLength(1);
        const retried = await replay(write);
        expect({ status: retried.status, id: retried.body.id, replayed: retried.headers.get(REPLAYED_HEADER) }).toEqual({
          status: 201,
          id: byOther.body.id,
          replayed: 'true',
        });
      } finally {
        // Never leave the stalled write hanging (a failed expectation above would): it would hold the suite's hooks.
        resume();
        await other.die();
      }
    });
  },
);
