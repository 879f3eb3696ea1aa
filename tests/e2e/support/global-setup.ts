/**
 * Global setup of the browser tests:
 * 1. builds the PWA (`vite build`) when dist/ is missing or older than the
 *    sources (E2E_SKIP_BUILD=1 skips the check);
 * 2. for each worker (E2E_WORKERS), seeds the users of e2e-users.ts into a
 *    throwaway DATA_DIR (seed-users.ts, before the server opens the folder),
 *    then starts the real server as `npm start` does (`node server/start.mjs`,
 *    node itself so killing it frees the port) on a free loopback port, with
 *    that DATA_DIR and a known administrator password;
 * 3. waits until they serve the app, hands their addresses to the tests, and
 *    stops them (and removes the data folders) at the end.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium-flags';
import { E2E_ADMIN } from './e2e-admin';
import { E2E_WORKERS } from './e2e-workers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DIST_INDEX = join(ROOT, 'dist', 'index.html');
/** Everything that goes into the client bundle. */
const CLIENT_SOURCES = ['src', 'sync', 'public', 'index.html', 'vite.config.ts', 'tsr.config.json', 'scripts/build', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIfStale(): void {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(DIST_INDEX)) return;
  const builtAt = existsSync(DIST_INDEX) ? statSync(DIST_INDEX).mtimeMs : 0;
  const sourcesAt = Math.max(...CLIENT_SOURCES.map((p) => newestMtime(join(ROOT, p))));
  if (builtAt > sourcesAt) return;
  console.log('[e2e] building the PWA (vite build)...');
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${result.status}`);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForServer(baseUrl: string, child: ChildProcess, logFile: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/manifest.webmanifest`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4_000) : '(no log)';
  throw new Error(`the server did not start at ${baseUrl} (exit code ${child.exitCode}).\n${log}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 8_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One test server per worker (E2E_WORKERS): a file reads its worker's
     * (`e2eServer()` in test-server.ts), so files that run at the same time
     * never share a server or its records.
     */
    e2eServers: E2eServer[];
  }
}

export interface E2eServer {
  baseUrl: string;
  /** The server's DATA_DIR: e-mails land in its mail/ folder as .eml files. */
  dataDir: string;
}

interface RunningServer extends E2eServer {
  stop(): Promise<void>;
}

/** Seeds a throwaway data folder and starts one server on it; resolves once it serves the app. */
async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ho-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_EMAIL: E2E_ADMIN.email,
    SKIP_PWA_BUILD: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
  };
  // Not spawnSync: it would hold the event loop, and the workers' folders would be seeded one after the other.
  const seedStatus = await new Promise<number | null>((resolveSeed) => {
    const seeding = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/seed-users.ts'], {
      cwd: ROOT,
      env: serverEnv,
      stdio: 'inherit',
    });
    seeding.once('error', () => resolveSeed(null));
    seeding.once('exit', (code) => resolveSeed(code));
  });
  if (seedStatus !== 0) {
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`seeding the e2e users failed with status ${seedStatus}`);
  }
  // As `npm start` runs it: server/main.ts compiled to one module (server/start.mjs), no tsx in the process.
  const child = spawn(process.execPath, ['server/start.mjs'], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stopAndClean = async () => {
    await stop(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(baseUrl, child, logFile);
  } catch (error) {
    await stopAndClean();
    throw error;
  }
  return { baseUrl, dataDir, stop: stopAndClean };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);
  buildIfStale();

  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'e2eServers',
    servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  return stopAll;
}
