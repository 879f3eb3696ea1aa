/**
 * The real server with the demo data, as a consultancy runs it: `npm run
 * seed:demo` into a data folder, then `npm start` (server/start.mjs where
 * the checkout has it, else `--import tsx server/main.ts`), in its own
 * process on a free loopback port. Used by the parts that measure the
 * product as a whole (server-memory, weak-link).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serverUrl } from './api-server';

export type DemoServer = { url: string; pid: number; stop(): Promise<void> };

/** `npm run seed:demo` in `dir` with `env` (DATA_DIR at least). */
export function seedDemo(dir: string, env: Record<string, string>): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/db/seed-demo.ts'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'pipe',
  });
}

/** The server of the checkout in `dir` as `npm start` runs it. */
export async function startAsNpmStart(dir: string, env: Record<string, string>): Promise<DemoServer> {
  const entry = existsSync(join(dir, 'server', 'start.mjs')) ? ['server/start.mjs'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await serverUrl(child);
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
