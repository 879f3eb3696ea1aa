/**
 * The store requests a push makes per create. In Chromium every IndexedDB
 * request is work in the browser's storage backend and a round trip to it,
 * so the count is the push's cost there (docs/decisions/sync-push-prefetch.md). The
 * requests are counted on fake-indexeddb's prototypes while a push of agents
 * is answered by a fake server; the figure is a ceiling, not a timing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF } from '@sync/engine/backoff';
import { saveRecord } from '@sync/engine/mutations';
import { push } from '@sync/engine/push';
import type { HttpOutcome, HttpRequest, Transport } from '@sync/engine/transport';
import type { SyncDatabase } from '@sync/store/database';
import type { StoredRecord } from '@sync/store/types';
import { useTestDb, wireProduct } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const REQUESTS = {
  IDBObjectStore: ['get', 'getAll', 'getAllKeys', 'put', 'add', 'delete', 'clear', 'openCursor', 'openKeyCursor', 'count'],
  IDBIndex: ['get', 'getKey', 'getAll', 'getAllKeys', 'openCursor', 'openKeyCursor', 'count'],
  IDBCursor: ['continue', 'update', 'delete'],
  IDBDatabase: ['transaction'],
} as const;

let counts: Map<string, number>;
let restore: (() => void)[] = [];
beforeEach(() => {
  counts = new Map();
  for (const [name, methods] of Object.entries(REQUESTS)) {
    const prototype = (globalThis as unknown as Record<string, { prototype: Record<string, (...args: unknown[]) => unknown> }>)[name]!.prototype;
    for (const method of methods) {
      const original = prototype[method]!;
      prototype[method] = function (this: unknown, ...args: unknown[]) {
        const label = name === 'IDBDatabase' ? 'transaction' : 'request';
        counts.set(label, (counts.get(label) ?? 0) + 1);
        return original.apply(this, args);
      };
      restore.push(() => (prototype[method] = original));
    }
  }
});
afterEach(() => {
  for (const undo of restore) undo();
  restore = [];
});

/** Answers every create as the server would, a little later (so sends overlap as over a network). */
function fakeServer(): Transport & { requests: number } {
  let id = 100;
  const answer = (request: HttpRequest): HttpOutcome => ({
    kind: 'response',
    status: 201,
    body: wireProduct(id++, { ...(request.body as object), type: null }),
  });
  const server = {
    requests: 0,
    send: async (request: HttpRequest): Promise<HttpOutcome> => {
      server.requests += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      return answer(request);
    },
    sendBatch: async (requests: HttpRequest[]): Promise<HttpOutcome[]> => {
      server.requests += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      return requests.map(answer);
    },
  };
  return server as unknown as Transport & { requests: number };
}

describe('push: store requests per create', () => {
  it.each([
    // batch size, HTTP requests at most, store transactions at most
    [1, 60, 70],
    [25, 14, 20],
  ])(
    'batches of %i: 60 agents created offline, about 9 store requests each (16 before), at most %i sends and %i transactions',
    async (batchSize, sends, transactions) => {
      await db.records('product_types').put({ key: 'tipo', id: 1, name: 'Químico', created_at: null, updated_at: null, _base: null } as StoredRecord);
      const creates = 60;
      for (let index = 0; index < creates; index += 1) {
        await saveRecord(db, 'products', null, { name: `Agente ${index}`, price: 10, type_key: 'tipo' });
      }
      counts.clear();
      const transport = fakeServer();
      const result = await push({
        db,
        transport,
        batchSize,
        backoff: DEFAULT_BACKOFF,
        random: Math.random,
        now: Date.now,
        concurrency: 4,
        isStopped: () => false,
      });
      expect(result.sent).toBe(creates);
      expect(await db.outbox.count()).toBe(0);
      expect((await db.records('products').toArray()).every((record) => record.id !== null)).toBe(true);
      // Per create: prepare 4 (chain head, record, type, mark in flight), apply 5 (chain, record, entry
      // delete, record put, lines); no local copy is looked for (a first try answered 201), no search row is
      // written; the outbox listed at the start and end of the run adds a little.
      expect((counts.get('request') ?? 0) / creates).toBeLessThanOrEqual(9.3);
      // One step per send (apply the answers, prepare the next group); the run's own reads add a few.
      expect(transport.requests).toBeLessThanOrEqual(sends);
      expect(counts.get('transaction') ?? 0).toBeLessThanOrEqual(transactions);
    },
  );
});
