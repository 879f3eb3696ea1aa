/**
 * Starts ./server-process.ts as a child process and gives its URL; `stop`
 * closes its input (it then closes the app and exits) and, failing that,
 * kills it by its id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface TestServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Vitest runs from the project's root (jsdom's URL would not read import.meta.url as a file path). */
const ROOT = process.cwd();

export async function startServerProcess(): Promise<TestServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/unit/features/users/support/server-process.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: ROOT,
  });
  const lines = createInterface({ input: child.stdout! });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the test server did not start')), 60_000);
    child.once('exit', (code) => reject(new Error(`the test server exited (${code})`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { baseUrl: string }).baseUrl);
    });
  });
  return {
    baseUrl,
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
