/**
 * The pure pieces behind customers' files, as tables: cleaning the name a
 * device sends, checking the display name, the names downloads and zip
 * entries get, Content-Disposition, the type allow-list, the file storage's
 * key check, and the zip writer's edge cases.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { allowedFileType, CUSTOMER_MESSAGES } from '@sync/contract/customers';
import { checkDisplayName, contentDisposition, downloadName, safeOriginalName, uniqueNames } from '@server/files/file-names';
import { FileStorage } from '@server/files/storage';
import { fitsInZip, zipStream } from '@server/files/zip-writer';
import { readZip } from './support';

describe('safeOriginalName', () => {
  it.each([
    ['laudo.pdf', 'laudo.pdf'],
    ['  Foto 01.JPG ', 'Foto 01.JPG'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['C:\\fakepath\\planilha.xlsx', 'planilha.xlsx'],
    ['pasta/', 'arquivo'],
    ['.', 'arquivo'],
    ['...', 'arquivo'],
    ['', 'arquivo'],
    [null, 'arquivo'],
    ['a\u0000b\u001f\u007f.txt', 'ab.txt'],
    ['nota\u202Efdp.exe', 'notafdp.exe'],
    [`${'x'.repeat(300)}.pdf`, `${'x'.repeat(251)}.pdf`],
  ])('%j → %j', (raw, expected) => {
    expect(safeOriginalName(raw)).toBe(expected);
  });
});

describe('checkDisplayName', () => {
  it.each([
    ['Laudo de ruído', { ok: true, name: 'Laudo de ruído' }],
    ['  Laudo 03/2026  ', { ok: true, name: 'Laudo 03/2026' }],
    ['', { ok: false, message: CUSTOMER_MESSAGES.fileNamesRequired }],
    ['   ', { ok: false, message: 'Preencha os nomes obrigatórios dos arquivos' }],
    [undefined, { ok: false, message: CUSTOMER_MESSAGES.fileNamesRequired }],
    [42, { ok: false, message: CUSTOMER_MESSAGES.fileNamesRequired }],
    ['\u200b', { ok: false, message: CUSTOMER_MESSAGES.fileNamesRequired }],
    ['..', { ok: false, message: CUSTOMER_MESSAGES.fileNameInvalid }],
    ['a\u0000b', { ok: false, message: CUSTOMER_MESSAGES.fileNameInvalid }],
    ['linha\nnova', { ok: false, message: CUSTOMER_MESSAGES.fileNameInvalid }],
    ['x'.repeat(256), { ok: false, message: 'Texto muito longo (máximo 255 caracteres)' }],
  ])('%j → %j', (raw, expected) => {
    expect(checkDisplayName(raw)).toEqual(expected);
  });
});

describe('downloadName and uniqueNames', () => {
  it.each([
    ['Laudo de ruído', 'medicao.PDF', 'Laudo de ruído.pdf'],
    ['Laudo.pdf', 'medicao.pdf', 'Laudo.pdf'],
    ['Laudo.PDF', 'medicao.pdf', 'Laudo.PDF'],
    ['Planilha 03/2026', 'p.xlsx', 'Planilha 03-2026.xlsx'],
    ['../../etc/passwd', 'x.txt', '-..-etc-passwd.txt'],
    ['.oculto', 'a.txt', 'oculto.txt'],
    ['sem extensão', 'LEIAME', 'sem extensão'],
  ])('%j from %j → %j', (name, original, expected) => {
    expect(downloadName(name, original)).toBe(expected);
  });

  it('numbers repeated names, ignoring case, keeping the extension', () => {
    expect(uniqueNames(['Laudo.pdf', 'laudo.pdf', 'Laudo.pdf', 'Foto.jpg', 'Relatório', 'relatório'])).toEqual([
      'Laudo.pdf',
      'laudo (2).pdf',
      'Laudo (3).pdf',
      'Foto.jpg',
      'Relatório',
      'relatório (2)',
    ]);
  });

  it('writes Content-Disposition with an ASCII fallback and the RFC 5987 form', () => {
    expect(contentDisposition('Relatório "final" (1).pdf')).toBe(
      `attachment; filename="Relatorio _final_ (1).pdf"; filename*=UTF-8''Relat%C3%B3rio%20%22final%22%20%281%29.pdf`,
    );
    expect(contentDisposition('関係.txt')).toBe(`attachment; filename="__.txt"; filename*=UTF-8''%E9%96%A2%E4%BF%82.txt`);
  });
});

describe('allowedFileType', () => {
  it.each([
    ['application/pdf', 'a.pdf', 'application/pdf'],
    ['IMAGE/JPEG', 'a.jpg', 'image/jpeg'],
    ['image/jpg', 'a.jpg', 'image/jpeg'],
    ['application/x-zip-compressed', 'a.zip', 'application/zip'],
    ['text/plain; charset=utf-8', 'a.txt', 'text/plain'],
    ['application/octet-stream', 'a.DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['', 'a.odt', 'application/vnd.oasis.opendocument.text'],
    ['application/octet-stream', 'a.exe', null],
    ['text/html', 'a.pdf', null],
    ['image/svg+xml', 'a.svg', null],
    ['application/javascript', 'a.txt', null],
  ])('%j named %j → %j', (type, name, expected) => {
    expect(allowedFileType(type, name)).toBe(expected);
  });
});

describe('FileStorage keys', () => {
  it.each(['../x', '..', '', 'ABCDEF0123456789ABCDEF0123456789', 'a'.repeat(31), `${'a'.repeat(32)}/..`, `${'a'.repeat(32)}.part`])(
    'refuses %j as a storage key',
    (key) => {
      const storage = new FileStorage(mkdtempSync(join(tmpdir(), 'ho-storage-')));
      expect(() => storage.pathOf(key)).toThrow();
    },
  );

  it('writes, reads and removes bytes under a random key', async () => {
    const storage = new FileStorage(mkdtempSync(join(tmpdir(), 'ho-storage-')));
    const stored = await storage.write(Readable.from([Buffer.from('olá')]));
    expect(stored.key).toMatch(/^[a-f0-9]{32}$/);
    expect(stored.size).toBe(4);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.open(stored.key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('olá');
    await storage.remove(stored.key);
    expect(await storage.exists(stored.key)).toBe(false);
    await storage.remove(stored.key); // gone already: fine
  });
});

describe('zip writer', () => {
  async function zipOf(entries: Array<{ name: string; data: Buffer }>): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const stream = zipStream(
      entries.map((e) => ({
        name: e.name,
        modified: new Date('2026-05-10T15:00:00Z'),
        compressible: true,
        open: async () => Readable.from([e.data]),
      })),
    );
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('writes an empty zip and entries of any size, empty included', async () => {
    expect(readZip(await zipOf([]))).toEqual([]);
    const big = Buffer.alloc(300_000, 'a');
    const entries = readZip(
      await zipOf([
        { name: 'vazio.txt', data: Buffer.alloc(0) },
        { name: 'grande.txt', data: big },
      ]),
    );
    expect(entries.map((e) => [e.name, e.data.length])).toEqual([
      ['vazio.txt', 0],
      ['grande.txt', 300_000],
    ]);
  });

  it('says when files cannot fit one zip without ZIP64', () => {
    expect(fitsInZip([5 * 1024 * 1024, 10])).toBe(true);
    expect(fitsInZip([3_000_000_000, 2_000_000_000])).toBe(false);
    expect(fitsInZip(Array.from({ length: 70_000 }, () => 1))).toBe(false);
  });
});
