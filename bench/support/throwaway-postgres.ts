/**
 * A throwaway PostgreSQL cluster for the bench, as .ci/run starts one for
 * the tests: Debian's newest /usr/lib/postgresql/<version>/bin, initdb in a
 * temporary folder, trust authentication, loopback only, a free port; run
 * as user nobody when the bench runs as root (PostgreSQL refuses root).
 * `stop` shuts it down and removes the folder. Null when none is installed
 * or it does not start (the caller says so and skips its figures).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ThrowawayPostgres = {
  url: string;
  version: string;
  /** The postmaster's process id (its backends are its children), for the CPU the database spends. */
  pid(): number | null;
  stop(): void;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function binDirectory(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length > 0 ? join(root, versions.at(-1)!, 'bin') : null;
}

export async function startThrowawayPostgres(say: (message: string) => void): Promise<ThrowawayPostgres | null> {
  const bin = binDirectory();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'ho-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string) => {
    if (asRoot) execFileSync('su', ['nobody', '-s', '/bin/sh', '-c', command], { stdio: 'pipe' });
    else execFileSync('/bin/sh', ['-c', command], { stdio: 'pipe' });
  };
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'nobody']).toString().trim()), -1);
  const port = await freePort();
  const data = join(dir, 'data');
  try {
    run(`${bin}/initdb -D ${data} -U postgres -A trust >/dev/null`);
    run(`${bin}/pg_ctl -D ${data} -l ${dir}/log -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1" -w start >/dev/null`);
  } catch (error) {
    say(`PostgreSQL from ${bin} did not start: ${(error as Error).message.split('\n')[0]}`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version: bin.split('/').at(-2)!,
    pid() {
      try {
        return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return null;
      }
    },
    stop() {
      try {
        run(`${bin}/pg_ctl -D ${data} -m fast -w stop >/dev/null`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
