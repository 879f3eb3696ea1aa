/**
 * Bench part `api-scale` (issue 26): the API's lists and searches at
 * 100,000 agents and 100,000 customers (BENCH_SCALE_ROWS), on PGlite and on
 * PostgreSQL, now and "before" (BENCH_SCALE_BEFORE, default the commit this
 * work started from, run from a `git archive`; `none` skips it).
 *
 * Each server is the real `server/main.ts` (api-throughput's servers,
 * support/api-server.ts), its database filled straight through SQL
 * (support/scale-seed.ts; PostgreSQL then vacuumed and analyzed, as
 * autovacuum would; PGlite vacuumed for the server after, as its upkeep
 * does within ten minutes, and left as it is for the server before,
 * which had none; neither analyzed: PGlite never is). After
 * BENCH_SCALE_WARMUP untimed calls, BENCH_SCALE_RUNS runs, each opened by a
 * write (an agent and a customer created and deleted: no total counted
 * before it may be reused), time one call at a time from this process over
 * loopback, signed in as the administrator:
 *
 * - baseline: one agent by id (`GET api/product/{id}`), whose cost does not
 *   grow with the table: the figures are also given as multiples of it;
 * - agents: page 1 of 10, a page in the middle, the last page, the first
 *   page of a pull (500, `updated_since` at the epoch), and the 50 search
 *   terms of support/agents.ts each once (the first search of a term
 *   after a write: nothing kept) and once more (its total kept);
 * - customers: page 1, the middle page, the 20 terms of support/customers.ts.
 *
 * Then the held rate of page 1 of the agents at 100,000 rows (p99 under
 * 25 ms; support/rate-ladder.ts), on PGlite, PostgreSQL ×1 and ×2
 * (WORKERS=2, the same database), with the server's CPU per call and, on
 * PostgreSQL, the database's. BENCH_SCALE_DATABASES=pglite or postgres
 * measures one of the two.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCH_TERMS } from './support/agents';
import { BENCH_API_ADMIN, beforeAndAfter, createDatabase, startServer, type RunningServer, type ServerTarget } from './support/api-server';
import { CUSTOMER_TERMS } from './support/customers';
import { warmUp } from './support/load-generator';
import { ladder, P99_GOAL_MS, type LadderRun } from './support/rate-ladder';
import { seedPgliteFolder, seedPostgres } from './support/scale-seed';
import { signIn } from './support/sign-in';
import { median, percentile, round } from './support/stats';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres';

/** The commit issue 26's server work started from. */
const DEFAULT_BEFORE = 'aa81799';
const BEFORE = process.env.BENCH_SCALE_BEFORE ?? DEFAULT_BEFORE;
const ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 3);
/** Runs of the server before: its searches take seconds each at this size. */
const BEFORE_RUNS = Number(process.env.BENCH_SCALE_BEFORE_RUNS ?? 1);
const LADDER_RUNS = Number(process.env.BENCH_SCALE_LADDERS ?? 2);
const STEP_SECONDS = Number(process.env.BENCH_API_STEP_SECONDS ?? 3);
const WARMUP_CALLS = Number(process.env.BENCH_SCALE_WARMUP ?? 1000);
/** Which databases to measure: `pglite`, `postgres` or both (default). */
const DATABASES = new Set((process.env.BENCH_SCALE_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim()));
const PAGE_CALLS = 30;
const DEEP_CALLS = 20;
const PULL_CALLS = 10;
export const SCALE_GOALS = { searchP95Ms: 25, pageP50Ms: 20, heldRate: 200 } as const;

export type Latency = { calls: number; p50Ms: number; p95Ms: number; maxMs: number };
/** One figure over the runs: each run's latency. */
export type ScaleFigure = { name: string; runs: Latency[] };

export type ScaleServerFigure = {
  code: 'before' | 'after';
  commit: string;
  database: 'pglite' | 'postgres';
  workers: number;
  rows: number;
  /** Seconds to fill the database. */
  seedSeconds: number;
  figures: ScaleFigure[];
  /** The held rate of agents page 1, per ladder run (0: not even the first step). */
  ladders: Array<Pick<LadderRun, 'sustained' | 'cpuMs' | 'databaseCpuMs' | 'load' | 'pressure'>>;
};

export type ApiScaleResults = { rows: number; servers: ScaleServerFigure[]; skipped: string[] };

type Session = { url: string; headers: Record<string, string> };

async function timed(session: Session, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${session.url}${path}`, { headers: session.headers });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return ms;
}

async function latency(session: Session, paths: readonly string[]): Promise<Latency> {
  const times: number[] = [];
  for (const path of paths) times.push(await timed(session, path));
  return { calls: times.length, p50Ms: round(median(times), 2), p95Ms: round(percentile(times, 0.95), 2), maxMs: round(Math.max(...times), 2) };
}

const repeat = (path: string, times: number) => Array.from({ length: times }, () => path);
const searched = (list: string, terms: readonly string[]) => terms.map((term) => `${list}?search=${encodeURIComponent(term)}`);

/** A write to each table measured, so that no total counted before is reused. */
async function touch(session: Session): Promise<void> {
  const headers = { ...session.headers, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${session.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { id: number }).id;
  };
  const agent = await post('/api/product', { name: 'Agente de passagem', price: 1, type_id: 1 });
  const customer = await post('/api/customer', {
    name: 'Cliente de passagem',
    type: 'individual',
    email: 'passagem@exemplo.com',
    phone: '11999999999',
  });
  await fetch(`${session.url}/api/product/${agent}`, { method: 'DELETE', headers: session.headers });
  await fetch(`${session.url}/api/customer/${customer}`, { method: 'DELETE', headers: session.headers });
}

async function measureRun(session: Session): Promise<Record<string, Latency>> {
  await touch(session);
  const middle = Math.floor(ROWS / 2);
  const last = Math.max(0, ROWS - 10);
  const pull = `/api/product/all/0/500?updated_since=${encodeURIComponent('1970-01-01T00:00:00.000Z')}`;
  return {
    'agents: search, first time after a write': await latency(session, searched('/api/product/all/0/10', SEARCH_TERMS)),
    'agents: search, again': await latency(session, searched('/api/product/all/0/10', SEARCH_TERMS)),
    'customers: search, first time': await latency(session, searched('/api/customer/all/0/10', CUSTOMER_TERMS)),
    'baseline: one agent by id': await latency(session, repeat(`/api/product/${middle}`, PAGE_CALLS)),
    'agents: page 1': await latency(session, repeat('/api/product/all/0/10', PAGE_CALLS)),
    'agents: middle page': await latency(session, repeat(`/api/product/all/${middle}/10`, DEEP_CALLS)),
    'agents: last page': await latency(session, repeat(`/api/product/all/${last}/10`, DEEP_CALLS)),
    'agents: pull, first 500': await latency(session, repeat(pull, PULL_CALLS)),
    'customers: page 1': await latency(session, repeat('/api/customer/all/0/10', PAGE_CALLS)),
    'customers: middle page': await latency(session, repeat(`/api/customer/all/${middle}/10`, DEEP_CALLS)),
  };
}

async function measureServer(
  server: RunningServer,
  meta: Omit<ScaleServerFigure, 'figures' | 'ladders' | 'rows'>,
  runs: number,
  say: (message: string) => void,
  databasePid: number | null = null,
): Promise<ScaleServerFigure> {
  const token = await signIn(server.url, BENCH_API_ADMIN.username, BENCH_API_ADMIN.password);
  const session = { url: server.url, headers: { authorization: `Bearer ${token}` } };
  await warmUp(`${server.url}/api/product/all/0/10`, session.headers, WARMUP_CALLS);
  const label = `api-scale ${meta.code} ${meta.database} ×${meta.workers}`;
  const byName = new Map<string, Latency[]>();
  for (let run = 0; run < runs; run += 1) {
    const measured = await measureRun(session);
    for (const [name, figure] of Object.entries(measured)) byName.set(name, [...(byName.get(name) ?? []), figure]);
    const show = (name: string) => `${name} p50 ${measured[name]!.p50Ms} / p95 ${measured[name]!.p95Ms} ms`;
    say(
      `${label} run ${run + 1}/${runs}: ${['agents: search, first time after a write', 'agents: page 1', 'agents: middle page'].map(show).join('; ')}`,
    );
  }
  const ladders: ScaleServerFigure['ladders'] = [];
  for (let run = 0; run < (meta.code === 'before' ? 1 : LADDER_RUNS); run += 1) {
    const held = await ladder(server.process.pid!, `${server.url}/api/product/all/0/10`, session.headers, STEP_SECONDS, databasePid);
    const databaseCpuMs = held.databaseCpuMs === null ? null : round(held.databaseCpuMs, 2);
    ladders.push({
      sustained: held.sustained,
      cpuMs: round(held.cpuMs, 2),
      databaseCpuMs,
      load: round(held.load, 1),
      pressure: held.pressure === null ? null : round(held.pressure, 2),
    });
    say(
      `${label} held ${held.sustained} calls/s at p99 < ${P99_GOAL_MS} ms, server CPU ${round(held.cpuMs, 2)} ms/call` +
        `${databaseCpuMs === null ? '' : ` + PostgreSQL ${databaseCpuMs}`}, load ${round(held.load, 1)}`,
    );
  }
  return { ...meta, rows: ROWS, figures: [...byName].map(([name, runsOf]) => ({ name, runs: runsOf })), ladders };
}

async function onPglite(target: ServerTarget, say: (message: string) => void): Promise<ScaleServerFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ho-bench-scale-'));
  try {
    // The first start migrates and seeds the folder; the rows go in while no server holds it.
    await (await startServer(target, {}, dataDir)).stop();
    const started = performance.now();
    await seedPgliteFolder(dataDir, ROWS, target.code === 'after');
    const seedSeconds = round((performance.now() - started) / 1000, 1);
    say(`api-scale ${target.code} PGlite: ${ROWS} agents and customers in ${seedSeconds} s`);
    const server = await startServer(target, {}, dataDir);
    try {
      return await measureServer(
        server,
        { code: target.code, commit: target.commit, database: 'pglite', workers: 1, seedSeconds },
        runsOf(target),
        say,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(
  target: ServerTarget,
  cluster: ThrowawayPostgres,
  name: string,
  say: (message: string) => void,
): Promise<ScaleServerFigure[]> {
  const url = await createDatabase(cluster, name);
  const figures: ScaleServerFigure[] = [];
  let seedSeconds = 0;
  // WORKERS exists after issue 10: the server before runs one process here too.
  for (const workers of target.code === 'before' ? [1] : [1, 2]) {
    const server = await startServer(target, { DATABASE_URL: url, WORKERS: String(workers) });
    try {
      if (workers === 1) {
        const started = performance.now();
        await seedPostgres(url, ROWS);
        seedSeconds = round((performance.now() - started) / 1000, 1);
        say(`api-scale ${target.code} PostgreSQL: ${ROWS} agents and customers in ${seedSeconds} s`);
      }
      const meta = { code: target.code, commit: target.commit, database: 'postgres' as const, workers, seedSeconds };
      figures.push(await measureServer(server, meta, runsOf(target), say, cluster.pid()));
    } finally {
      await server.stop();
    }
  }
  return figures;
}

const runsOf = (target: ServerTarget) => (target.code === 'before' ? BEFORE_RUNS : RUNS);

export async function measureApiScale(say: (message: string) => void): Promise<ApiScaleResults> {
  const servers: ScaleServerFigure[] = [];
  const { targets, skipped, remove: removeBefore } = beforeAndAfter(BEFORE, 'BENCH_SCALE_BEFORE');
  let cluster: ThrowawayPostgres | null = null;
  try {
    if (DATABASES.has('pglite')) for (const target of targets) servers.push(await onPglite(target, say));
    if (!DATABASES.has('postgres')) return { rows: ROWS, servers, skipped };
    cluster = await startThrowawayPostgres(say);
    if (!cluster) {
      skipped.push('PostgreSQL: not measured, no /usr/lib/postgresql/<version>/bin here (or it did not start)');
      return { rows: ROWS, servers, skipped };
    }
    for (const [index, target] of targets.entries()) servers.push(...(await onPostgres(target, cluster, `bench_scale_${index + 1}`, say)));
    return { rows: ROWS, servers, skipped };
  } finally {
    cluster?.stop();
    removeBefore();
  }
}
