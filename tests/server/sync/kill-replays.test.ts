/**
 * kill -9 during writes (issue 25, "False conflicts after a crash";
 * docs/decisions/crash-replays.md): the server (server/main.ts, compiled
 * once for the run: helpers/compiled-commands.ts) in its own process
 * tree takes updates and creates with Idempotency-Keys from eight devices at
 * once, alone and in batch calls, and is killed with SIGKILL mid-stream;
 * started again on the same data folder (PGlite) or database (PostgreSQL,
 * WORKERS=2, as in the figures), it gets every write that was in
 * flight sent again as the device sends it: same key, body and If-Match.
 * None is answered 409, and each was applied once: every record ends at its
 * last write with the version that write answered, every create made one
 * record. The deterministic cases (the crash right after a commit, before a
 * write, inside a batch) are in crash-replays.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BATCH_PATH, type BatchItem } from '@sync/contract/batch';
import { commandEnv } from '../helpers/command-env';
import { compiledCommand } from '../helpers/compiled-commands';
import { unpackMigratedFolder } from '../helpers/pglite';
import { TEST_DATABASE_URL, throwawayDatabase } from '../helpers/postgres-app';
import { ADMIN, signIn } from '../helpers/test-app';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STARTED = /Servidor no ar: (http:\/\/\S+)/;
const DEVICES = 8;
const COSTS_PER_DEVICE = 4;
/** Writes answered before the kill; a few hundred in all with the ones in flight. */
const KILL_AFTER = 160;

type Setup = { env: Record<string, string>; cleanup(): Promise<void> };

async function pgliteFolder(dataDir: string): Promise<Setup> {
  // The migrated template's files unpacked as the data folder: no initdb at the first start.
  await unpackMigratedFolder(join(dataDir, 'db'));
  return { env: {}, cleanup: async () => undefined };
}

async function postgresDatabase(): Promise<Setup> {
  const database = await throwawayDatabase('kill_replays');
  return { env: { DATABASE_URL: database.url, WORKERS: '2' }, cleanup: () => database.drop() };
}

/** The server in a process group of its own, so SIGKILL reaches the primary and its workers at once. */
async function startServer(dataDir: string, env: Record<string, string>): Promise<{ process: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [compiledCommand('server')], {
    cwd: ROOT,
    env: commandEnv(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = STARTED.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server ended at start (${code}):\n${output}`)));
  });
  return { process: child, baseUrl };
}

async function killNine(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
}

/** One write as a device keeps it in its outbox: replayed as is. */
type Write = { method: 'PUT' | 'POST'; path: string; key: string; ifMatch?: string; json: { name: string; price: number } };
/** What a device sends in one request: one write, or several in a batch call. */
type Send = Write[];
type Answer = { status: number; body: { id?: number; updated_at?: string; message?: string } };

async function sendOnce(baseUrl: string, token: string, send: Send): Promise<Answer[]> {
  const headers = (write: Write) => ({ 'idempotency-key': write.key, ...(write.ifMatch ? { 'if-match': write.ifMatch } : {}) });
  // A new connection each time: under WORKERS the primary hands connections to the processes in turn.
  const common = { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' };
  if (send.length === 1) {
    const [write] = send as [Write];
    const response = await fetch(`${baseUrl}${write.path}`, {
      method: write.method,
      headers: { ...common, ...headers(write) },
      body: JSON.stringify(write.json),
    });
    return [{ status: response.status, body: await response.json() }];
  }
  const requests: BatchItem[] = send.map((write) => ({ method: write.method, path: write.path.slice(1), headers: headers(write), body: write.json }));
  const response = await fetch(`${baseUrl}/${BATCH_PATH}`, { method: 'POST', headers: common, body: JSON.stringify({ requests }) });
  if (response.status !== 200) throw new Error(`batch answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { responses: Answer[] }).responses;
}

describe.each([
  { name: 'PGlite', prepare: pgliteFolder },
  ...(TEST_DATABASE_URL ? [{ name: 'PostgreSQL, WORKERS=2', prepare: postgresDatabase }] : []),
])('kill -9 during writes, on $name', ({ prepare }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ho-kill-replays-'));
  let setup: Setup | undefined;
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) await killNine(server);
    await setup?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every write in flight again without a 409, each applied once', async () => {
    setup = await prepare(dataDir);
    let started = await startServer(dataDir, setup.env);
    server = started.process;
    const { access_token: token } = await signIn(started, ADMIN.username, ADMIN.password);

    // Each device owns its records, so no two devices ever write the same one: any 409 is a false one.
    const names = Array.from({ length: DEVICES * COSTS_PER_DEVICE }, (_, i) => `Custo ${i + 1}`);
    const created = await sendOnce(
      started.baseUrl,
      token,
      names.map((name, i) => ({ method: 'POST', path: '/api/cost', key: `setup-${i}`, json: { name, price: 0 } })),
    );
    expect(created.map((answer) => answer.status)).toEqual(names.map(() => 201));
    const records = created.map((answer, i) => ({ id: answer.body.id!, name: names[i]!, version: answer.body.updated_at!, price: 0 }));

    const answered: Array<{ write: Write; answer: Answer }> = [];
    const inFlight: Send[] = [];
    let writes = 0;
    let killing: Promise<void> | undefined;
    const device = async (d: number) => {
      const mine = records.slice(d * COSTS_PER_DEVICE, (d + 1) * COSTS_PER_DEVICE);
      for (let round = 0; ; round += 1) {
        // Alone, or all of this device's records plus a new one in one batch call.
        const update = (record: (typeof mine)[number]): Write => ({
          method: 'PUT',
          path: `/api/cost/${record.id}`,
          key: `d${d}-r${round}-${record.id}`,
          ifMatch: record.version,
          json: { name: record.name, price: record.price + 1 },
        });
        const send: Send =
          round % 3 === 2
            ? [
                ...mine.map(update),
                { method: 'POST', path: '/api/cost', key: `d${d}-r${round}-new`, json: { name: `Novo d${d} r${round}`, price: 1 } },
              ]
            : [update(mine[round % COSTS_PER_DEVICE]!)];
        let answers: Answer[];
        try {
          answers = await sendOnce(started.baseUrl, token, send);
        } catch {
          inFlight.push(send);
          return;
        }
        send.forEach((write, i) => {
          const answer = answers[i]!;
          expect(answer.status, `${write.method} ${write.path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
          answered.push({ write, answer });
          const record = mine.find((r) => write.method === 'PUT' && write.path === `/api/cost/${r.id}`);
          if (record) Object.assign(record, { version: answer.body.updated_at!, price: write.json.price });
        });
        writes += send.length;
        if (writes >= KILL_AFTER && !killing) killing = killNine(server!);
      }
    };
    await Promise.all(Array.from({ length: DEVICES }, (_, d) => device(d)));
    await killing;
    expect(inFlight.length).toBeGreaterThan(0);

    started = await startServer(dataDir, setup.env);
    server = started.process;
    const replays = await Promise.all(inFlight.map((send) => sendOnce(started.baseUrl, token, send)));
    const outcomes = inFlight.flat().map((write, i) => ({ write: `${write.method} ${write.path} ${write.key}`, status: replays.flat()[i]!.status }));
    expect(outcomes.filter((outcome) => outcome.status === 409)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status >= 300)).toEqual([]);

    // Applied once: each record at its last write, with the version that write answered; one record per create.
    inFlight.flat().forEach((write, i) => answered.push({ write, answer: replays.flat()[i]! }));
    const list = await fetch(`${started.baseUrl}/api/cost/all/0/500`, { headers: { authorization: `Bearer ${token}` } });
    const stored = ((await list.json()) as { list: Array<{ id: number; name: string; price: number; updated_at: string }> }).list;
    for (const record of records) {
      const last = answered.filter(({ write }) => write.method === 'PUT' && write.path === `/api/cost/${record.id}`).at(-1)!;
      expect(stored.find((row) => row.id === record.id)).toMatchObject({ price: last.write.json.price, updated_at: last.answer.body.updated_at });
    }
    const creates = answered.filter(({ write }) => write.method === 'POST' && !write.key.startsWith('setup-'));
    expect(creates.length).toBeGreaterThan(0);
    for (const { write, answer } of creates)
      expect(stored.filter((row) => row.name === write.json.name).map((row) => row.id)).toEqual([answer.body.id]);
  }, 180_000);
});
