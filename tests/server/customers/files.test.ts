/**
 * Customers' files over real multipart bodies on loopback: upload, list
 * and search, download with its Content-Disposition, delete (bytes too),
 * the size and type limits (413/415, nothing left on disk), names that try
 * to leave DATA_DIR/files, the zip of several files read back entry by
 * entry, idempotent replays of an upload, and the bytes of a deleted
 * customer.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerFileSchema, CUSTOMER_MESSAGES, type Customer, type CustomerFile } from '@sync/contract/customers';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { binary, createCustomer, eventually, readZip, storedFileNames, upload, uploaded } from './support';

const MiB = 1024 * 1024;
const STORAGE_NAME = /^[a-f0-9]{32}$/;

let t: TestApp;
let token: string;
let admin: Api;
let customer: Customer;

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  admin = api(t, token);
  customer = await createCustomer(t, token);
});
afterAll(async () => {
  await t.close();
  rmSync(t.config.dataDir, { recursive: true, force: true });
});

/** Everything under DATA_DIR, relative, except the mail folder. */
function dataDirEntries(): string[] {
  return readdirSync(t.config.dataDir, { recursive: true })
    .map(String)
    .filter((p) => !p.startsWith('mail'))
    .sort();
}

async function files(customerId: number, query = ''): Promise<CustomerFile[]> {
  return ok(await admin.get(`/api/customer/${customerId}/files${query}`));
}

describe('uploading, listing, downloading and deleting', () => {
  it('stores the bytes under a random name and answers the CustomerFile', async () => {
    const data = Buffer.from('%PDF-1.7\n% laudo de ruído\n');
    const before = ok(await admin.get(`/api/customer/${customer.id}`));
    t.clock.advance(1000);
    const file = customerFileSchema.parse(
      await uploaded(t, token, customer.id, { name: '  Laudo de ruído  ', filename: 'medicao-final.PDF', type: 'application/pdf', data }),
    );
    expect(file).toMatchObject({
      customer_id: customer.id,
      name: 'Laudo de ruído',
      original_name: 'medicao-final.PDF',
      file: { type: 'application/pdf', download_url: `api/customer/${customer.id}/file/${file.id}/download` },
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    expect(storedFileNames(t).every((name) => STORAGE_NAME.test(name))).toBe(true);

    const after = ok(await admin.get(`/api/customer/${customer.id}`));
    expect(after.files).toContainEqual(file);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));

    const download = await binary(t, 'GET', `/${file.file.download_url}`, token);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(data)).toBe(true);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Laudo de ruido.pdf"; filename*=UTF-8''Laudo%20de%20ru%C3%ADdo.pdf`,
    );
  });

  it('takes the fields in any order and the type from the extension when the browser says octet-stream', async () => {
    const file = await uploaded(t, token, customer.id, {
      parts: [
        { name: 'file', filename: 'Planilha de campo.xlsx', type: 'application/octet-stream', data: 'PK\u0003\u0004 planilha' },
        { name: 'name', value: 'Planilha 03/2026' },
      ],
    });
    expect(file.file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const download = await binary(t, 'GET', `/api/customer/${customer.id}/file/${file.id}/download`, token);
    // A slash in the display name is not a path: the download name replaces it.
    expect(download.headers.get('content-disposition')).toContain(`filename="Planilha 03-2026.xlsx"`);
  });

  it('lists a customer files with search, and pulls them incrementally', async () => {
    const other = await createCustomer(t, token, { name: 'Outro cliente' });
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const photo = await uploaded(t, token, other.id, { name: 'Foto do posto', filename: 'IMG_2031.jpg', type: 'image/jpeg', data: jpeg });
    const report = await uploaded(t, token, other.id, {
      name: 'Relatório técnico',
      filename: 'relatorio.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(await files(other.id)).toEqual([photo, report]);
    expect(await files(other.id, '?search=relatorio')).toEqual([report]);
    expect(await files(other.id, '?search=img_2031')).toEqual([photo]);

    t.clock.advance(1000);
    expect((await admin.del(`/api/customer/${other.id}/file/${photo.id}`)).status).toBe(204);
    const pull = ok(await admin.get(`/api/customer/${other.id}/files?updated_since=${encodeURIComponent(since)}`));
    expect(pull.list).toEqual([report]);
    expect(pull.deleted_ids).toContain(photo.id);
    expect(pull.server_time).toBe(new Date(t.clock.now()).toISOString());
    expect((await admin.get('/api/customer/999999/files')).status).toBe(404);
  });

  it('deletes the bytes with the record; If-Match guards the delete', async () => {
    const file = await uploaded(t, token, customer.id, { name: 'Para apagar', data: 'apagar' });
    const before = storedFileNames(t);
    const stale = await admin.del(`/api/customer/${customer.id}/file/${file.id}`, { 'if-match': '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: CONFLICT_MESSAGE, current: file });

    expect((await admin.del(`/api/customer/${customer.id}/file/${file.id}`, { 'if-match': file.updated_at })).status).toBe(204);
    expect(storedFileNames(t)).toHaveLength(before.length - 1);
    expect((await files(customer.id)).map((f) => f.id)).not.toContain(file.id);
    const again = await admin.del(`/api/customer/${customer.id}/file/${file.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: CUSTOMER_MESSAGES.fileNotFound });
    expect((await binary(t, 'GET', `/api/customer/${customer.id}/file/${file.id}/download`, token)).status).toBe(404);
  });

  it('renames a file, moving the customer; If-Match and the name rules guard it', async () => {
    const file = await uploaded(t, token, customer.id, { name: 'Nome provisório', filename: 'ruido.pdf' });
    const before = ok(await admin.get(`/api/customer/${customer.id}`));
    t.clock.advance(1000);
    const renamed = ok(await admin.put(`/api/customer/${customer.id}/file/${file.id}`, { name: '  Laudo final  ' }, { 'if-match': file.updated_at }));
    expect(renamed).toMatchObject({ id: file.id, file_id: file.file_id, name: 'Laudo final', sha256: file.sha256 });
    expect(Date.parse(ok(await admin.get(`/api/customer/${customer.id}`)).updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const stale = await admin.put(`/api/customer/${customer.id}/file/${file.id}`, { name: 'Atrasado' }, { 'if-match': file.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: CONFLICT_MESSAGE, current: renamed });
    const blank = await admin.put(`/api/customer/${customer.id}/file/${file.id}`, { name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toEqual([CUSTOMER_MESSAGES.fileNamesRequired]);
    const download = await binary(t, 'GET', `/api/customer/${customer.id}/file/${file.id}/download`, token);
    expect(download.headers.get('content-disposition')).toContain('filename="Laudo final.pdf"');
  });

  it('finds a file only under its own customer', async () => {
    const other = await createCustomer(t, token, { name: 'Dono do arquivo' });
    const file = await uploaded(t, token, other.id);
    expect((await binary(t, 'GET', `/api/customer/${customer.id}/file/${file.id}/download`, token)).status).toBe(404);
    expect((await admin.del(`/api/customer/${customer.id}/file/${file.id}`)).status).toBe(404);
  });

  it('answers 404 for an upload to a customer that does not exist, storing nothing', async () => {
    const before = storedFileNames(t);
    const reply = await upload(t, token, 999_999);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: CUSTOMER_MESSAGES.notFound });
    expect(storedFileNames(t)).toEqual(before);
  });
});

describe('limits', () => {
  it('accepts a file of exactly 5 MB and refuses one byte more with 413', async () => {
    const before = storedFileNames(t);
    const exact = await upload(t, token, customer.id, {
      name: 'No limite',
      type: 'application/pdf',
      filename: 'a.pdf',
      data: Buffer.alloc(5 * MiB, 7),
    });
    expect(exact.status).toBe(201);
    expect(exact.body.size).toBe(5 * MiB);
    const over = await upload(t, token, customer.id, {
      name: 'Grande',
      type: 'application/pdf',
      filename: 'b.pdf',
      data: Buffer.alloc(5 * MiB + 1, 7),
    });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: 'Arquivo maior que o limite de 5 MB.' });
    expect(storedFileNames(t)).toHaveLength(before.length + 1);
  });

  it.each([
    ['text/html', 'pagina.html', 'Tipo de arquivo não permitido: text/html'],
    ['image/svg+xml', 'logo.svg', 'Tipo de arquivo não permitido: image/svg+xml'],
    ['application/x-msdownload', 'setup.exe', 'Tipo de arquivo não permitido: application/x-msdownload'],
    ['application/octet-stream', 'setup.exe', 'Tipo de arquivo não permitido: .exe'],
    ['application/octet-stream', 'sem-extensao', 'Tipo de arquivo não permitido: application/octet-stream'],
  ])('refuses %s (%s) with 415', async (type, filename, message) => {
    const before = storedFileNames(t);
    const reply = await upload(t, token, customer.id, { type, filename, data: Buffer.alloc(64 * 1024, 1) });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ message });
    expect(storedFileNames(t)).toEqual(before);
  });

  it('refuses a large file of a refused type with 415, not a broken connection', async () => {
    const reply = await upload(t, token, customer.id, { type: 'video/mp4', filename: 'video.mp4', data: Buffer.alloc(8 * MiB, 1) });
    expect(reply.status).toBe(415);
  });

  it.each([
    ['no name field', { name: undefined }, 400, CUSTOMER_MESSAGES.fileNamesRequired],
    ['a blank name', { name: '   ' }, 400, 'Preencha os nomes obrigatórios dos arquivos'],
    ['a name with NUL', { name: 'Laudo\u0000.pdf' }, 400, CUSTOMER_MESSAGES.fileNameInvalid],
    ['a name of dots', { name: '..' }, 400, CUSTOMER_MESSAGES.fileNameInvalid],
    ['a name too long', { name: 'a'.repeat(300) }, 400, 'Texto muito longo (máximo 255 caracteres)'],
    ['an empty file', { data: '' }, 400, CUSTOMER_MESSAGES.fileEmpty],
    ['no file', { parts: [{ name: 'name', value: 'Só o nome' }] }, 400, CUSTOMER_MESSAGES.fileRequired],
    [
      'two files',
      {
        parts: [
          { name: 'name', value: 'Dois' },
          { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: 'a' },
          { name: 'file', filename: 'b.pdf', type: 'application/pdf', data: 'b' },
        ],
      },
      400,
      CUSTOMER_MESSAGES.oneFilePerRequest,
    ],
    [
      'a file under another field',
      { parts: [{ name: 'arquivo', filename: 'a.pdf', type: 'application/pdf', data: 'a' }] },
      400,
      CUSTOMER_MESSAGES.multipartRequired,
    ],
  ])('refuses %s, storing nothing', async (_case, options, status, message) => {
    const before = storedFileNames(t);
    const reply = await upload(t, token, customer.id, options as never);
    expect(reply.status).toBe(status);
    expect(reply.body.message).toBe(message);
    expect(storedFileNames(t)).toEqual(before);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const reply = await admin.post(`/api/customer/${customer.id}/file`, { name: 'x', file: 'conteúdo' });
    expect(reply.status).toBe(415);
    expect(reply.body.message).toBe(CUSTOMER_MESSAGES.multipartRequired);
  });
});

describe('names that try to leave the files folder', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\x.pdf', 'x.pdf'],
    ['/etc/cron.d/job.txt', 'job.txt'],
    ['C:\\Windows\\win.ini.txt', 'win.ini.txt'],
    ['relat\u0000orio.pdf', 'relatorio.pdf'],
    ['..', 'arquivo'],
    ['....//....//etc/hosts.txt', 'hosts.txt'],
    ['foto\u202egpj.pdf', 'fotogpj.pdf'],
  ])('file name %j is kept as %j and stored under a random name', async (filename, kept) => {
    const before = dataDirEntries();
    const file = await uploaded(t, token, customer.id, { name: '../../etc/passwd', filename, type: 'application/pdf', data: 'x' });
    expect(file.original_name).toBe(kept);
    expect(file.name).toBe('../../etc/passwd');
    const added = dataDirEntries().filter((entry) => !before.includes(entry));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^files\/[a-f0-9]{32}$/);
    expect(existsSync(join(t.config.dataDir, 'etc'))).toBe(false);
    expect(existsSync(join(t.config.dataDir, '..', 'etc', 'passwd'))).toBe(false);

    const download = await binary(t, 'GET', `/api/customer/${customer.id}/file/${file.id}/download`, token);
    const disposition = download.headers.get('content-disposition')!;
    const plain = /filename="([^"]*)"/.exec(disposition)![1]!;
    expect(plain).not.toMatch(/[/\\]/);
    expect(plain.startsWith('.')).toBe(false);

    const zip = await binary(t, 'POST', `/api/customer/${customer.id}/files/download-multiple`, token, { file_ids: [file.id] });
    const [entry] = readZip(zip.bytes);
    expect(entry!.name).not.toMatch(/[/\\]|^\./);
  });
});

describe('the zip of several files', () => {
  let zipCustomer: Customer;
  let picked: CustomerFile[];
  /** The photo as kept: an image is stored as sharp re-encoded it (docs/decisions/image-uploads.md). */
  let storedFoto: Buffer;
  const contents = {
    laudo1: Buffer.from('%PDF-1.4 primeiro laudo '.repeat(200)),
    laudo2: Buffer.from('%PDF-1.4 segundo laudo'),
    foto: Buffer.alloc(0),
  };

  beforeAll(async () => {
    contents.foto = await sharp(Buffer.from(Array.from({ length: 100 * 70 * 3 }, (_, i) => (i * 31) % 251)), {
      raw: { width: 100, height: 70, channels: 3 },
    })
      .jpeg()
      .toBuffer();
    zipCustomer = await createCustomer(t, token, { name: 'Cliente do zip' });
    picked = [
      await uploaded(t, token, zipCustomer.id, { name: 'Laudo', filename: 'laudo-a.pdf', data: contents.laudo1 }),
      await uploaded(t, token, zipCustomer.id, { name: 'laudo', filename: 'laudo-b.PDF', data: contents.laudo2 }),
      await uploaded(t, token, zipCustomer.id, { name: 'Foto ç', filename: 'foto.jpeg', type: 'image/jpeg', data: contents.foto }),
    ];
    storedFoto = (await binary(t, 'GET', `/api/customer/${zipCustomer.id}/file/${picked[2]!.id}/download`, token)).bytes;
  });

  it('streams every chosen file, named by its name, duplicates numbered, in the order asked', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(t.clock.now()));
    const ids = [picked[0]!.id, picked[2]!.id, picked[1]!.id, picked[0]!.id];
    const reply = await binary(t, 'POST', `/api/customer/${zipCustomer.id}/files/download-multiple`, token, { file_ids: ids });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/zip');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="arquivos_${today}.zip"; filename*=UTF-8''arquivos_${today}.zip`);
    const entries = readZip(reply.bytes);
    expect(entries.map((e) => e.name)).toEqual(['Laudo.pdf', 'Foto ç.jpeg', 'laudo (2).pdf']);
    expect(entries[0]!.data.equals(contents.laudo1)).toBe(true);
    expect(entries[1]!.data.equals(storedFoto)).toBe(true);
    expect(entries[2]!.data.equals(contents.laudo2)).toBe(true);
    expect(entries.every((e) => e.method === 8 && (e.flags & 0x0800) !== 0)).toBe(true);

    // A second opinion from Info-ZIP, where the machine has it.
    if (existsSync('/usr/bin/unzip')) {
      const folder = mkdtempSync(join(tmpdir(), 'ho-zip-'));
      writeFileSync(join(folder, 'a.zip'), reply.bytes);
      const { stdout } = await promisify(execFile)('/usr/bin/unzip', ['-t', join(folder, 'a.zip')]);
      expect(stdout).toContain('No errors detected');
    }
  });

  it.each([
    [{ file_ids: [] }, 400, CUSTOMER_MESSAGES.noFileSelected],
    [{}, 400, 'Nenhum arquivo selecionado'],
    [{ file_ids: [999_999] }, 404, CUSTOMER_MESSAGES.fileNotFound],
  ])('answers %j with %i', async (body, status, message) => {
    const reply = await admin.post(`/api/customer/${zipCustomer.id}/files/download-multiple`, body);
    expect(reply.status).toBe(status);
    expect(reply.body.message).toBe(message);
  });

  it('refuses files of another customer', async () => {
    const reply = await admin.post(`/api/customer/${customer.id}/files/download-multiple`, { file_ids: [picked[0]!.id] });
    expect(reply.status).toBe(404);
  });
});

describe('replays and deletes', () => {
  it('creates one file for an upload sent twice with the same Idempotency-Key', async () => {
    const target = await createCustomer(t, token, { name: 'Upload repetido' });
    const before = storedFileNames(t);
    const headers = { 'idempotency-key': 'upload-offline-42' };
    const first = await upload(t, token, target.id, { name: 'Laudo', headers });
    const second = await upload(t, token, target.id, { name: 'Laudo', headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await files(target.id)).toHaveLength(1);
    expect(storedFileNames(t)).toHaveLength(before.length + 1);
  });

  it('removes the bytes of a deleted customer', async () => {
    const target = await createCustomer(t, token, { name: 'Cliente excluído' });
    const before = storedFileNames(t);
    await uploaded(t, token, target.id, { name: 'Um' });
    await uploaded(t, token, target.id, { name: 'Dois' });
    expect(storedFileNames(t)).toHaveLength(before.length + 2);
    expect((await admin.del(`/api/customer/${target.id}`)).status).toBe(204);
    await eventually(() => storedFileNames(t).length === before.length);
    expect(storedFileNames(t)).toEqual(before);
  });
});
