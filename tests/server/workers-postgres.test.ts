/**
 * WORKERS=2 on PostgreSQL: server/main.ts as in production (compiled as
 * `npm start` runs it, helpers/compiled-commands.ts; its own
 * process tree: a primary and two server processes sharing one port), and
 * the idempotency concurrency checks across them: concurrent duplicates of
 * a create make one record and all get its answer, a replay after the fact
 * too, a key reused for another path is refused, and a sign-out applies in
 * every process within the auth cache's lifetime. Runs when
 * TEST_DATABASE_URL points at a server (CI starts one, see .ci/run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CACHE_TTL_MS } from '@server/auth/auth-cache';
import { REPLAYED_HEADER } from '@server/sync/idempotency-plugin';
import { compiledCommand } from './helpers/compiled-commands';
import { ADMIN, call, signIn } from './helpers/test-app';
import { TEST_DATABASE_URL, throwawayDatabase } from './helpers/postgres-app';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTED = /Servidor no ar: (http:\/\/\S+) \(2 processos\)/;

/** The process ids of a process's children (Linux), to see the workers are there. */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(/\s+/).map(Number);
}

describe.skipIf(!TEST_DATABASE_URL)('two server processes on one port (WORKERS=2)', () => {
  let server: ChildProcess;
  let baseUrl: string;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let output = '';

  beforeAll(async () => {
    database = await throwawayDatabase('workers');
    dataDir = mkdtempSync(join(tmpdir(), 'ho-workers-'));
    server = spawn(process.execPath, [compiledCommand('server')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        WORKERS: '2',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: join(dataDir, 'no-dist'),
        SKIP_PWA_BUILD: 'true',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = STARTED.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      server.stdout!.on('data', read);
      server.stderr!.on('data', read);
      server.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('runs a primary and two server processes', () => {
    expect(childrenOf(server.pid!)).toHaveLength(2);
  });

  it('runs concurrent duplicates of an idempotent create once, whichever process each reaches', async () => {
    const { access_token: token } = await signIn({ baseUrl }, ADMIN.username, ADMIN.password);
    const send = () =>
      call({ baseUrl }, 'POST', '/api/cost', {
        token,
        json: { name: 'Corrida entre processos', price: 1 },
        // A new connection each: the primary hands connections to the processes in turn.
        headers: { 'idempotency-key': 'workers-race', connection: 'close' },
      });
    for (let round = 0; round < 3; round += 1) {
      const replies = await Promise.all(Array.from({ length: 8 }, send));
      expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
      if (round > 0) expect(replies.every((r) => r.headers.get(REPLAYED_HEADER) === 'true')).toBe(true);
    }
    const list = await call({ baseUrl }, 'GET', '/api/cost/all/0/10?search=corrida', { token });
    expect(list.body.total_items).toBe(1);
  });

  it('refuses a key reused for another path, in every process', async () => {
    const { access_token: token } = await signIn({ baseUrl }, ADMIN.username, ADMIN.password);
    const headers = { 'idempotency-key': 'workers-reuse', connection: 'close' };
    expect((await call({ baseUrl }, 'POST', '/api/cost', { token, json: { name: 'Primeiro uso', price: 1 }, headers })).status).toBe(201);
    const reused = await Promise.all(
      [1, 2, 3, 4].map(() => call({ baseUrl }, 'POST', '/api/service', { token, json: { name: 'Outro uso', price: 1 }, headers })),
    );
    expect(reused.map((r) => r.status)).toEqual([422, 422, 422, 422]);
  });

  it('a sign-out applies in every process within the auth cache lifetime', async () => {
    const { access_token: token } = await signIn({ baseUrl }, ADMIN.username, ADMIN.password);
    const ask = () => call({ baseUrl }, 'GET', '/api/user', { token, headers: { connection: 'close' } });
    // Both processes read (and cache) the session.
    expect((await Promise.all([ask(), ask(), ask(), ask()])).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await call({ baseUrl }, 'POST', '/oauth/revoke', { json: { token } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, AUTH_CACHE_TTL_MS + 100));
    expect((await Promise.all([ask(), ask(), ask(), ask()])).map((r) => r.status)).toEqual([401, 401, 401, 401]);
  });
});
