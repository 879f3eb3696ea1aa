/**
 * Bench part `api-throughput` (issue 10): how many list calls per second
 * the API server sustains with a p99 under 25 ms, on PGlite and on
 * PostgreSQL with 1 and 2 processes (WORKERS), now and "before" (the server
 * of BENCH_API_BEFORE, default the commit this work started from, run from
 * a `git archive` in a temporary folder), in one run.
 *
 * Each server is the real `server/main.ts` in its own process tree, on a
 * fresh database (PGlite in a temporary DATA_DIR, or a database of a
 * throwaway PostgreSQL cluster this part starts and stops), seeded with
 * BENCH_API_AGENTS agents through the API. BENCH_API_BEFORE=none skips the
 * "before" server. The call is page 1 of the
 * agents list (`GET api/product/all/0/10`, 10 agents with type and
 * equipment, and the total), signed in as the administrator. Before its
 * first ladder each server answers BENCH_API_WARMUP (3,000) untimed calls,
 * 4 in flight: a production server is warm, and a cold one spends its
 * first thousands of calls in V8's interpreter and baseline tiers. The load is
 * open-loop on loopback (support/load-generator.ts): a rate ladder, each
 * step BENCH_API_STEP_SECONDS long, up to the first step whose p99 reaches
 * 25 ms, has an error, or falls behind; the figure is the last step that
 * held. BENCH_API_RUNS ladders per server (3) give the median and spread.
 * The server's CPU time per request (its processes' user + system time
 * from /proc, over each ladder) is the figure least moved by a busy machine.
 */
import { agentInput } from './support/agents';
import { BENCH_API_ADMIN, beforeAndAfter, createDatabase, startServer, type ServerTarget } from './support/api-server';
import { warmUp, type RateStep } from './support/load-generator';
import { ladder, P99_GOAL_MS, type LadderRun } from './support/rate-ladder';
import { signIn } from './support/sign-in';
import { median, round } from './support/stats';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres';

/** The commit before issue 10's server work (branch perf-api started here). */
const DEFAULT_BEFORE = '8a64485';
const BEFORE = process.env.BENCH_API_BEFORE ?? DEFAULT_BEFORE;
const RUNS = Number(process.env.BENCH_API_RUNS ?? 3);
const STEP_SECONDS = Number(process.env.BENCH_API_STEP_SECONDS ?? 3);
const AGENTS = Number(process.env.BENCH_API_AGENTS ?? 300);
/** Untimed list calls before a server's first ladder (a production server is warm). */
const WARMUP_CALLS = Number(process.env.BENCH_API_WARMUP ?? 3000);
const GOAL_RATE = 200;
const LIST_PATH = '/api/product/all/0/10';
const ADMIN = BENCH_API_ADMIN;

export type ApiThroughputFigure = {
  code: 'before' | 'after';
  commit: string;
  database: 'pglite' | 'postgres';
  workers: number;
  /** Per run: the highest rate whose p99 stayed under the goal (0: not even the first step). */
  sustainedRates: number[];
  medianRate: number;
  /** Per run: the steps as measured. */
  ladders: RateStep[][];
  /** Server CPU milliseconds per request over the run's whole ladder (all its processes), per run. */
  cpuMsPerRequest: number[];
  /** Per run: the machine's 1-minute load average at the ladder's start. */
  loadAverages: number[];
  /**
   * Per run: the share of the ladder's time during which some runnable task on the
   * machine waited for a CPU (Linux PSI, /proc/pressure/cpu "some"); null without PSI.
   */
  cpuPressure: Array<number | null>;
  p99GoalMs: number;
  goalRate: number;
  met: boolean;
};

export type ApiThroughputResults = { figures: ApiThroughputFigure[]; skipped: string[] };

type Target = ServerTarget;

async function seed(url: string): Promise<string> {
  const token = await signIn(url, ADMIN.username, ADMIN.password);
  let next = 0;
  const worker = async () => {
    while (next < AGENTS) {
      const index = next++;
      const response = await fetch(`${url}/api/product`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(agentInput(index, 'b')),
      });
      if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return token;
}

async function measure(
  target: Target,
  database: ApiThroughputFigure['database'],
  workers: number,
  env: Record<string, string>,
  say: (message: string) => void,
): Promise<ApiThroughputFigure> {
  const server = await startServer(target, env);
  try {
    const token = await seed(server.url);
    await warmUp(`${server.url}${LIST_PATH}`, { authorization: `Bearer ${token}` }, WARMUP_CALLS);
    const runs: LadderRun[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await ladder(server.process.pid!, `${server.url}${LIST_PATH}`, { authorization: `Bearer ${token}` }, STEP_SECONDS));
      const last = runs.at(-1)!;
      const failed = last.steps.at(-1)!;
      say(
        `api ${target.code} ${database} ×${workers} run ${run + 1}/${RUNS}: ${last.sustained} req/s held` +
          ` (next step ${failed.rate}: p99 ${round(failed.p99Ms, 1)} ms, ${failed.errors} errors, ${Math.round(failed.achievedRate)} answered/s)` +
          `, server CPU ${round(last.cpuMs, 2)} ms/request; load ${round(last.load, 1)}` +
          (last.pressure === null ? '' : `, CPU pressure ${Math.round(last.pressure * 100)} %`),
      );
    }
    const sustainedRates = runs.map((run) => run.sustained);
    const medianRate = median(sustainedRates);
    return {
      code: target.code,
      commit: target.commit,
      database,
      workers,
      sustainedRates,
      medianRate,
      ladders: runs.map((run) => run.steps),
      cpuMsPerRequest: runs.map((run) => round(run.cpuMs, 2)),
      loadAverages: runs.map((run) => round(run.load, 1)),
      cpuPressure: runs.map((run) => (run.pressure === null ? null : round(run.pressure, 2))),
      p99GoalMs: P99_GOAL_MS,
      goalRate: GOAL_RATE,
      met: medianRate >= GOAL_RATE,
    };
  } finally {
    await server.stop();
  }
}

export async function measureApiThroughput(say: (message: string) => void): Promise<ApiThroughputResults> {
  const figures: ApiThroughputFigure[] = [];
  const { targets, skipped, remove: removeBefore } = beforeAndAfter(BEFORE, 'BENCH_API_BEFORE');
  let cluster: ThrowawayPostgres | null = null;
  try {
    for (const target of targets) {
      say(`api throughput, ${target.code} (${target.commit}), PGlite...`);
      figures.push(await measure(target, 'pglite', 1, {}, say));
    }
    cluster = await startThrowawayPostgres(say);
    if (!cluster) {
      skipped.push('PostgreSQL: not measured, no /usr/lib/postgresql/<version>/bin here (or it did not start)');
      say(skipped.at(-1)!);
      return { figures, skipped };
    }
    let databases = 0;
    for (const target of targets) {
      // WORKERS exists only after this work: the "before" server runs one process.
      for (const workers of target.code === 'before' ? [1] : [1, 2]) {
        say(`api throughput, ${target.code} (${target.commit}), PostgreSQL ${cluster.version}, ${workers} process(es)...`);
        const url = await createDatabase(cluster, `bench_api_${(databases += 1)}`);
        figures.push(await measure(target, 'postgres', workers, { DATABASE_URL: url, WORKERS: String(workers) }, say));
      }
    }
    return { figures, skipped };
  } finally {
    cluster?.stop();
    removeBefore();
  }
}

export function formatApiThroughput(results: ApiThroughputResults): string {
  const header = [
    'API list call (agents page 1)',
    'Code',
    'Held at p99 < 25 ms (median, runs)',
    'Server CPU/request',
    'Load, CPU pressure',
    'Goal: 200/s',
  ];
  const rows = results.figures.map((figure) => [
    `${figure.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${figure.workers} process${figure.workers > 1 ? 'es' : ''}`,
    `${figure.code} (${figure.commit})`,
    `${figure.medianRate} req/s (${figure.sustainedRates.join(', ')})`,
    `${figure.cpuMsPerRequest.join(', ')} ms`,
    figure.loadAverages
      .map((load, run) => `${load}${figure.cpuPressure[run] === null ? '' : ` ${Math.round(figure.cpuPressure[run]! * 100)} %`}`)
      .join('; '),
    figure.met ? 'met' : 'MISSED',
  ]);
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line), ...results.skipped].join('\n');
}
