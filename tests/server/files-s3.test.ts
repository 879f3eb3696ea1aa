/**
 * The file store on both adapters (issue 25, "several machines"): the same
 * representative calls run on a server whose files are in the local folder
 * and on one whose files are in an S3-compatible store (s3rver on loopback,
 * ./helpers/s3-server.ts): a customer's file up, down, zipped and deleted;
 * a user's image; a sample photo's 150 × 150 thumbnail made once and kept
 * in the store, the photo in the sample PDF, the photo's SHA-256 frozen by
 * an approval; the logo in the quotation PDF; GET /api/ready following the
 * store. Then the backup of a server on S3 (its files read from S3),
 * restored into another S3 prefix and backed up again from there by the
 * command's code (a restore into the folder store is the round trip of
 * backup-round-trip.test.ts); a store that is not empty refused. And the S3 adapter's
 * own promises: a write whose check fails stores nothing, a missing object
 * is "gone" while a missing bucket is an error, a failed restore removes
 * what it put.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from '@sync/contract/samples';
import { BackupError, RESTORE_MESSAGES } from '@server/backup/messages';
import { readArchive } from '@server/backup/read-archive';
import { restoreArchive } from '@server/backup/restore';
import { restoreFilesInto } from '@server/backup/restore-files';
import { takeSnapshot } from '@server/backup/snapshot';
import { takeBackup } from '@server/backup/take-backup';
import { writeArchive } from '@server/backup/write-archive';
import { loadConfig } from '@server/config';
import { sampleApprovals, sampleFiles, storedFiles } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import type { FilesConfig } from '@server/files/files-config';
import { createFileStore } from '@server/files/open-file-store';
import { S3Client } from '@server/files/s3-client';
import { HEALTH_PATHS } from '@server/routes/health';
import { adminToken, api, ok, type Api } from './catalog/support';
import { binary, createCustomer, multipartBody, readZip, uploaded } from './customers/support';
import { readPdf } from './helpers/pdf-text';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { call, startTestApp, type TestApp } from './helpers/test-app';
import { createQuotation } from './quotations/support';
import { finalize, review, reviewWorld, sampleBody, smallJpeg, uploadPhoto } from './samples/review-support';
import { plannedNoiseSample, samplePdf } from './samples/support';
import { sendForm } from './users/support';

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let s3: S3TestServer;
const folders: string[] = [];
const tempFolder = (name: string) => {
  const folder = mkdtempSync(join(tmpdir(), `ho-files-${name}-`));
  folders.push(folder);
  return folder;
};

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Every name the store holds (files, variants, anything left over): the folder's entries, or the objects under the prefix. */
async function namesIn(files: FilesConfig): Promise<string[]> {
  if (files.kind === 'local') return existsSync(files.folder) ? readdirSync(files.folder).sort() : [];
  const base = files.prefix ? `${files.prefix}/` : '';
  const names: string[] = [];
  for await (const name of new S3Client(files).list(base)) names.push(name.slice(base.length));
  return names.sort();
}

async function bytesOf(store: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keyOfFile(t: TestApp, fileId: number): Promise<string> {
  const [row] = await t.db.select({ key: storedFiles.storage_key }).from(storedFiles).where(eq(storedFiles.id, fileId));
  return row!.key;
}

/** A photo-like JPEG, wider than tall, so a 150 × 150 cover crop is a real crop. */
function photo(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40 + seed, g: 120, b: 200 - seed } } })
    .composite([{ input: Buffer.from(`<svg width="640" height="480"><circle cx="320" cy="240" r="${100 + seed}" fill="#e63"/></svg>`) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const STORES = [
  { name: 'the local folder', kind: 'local', env: (): Record<string, string> => ({}) },
  { name: 'S3 (s3rver on loopback)', kind: 's3', env: () => s3.env('servidor') },
] as const;

describe.each(STORES)('files in $name', ({ kind, env }) => {
  let t: TestApp;
  let token: string;
  let admin: Api;
  let customerId: number;
  let store: FileStore;
  /** Left by the tests above for the outage test: a kept customer file and an approval's code. */
  let keptFile: { id: number } | undefined;
  let approvalCode: string | undefined;

  beforeAll(async () => {
    t = await startTestApp({ env: env() });
    token = await adminToken(t);
    admin = api(t, token);
    customerId = (await createCustomer(t, token, { name: 'Metalúrgica Arquivo Ltda' })).id;
    store = createFileStore(t.config.files);
  });
  afterAll(async () => {
    await t?.close();
    if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it("keeps a customer's file: the same bytes come back, zipped too, and a delete removes them from the store", async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(70_000, 7)]);
    const file = await uploaded(t, token, customerId, { name: 'Laudo', filename: 'laudo.pdf', data: pdf });
    const key = await keyOfFile(t, file.file_id);
    expect(await namesIn(t.config.files)).toContain(key);
    expect(sha256(await bytesOf(store, key))).toBe(sha256(pdf));

    const download = await binary(t, 'GET', `/api/customer/${customerId}/file/${file.id}/download`, token);
    expect(download.status).toBe(200);
    expect(sha256(download.bytes)).toBe(sha256(pdf));
    const zip = await binary(t, 'POST', `/api/customer/${customerId}/files/download-multiple`, token, { file_ids: [file.id] });
    expect(zip.status).toBe(200);
    expect(readZip(zip.bytes).map((entry) => sha256(entry.data))).toEqual([sha256(pdf)]);

    expect((await call(t, 'DELETE', `/api/customer/${customerId}/file/${file.id}`, { token })).status).toBe(204);
    expect(await namesIn(t.config.files)).not.toContain(key);
    expect((await binary(t, 'GET', `/api/customer/${customerId}/file/${file.id}/download`, token)).status).toBe(404);
    keptFile = await uploaded(t, token, customerId, { name: 'Fica', filename: 'fica.pdf', data: pdf });
  });

  it("keeps a user's image and serves it", async () => {
    const image = await photo(1);
    const fields = { name: 'Administrador', email: 'admin@empresa.com.br', phone: '11987654321', store_activated: 'true' };
    const saved = await sendForm(t, 'POST', '/api/user/profile', token, fields, { bytes: image, type: 'image/jpeg', name: 'eu.jpg' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const served = await fetch(`${t.baseUrl}${saved.body.user.settings.image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const info = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 640, 480]);
  });

  it("makes a photo's 150 × 150 thumbnail once and keeps it in the store; the PDF paints the photo; a delete takes both", async () => {
    const sample = await plannedNoiseSample(admin, customerId);
    const { body, contentType } = multipartBody([
      { name: 'name', value: 'posto.jpg' },
      { name: 'file', filename: 'posto.jpg', type: 'image/jpeg', data: await photo(2) },
    ]);
    const added = await call(t, 'POST', `/api/sample/${sample.id}/file`, {
      token,
      body: body as unknown as string,
      headers: { 'content-type': contentType },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const key = await keyOfFile(t, added.body.file_id);
    const variant = `${key}.thumb-150x150.jpg`;
    expect(await namesIn(t.config.files)).not.toContain(variant);

    const first = await binary(t, 'GET', `/api/sample/file/${added.body.id}?w=150&h=150`, token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    const info = await sharp(first.bytes).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 150, 150]);
    expect(await namesIn(t.config.files)).toContain(variant);
    const again = await binary(t, 'GET', `/api/sample/file/${added.body.id}?w=150&h=150`, token);
    expect(sha256(again.bytes)).toBe(sha256(first.bytes));

    const pdf = await samplePdf(t, token, sample.id);
    expect(pdf.status).toBe(200);
    const printed = await readPdf(pdf.bytes);
    expect(printed.images.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(printed.text).toContain('Foto 1 - posto.jpg');

    expect((await call(t, 'DELETE', `/api/sample/file/${added.body.id}`, { token })).status).toBe(204);
    const left = await namesIn(t.config.files);
    expect(left.filter((name) => name.startsWith(key))).toEqual([]);
  });

  it('prints the company logo, read from the store, in the quotation PDF', async () => {
    const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#264' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    const sent = await fetch(`${t.baseUrl}/api/file`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(sent.status).toBe(201);
    const { path } = (await sent.json()) as { path: string };
    ok(await admin.put('/api/settings', { options: [{ option: 'settings_logo', value: path }] }));
    try {
      const quotation = await createQuotation(admin, customerId);
      const reply = await fetch(`${t.baseUrl}/api/pdf/quotation/${quotation.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(reply.status).toBe(200);
      expect((await readPdf(new Uint8Array(await reply.arrayBuffer()))).images[0]).toBe(1);
    } finally {
      ok(await admin.put('/api/settings', { options: [{ option: 'settings_logo', value: '' }] }));
    }
  });

  it("freezes the photo's SHA-256 read from the store in an approval, which verifies as 'confere'", async () => {
    const world = await reviewWorld(t);
    const draft = ok(await world.as.technician.post('/api/sample', sampleBody(world, 'noise')), 201) as Sample;
    ok(await uploadPhoto(world, 'technician', draft.id), 201);
    ok(await finalize(world.as.technician, draft.id));
    const approved = ok(await review(world.as.reviewer, draft.id, 'approve')) as Sample;
    const [row] = await t.db.select().from(sampleApprovals).where(eq(sampleApprovals.sample_id, approved.id));
    const [file] = await t.db
      .select({ key: storedFiles.storage_key })
      .from(sampleFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, sampleFiles.file_id))
      .where(eq(sampleFiles.sample_id, approved.id));
    const bytes = await bytesOf(store, file!.key);
    expect(JSON.parse(row!.content).sample.photos).toEqual([{ name: 'posto.jpg', type: 'image/jpeg', size: bytes.length, sha256: sha256(bytes) }]);
    approvalCode = approved.approval!.code;
    const verdict = await call(t, 'GET', `/api/sample/verify/${encodeURIComponent(approvalCode)}`);
    expect(verdict.body.verdict).toBe('confere');
  });

  it('is ready while the store takes a file, leaving no probe behind', async () => {
    const before = await namesIn(t.config.files);
    const ready = await call(t, 'GET', HEALTH_PATHS.ready);
    expect([ready.status, ready.body]).toEqual([200, { status: 'ok' }]);
    expect(await namesIn(t.config.files)).toEqual(before);
  });

  // The object store's only: the folder's case (a folder that cannot take a file) is health.test.ts's,
  // so the folder's run does not list this one at all (rather than as skipped).
  const whenObjectStore = kind === 's3' ? it : () => undefined;
  whenObjectStore(
    "while the object store is down: not ready, a file's download is a 500 (not 'gone'), an approval is not 'não confere'",
    async () => {
      await s3.stop();
      try {
        const down = await call(t, 'GET', HEALTH_PATHS.ready);
        expect([down.status, down.body]).toEqual([503, { status: 'indisponivel' }]);
        const download = await binary(t, 'GET', `/api/customer/${customerId}/file/${keptFile!.id}/download`, token);
        expect(download.status).toBe(500);
        expect(JSON.stringify(download.json)).not.toMatch(/127\.0\.0\.1|S3|ECONNREFUSED/);
        expect((await call(t, 'GET', `/api/sample/verify/${encodeURIComponent(approvalCode!)}`)).status).toBe(500);
      } finally {
        await s3.start();
      }
      expect((await call(t, 'GET', HEALTH_PATHS.ready)).status).toBe(200);
      expect((await binary(t, 'GET', `/api/customer/${customerId}/file/${keptFile!.id}/download`, token)).status).toBe(200);
      expect((await call(t, 'GET', `/api/sample/verify/${encodeURIComponent(approvalCode!)}`)).body.verdict).toBe('confere');
    },
  );
});

type ArchiveFiles = Map<string, string>;

async function filesOfArchive(file: string): Promise<{ files: ArchiveFiles; rows: Map<string, string> }> {
  const files: ArchiveFiles = new Map();
  const rows = new Map<string, string>();
  await readArchive(file, {
    async table(table, lines) {
      for await (const line of lines) {
        if (table.name !== 'files') continue;
        const row = JSON.parse(line) as { storage_key: string; sha256: string };
        rows.set(row.storage_key, row.sha256);
      }
    },
    async file(key, body) {
      const hash = createHash('sha256');
      for await (const chunk of body) hash.update(chunk);
      files.set(key, hash.digest('hex'));
    },
  });
  return { files, rows };
}

async function hashesIn(store: FileStore): Promise<ArchiveFiles> {
  const hashes: ArchiveFiles = new Map();
  for await (const key of store.list()) hashes.set(key, sha256(await bytesOf(store, key)));
  return hashes;
}

describe('backups with the object store', () => {
  let t: TestApp;
  let archive: string;
  let original: ArchiveFiles;

  beforeAll(async () => {
    t = await startTestApp({ env: s3.env('origem') });
    const token = await adminToken(t);
    const customer = await createCustomer(t, token, { name: 'Cliente da Cópia Ltda' });
    for (let i = 0; i < 3; i += 1) {
      const data = Buffer.concat([Buffer.from(`%PDF-1.4 laudo ${i}\n`), Buffer.alloc(5_000 * (i + 1), i)]);
      await uploaded(t, token, customer.id, { name: `Laudo ${i}`, filename: `laudo-${i}.pdf`, data });
    }
    const image = await uploaded(t, token, customer.id, { name: 'Foto', filename: 'foto.jpg', type: 'image/jpeg', data: await smallJpeg() });
    expect(image.file_id).toBeGreaterThan(0);
    archive = join(tempFolder('archive'), 'copia.tar.gz');
    const snapshot = await takeSnapshot(t.database, t.config.dataDir, { files: createFileStore(t.config.files) });
    try {
      await writeArchive(snapshot, createWriteStream(archive, { flags: 'wx' }));
    } finally {
      await snapshot.discard();
    }
    original = await hashesIn(createFileStore(t.config.files));
  });
  afterAll(async () => {
    await t?.close();
    if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it("copies every file the rows name from S3 into the archive, with the rows' hashes", async () => {
    const { files, rows } = await filesOfArchive(archive);
    expect(original.size).toBe(4);
    expect(files).toEqual(original);
    expect(rows).toEqual(original);
  });

  // One PGlite restore and one PGlite open: a few seconds each on a loaded 2-core machine.
  it('restores it into another S3 prefix, which npm run backup then reads from S3', { timeout: 90_000 }, async () => {
    const dataDir = tempFolder('restored-s3');
    const files = loadConfig({ DATA_DIR: dataDir, ...s3.env('restaurado') }).files;
    const summary = await restoreArchive(archive, { dataDir, files });
    expect(summary.files).toBe(4);
    expect(await hashesIn(createFileStore(files))).toEqual(original);
    expect(readdirSync(dataDir)).not.toContain('files');

    // The command's path: the restored PGlite folder opened by the command, the files read from S3.
    const again = join(tempFolder('again'), 'de-novo.tar.gz');
    const report = await takeBackup({ dataDir, databaseUrl: undefined, files }, again);
    expect(report.manifest.files).toMatchObject({ count: 4, missing: [] });
    expect((await filesOfArchive(again)).files).toEqual(original);
  });

  it('refuses to restore into an S3 prefix that holds anything, writing nothing', async () => {
    const files = loadConfig({ DATA_DIR: tempFolder('busy'), ...s3.env('origem') }).files;
    const before = await namesIn(files);
    await expect(restoreArchive(archive, { dataDir: tempFolder('busy-target'), files })).rejects.toThrow(
      new BackupError(RESTORE_MESSAGES.objectStoreNotEmpty('s3://higiene-arquivos/origem')),
    );
    expect(await namesIn(files)).toEqual(before);
  });
});

describe('the S3 adapter', () => {
  let files: FilesConfig;
  let store: FileStore;

  beforeAll(async () => {
    files = loadConfig({ DATA_DIR: tempFolder('adapter'), ...s3.env('adaptador') }).files;
    store = createFileStore(files);
    await store.init();
  });

  it('uploads nothing, and keeps no temporary file, when the check refuses the bytes', async () => {
    const refused = new Error('grande demais');
    await expect(
      store.write(Readable.from([Buffer.from('bytes recusados')]), {
        check: () => {
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
    expect(await namesIn(files)).toEqual([]);
    expect(readdirSync((files as Extract<FilesConfig, { kind: 's3' }>).tempFolder)).toEqual([]);
  });

  it('stores, stats, copies and removes bytes with their variants; a missing object is ENOENT', async () => {
    const stored = await store.write(Readable.from([Buffer.from('olá, '), Buffer.from('S3')]));
    expect(stored).toMatchObject({ size: 8, sha256: sha256(Buffer.from('olá, S3')) });
    expect(await store.stat(stored.key)).toEqual({ size: 8 });
    await store.writeDerived(stored.key, 'thumb-150x150.jpg', Buffer.from('miniatura'));
    const copy = await store.localCopy(stored.key);
    expect(sha256(readFileSync(copy.path))).toBe(stored.sha256);
    await copy.discard();
    expect(await namesIn(files)).toEqual([stored.key, `${stored.key}.thumb-150x150.jpg`]);
    await store.remove(stored.key);
    expect(await namesIn(files)).toEqual([]);
    await store.remove(stored.key); // gone already: fine
    expect(await store.exists(stored.key)).toBe(false);
    await expect(store.open(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.openDerived(stored.key, 'thumb-150x150.jpg')).toBeNull();
  });

  it('tells a missing bucket from a missing file', async () => {
    const other = createFileStore({ ...(files as Extract<FilesConfig, { kind: 's3' }>), bucket: 'balde-inexistente' });
    const error = await other.open('a'.repeat(32)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, s3Code: 'NoSuchBucket' });
    expect((error as { code?: string }).code).not.toBe('ENOENT');
    await expect(other.checkWritable()).rejects.toThrow();
  });

  it('a restore whose placing fails removes what it had put, leaving the store empty', async () => {
    let imports = 0;
    const failing: FileStore = Object.assign(Object.create(store) as FileStore, {
      async importFile(key: string, path: string) {
        imports += 1;
        if (imports === 2) throw new Error('conexão perdida');
        await store.importFile(key, path);
      },
    });
    const restore = await restoreFilesInto(failing, 's3', tempFolder('restore-files'));
    try {
      for (const key of ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)]) await restore.write(key, Readable.from([Buffer.from(key)]));
      await expect(restore.place()).rejects.toThrow('conexão perdida');
      expect(await namesIn(files)).toEqual([]);
    } finally {
      await restore.discard();
    }
  });
});
