/**
 * Part `server-memory` (issue 26): the resident memory of the real server
 * as `npm start` runs it (its own process, PGlite in a data folder with the demo
 * data of `npm run seed:demo`, the built PWA served when dist/ exists), now
 * and "before" (BENCH_MEMORY_BEFORE, default the commit this work started
 * from; `none` skips it). For each: RSS of the server's process tree (the
 * median of 3 samples a second apart) once it says it is up, after one
 * engine sync of the demo data as the administrator, and after
 * BENCH_MEMORY_IDLE_S seconds idle (120); plus the median of a quick loop
 * of list and search calls, so a smaller database cache is seen to cost
 * no speed. docs/decisions/server-memory.md has the figures.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthProvider } from '@sync/engine/auth';
import { SyncEngine } from '@sync/engine/engine';
import { manualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { SyncDatabase } from '@sync/store/database';
import { BENCH_API_ADMIN, beforeAndAfter, ROOT, type ServerTarget } from './support/api-server';
import { seedDemo, startAsNpmStart } from './support/demo-server';
import { signIn } from './support/sign-in';
import { median, round } from './support/stats';

/** The commit issue 26's memory work started from. */
const DEFAULT_BEFORE = '6962501';
const BEFORE = process.env.BENCH_MEMORY_BEFORE ?? DEFAULT_BEFORE;
const IDLE_SECONDS = Number(process.env.BENCH_MEMORY_IDLE_S ?? 120);
const LOOP_CALLS = 40;
export const SERVER_MEMORY_GOAL_MB = 250;

export type ServerMemoryFigure = {
  code: ServerTarget['code'];
  commit: string;
  /** Median RSS of the server's process tree, in MB. */
  startedMb: number;
  syncedMb: number;
  idleMb: number;
  /** Median ms of a list call (first page) and of a search, on the warm server. */
  listMs: number;
  searchMs: number;
};

export type ServerMemoryResults = { idleSeconds: number; goalMb: number; figures: ServerMemoryFigure[]; skipped: string[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** VmRSS of a process and all its descendants, in kB (0 for one that ended meanwhile). */
export function treeRssKb(pid: number): number {
  let own = 0;
  try {
    own = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    own = 0;
  }
  return own + childrenOf(pid).reduce((sum, child) => sum + treeRssKb(child), 0);
}

async function sampledMb(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    if (i > 0) await sleep(1_000);
    samples.push(treeRssKb(pid) / 1024);
  }
  return round(median(samples));
}

const fixedAuth = (token: string): AuthProvider => ({ getAccessToken: async () => token, refresh: async () => false });

async function syncOnce(baseUrl: string, token: string, tag: string): Promise<void> {
  const db = new SyncDatabase(`bench-memory-${tag}`);
  await db.open();
  const engine = new SyncEngine({ db, baseUrl, auth: fixedAuth(token), lock: noLock, environment: manualEnvironment(true) });
  try {
    const result = await engine.syncNow();
    if (!result.ok) throw new Error(`sync failed: ${JSON.stringify(result)}`);
  } finally {
    await engine.stop();
    db.close();
    await db.delete();
  }
}

async function medianCallMs(url: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < LOOP_CALLS; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - start);
  }
  return round(median(times), 2);
}

async function measure(target: ServerTarget, say: (line: string) => void): Promise<ServerMemoryFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ho-bench-memory-'));
  const env = { DATA_DIR: dataDir, ADMIN_USERNAME: BENCH_API_ADMIN.username, ADMIN_PASSWORD: BENCH_API_ADMIN.password };
  try {
    seedDemo(target.dir, env);
    // Both servers serve this checkout's build when there is one (a `git archive` has no dist/).
    const dist = join(ROOT, 'dist');
    const server = await startAsNpmStart(target.dir, {
      ...env,
      ...(existsSync(join(dist, 'index.html')) ? { DIST_DIR: dist } : { SKIP_PWA_BUILD: 'true' }),
    });
    try {
      const pid = server.pid;
      await sleep(2_000);
      const startedMb = await sampledMb(pid);
      const token = await signIn(server.url, BENCH_API_ADMIN.username, BENCH_API_ADMIN.password);
      await syncOnce(server.url, token, target.code);
      const syncedMb = await sampledMb(pid);
      const listMs = await medianCallMs(`${server.url}/api/customer/all/0/20`, token);
      const searchMs = await medianCallMs(`${server.url}/api/customer/all/0/20?search=metal`, token);
      say(`server-memory ${target.code} (${target.commit}): ${startedMb} MB up, ${syncedMb} MB synced; idle ${IDLE_SECONDS} s...`);
      await sleep(IDLE_SECONDS * 1_000);
      const idleMb = await sampledMb(pid);
      return { code: target.code, commit: target.commit, startedMb, syncedMb, idleMb, listMs, searchMs };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureServerMemory(say: (line: string) => void): Promise<ServerMemoryResults> {
  const { targets, skipped, remove } = beforeAndAfter(BEFORE, 'BENCH_MEMORY_BEFORE');
  const figures: ServerMemoryFigure[] = [];
  try {
    for (const target of targets) figures.push(await measure(target, say));
  } finally {
    remove();
  }
  return { idleSeconds: IDLE_SECONDS, goalMb: SERVER_MEMORY_GOAL_MB, figures, skipped };
}

export function formatServerMemory(results: ServerMemoryResults): string {
  const lines = [`Server memory (RSS of the process tree, MB; goal under ${results.goalMb} MB idle)`];
  lines.push(`  server            up     synced  idle ${`${results.idleSeconds} s`.padEnd(7)}list ms  search ms`);
  for (const f of results.figures) {
    lines.push(
      `  ${`${f.code} ${f.commit}`.padEnd(16)}  ${String(f.startedMb).padStart(5)}  ${String(f.syncedMb).padStart(6)}  ${String(f.idleMb).padStart(10)}   ${String(f.listMs).padStart(6)}  ${String(f.searchMs).padStart(9)}`,
    );
  }
  for (const line of results.skipped) lines.push(`  ${line}`);
  return lines.join('\n');
}
