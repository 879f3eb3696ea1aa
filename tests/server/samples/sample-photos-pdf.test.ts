/**
 * The sample PDF's 'Registro fotográfico' on the server (`GET
 * api/pdf/sample/{id}`): the photos uploaded to a sample are read from the
 * file storage and painted, one image per photo (pdfjs's operator list,
 * paintImageXObject), captioned, two per row; a sample without photos has no
 * such section; 8 photos as the device keeps them (1600×1200 JPEGs of a
 * few hundred kB) make a PDF under 2 MB (FIELD-UX item 7); a photo whose
 * bytes are gone from disk is left out, the PDF still made.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from '@sync/contract/samples';
import { filesFolder } from '@server/files/storage';
import { storedFiles } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { readPdf } from '../helpers/pdf-text';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { createCustomer, multipartBody } from '../customers/support';
import { plannedNoiseSample, samplePdf } from './support';

let t: TestApp;
let admin: Api;
let token: string;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  admin = api(t, token);
  customerId = (await createCustomer(t, token, { name: 'Fundição Registro Ltda' })).id;
});
afterAll(() => t.close());

const plannedSample = () => plannedNoiseSample(admin, customerId);

/** A 1600×1200 photo-like JPEG (gradients, shapes, sensor noise) at quality 80, as the device keeps it. */
async function devicePhoto(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const base = 120 + 80 * Math.sin((x + seed * 50) / 90) * Math.cos(y / 70);
      const noise = random() * 14;
      pixels[at] = Math.max(0, Math.min(255, base + noise));
      pixels[at + 1] = Math.max(0, Math.min(255, base * 0.9 + noise + ((x >> 6) % 2) * 30));
      pixels[at + 2] = Math.max(0, Math.min(255, 255 - base + noise));
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function upload(sampleId: number, name: string, data: Buffer) {
  const { body, contentType } = multipartBody([
    { name: 'name', value: name },
    { name: 'file', filename: name, type: 'image/jpeg', data },
  ]);
  const reply = await call(t, 'POST', `/api/sample/${sampleId}/file`, {
    token,
    body: body as unknown as string,
    headers: { 'content-type': contentType },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { id: number; file_id: number };
}

async function pdfOf(id: number): Promise<Uint8Array> {
  const reply = await samplePdf(t, token, id);
  expect(reply.status).toBe(200);
  return reply.bytes;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('photos in the sample PDF', () => {
  it('paints each of 3 photos once, with its caption, under Registro fotográfico', async () => {
    const sample = await plannedSample();
    const photo = await devicePhoto(1);
    for (const name of ['entrada.jpg', 'maquina.jpg', 'operador.jpg']) await upload(sample.id, name, photo);
    const { text, images } = await readPdf(await pdfOf(sample.id));
    expect(sum(images)).toBe(3);
    expect(text).toContain('Registro fotográfico');
    expect(text).toContain('Foto 1 - entrada.jpg');
    expect(text).toContain('Foto 2 - maquina.jpg');
    expect(text).toContain('Foto 3 - operador.jpg');
  });

  it('has no photo section for a sample without photos', async () => {
    const sample = await plannedSample();
    const { text, images } = await readPdf(await pdfOf(sample.id));
    expect(sum(images)).toBe(0);
    expect(text).not.toContain('Registro fotográfico');
  });

  it('keeps 8 photos as the device keeps them under 2 MB', async () => {
    const sample = await plannedSample();
    let uploaded = 0;
    for (let index = 1; index <= 8; index++) {
      const photo = await devicePhoto(index);
      uploaded += photo.length;
      await upload(sample.id, `foto-${index}.jpg`, photo);
    }
    const bytes = await pdfOf(sample.id);
    console.info(`sample PDF with 8 photos: ${Math.round(bytes.length / 1024)} kB (photos as uploaded: ${Math.round(uploaded / 1024)} kB)`);
    expect(bytes.length).toBeLessThan(2_000_000);
    expect(sum((await readPdf(bytes)).images)).toBe(8);
  });

  it('leaves out a photo whose bytes are gone from disk, and still prints', async () => {
    const sample = await plannedSample();
    const photo = await devicePhoto(3);
    await upload(sample.id, 'fica.jpg', photo);
    const gone = await upload(sample.id, 'sumiu.jpg', photo);
    const fileId = (ok(await admin.get(`/api/sample/${sample.id}`)) as Sample).files.find((file) => file.id === gone.id)!.file_id;
    const [row] = await t.db.select({ key: storedFiles.storage_key }).from(storedFiles).where(eq(storedFiles.id, fileId));
    rmSync(join(filesFolder(t.config.dataDir), row!.key));
    const { text, images } = await readPdf(await pdfOf(sample.id));
    expect(sum(images)).toBe(1);
    expect(text).toContain('Foto 1 - fica.jpg');
    expect(text).not.toContain('sumiu.jpg');
  });
});
