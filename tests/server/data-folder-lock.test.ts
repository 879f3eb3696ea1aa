/**
 * One process per PGlite folder (issue 25), with real processes: the server
 * (`server/main.ts`), `seed:demo`, the browser tests' seed, and a small
 * opener going through openDatabase, each started as `node <module>` from
 * its module compiled for the run (helpers/compiled-commands.ts).
 * A second opener is refused with the holder's pid and command while the
 * first holds the folder, and `seed:demo` beside a running server changes
 * nothing; the lock goes away at a normal end, at process.exit and on
 * SIGTERM/SIGINT; a stale lock (its process gone, or its pid now another
 * process's) is taken over; a failure on the database prints a message, the
 * stack only with LOG_LEVEL=debug.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { DETAILS_HINT, describeFailure } from '@server/db/command-failure';
import { lockFileOf, type LockHolder } from '@server/db/data-folder-lock';
import { validCustomer } from './customers/support';
import { commandEnv as sharedCommandEnv } from './helpers/command-env';
import { commandLabel, type CompiledCommand, compiledCommand } from './helpers/compiled-commands';
import { unpackMigratedFolder } from './helpers/pglite';
import { ADMIN, call, signIn } from './helpers/test-app';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The shape of a stack frame in Node's output: what the operator must never see by default. */
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;
/** Process start-up is slow on a shared 2-core machine; each case spawns one or two. */
const SLOW = 180_000;

let dataDir: string;
let folder: string;
let lockFile: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ho-lock-'));
  folder = join(dataDir, 'db');
  lockFile = lockFileOf(folder);
});
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The commands' environment on this file's data folder (helpers/command-env.ts). */
function commandEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return sharedCommandEnv(dataDir, extra);
}

type Ended = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

function start(args: string[], env: NodeJS.ProcessEnv): ChildProcess & { out: { stdout: string; stderr: string } } {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
  return Object.assign(child, { out });
}

function ended(child: ReturnType<typeof start>): Promise<Ended> {
  return new Promise((resolve) => {
    const done = () => resolve({ code: child.exitCode, signal: child.signalCode, ...child.out });
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('close', done);
  });
}

/** A command started from its compiled module. */
function startCommand(name: CompiledCommand, env: NodeJS.ProcessEnv = commandEnv()) {
  return start([compiledCommand(name)], env);
}

function run(name: CompiledCommand, env: NodeJS.ProcessEnv = commandEnv()): Promise<Ended> {
  return ended(startCommand(name, env));
}

async function waitFor(child: ReturnType<typeof start>, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + SLOW;
  while (Date.now() < deadline) {
    const match = pattern.exec(child.out.stdout);
    if (match) return match;
    if (child.exitCode !== null || child.signalCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never printed ${pattern}:\n${child.out.stdout}\n${child.out.stderr}`);
}

/**
 * Opens the folder through openDatabase, as every command does, and prints
 * the lock it then holds; MODE=hold keeps it open with no signal handler of
 * its own, otherwise it ends at once with process.exit(0), the database
 * still open.
 */
const OPENER = `
const { readFileSync } = await import('node:fs');
const { openDatabase } = await import(process.env.CLIENT_MODULE);
await openDatabase({ kind: 'pglite', dataDir: process.env.FOLDER });
console.log('LOCK ' + readFileSync(process.env.FOLDER + '.lock', 'utf8').replace(/\\n/g, ' '));
if (process.env.MODE === 'hold') setInterval(() => {}, 60_000);
else process.exit(0);
`;

function startOpener(mode: 'hold' | 'exit') {
  return start(['--input-type=module', '-e', OPENER], commandEnv({ CLIENT_MODULE: compiledCommand('db-client'), FOLDER: folder, MODE: mode }));
}

const lockedBy = (stdout: string): LockHolder => JSON.parse(/^LOCK (.*)$/m.exec(stdout)![1]!);
const readLock = (): LockHolder => JSON.parse(readFileSync(lockFile, 'utf8'));

describe('while the server holds the folder', () => {
  let server: ReturnType<typeof start>;
  let baseUrl: string;
  let held: string;

  beforeAll(async () => {
    // A migrated folder: what the server's initdb and migrations would make, without their seconds of CPU.
    await unpackMigratedFolder(folder);
    server = startCommand('server');
    baseUrl = (await waitFor(server, /Servidor no ar: (http:\/\/\S+)/))[1]!;
    held = readFileSync(lockFile, 'utf8');
  }, SLOW);
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await ended(server);
    }
  });

  it('the lock names the server: its pid and its command', () => {
    expect(readLock()).toMatchObject({ pid: server.pid, command: commandLabel('server'), host: hostname() });
  });

  // At once: each is refused without touching the folder, and a process start is the slow part.
  it.concurrent.for([
    ['a second server', 'server', '[servidor] falha ao iniciar:'],
    ['npm run seed:demo', 'seed-demo', 'Falha ao criar os dados de demonstração:'],
    ["the browser tests' seed", 'seed-users', '[e2e] falha ao criar os usuários de teste:'],
  ] as const)(
    '%s stops at once, saying which process holds the folder and what to do',
    { timeout: SLOW },
    async ([, command, heading], { expect }) => {
      const result = await run(command);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(heading);
      expect(result.stderr).toContain(`A pasta do banco de dados ${folder} já está em uso pelo processo ${server.pid} (${commandLabel('server')})`);
      expect(result.stderr).toContain(`pare esse processo (Ctrl+C no terminal dele, ou kill ${server.pid}) e rode este comando de novo`);
      expect(result.stderr).not.toMatch(STACK_FRAME);
      expect(result.stderr).not.toContain(DETAILS_HINT);
      // The holder's lock is untouched.
      expect(readFileSync(lockFile, 'utf8')).toBe(held);
    },
  );

  it('seed:demo refused beside it changed nothing: no demo users, and the server still writes', async () => {
    const { access_token: token } = await signIn({ baseUrl }, ADMIN.username, ADMIN.password);
    const users = await call({ baseUrl }, 'GET', '/api/user/all/0/100', { token });
    expect(users.status).toBe(200);
    expect(users.body.list.map((u: { username: string }) => u.username)).toEqual([ADMIN.username]);
    await expect(signIn({ baseUrl }, 'mariana', 'demo12345')).rejects.toThrow(/failed/);
    const created = await call({ baseUrl }, 'POST', '/api/customer', { token, json: validCustomer() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it(
    'SIGTERM: the server closes the database, ends with 0 and releases the folder',
    async () => {
      server.kill('SIGTERM');
      const result = await ended(server);
      expect(result.code).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    },
    SLOW,
  );
});

describe("a command's end releases the folder", () => {
  it(
    'at process.exit, the database still open',
    async () => {
      const result = await ended(startOpener('exit'));
      expect(result.code, result.stderr).toBe(0);
      expect(lockedBy(result.stdout).pid).toBeGreaterThan(0);
      expect(existsSync(lockFile)).toBe(false);
    },
    SLOW,
  );

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s, in a command without a handler of its own, which still ends by that signal',
    async (signal) => {
      const opener = startOpener('hold');
      await waitFor(opener, /^LOCK /m);
      expect(readLock().pid).toBe(opener.pid);
      opener.kill(signal);
      const result = await ended(opener);
      expect(result.signal).toBe(signal);
      expect(existsSync(lockFile)).toBe(false);
    },
    SLOW,
  );
});

describe('a stale lock is taken over', () => {
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    return child.pid!;
  }

  it.each([
    ['its process is gone', async () => ({ pid: await deadPid() })],
    // This test runner is alive, but was not started at the recorded moment: its pid was reused.
    ['its pid now belongs to another process', async () => ({ pid: process.pid, process_start: '1' })],
  ])(
    'when %s',
    async (_name, stale) => {
      const lock: LockHolder = {
        command: 'npm start (server/main.ts)',
        host: hostname(),
        started_at: '2026-11-28T12:00:00.000Z',
        token: 'stale',
        ...(await stale()),
      };
      if (lock.process_start) expect(existsSync('/proc/self/stat'), 'the reused pid is recognised on Linux only').toBe(true);
      writeFileSync(lockFile, JSON.stringify(lock));
      const result = await ended(startOpener('exit'));
      expect(result.code, result.stderr).toBe(0);
      const taken = lockedBy(result.stdout);
      expect(taken.pid).not.toBe(lock.pid);
      expect(taken.token).not.toBe('stale');
      expect(existsSync(lockFile)).toBe(false);
    },
    SLOW,
  );
});

describe('a database failure prints a message, not a stack', () => {
  // Nothing listens on port 1: the connection is refused at once.
  const unreachable = { DATABASE_URL: 'postgres://ninguem:senha@127.0.0.1:1/higiene' };

  it.concurrent.for([
    ['by default', 'info', false],
    ['with LOG_LEVEL=debug, the stack too', 'debug', true],
  ] as const)('seed:demo against an unreachable PostgreSQL: %s', { timeout: SLOW }, async ([, level, stack], { expect }) => {
    const result = await run('seed-demo', commandEnv({ ...unreachable, LOG_LEVEL: level }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Falha ao criar os dados de demonstração:\nNão foi possível conectar ao PostgreSQL de DATABASE_URL (connect ECONNREFUSED',
    );
    if (stack) expect(result.stderr).toMatch(STACK_FRAME);
    else expect(result.stderr).not.toMatch(STACK_FRAME);
    expect(result.stderr.includes(DETAILS_HINT)).toBe(!stack);
    expect(result.stderr).not.toContain('senha');
    // PostgreSQL takes no lock of the data folder.
    expect(existsSync(lockFile)).toBe(false);
  });
});

describe("the message of a query's failure", () => {
  it("is the database's own words and code, not Drizzle's 'Failed query' with the SQL", async () => {
    const database = await openDatabase({ kind: 'memory' });
    try {
      const error = await database.db.execute(sql`select * from nao_existe`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DrizzleQueryError);
      expect(describeFailure(error)).toEqual({
        message: 'O banco de dados recusou uma operação: relation "nao_existe" does not exist (código 42P01).',
        technical: true,
      });
    } finally {
      await database.close();
    }
  });
});
