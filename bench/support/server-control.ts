/**
 * Starts bench/support/server-process.ts (node itself, not npx, so stopping
 * it ends the server) and sends it commands over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerCommand } from './server-protocol';

export { BENCH_ADMIN } from './server-protocol';

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

export interface BenchServer {
  url: string;
  command(command: DistributiveOmit<ServerCommand, 'id'>): Promise<void>;
  stop(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./server-process.ts', import.meta.url));

export async function startBenchServer(distDir: string): Promise<BenchServer> {
  const child: ChildProcess = fork(SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DIST_DIR: distDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
    child.on('message', (message: { ready?: string; id?: number; ok?: boolean; error?: string }) => {
      if (message.ready) resolve(message.ready);
      const pending = message.id === undefined ? undefined : waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id!);
      if (message.ok) pending.resolve();
      else pending.reject(new Error(message.error));
    });
  });
  return {
    url,
    command(command) {
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ ...command, id });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.disconnect();
      await exited;
      clearTimeout(force);
    },
  };
}
