/**
 * Stored images (docs/decisions/image-uploads.md), on the real server
 * (PGlite, loopback): every call that stores an image (the logo, a user's
 * image, a sample photo by both upload calls, a customer's file that is an
 * image) refuses SVG, empty files, undecodable bytes and decompression
 * bombs (a PNG header declaring 50,000 × 50,000 or 16,000 × 16,000 px in a
 * few hundred bytes) with the contract's Portuguese messages and keeps
 * nothing; a normal JPEG is kept as sharp's re-encoding (EXIF, GPS
 * included, gone). The multipart sample save is capped as a whole;
 * an upload cut short leaves no temporary file; thumbnails exist at
 * 150 × 150 only; file answers carry `nosniff`, and stored files that are
 * not images go as attachments. A bomb logo stored before the checks
 * prints the quotation PDF quickly, without it.
 *
 * The app runs with UPLOAD_LIMIT_MB=40 so that one part can pass the
 * multipart save's 25 MB total while within the per-file limit.
 */
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@sync/contract/customers';
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS, SAMPLE_SAVE_MAX_MB, THUMBNAIL_SIDE } from '@sync/contract/images';
import { SAMPLE_MESSAGES, type Sample } from '@sync/contract/samples';
import { LOGO_MESSAGES } from '@sync/contract/settings-groups';
import { USER_MESSAGES } from '@sync/contract/user-input';
import { options, sampleFiles } from '@server/db/schema';
import { insertFileRow } from '@server/files/file-rows';
import { checkImageHeader, IMAGE_RULES, storeImage } from '@server/files/image-check';
import { FileStorage, filesFolder } from '@server/files/storage';
import { HttpError } from '@server/http/errors';
import { storedLogo } from '@server/pdf/logo';
import { call, startTestApp, type TestApp } from './helpers/test-app';
import { readPdf } from './helpers/pdf-text';
import { adminToken, api, ok, type Api } from './catalog/support';
import { binary, createCustomer, eventually, multipartBody, storedFileNames, type Part } from './customers/support';
import { createQuotation } from './quotations/support';
import { plannedNoiseSample } from './samples/support';
import { sendForm } from './users/support';

let t: TestApp;
let token: string;
let admin: Api;
let customerId: number;
let storage: FileStorage;

beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_LIMIT_MB: '40' } });
  token = await adminToken(t);
  admin = api(t, token);
  customerId = (await createCustomer(t, token, { name: 'Fundição Imagem Ltda' })).id;
  storage = new FileStorage(filesFolder(t.config.dataDir));
});
afterAll(() => t.close());

/* ---------- the images ---------- */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG signature and IHDR declaring width × height (RGB), with a tiny IDAT (two blank rows): a few hundred bytes, a decompression bomb. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = deflateSync(Buffer.alloc(2 * (1 + width * 3)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const BOMB_50K = pngDeclaring(50_000, 50_000);
const BOMB_16K = pngDeclaring(16_000, 16_000);
/** A 100 × 100 PNG header whose pixel data is garbage: the header reads, the image does not decode. */
const BROKEN_PNG = Buffer.concat([
  pngDeclaring(100, 100).subarray(0, 33),
  pngChunk('IDAT', Buffer.from('não é zlib')),
  pngChunk('IEND', Buffer.alloc(0)),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** A camera-like JPEG: 64 × 48, EXIF with the camera and a GPS position. */
const cameraJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#808040' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Câmera Teste', Model: 'Modelo GPS' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 0/1' },
    })
    .toBuffer();

/** Names in the files folder, thumbnails included (a refused upload adds none). */
const onDisk = () => storedFileNames(t);

/* ---------- the module ---------- */

describe('image-check: what an image must be before it is stored', () => {
  it.each([
    ['an SVG', SVG, 415, IMAGE_MESSAGES.unsupported('image/svg+xml')],
    ['zero bytes', Buffer.alloc(0), 400, IMAGE_MESSAGES.empty],
    ['text', Buffer.from('olá, isto não é imagem'), 415, IMAGE_MESSAGES.notAnImage],
    [
      'a PNG signature without a header',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]),
      400,
      IMAGE_MESSAGES.unreadable,
    ],
    ['a PNG declaring 50,000 × 50,000 px', BOMB_50K, 413, IMAGE_MESSAGES.tooManyPixels],
    ['a PNG declaring 16,000 × 16,000 px', BOMB_16K, 413, IMAGE_MESSAGES.tooManyPixels],
    ['a TIFF', Buffer.from('II*\0 resto do arquivo'), 415, IMAGE_MESSAGES.unsupported('image/tiff')],
  ])('refuses %s (header only)', async (_what, bytes, status, message) => {
    const started = performance.now();
    const error = await checkImageHeader(bytes, IMAGE_RULES.samplePhoto, 'file').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: status, message, details: { errors: { file: [message] } } });
    // Nothing decoded: a bomb is refused as fast as a text file.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a format the call does not take (WebP for the logo), and bytes whose header reads but pixels do not decode, storing nothing', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await expect(checkImageHeader(webp, IMAGE_RULES.logo)).rejects.toMatchObject({
      statusCode: 415,
      message: IMAGE_MESSAGES.unsupported('image/webp'),
    });
    expect(await checkImageHeader(BROKEN_PNG, IMAGE_RULES.logo)).toEqual({ format: 'png', width: 100, height: 100 });
    const before = onDisk();
    await expect(storeImage(storage, BROKEN_PNG, IMAGE_RULES.logo)).rejects.toMatchObject({ statusCode: 400, message: IMAGE_MESSAGES.unreadable });
    expect(onDisk()).toEqual(before);
  });

  it('keeps a JPEG a JPEG, upright, without EXIF (camera and GPS gone); the limit is 40 megapixels', async () => {
    const original = await cameraJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { stored, type } = await storeImage(storage, original, IMAGE_RULES.samplePhoto);
    expect(type).toBe('image/jpeg');
    const kept = await sharp(storage.pathOf(stored.key)).metadata();
    expect([kept.format, kept.width, kept.height, kept.exif, kept.xmp, kept.iptc]).toEqual(['jpeg', 64, 48, undefined, undefined, undefined]);
    await storage.remove(stored.key);
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
  });

  it('the spec text of an image refused is the one the logo, users and samples answer', () => {
    expect(new Set([IMAGE_MESSAGES.notAnImage, LOGO_MESSAGES.notAnImage, USER_MESSAGES.imageType, SAMPLE_MESSAGES.imagesOnly]).size).toBe(1);
    expect(IMAGE_MESSAGES.unsupported('image/webp')).toBe(LOGO_MESSAGES.unsupported('image/webp'));
    expect(IMAGE_MESSAGES.empty).toBe(CUSTOMER_MESSAGES.fileEmpty);
  });
});

/* ---------- every call that stores an image ---------- */

type Sent = { status: number; body: any };
type Upload = { bytes: Buffer; type: string; filename: string };

async function multipart(path: string, parts: Part[]): Promise<Sent> {
  const { body, contentType } = multipartBody(parts);
  return call(t, 'POST', path, { token, body: body as unknown as string, headers: { 'content-type': contentType } });
}

let sample: Sample;
async function sampleOnce(): Promise<Sample> {
  sample ??= await plannedNoiseSample(admin, customerId);
  return sample;
}

/** The five ways an image reaches the storage, each sending one file. */
const CALLS: Record<string, (file: Upload) => Promise<Sent>> = {
  logo: async ({ bytes, type, filename }) => multipart('/api/file', [{ name: 'file', filename, type, data: bytes }]),
  'user image': async ({ bytes, type, filename }) => {
    const reply = await sendForm(
      t,
      'POST',
      '/api/user/profile',
      token,
      { name: 'Administrador', email: 'admin@empresa.com.br', phone: '11987654321', store_activated: 'true' },
      {
        bytes,
        type,
        name: filename,
      },
    );
    return { status: reply.status, body: reply.body };
  },
  'sample photo': async ({ bytes, type, filename }) =>
    multipart(`/api/sample/${(await sampleOnce()).id}/file`, [
      { name: 'name', value: filename },
      { name: 'file', filename, type, data: bytes },
    ]),
  'multipart sample save': async ({ bytes, type, filename }) => {
    const current = await sampleOnce();
    return multipart(`/api/sample/${current.id}`, [
      { name: 'data', value: JSON.stringify({ quotation_id: current.quotation_id, type_id: current.type_id }) },
      { name: 'files[]', filename, type, data: bytes },
    ]);
  },
  'customer file': async ({ bytes, type, filename }) =>
    multipart(`/api/customer/${customerId}/file`, [
      { name: 'name', value: 'Foto do posto' },
      { name: 'file', filename, type, data: bytes },
    ]),
};

const REFUSED: Array<[string, Upload, number, string]> = [
  ['an SVG named as a PNG', { bytes: SVG, type: 'image/png', filename: 'foto.png' }, 415, IMAGE_MESSAGES.unsupported('image/svg+xml')],
  [
    'a PNG declaring 50,000 × 50,000 px (661 bytes)',
    { bytes: BOMB_50K, type: 'image/png', filename: 'bomba.png' },
    413,
    IMAGE_MESSAGES.tooManyPixels,
  ],
  ['a PNG declaring 16,000 × 16,000 px', { bytes: BOMB_16K, type: 'image/png', filename: 'bomba.png' }, 413, IMAGE_MESSAGES.tooManyPixels],
  ['a PNG that does not decode', { bytes: BROKEN_PNG, type: 'image/png', filename: 'quebrada.png' }, 400, IMAGE_MESSAGES.unreadable],
  ['text named as a JPEG', { bytes: Buffer.from('texto'), type: 'image/jpeg', filename: 'foto.jpg' }, 415, IMAGE_MESSAGES.notAnImage],
];

describe.each(Object.keys(CALLS))('%s', (name) => {
  const send = CALLS[name]!;

  it.each(REFUSED)('refuses %s, keeping nothing', async (_what, file, status, message) => {
    const before = onDisk();
    const started = performance.now();
    const reply = await send(file);
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(reply.body.message).toBe(message);
    // Refused from the header in milliseconds; a decoded bomb would take minutes or run out of memory.
    // 10 s leaves room for a machine busy with other test files.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(onDisk()).toEqual(before);
  });

  it('keeps a normal JPEG as its re-encoding, without EXIF', async () => {
    const original = await cameraJpeg();
    const before = onDisk();
    const reply = await send({ bytes: original, type: 'image/jpeg', filename: 'posto.jpg' });
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    const added = onDisk().filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    const kept = await sharp(`${filesFolder(t.config.dataDir)}/${added[0]}`).toBuffer({ resolveWithObject: true });
    expect(kept.data.equals(original)).toBe(false);
    const meta = await sharp(kept.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 64, 48, undefined]);
  });
});

it.each([
  ['sample photo', 'image/svg+xml', 'Tipo de arquivo não permitido: image/svg+xml'],
  ['customer file', 'image/svg+xml', 'Tipo de arquivo não permitido: image/svg+xml'],
  ['multipart sample save', 'image/svg+xml', IMAGE_MESSAGES.unsupported('image/svg+xml')],
  ['logo', 'image/svg+xml', IMAGE_MESSAGES.unsupported('image/svg+xml')],
  ['user image', 'image/svg+xml', IMAGE_MESSAGES.unsupported('image/svg+xml')],
])('%s: an SVG declared as SVG is refused with 415', async (name, type, message) => {
  const before = onDisk();
  const reply = await CALLS[name]!({ bytes: SVG, type, filename: 'desenho.svg' });
  expect(reply.status).toBe(415);
  expect(reply.body.message).toBe(message);
  expect(onDisk()).toEqual(before);
});

it.each(['logo', 'sample photo', 'multipart sample save', 'customer file'])('%s: a zero-byte image is refused with 400', async (name) => {
  const before = onDisk();
  const reply = await CALLS[name]!({ bytes: Buffer.alloc(0), type: 'image/jpeg', filename: 'vazia.jpg' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.message).toBe(IMAGE_MESSAGES.empty);
  expect(onDisk()).toEqual(before);
});

it('a customer file that is not an image (a PDF) is kept as sent', async () => {
  const pdf = Buffer.from('%PDF-1.4 laudo');
  const reply = await multipart(`/api/customer/${customerId}/file`, [
    { name: 'name', value: 'Laudo' },
    { name: 'file', filename: 'laudo.pdf', type: 'application/pdf', data: pdf },
  ]);
  expect(reply.status).toBe(201);
  const download = await binary(t, 'GET', `/api/customer/${customerId}/file/${reply.body.id}/download`, token);
  expect(download.bytes.equals(pdf)).toBe(true);
});

/* ---------- the multipart save's total ---------- */

describe('the multipart sample save as a whole', () => {
  const cap = SAMPLE_SAVE_MAX_MB * 1024 * 1024;
  const overCap = () => Buffer.alloc(cap + 1024, 0xff);

  it('refuses a declared Content-Length above 25 MB with 413 before reading, keeping nothing', async () => {
    const current = await sampleOnce();
    const before = onDisk();
    const reply = await multipart(`/api/sample/${current.id}`, [
      { name: 'data', value: JSON.stringify({ quotation_id: current.quotation_id, type_id: current.type_id, employee: 'Grande Demais' }) },
      { name: 'files[]', filename: 'grande.jpg', type: 'image/jpeg', data: overCap() },
    ]);
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe(IMAGE_MESSAGES.sampleSaveTooLarge(SAMPLE_SAVE_MAX_MB));
    expect(onDisk()).toEqual(before);
    expect(ok(await admin.get(`/api/sample/${current.id}`)).employee).not.toBe('Grande Demais');
  });

  it('cuts off a streamed body (no Content-Length) that grows past 25 MB with the same 413', async () => {
    const current = await sampleOnce();
    const before = onDisk();
    const { body, contentType } = multipartBody([
      { name: 'data', value: JSON.stringify({ quotation_id: current.quotation_id, type_id: current.type_id }) },
      { name: 'files[]', filename: 'grande.jpg', type: 'image/jpeg', data: overCap() },
    ]);
    const chunks = function* () {
      for (let at = 0; at < body.length; at += 1024 * 1024) yield body.subarray(at, at + 1024 * 1024);
    };
    const response = await fetch(`${t.baseUrl}/api/sample/${current.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: Readable.toWeb(Readable.from(chunks())) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(IMAGE_MESSAGES.sampleSaveTooLarge(SAMPLE_SAVE_MAX_MB));
    expect(onDisk()).toEqual(before);
  });
});

describe('an upload cut short by the client', () => {
  it.each(['multipart sample save', 'sample photo', 'customer file'])(
    '%s: leaves no temporary or stored file behind, and the server answers the next request',
    async (target) => {
      const current = await sampleOnce();
      const before = onDisk();
      const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#446688' } })
        .jpeg()
        .toBuffer();
      const file: Part = { name: target === 'multipart sample save' ? 'files[]' : 'file', filename: 'cortada.jpg', type: 'image/jpeg', data: photo };
      const first: Part =
        target === 'multipart sample save'
          ? { name: 'data', value: JSON.stringify({ quotation_id: current.quotation_id, type_id: current.type_id }) }
          : { name: 'name', value: 'cortada.jpg' };
      const path = {
        'multipart sample save': `/api/sample/${current.id}`,
        'sample photo': `/api/sample/${current.id}/file`,
        'customer file': `/api/customer/${customerId}/file`,
      }[target]!;
      const { body, contentType } = multipartBody([first, file]);
      const { port } = new URL(t.baseUrl);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const head = [
        `POST ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${token}`,
        `Content-Type: ${contentType}`,
        `Content-Length: ${body.length}`,
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      socket.write(body.subarray(0, Math.floor(body.length / 2)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
      await eventually(() => onDisk().every((name) => before.includes(name)));
      expect((await admin.get(`/api/sample/${current.id}`)).status).toBe(200);
    },
  );
});

/* ---------- thumbnails and answers ---------- */

describe('thumbnails: 150 × 150 only', () => {
  it('makes the one size the app asks for, and refuses every other (400), adding no file', async () => {
    const current = await sampleOnce();
    const photo = await multipart(`/api/sample/${current.id}/file`, [
      { name: 'name', value: 'miniatura.jpg' },
      { name: 'file', filename: 'miniatura.jpg', type: 'image/jpeg', data: await cameraJpeg() },
    ]);
    expect(photo.status).toBe(201);
    const get = (query: string) => binary(t, 'GET', `/${photo.body.url}${query}`, token);
    const thumb = await get(`?w=${THUMBNAIL_SIDE}&h=${THUMBNAIL_SIDE}`);
    expect(thumb.status).toBe(200);
    expect((await sharp(thumb.bytes).metadata()).width).toBe(150);
    const before = onDisk();
    for (const query of ['?w=151&h=151', '?w=300&h=300', '?w=149&h=150', '?w=150', '?h=150', '?w=2000&h=2000', '?w=0&h=150']) {
      const refused = await get(query);
      expect(refused.status, query).toBe(400);
      expect(refused.json.message).toBe(IMAGE_MESSAGES.thumbnailSize(THUMBNAIL_SIDE));
    }
    expect(onDisk()).toEqual(before);
    // Without w/h (or both 0): the photo itself.
    expect((await get('')).status).toBe(200);
    expect((await get('?w=0&h=0')).status).toBe(200);
  });
});

describe('file answers', () => {
  it('carry nosniff; a sample photo is inline, a stored non-image (an SVG kept before the checks) is an attachment and never rendered', async () => {
    const current = await sampleOnce();
    const photo = await multipart(`/api/sample/${current.id}/file`, [
      { name: 'name', value: 'frente.jpg' },
      { name: 'file', filename: 'frente.jpg', type: 'image/jpeg', data: await cameraJpeg() },
    ]);
    const served = await binary(t, 'GET', `/${photo.body.url}`, token);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-disposition')).toBeNull();

    // As the multipart save kept it before this change: the SVG's bytes, typed image/svg+xml.
    const stored = await storage.write(Readable.from([SVG]));
    const fileId = await insertFileRow(t.db, { stored, originalName: 'desenho.svg', type: 'image/svg+xml' }, new Date());
    const [line] = await t.db
      .insert(sampleFiles)
      .values({ sample_id: current.id, file_id: fileId, name: 'Desenho "antigo"/1', created_at: new Date(), updated_at: new Date() })
      .returning({ id: sampleFiles.id });
    const before = onDisk();
    for (const query of ['', '?w=150&h=150']) {
      const legacy = await binary(t, 'GET', `/api/sample/file/${line!.id}${query}`, token);
      expect(legacy.status).toBe(200);
      expect(legacy.headers.get('x-content-type-options')).toBe('nosniff');
      expect(legacy.headers.get('content-type')).toBe('image/svg+xml');
      expect(legacy.headers.get('content-disposition')).toBe(
        `attachment; filename="Desenho _antigo_-1.svg"; filename*=UTF-8''Desenho%20%22antigo%22-1.svg`,
      );
      expect(legacy.bytes.equals(SVG)).toBe(true);
    }
    expect(onDisk()).toEqual(before);
  });

  it('carry nosniff on a customer download (an attachment with a safe name), the logo and a user image', async () => {
    const file = await multipart(`/api/customer/${customerId}/file`, [
      { name: 'name', value: 'Relatório/1' },
      { name: 'file', filename: 'r.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    ]);
    const download = await binary(t, 'GET', `/api/customer/${customerId}/file/${file.body.id}/download`, token);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Relatorio-1.pdf"; filename*=UTF-8''Relat%C3%B3rio-1.pdf`);

    const logo = await multipart('/api/file', [{ name: 'file', filename: 'logo.jpg', type: 'image/jpeg', data: await cameraJpeg() }]);
    ok(await admin.put('/api/settings', { options: [{ option: 'settings_logo', value: logo.body.path }] }));
    const logoAnswer = await binary(t, 'GET', `/${logo.body.path}`, token);
    expect([logoAnswer.status, logoAnswer.headers.get('x-content-type-options')]).toEqual([200, 'nosniff']);
    ok(await admin.put('/api/settings', { options: [{ option: 'settings_logo', value: '' }] }));

    const me = ok(await admin.get('/api/user'));
    if (me.settings?.image?.url) {
      const image = await fetch(`${t.baseUrl}${me.settings.image.url}`);
      expect([image.status, image.headers.get('x-content-type-options')]).toEqual([200, 'nosniff']);
    } else expect.fail('the user image of the upload tests is gone');
  });
});

/* ---------- a bomb logo stored before the checks ---------- */

describe('a logo stored before the checks', () => {
  async function storeLegacyLogo(bytes: Buffer): Promise<string> {
    const stored = await storage.write(Readable.from([bytes]));
    const id = await insertFileRow(t.db, { stored, originalName: 'logo.png', type: 'image/png' }, new Date());
    await t.db
      .update(options)
      .set({ value: `api/file/${id}` })
      .where(eq(options.option, 'settings_logo'));
    return `api/file/${id}`;
  }

  async function quotationPdf(id: number) {
    const started = performance.now();
    const reply = await fetch(`${t.baseUrl}/api/pdf/quotation/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = new Uint8Array(await reply.arrayBuffer());
    return { status: reply.status, ms: performance.now() - started, bytes };
  }

  it.each([
    ['16,000 × 16,000 px', BOMB_16K],
    ['50,000 × 50,000 px', BOMB_50K],
  ])('a PNG declaring %s: the quotation PDF answers 200 quickly, without the logo', async (_what, bomb) => {
    const quotation = await createQuotation(admin, customerId);
    // This machine's pace right now: the same document without a logo.
    const plain = await quotationPdf(quotation.id);
    expect(plain.status).toBe(200);
    const setting = await storeLegacyLogo(bomb);
    try {
      for (let round = 0; round < 2; round++) {
        const pdf = await quotationPdf(quotation.id);
        expect(pdf.status).toBe(200);
        // Decoding 256 million pixels would take far longer than a plain print.
        expect(pdf.ms).toBeLessThan(Math.max(5_000, 4 * plain.ms));
        expect((await readPdf(pdf.bytes)).images[0]).toBe(0);
      }
      expect(await storedLogo(t.db, storage, setting)).toBeNull();
      // The devices' copy for offline prints is refused too: the tablet never decodes the bomb.
      const served = await binary(t, 'GET', `/${setting}`, token);
      expect(served.status).toBe(404);
    } finally {
      await t.db.update(options).set({ value: '' }).where(eq(options.option, 'settings_logo'));
    }
  });

  it('a large but legal PNG (4000 × 1600 px) is printed scaled down to 1000 px', async () => {
    const quotation = await createQuotation(admin, customerId);
    const big = await sharp({ create: { width: 4000, height: 1600, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const setting = await storeLegacyLogo(big);
    try {
      const pdf = await quotationPdf(quotation.id);
      expect(pdf.status).toBe(200);
      expect((await readPdf(pdf.bytes)).images[0]).toBe(1);
      const dataUrl = await storedLogo(t.db, storage, setting);
      expect(dataUrl).toMatch(/^data:image\/png;base64,/);
      const printed = await sharp(Buffer.from(dataUrl!.slice(dataUrl!.indexOf(',') + 1), 'base64')).metadata();
      expect([printed.format, printed.width, printed.height]).toEqual(['png', 1000, 400]);
      // The devices get the same drawable copy.
      const served = await binary(t, 'GET', `/${setting}`, token);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
      const copy = await sharp(Buffer.from(served.bytes)).metadata();
      expect([copy.width, copy.height]).toEqual([1000, 400]);
    } finally {
      await t.db.update(options).set({ value: '' }).where(eq(options.option, 'settings_logo'));
    }
  });
});
