/**
 * The API parts' servers (api-throughput, api-scale): the real
 * `server/main.ts` of a checkout in its own process tree, on PGlite in a
 * data folder or on a PostgreSQL database; the server "before" a piece of
 * work as a `git archive` of its commit in a temporary folder sharing this
 * checkout's node_modules; and the CPU time of a server's processes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ThrowawayPostgres } from './throwaway-postgres';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH_API_ADMIN = { username: 'admin', password: 'bench-admin-password-1' };

export type ServerTarget = { code: 'before' | 'after'; commit: string; dir: string };
export type RunningServer = { url: string; process: ChildProcess; dataDir: string; stop(): Promise<void> };

export const headRevision = () => execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();

/** The server as it was at `commit`, in a temporary folder sharing this checkout's node_modules. */
export function checkoutOf(commit: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ho-bench-before-'));
  execFileSync('/bin/sh', ['-c', `git archive ${commit} | tar -x -C ${dir}`], { cwd: ROOT, stdio: 'pipe' });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The servers a part compares: this checkout ("after") and, unless `before` is 'none', the server at
 * that commit ("before"), first. A failed `git archive` is a skipped line, not a failed part.
 */
export function beforeAndAfter(before: string, envName: string): { targets: ServerTarget[]; skipped: string[]; remove(): void } {
  const targets: ServerTarget[] = [{ code: 'after', commit: headRevision(), dir: ROOT }];
  const skipped: string[] = [];
  if (before === 'none') return { targets, skipped: [`before: not measured (${envName}=none)`], remove: () => {} };
  try {
    const checkout = checkoutOf(before);
    targets.unshift({ code: 'before', commit: before, dir: checkout.dir });
    return { targets, skipped, remove: checkout.remove };
  } catch (error) {
    skipped.push(`before (${before}): not measured, git archive failed: ${(error as Error).message.split('\n')[0]}`);
    return { targets, skipped, remove: () => {} };
  }
}

/**
 * Starts `server/main.ts` of the target on loopback. `dataDir`: a data folder to use and keep
 * (a PGlite database prepared in it survives the stop); without it, a temporary one removed on stop.
 */
export async function startServer(target: ServerTarget, env: Record<string, string>, dataDir?: string): Promise<RunningServer> {
  const folder = dataDir ?? mkdtempSync(join(tmpdir(), 'ho-bench-api-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: target.dir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: folder,
      DIST_DIR: join(folder, 'no-dist'),
      SKIP_PWA_BUILD: 'true',
      ADMIN_USERNAME: BENCH_API_ADMIN.username,
      ADMIN_PASSWORD: BENCH_API_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await serverUrl(child);
  return {
    url,
    process: child,
    dataDir: folder,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (dataDir === undefined) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The address the server prints once it listens ('Servidor no ar: …'); rejects with its output if it exits or takes 3 minutes. */
export function serverUrl(child: ChildProcess): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Servidor no ar: (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

/** A new database on the throwaway cluster, as a URL. */
export async function createDatabase(cluster: ThrowawayPostgres, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Microseconds some task has waited for a CPU since boot (Linux PSI), or null. */
export function cpuPressureMicros(): number | null {
  try {
    const some = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return some ? Number(some[1]) : null;
  } catch {
    return null;
  }
}

/**
 * User + system clock ticks of a process and its children (the WORKERS processes; PostgreSQL's
 * backends), from /proc: the live children's own, and those of the children that ended (the
 * parent's cutime and cstime), so a backend that closes does not take its CPU away with it.
 */
export function cpuTicks(pid: number): number {
  const fieldsOf = (id: number) => readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = (id: number) => {
    try {
      const fields = fieldsOf(id);
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  let ended = 0;
  try {
    const fields = fieldsOf(pid);
    ended = Number(fields[13]) + Number(fields[14]);
  } catch {
    ended = 0;
  }
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    children = [];
  }
  return own(pid) + ended + children.reduce((sum, child) => sum + own(child), 0);
}

export const CLOCK_TICKS_PER_SECOND = 100;
