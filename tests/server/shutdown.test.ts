/**
 * The server as a process manager runs it (issue 25): server/main.ts,
 * compiled as `npm start` runs it (helpers/compiled-commands.ts), in
 * a process of its own on a PGlite folder. It answers its health URLs; on
 * SIGTERM it stops taking connections at once, a request already in
 * flight (its body still arriving) is answered in full, a request that
 * never completes is cut at SHUTDOWN_TIMEOUT_MS, and the process exits 0,
 * its folder lock and backup endpoint file gone. One process in all: the
 * data folder is loaded from the migrated template (no initdb).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupEndpointFile, readEndpointFile } from '@server/backup/backup-endpoint';
import { lockFileOf } from '@server/db/data-folder-lock';
import { HEALTH_PATHS } from '@server/routes/health';
import { unpackMigratedFolder } from './helpers/pglite';
import { commandEnv } from './helpers/command-env';
import { compiledCommand } from './helpers/compiled-commands';
import { ADMIN, call, passwordGrant } from './helpers/test-app';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 2_000;
const STARTED = /Servidor no ar: (http:\/\/\S+)/;

let dataDir: string;
let server: ChildProcess;
let baseUrl: string;
let output = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ho-shutdown-'));
  await unpackMigratedFolder(join(dataDir, 'db'));
  server = spawn(process.execPath, [compiledCommand('server')], {
    cwd: ROOT,
    env: commandEnv(dataDir, { ADMIN_EMAIL: ADMIN.email, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  baseUrl = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = STARTED.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    server.stdout!.on('data', check);
    server.once('exit', () => reject(new Error(`the server ended at start:\n${output}`)));
  });
}, 120_000);

afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: string };

/** A POST whose headers and first bytes are sent now, the rest when `finish` is called; `closed` resolves when the server closes it. */
function requestInFlight(path: string, body: string) {
  const { port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  const answered = (): Answer => {
    const split = received.indexOf('\r\n\r\n');
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), body: split === -1 ? '' : received.slice(split + 4) };
  };
  return {
    closed,
    async finish(): Promise<Answer> {
      socket.write(body.slice(half));
      await closed;
      return answered();
    },
  };
}

function connectionRefused(): Promise<boolean> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the server process: health URLs and graceful shutdown', () => {
  it('answers health and ready, and keeps its backup endpoint in a file only its owner reads', async () => {
    expect(await call({ baseUrl }, 'GET', HEALTH_PATHS.health)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call({ baseUrl }, 'GET', HEALTH_PATHS.ready)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(readEndpointFile(dataDir)).toMatchObject({ pid: server.pid });
    expect(statSync(backupEndpointFile(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('on SIGTERM refuses new connections, finishes the request in flight, cuts a stuck one at SHUTDOWN_TIMEOUT_MS, and exits 0', async () => {
    const signIn = requestInFlight('/oauth/token', JSON.stringify(passwordGrant(ADMIN.username, ADMIN.password)));
    const stuck = requestInFlight('/oauth/token', JSON.stringify(passwordGrant(ADMIN.username, 'nunca-termina')));
    // Both requests' headers reached the server: they are in flight.
    await pause(300);
    server.kill('SIGTERM');
    const signalled = Date.now();
    for (let i = 0; i < 40 && !output.includes('SIGTERM: encerrando'); i += 1) await pause(50);
    let refused = false;
    for (let i = 0; i < 20 && !refused; i += 1) {
      refused = await connectionRefused();
      if (!refused) await pause(50);
    }
    expect(refused, 'a new connection after SIGTERM').toBe(true);

    const answer = await signIn.finish();
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('access_token');

    const stuckClosed = await stuck.closed;
    const end = await exited;
    expect({ code: end.code, signal: end.signal }, output).toEqual({ code: 0, signal: null });
    expect(stuckClosed - signalled).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
    expect(end.at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 5_000);
    expect(output).toContain('foram encerradas');
    expect(existsSync(lockFileOf(join(dataDir, 'db')))).toBe(false);
    expect(existsSync(backupEndpointFile(dataDir))).toBe(false);
  });
});
