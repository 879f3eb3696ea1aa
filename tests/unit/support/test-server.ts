/**
 * The real API server for the screen tests, in its own Node process: the
 * unit tests run in jsdom, where the server's modules do not load (jsdom's
 * `URL` is global there, so `import.meta.url` is no file URL; PGlite and
 * Fastify want Node's globals). `startTestServer(seed)` starts
 * ./server-process.ts (the server tests' test app: PGlite in memory,
 * seeded, on loopback), compiled once for the run rather than through tsx
 * at each start (tests/server/helpers/compiled-commands.ts), with the
 * records a test file needs, waits for the one line with its URL, and
 * `stop` closes the child's input (it then closes the app and exits) and,
 * failing that, kills it by its id.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { NewCustomer, NewUser } from '@server/db/demo/records';
import { compiledCommand } from '../../server/helpers/compiled-commands';

/** Records added to the seeded test app, in this order (a user may name a role seeded with it). */
export interface ServerSeed {
  roles?: Array<{ name: string; slug: string }>;
  users?: NewUser[];
  customers?: NewCustomer[];
}

export interface TestServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Vitest runs from the project's root (jsdom's URL would not read import.meta.url as a file path). */
const ROOT = process.cwd();
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

export async function startTestServer(seed: ServerSeed = {}): Promise<TestServer> {
  const child = spawn(process.execPath, [compiledCommand('test-server'), JSON.stringify(seed)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: ROOT,
  });
  const lines = createInterface({ input: child.stdout });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the test server did not start'));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the test server exited (${code})`));
    });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { baseUrl: string }).baseUrl);
    });
  });
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
