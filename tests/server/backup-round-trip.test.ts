/**
 * The backup round trip (issue 25), on the real parts:
 *
 * - PGlite: the demo data and uploaded files on a running app; a backup
 *   taken in process while customers and their files keep being created,
 *   and one by the real `npm run backup` asking the running server (its
 *   folder is locked) through the loopback backup call, writes going on;
 *   each archive is a consistent snapshot (every foreign key and every
 *   stored file it names is in it). The real `npm run restore` puts the
 *   second into a fresh folder; a backup of that folder (the command
 *   opening it itself, no server running) holds exactly the same rows and
 *   files; a server started on it signs in, serves the files with their
 *   hashes and gives new records new ids. A non-empty target is refused,
 *   changing nothing; damaged archives are refused by name.
 * - PostgreSQL (when TEST_DATABASE_URL is set): the snapshot under truly
 *   concurrent writes, restored into an empty database and compared; a
 *   damaged archive and a non-empty database leave their targets as they
 *   were.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECKSUMS_ENTRY, MANIFEST_ENTRY, type Manifest, tableEntry } from '@server/backup/archive-format';
import { startBackupEndpoint } from '@server/backup/backup-endpoint';
import { BackupError, reportBackupFailure, RESTORE_MESSAGES } from '@server/backup/messages';
import { readArchive } from '@server/backup/read-archive';
import { restoreArchive } from '@server/backup/restore';
import { takeSnapshot } from '@server/backup/snapshot';
import { takeBackup } from '@server/backup/take-backup';
import { readTar, tarStream } from '@server/backup/tar';
import { writeArchive } from '@server/backup/write-archive';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { type Database, openDatabase, pgliteDirectory } from '@server/db/client';
import { acquireDataFolderLock } from '@server/db/data-folder-lock';
import { seedDemo } from '@server/db/demo';
import * as schema from '@server/db/schema';
import { filesFolder } from '@server/files/storage';
import { createFileMailer } from '@server/mail/mailer';
import { multipartBody, validCustomer } from './customers/support';
import { startPostgresApp, TEST_DATABASE_URL, throwawayDatabase, type PostgresTestApp } from './helpers/postgres-app';
import { ADMIN, call, signIn, startTestApp, type TestApp } from './helpers/test-app';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Target = { baseUrl: string };

/** A PDF-looking file of some size, different each time. */
function somePdf(i: number, size = 2_000 + ((i * 7919) % 50_000)): Buffer {
  const bytes = Buffer.alloc(size);
  for (let j = 0; j < size; j += 1) bytes[j] = (j * 31 + i * 17) % 251;
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
}

async function createCustomerWithFile(target: Target, token: string, i: number): Promise<void> {
  const customer = await call(target, 'POST', '/api/customer', { token, json: validCustomer({ name: `Cliente concorrente ${i}` }) });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const { body, contentType } = multipartBody([
    { name: 'name', value: `Laudo ${i}` },
    { name: 'file', filename: `laudo-${i}.pdf`, type: 'application/pdf', data: somePdf(i) },
  ]);
  const reply = await call(target, 'POST', `/api/customer/${customer.body.id}/file`, {
    token,
    body: body as unknown as string,
    headers: { 'content-type': contentType },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
}

/**
 * A pause after each create: writes keep landing between the snapshot's tables (5 to 20 ms apart), without a
 * loop that takes all the CPU it gets for as long as the backup's command runs (24.5 → 21 CPU-s for this file
 * alone; on CI's loaded cores the command runs ten times longer: bench/test-suite.md, "Stop 42").
 */
const WRITE_PAUSE_MS = 25;

/** Customers with a file each, created one after the other (`parallel` at once, each pausing) until stopped. */
function keepWriting(target: Target, token: string, parallel = 1) {
  let stopping = false;
  let made = 0;
  const lanes = Array.from({ length: parallel }, async (_, lane) => {
    for (let i = lane; !stopping; i += parallel) {
      await createCustomerWithFile(target, token, 1000 + i);
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, WRITE_PAUSE_MS));
    }
  });
  return {
    async stop(): Promise<number> {
      stopping = true;
      await Promise.all(lanes);
      return made;
    },
  };
}

type Content = { manifest: Manifest; rows: Map<string, Record<string, unknown>[]>; files: Map<string, string> };

async function contentOf(file: string): Promise<Content> {
  const rows = new Map<string, Record<string, unknown>[]>();
  const files = new Map<string, string>();
  const manifest = await readArchive(file, {
    async table(table, lines) {
      const list: Record<string, unknown>[] = [];
      for await (const line of lines) list.push(JSON.parse(line) as Record<string, unknown>);
      rows.set(table.name, list);
    },
    async file(key, body) {
      const hash = createHash('sha256');
      for await (const chunk of body) hash.update(chunk);
      files.set(key, hash.digest('hex'));
    },
  });
  return { manifest, rows, files };
}

/** Every foreign key of every row names a row in the archive, and every stored file's bytes are in it with the recorded hash. */
function consistencyProblems(content: Content): string[] {
  const problems: string[] = [];
  for (const table of Object.values(schema) as unknown[]) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const reference = fk.reference();
      const parent = getTableConfig(reference.foreignTable).name;
      const keyOf = (row: Record<string, unknown>, columns: { name: string }[]) => JSON.stringify(columns.map((c) => row[c.name]));
      const present = new Set((content.rows.get(parent) ?? []).map((row) => keyOf(row, reference.foreignColumns)));
      for (const row of content.rows.get(config.name) ?? []) {
        if (reference.columns.some((c) => row[c.name] === null)) continue;
        if (!present.has(keyOf(row, reference.columns))) problems.push(`${config.name} ${JSON.stringify(row)} → ${parent}`);
      }
    }
  }
  for (const row of content.rows.get('files') ?? []) {
    if (content.files.get(row.storage_key as string) !== row.sha256) problems.push(`file ${row.storage_key as string}`);
  }
  return problems;
}

/** The commands' processes, ended at the end of the file if a timed-out test left one running. */
const children = new Set<ChildProcess>();
/** A spawned command on a shared 2-core machine: npm, tsx, and for a restore PGlite's initdb. */
const SLOW = 180_000;

function run(command: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env: { PATH: process.env.PATH!, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.once('exit', () => children.delete(child));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Packs entries again, one of them changed: what a damaged or forged archive looks like past gzip's own check. */
async function repack(from: string, to: string, change: (name: string, bytes: Buffer) => Buffer | null): Promise<void> {
  const entries: { name: string; size: number; body: Buffer }[] = [];
  for await (const entry of readTar(createReadStream(from).pipe(createGunzip()))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body()) chunks.push(chunk);
    const bytes = change(entry.name, Buffer.concat(chunks));
    if (bytes) entries.push({ name: entry.name, size: bytes.length, body: bytes });
  }
  await pipeline(tarStream(entries), createGzip(), createWriteStream(to));
}

const SILENT = { LOG_LEVEL: 'silent' };

describe('backup round trip on PGlite', { timeout: SLOW }, () => {
  let t: TestApp;
  let token: string;
  let work: string;
  let fromServer: string;
  let restoredDir: string;

  beforeAll(async () => {
    t = await startTestApp();
    await seedDemo(t.db);
    token = (await signIn(t, ADMIN.username, ADMIN.password)).access_token;
    for (let i = 0; i < 3; i += 1) await createCustomerWithFile(t, token, i);
    work = mkdtempSync(join(tmpdir(), 'ho-backup-'));
  }, SLOW);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.close();
    for (const dir of [work, restoredDir, t?.config.dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('takes a consistent snapshot while customers and their files keep being created', async () => {
    const writer = keepWriting(t, token);
    const file = join(work, 'in-process.tar.gz');
    const snapshot = await takeSnapshot(t.database, t.config.dataDir, { betweenTables: () => new Promise((resolve) => setTimeout(resolve, 5)) });
    try {
      await writeArchive(snapshot, createWriteStream(file));
    } finally {
      await snapshot.discard();
    }
    expect(await writer.stop()).toBeGreaterThan(0);
    const content = await contentOf(file);
    expect(consistencyProblems(content)).toEqual([]);
    expect(content.rows.get('customers')!.length).toBeGreaterThanOrEqual(4 + 3);
    expect(content.files.size).toBeGreaterThanOrEqual(3);
    // Nothing of the copy is left in the data folder.
    expect(readdirSync(t.config.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
  });

  it(
    '`npm run backup` asks the running server (its folder is locked) and writes a checked archive',
    async () => {
      const lock = acquireDataFolderLock(pgliteDirectory(t.config.dataDir));
      const endpoint = await startBackupEndpoint({ database: t.database, dataDir: t.config.dataDir, log: { info: () => {}, error: () => {} } });
      const writer = keepWriting(t, token);
      fromServer = join(work, 'do-servidor.tar.gz');
      try {
        const ended = await run(['npm', 'run', '--silent', 'backup', fromServer], { DATA_DIR: t.config.dataDir, ...SILENT });
        expect(ended.code, ended.stdout + ended.stderr).toBe(0);
        expect(ended.stdout).toContain(`O servidor (processo ${process.pid}) está usando o banco embutido`);
        expect(ended.stdout).toContain(`Cópia de segurança gravada em ${fromServer}`);
      } finally {
        await writer.stop();
        await endpoint.close();
        lock.release();
      }
      expect(existsSync(`${fromServer}.part`)).toBe(false);
      expect(consistencyProblems(await contentOf(fromServer))).toEqual([]);
    },
    SLOW,
  );

  it(
    '`npm run restore` fills an empty folder; a backup of it holds exactly the same rows and files',
    async () => {
      restoredDir = mkdtempSync(join(tmpdir(), 'ho-restored-'));
      const ended = await run(['npm', 'run', '--silent', 'restore', fromServer], { DATA_DIR: restoredDir, ...SILENT });
      expect(ended.code, ended.stdout + ended.stderr).toBe(0);
      expect(ended.stdout).toContain('Restauração concluída');

      const again = join(work, 'da-pasta-restaurada.tar.gz');
      const report = await takeBackup({ dataDir: restoredDir, databaseUrl: undefined }, again);
      expect(report.server).toBeUndefined();
      const original = await contentOf(fromServer);
      const copy = await contentOf(again);
      expect(copy.manifest.migrations).toEqual(original.manifest.migrations);
      expect([...copy.rows.keys()]).toEqual([...original.rows.keys()]);
      for (const [table, rows] of original.rows) expect(copy.rows.get(table), table).toEqual(rows);
      expect(copy.files).toEqual(original.files);
      for (const [key, hash] of original.files) expect(sha256(readFileSync(join(filesFolder(restoredDir), key)))).toBe(hash);
    },
    SLOW,
  );

  it('a server on the restored folder signs in, serves the files with their hashes and gives new records new ids', async () => {
    const original = await contentOf(fromServer);
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(restoredDir) });
    const config = loadConfig({ DATA_DIR: restoredDir, DIST_DIR: join(restoredDir, 'no-dist'), ...SILENT });
    const app = await buildApp({ db: database.db, config, mailer: createFileMailer(join(restoredDir, 'mail'), config.mailFrom), logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      const restored = { baseUrl: `http://127.0.0.1:${address.port}` };
      const admin = (await signIn(restored, ADMIN.username, ADMIN.password)).access_token;
      for (const attachment of original.rows.get('customer_files')!) {
        const response = await fetch(`${restored.baseUrl}/api/customer/${attachment.customer_id}/file/${attachment.id}/download`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(response.status).toBe(200);
        const stored = original.rows.get('files')!.find((row) => row.id === attachment.file_id)!;
        expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(stored.sha256);
      }
      const created = await call(restored, 'POST', '/api/customer', { token: admin, json: validCustomer({ name: 'Depois da restauração' }) });
      expect(created.status).toBe(201);
      expect(created.body.id).toBeGreaterThan(Math.max(...original.rows.get('customers')!.map((row) => row.id as number)));
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a target that is not empty, changing nothing', async () => {
    const before = readdirSync(pgliteDirectory(restoredDir)).sort();
    await expect(restoreArchive(fromServer, { dataDir: restoredDir })).rejects.toThrow(
      new BackupError(RESTORE_MESSAGES.filesNotEmpty(filesFolder(restoredDir))),
    );
    rmSync(filesFolder(restoredDir), { recursive: true });
    await expect(restoreArchive(fromServer, { dataDir: restoredDir })).rejects.toThrow(
      new BackupError(RESTORE_MESSAGES.databaseNotEmpty(pgliteDirectory(restoredDir))),
    );
    expect(readdirSync(pgliteDirectory(restoredDir)).sort()).toEqual(before);
    expect(existsSync(`${pgliteDirectory(restoredDir)}.restoring`)).toBe(false);
    rmSync(restoredDir, { recursive: true, force: true });
  });

  it('copies the row of a file lost before the copy, and says which', async () => {
    const [lost] = (await contentOf(fromServer)).rows.get('files')!;
    const key = lost!.storage_key as string;
    rmSync(join(filesFolder(t.config.dataDir), key));
    const file = join(work, 'sem-um-arquivo.tar.gz');
    const snapshot = await takeSnapshot(t.database, t.config.dataDir);
    try {
      expect((await writeArchive(snapshot, createWriteStream(file))).missing).toEqual([key]);
    } finally {
      await snapshot.discard();
    }
    const content = await contentOf(file);
    expect(content.manifest.files.missing).toEqual([key]);
    expect(content.rows.get('files')!.map((row) => row.storage_key)).toContain(key);
    expect(content.files.has(key)).toBe(false);
  });

  it.each([
    [
      'a file whose bytes changed',
      (name: string, bytes: Buffer) => (name.startsWith('files/') ? Buffer.concat([bytes, Buffer.from('x')]) : bytes),
      'damaged',
    ],
    [
      'a table with a row removed',
      (name: string, bytes: Buffer) => (name === tableEntry('customers') ? bytes.subarray(bytes.indexOf(10) + 1) : bytes),
      'count',
    ],
    ['no SHA256SUMS (cut short)', (name: string, bytes: Buffer) => (name === CHECKSUMS_ENTRY ? null : bytes), 'incomplete'],
    ['no manifest', (name: string, bytes: Buffer) => (name === MANIFEST_ENTRY ? null : bytes), 'manifest'],
  ] as const)('refuses an archive with %s, naming the problem', async (_case, change, kind) => {
    const damaged = join(work, `danificada-${kind}.tar.gz`);
    await repack(fromServer, damaged, change);
    const error = await readArchive(damaged).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupError);
    const message = (error as Error).message;
    if (kind === 'damaged') expect(message).toMatch(/^A cópia está danificada: o conteúdo de files\/[a-f0-9]{32} não confere/);
    if (kind === 'count') expect(message).toMatch(/^A cópia está danificada: a tabela customers deveria ter \d+ registros e tem \d+/);
    if (kind === 'incomplete') expect(message).toContain('falta SHA256SUMS');
    if (kind === 'manifest') expect(message).toContain('não começa pelo manifest.json');
  });

  it('refuses a truncated archive or none, printed as one message without a stack', async () => {
    const bytes = readFileSync(fromServer);
    const truncated = join(work, 'cortada.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    try {
      for (const [file, expected] of [
        [
          truncated,
          'cortada.tar.gz não é uma cópia de segurança deste sistema que possa ser lida (não é um .tar.gz inteiro: está incompleto ou danificado).',
        ],
        [join(work, 'nao-existe.tar.gz'), `O arquivo ${join(work, 'nao-existe.tar.gz')} não existe.`],
      ]) {
        printed.length = 0;
        const error = await readArchive(file!).then(
          () => undefined,
          (e: unknown) => e,
        );
        reportBackupFailure(RESTORE_MESSAGES.failed, error);
        expect(printed).toEqual([`${RESTORE_MESSAGES.failed}\n${expected}`]);
      }
    } finally {
      spy.mockRestore();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('backup round trip on PostgreSQL', { timeout: SLOW }, () => {
  let pg: PostgresTestApp;
  let token: string;
  let work: string;
  let archive: string;
  const scratch: Awaited<ReturnType<typeof throwawayDatabase>>[] = [];

  beforeAll(async () => {
    pg = await startPostgresApp('backup');
    await seedDemo(pg.db);
    token = (await signIn(pg, ADMIN.username, ADMIN.password)).access_token;
    for (let i = 0; i < 3; i += 1) await createCustomerWithFile(pg, token, i);
    work = mkdtempSync(join(tmpdir(), 'ho-backup-pg-'));
  }, SLOW);
  afterAll(async () => {
    await pg?.close();
    for (const database of scratch) await database.drop();
    for (const dir of [work, pg?.dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('takes a consistent snapshot while creates run in parallel beside it', async () => {
    const writer = keepWriting(pg, token, 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    archive = join(work, 'pg.tar.gz');
    const source: Database = { db: pg.db, kind: 'postgres', close: async () => {} };
    // A pause after each table: the writers' creates land between the tables of the dump.
    const snapshot = await takeSnapshot(source, pg.dataDir, { betweenTables: () => new Promise((resolve) => setTimeout(resolve, 20)) });
    try {
      await writeArchive(snapshot, createWriteStream(archive));
    } finally {
      await snapshot.discard();
    }
    expect(await writer.stop()).toBeGreaterThan(0);
    expect(consistencyProblems(await contentOf(archive))).toEqual([]);
  });

  it('restores into an empty database: the same rows, the files checked, sequences past the highest ids', async () => {
    const target = await throwawayDatabase('restored');
    scratch.push(target);
    const dataDir = mkdtempSync(join(tmpdir(), 'ho-restored-pg-'));
    try {
      const summary = await restoreArchive(archive, { dataDir, databaseUrl: target.url });
      const original = await contentOf(archive);
      expect(summary.files).toBe(original.files.size);
      const database = await openDatabase({ kind: 'postgres', url: target.url });
      try {
        const snapshot = await takeSnapshot(database, dataDir);
        const copy = join(work, 'pg-again.tar.gz');
        try {
          await writeArchive(snapshot, createWriteStream(copy));
        } finally {
          await snapshot.discard();
        }
        const again = await contentOf(copy);
        for (const [table, rows] of original.rows) expect(again.rows.get(table), table).toEqual(rows);
        expect(again.files).toEqual(original.files);
        const [created] = await database.db
          .insert(schema.customers)
          .values({ name: 'Depois', type: 'corporate' })
          .returning({ id: schema.customers.id });
        expect(created!.id).toBeGreaterThan(Math.max(...original.rows.get('customers')!.map((row) => row.id as number)));
      } finally {
        await database.close();
      }
      // Not empty any more: refused, and nothing changes.
      rmSync(filesFolder(dataDir), { recursive: true });
      await expect(restoreArchive(archive, { dataDir, databaseUrl: target.url })).rejects.toThrow(new BackupError(RESTORE_MESSAGES.postgresNotEmpty));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a damaged archive leaves the empty database empty', async () => {
    const target = await throwawayDatabase('damaged');
    scratch.push(target);
    const damaged = join(work, 'pg-damaged.tar.gz');
    await repack(archive, damaged, (name, bytes) => (name.startsWith('files/') ? Buffer.concat([bytes, Buffer.from('x')]) : bytes));
    const dataDir = mkdtempSync(join(tmpdir(), 'ho-restored-pg-'));
    try {
      await expect(restoreArchive(damaged, { dataDir, databaseUrl: target.url })).rejects.toThrow('A cópia está danificada');
      const database = await openDatabase({ kind: 'postgres', url: target.url });
      try {
        const tables = await database.db.execute(
          sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')`,
        );
        expect((tables as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      } finally {
        await database.close();
      }
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
