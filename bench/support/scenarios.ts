/**
 * The measured work, the same code in Node (fake-indexeddb) and in the
 * Chromium bench page (real IndexedDB): the engine's push of queued creates
 * and the same creates sent directly over HTTP, the engine's pull of a large
 * list into an empty store, and local searches returning page 1.
 *
 * Everything not being measured (opening a store, the first sync that
 * brings the product types, queueing the creates through `saveRecord`)
 * happens before the clock starts. Each timed part ends with checks that the
 * work really happened (every create answered 201 / every record has its
 * server id, the outbox is empty, the store holds every pulled record).
 */
import { productInputSchema } from '@sync/contract/catalog';
import { IDEMPOTENCY_HEADER } from '@sync/contract/sync';
import type { AuthProvider } from '@sync/engine/auth';
import { SyncEngine } from '@sync/engine/engine';
import { manualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { PULL_EPOCH } from '@sync/engine/pull';
import { saveRecord } from '@sync/engine/mutations';
import { SyncDatabase } from '@sync/store/database';
import { readPage } from '@sync/store/queries';
import { SEARCH_SNAPSHOTS } from '@sync/store/search-snapshot';
import { agentInput, type AgentInput } from './agents';
import { median, percentile } from './stats';

/** The engine's default number of chains sent in parallel (SyncEngineOptions.concurrency); the direct baseline uses the same. */
export const ENGINE_CONCURRENCY = 4;

export interface Connection {
  /** API base URL (the server's origin). */
  baseUrl: string;
  /** A bearer token from the password grant. */
  token: string;
}

/**
 * Counts requests and the time they spend waiting for the server's answer
 * (fetch until the headers arrive), so a run's average number of requests in
 * flight is `waitingMs / elapsed`: 4 when the sends keep the pipe full,
 * lower when the client's own work holds them back.
 */
export class RequestMeter {
  requests = 0;
  waitingMs = 0;

  wrap(fetchFn: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
    return async (input, init) => {
      this.requests += 1;
      const start = performance.now();
      try {
        return await fetchFn(input, init);
      } finally {
        this.waitingMs += performance.now() - start;
      }
    };
  }
}

export interface EnginePushTiming {
  /** From the start of the sync run until its pull's first request: the push phase. */
  pushMs: number;
  /** Average requests in flight during the push phase. */
  pushInFlight: number;
  /** Requests the push sent (batch calls, or one per create with batch size 1). */
  pushRequests: number;
  /** CPU time of this process during the push phase, when the caller can read it (Node). */
  pushCpuMs: number | null;
  /** The whole sync run: the push, then the pull that reads the pushed agents back. */
  runMs: number;
  /** Queueing the creates offline (saveRecord, one transaction each); not part of the push. */
  queueMs: number;
}

/** CPU time used by this process so far, in ms (Node: process.cpuUsage); the browser has none. */
export type CpuClock = () => number;

const fixedAuth = (token: string): AuthProvider => ({ getAccessToken: async () => token, refresh: async () => false });

function openEngine(db: SyncDatabase, connection: Connection, fetchFn?: typeof fetch, pushBatchSize?: number): SyncEngine {
  return new SyncEngine({
    db,
    baseUrl: connection.baseUrl,
    auth: fixedAuth(connection.token),
    fetch: fetchFn ? (input, init) => fetchFn(input, init) : undefined,
    lock: noLock,
    environment: manualEnvironment(true),
    concurrency: ENGINE_CONCURRENCY,
    pushBatchSize,
  });
}

async function discard(engine: SyncEngine, db: SyncDatabase): Promise<void> {
  await engine.stop();
  db.close();
  await db.delete();
}

/**
 * `count` agents saved offline through `saveRecord` into an empty store
 * (types already pulled), then one engine sync run, timed. The push phase
 * ends where the run's pull begins: the first GET the engine sends.
 */
export async function enginePush(
  connection: Connection,
  count: number,
  tag: string,
  cpu?: CpuClock,
  /** The engine's batch size (SyncEngineOptions.pushBatchSize); 1: one request per create. */
  batchSize?: number,
): Promise<EnginePushTiming> {
  let firstGetAt: number | null = null;
  let cpuAtFirstGet: number | null = null;
  let armed = false;
  const meter = new RequestMeter();
  const metered = meter.wrap();
  const watched: typeof fetch = (input, init) => {
    const pulling = (init?.method ?? 'GET') === 'GET';
    if (armed && firstGetAt === null && pulling) {
      firstGetAt = performance.now();
      cpuAtFirstGet = cpu?.() ?? null;
    }
    // Only the push's requests are metered (the pull's GETs are not part of the push figure).
    return armed && firstGetAt === null ? metered(input, init) : fetch(input, init);
  };
  const db = new SyncDatabase(`bench-push-${tag}`);
  await db.open();
  const engine = openEngine(db, connection, watched, batchSize);
  try {
    await engine.drain();
    const typeKeys = new Map((await db.records('product_types').toArray()).map((type) => [type.id, type.key]));
    const queueStart = performance.now();
    for (let index = 0; index < count; index += 1) {
      const { type_id: typeId, ...fields } = agentInput(index, tag);
      await saveRecord(db, 'products', null, { ...fields, type_key: typeKeys.get(typeId)! });
    }
    const queueMs = performance.now() - queueStart;
    if ((await db.outbox.count()) !== count) throw new Error('the creates were not queued');

    armed = true;
    const cpuAtStart = cpu?.() ?? null;
    const start = performance.now();
    const result = await engine.syncNow();
    const end = performance.now();
    const cpuAtEnd = cpu?.() ?? null;
    if (!result.ok || result.pushed !== count) throw new Error(`engine push incomplete: ${JSON.stringify(result)}`);
    if ((await db.outbox.count()) !== 0) throw new Error('engine push left entries in the outbox');
    const withoutId = await db
      .records('products')
      .filter((record) => record.id === null)
      .count();
    if (withoutId !== 0) throw new Error(`${withoutId} agents without a server id after the push`);
    const pushMs = (firstGetAt ?? end) - start;
    const most = batchSize === 1 ? count : Math.ceil(count / 2);
    if (meter.requests > most) throw new Error(`engine push sent ${meter.requests} requests for ${count} creates (at most ${most} expected)`);
    const pushCpuMs = cpuAtStart === null ? null : (cpuAtFirstGet ?? cpuAtEnd!) - cpuAtStart;
    return { pushMs, pushInFlight: meter.waitingMs / pushMs, pushRequests: meter.requests, pushCpuMs, runMs: end - start, queueMs };
  } finally {
    await discard(engine, db);
  }
}

/** The body the engine sends for an agent create: every input field, null when not set. */
function createBody(input: AgentInput): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of Object.keys(productInputSchema.shape)) body[field] = (input as unknown as Record<string, unknown>)[field] ?? null;
  return body;
}

/**
 * The same creates sent straight to the API with plain fetch: the same
 * bearer token, an Idempotency-Key each, `ENGINE_CONCURRENCY` requests in
 * flight, every answer read and parsed. Bodies are built before the clock starts.
 */
export interface DirectPushTiming {
  ms: number;
  /** Average requests in flight. */
  inFlight: number;
  /** CPU time of this process while sending, when the caller can read it (Node). */
  cpuMs: number | null;
}

export async function directPush(connection: Connection, count: number, tag: string, cpu?: CpuClock): Promise<DirectPushTiming> {
  const bodies = Array.from({ length: count }, (_, index) => JSON.stringify(createBody(agentInput(index, tag))));
  const url = `${connection.baseUrl}/api/product`;
  const meter = new RequestMeter();
  const send = meter.wrap();
  let next = 0;
  let created = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const response = await send(url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${connection.token}`,
          [IDEMPOTENCY_HEADER]: crypto.randomUUID(),
        },
        body,
      });
      const answer = JSON.parse(await response.text()) as { id?: number };
      if (response.status === 201 && typeof answer.id === 'number') created += 1;
    }
  };
  const cpuAtStart = cpu?.() ?? null;
  const start = performance.now();
  await Promise.all(Array.from({ length: ENGINE_CONCURRENCY }, worker));
  const elapsed = performance.now() - start;
  const cpuMs = cpuAtStart === null ? null : cpu!() - cpuAtStart;
  if (created !== count) throw new Error(`direct push: ${created} of ${count} created`);
  return { ms: elapsed, inFlight: meter.waitingMs / elapsed, cpuMs };
}

/**
 * The baseline of a pull: the same list calls the engine makes for the
 * agents (incremental from the epoch, keyset pages of `pageSize`), with
 * plain fetch, every page read and parsed, nothing stored. Returns the time
 * and the records read.
 */
export async function directPull(connection: Connection, pageSize: number): Promise<{ ms: number; records: number }> {
  const start = performance.now();
  let records = 0;
  let since = PULL_EPOCH;
  let afterId: number | undefined;
  for (;;) {
    const query = new URLSearchParams({ updated_since: since });
    if (afterId !== undefined) query.set('after_id', String(afterId));
    const response = await fetch(`${connection.baseUrl}/api/product/all/0/${pageSize}?${query}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${connection.token}` },
    });
    if (response.status !== 200) throw new Error(`direct pull: ${response.status}`);
    const page = JSON.parse(await response.text()) as { list: Array<{ id: number; updated_at: string }> };
    records += page.list.length;
    const last = page.list.at(-1);
    if (!last || page.list.length < pageSize) break;
    since = last.updated_at;
    afterId = last.id;
  }
  return { ms: performance.now() - start, records };
}

/** A store filled by `enginePull`, kept open for the search figures. */
export interface PulledStore {
  db: SyncDatabase;
  close(): Promise<void>;
}

export interface PullTiming {
  ms: number;
  records: number;
  store: PulledStore;
}

/** One engine sync run into an empty store, timed; the server holds `expected` agents. */
export async function enginePull(connection: Connection, expected: number, tag: string): Promise<PullTiming> {
  const db = new SyncDatabase(`bench-pull-${tag}`);
  await db.open();
  const engine = openEngine(db, connection);
  const start = performance.now();
  const result = await engine.syncNow();
  const ms = performance.now() - start;
  const records = await db.records('products').count();
  if (!result.ok || records !== expected) throw new Error(`pull incomplete: ${records} of ${expected} (${JSON.stringify(result)})`);
  await engine.stop();
  return {
    ms,
    records,
    store: {
      db,
      async close() {
        db.close();
        await db.delete();
      },
    },
  };
}

export interface SearchTiming {
  queries: number;
  records: number;
  /** Search for a term, page 1 (rows and total). */
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** The trivial baseline: page 1 of the list without a search. */
  baselineMedianMs: number;
  /** Of the baseline, counting the list's records for the paginator's total (the `_sort` index count readPage makes). */
  baselineCountMedianMs: number;
  /** Per term: matches and time. */
  terms: Array<{ term: string; total: number; ms: number }>;
  /**
   * The first search on a connection just opened (its search rows not in memory yet), with the first term,
   * once the rows the pull wrote are stored (search-snapshot.ts), as the next session finds them: median and
   * slowest of FIRST_SEARCHES connections.
   */
  firstSearchMs: number;
  firstSearchMaxMs: number;
  /** The same with no stored rows (the records read and their words derived): the first session's first search if it comes before they are stored. */
  firstSearchNoSnapshotMs: number;
  /** From the end of the pull to the rows stored, in the background. */
  snapshotStoredAfterMs: number;
}

/** Connections opened for the first-search figure. */
const FIRST_SEARCHES = 5;

/** Time to one first search on a connection just opened. */
async function firstSearch(name: string, term: string): Promise<number> {
  const fresh = new SyncDatabase(name);
  await fresh.open();
  const start = performance.now();
  await readPage(fresh, 'products', { search: term, page: 1 });
  const ms = performance.now() - start;
  fresh.close();
  return ms;
}

/** Waits for the engine to store the list's search rows after the pull; the time waited. */
async function snapshotStored(db: SyncDatabase): Promise<number> {
  const start = performance.now();
  while (!(await db.table(SEARCH_SNAPSHOTS).get('products'))) {
    if (performance.now() - start > 120_000) throw new Error('the search rows were never stored after the pull');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - start;
}

/**
 * Page 1 of the agents list for each term, as the list screen reads it
 * (readPage), alternating with the unsearched page 1 as the baseline. A few
 * queries first warm the store (not counted).
 */
export async function searchBench(db: SyncDatabase, terms: readonly string[]): Promise<SearchTiming> {
  // First, searches on connections just opened (cache cold): with the rows the engine stores after the pull...
  const snapshotStoredAfterMs = await snapshotStored(db);
  const firsts: number[] = [];
  for (let index = 0; index < FIRST_SEARCHES; index += 1) firsts.push(await firstSearch(db.name, terms[0]!));
  // ...and without them (deleted here), the records read.
  await db.table(SEARCH_SNAPSHOTS).delete('products');
  const firstSearchNoSnapshotMs = await firstSearch(db.name, terms[0]!);
  for (const term of terms.slice(0, 5)) await readPage(db, 'products', { search: term, page: 1 });
  await readPage(db, 'products', { page: 1 });
  const searched: SearchTiming['terms'] = [];
  const baseline: number[] = [];
  const counting: number[] = [];
  for (const term of terms) {
    let start = performance.now();
    await readPage(db, 'products', { page: 1 });
    baseline.push(performance.now() - start);
    start = performance.now();
    await db.records('products').orderBy('_sort').count();
    counting.push(performance.now() - start);
    start = performance.now();
    const page = await readPage(db, 'products', { search: term, page: 1 });
    searched.push({ term, total: page.total, ms: performance.now() - start });
  }
  const times = searched.map((entry) => entry.ms);
  return {
    queries: terms.length,
    records: await db.records('products').count(),
    medianMs: median(times),
    p95Ms: percentile(times, 0.95),
    maxMs: Math.max(...times),
    baselineMedianMs: median(baseline),
    baselineCountMedianMs: median(counting),
    terms: searched,
    firstSearchMs: median(firsts),
    firstSearchMaxMs: Math.max(...firsts),
    firstSearchNoSnapshotMs,
    snapshotStoredAfterMs,
  };
}
