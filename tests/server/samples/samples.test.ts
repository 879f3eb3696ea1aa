/**
 * The sample calls on the real server (PGlite, loopback): the plan
 * (`POST api/sample/quotation`, only from an approved quotation, once),
 * the CRUD with per-type block validation, If-Match and idempotent
 * replays, the plan slot upsert that makes a plan requested twice or made
 * on two devices one plan, the grouped list, files, permissions and the
 * customer-type user's scope.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation } from '@sync/contract/quotations';
import { plannedSamples, SAMPLE_MESSAGES, type Sample } from '@sync/contract/samples';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { sampleFiles, samples, sampleTypes } from '@server/db/schema';
import { HTTP_MESSAGES } from '@server/http/messages';
import { insertFileRow } from '@server/files/file-rows';
import { FileStorage, filesFolder } from '@server/files/storage';
import { call, signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, roleWith, userWithRole, type Api } from '../catalog/support';
import { createCustomer, multipartBody } from '../customers/support';
import { createQuotation } from '../quotations/support';

let t: TestApp;
let admin: Api;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  customerId = (await createCustomer(t, await adminToken(t))).id;
});
afterAll(() => t.close());

/** Rows: 2 × noise, 1 × chemical (product types 3 and 2). */
const ROWS = [
  { product_id: null, name: 'Ruído contínuo', product_type_id: 3, quantity: 2, value: 300 },
  { product_id: null, name: 'Tolueno', product_type_id: 2, quantity: 1, value: 150.5 },
];

async function approvedQuotation(forCustomer = customerId): Promise<Quotation> {
  const quotation = await createQuotation(admin, forCustomer, { rows: ROWS, total: 750.5 });
  return ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'approved' }));
}

async function samplesOf(quotationId: number, caller: Api = admin): Promise<Sample[]> {
  return ok(await caller.get(`/api/sample/all/0/100?quotation_id=${quotationId}`)).list;
}

describe('the sampling plan', () => {
  it('makes one sample per unit of each agent row, typed, numbered and linked, and answers the quotation', async () => {
    const quotation = await approvedQuotation();
    expect(quotation.able_create_sample).toBe(true);
    const answered: Quotation = ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    expect(answered.id).toBe(quotation.id);
    expect(answered.able_create_sample).toBe(false);
    expect(answered.sample_count).toBe(3);
    const list = (await samplesOf(quotation.id)).sort((a, b) => a.sample_no - b.sample_no);
    const [noise, chemical] = quotation.rows.map((row) => row.row_id);
    expect(noise).toMatch(/^[0-9a-f]{24}$/);
    expect(list.map((s) => [s.sample_no, s.type.slug, s.quotation_row_id, s.plan_unit, s.agent_name])).toEqual([
      [1, 'noise', noise, 1, 'Ruído contínuo'],
      [2, 'noise', noise, 2, 'Ruído contínuo'],
      [3, 'chemical', chemical, 1, 'Tolueno'],
    ]);
    expect(list.every((s) => s.customer_id === customerId && s.quotation_id === quotation.id && s.company_name === quotation.customer_name)).toBe(
      true,
    );
  });

  it('is made once: a second request answers 409 and creates nothing', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const again = await admin.post('/api/sample/quotation', { quotationId: quotation.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SAMPLE_MESSAGES.planExists);
    expect(await samplesOf(quotation.id)).toHaveLength(3);
  });

  it('replays a request with the same key instead of making it again', async () => {
    const quotation = await approvedQuotation();
    const key = { 'idempotency-key': `plano-${quotation.id}` };
    const first = ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }, key));
    const replay = await admin.post('/api/sample/quotation', { quotationId: quotation.id }, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first);
    expect(await samplesOf(quotation.id)).toHaveLength(3);
  });

  it('is refused for a quotation that is not approved, or unknown', async () => {
    const draft = await createQuotation(admin, customerId, { rows: ROWS, total: 750.5 });
    const refused = await admin.post('/api/sample/quotation', { quotationId: draft.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SAMPLE_MESSAGES.quotationNotApproved);
    expect((await admin.post('/api/sample/quotation', { quotationId: 999_999 })).status).toBe(404);
    expect((await admin.post('/api/sample/quotation', {})).body.message).toBe(SAMPLE_MESSAGES.quotationRequired);
  });

  it('ends as one plan when two devices make it offline and the server made it too', async () => {
    const quotation = await approvedQuotation();
    const device = (edited: boolean) =>
      plannedSamples(quotation.rows).map((slot) => ({
        quotation_id: quotation.id,
        ...slot,
        caracterization: edited && slot.sample_no === 1 ? { employee: 'João da Silva' } : {},
      }));
    // Device A first: its creates make the samples.
    const a = await Promise.all(device(true).map((body) => admin.post('/api/sample', body)));
    expect(a.map((r) => r.status)).toEqual([201, 201, 201]);
    // Device B: same slots, answered with A's samples (200), A's typed fields kept.
    const b = await Promise.all(device(false).map((body) => admin.post('/api/sample', body)));
    expect(b.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(b.map((r) => r.body.id).sort()).toEqual(a.map((r) => r.body.id).sort());
    expect(b[0]!.body.employee).toBe('João da Silva');
    // The documented call: a plan exists.
    expect((await admin.post('/api/sample/quotation', { quotationId: quotation.id })).status).toBe(409);
    expect(await samplesOf(quotation.id)).toHaveLength(3);
    expect(ok(await admin.get(`/api/quotation/${quotation.id}`)).able_create_sample).toBe(false);
  });
});

describe('a sample', () => {
  it('is saved whole with POST or PUT, its employee searchable, and deleted once', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const [first] = await samplesOf(quotation.id);
    const body = {
      quotation_id: quotation.id,
      type_id: first!.type_id,
      caracterization: { employee: 'Maria Souza', ghe: 'GHE 01', epis: [{ type: 'Protetor auricular' }] },
      memory_field: { observation: 'Turno da manhã' },
    };
    const saved: Sample = ok(await admin.post(`/api/sample/${first!.id}`, body));
    expect(saved.employee).toBe('Maria Souza');
    expect(saved.caracterization.ghe).toBe('GHE 01');
    const found = ok(await admin.get(`/api/sample/all/0/10?search=maria&quotation_id=${quotation.id}`));
    expect(found.list.map((s: Sample) => s.id)).toEqual([first!.id]);
    // If-Match with an older version: 409 with the current sample.
    const stale = await admin.put(`/api/sample/${first!.id}`, body, { 'if-match': first!.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body.current.employee).toBe('Maria Souza');
    expect(ok(await admin.get(`/api/sample/${first!.id}`)).id).toBe(first!.id);
    expect((await admin.del(`/api/sample/${first!.id}`)).status).toBe(204);
    expect((await admin.get(`/api/sample/${first!.id}`)).status).toBe(404);
    expect((await admin.del(`/api/sample/${first!.id}`)).status).toBe(404);
  });

  it('refuses a block that breaks the limits, with a Portuguese message per path', async () => {
    const quotation = await approvedQuotation();
    const reply = await admin.post('/api/sample', { quotation_id: quotation.id, type_id: 3, caracterization: { employee: 'x'.repeat(300) } });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('caracterization');
    const badType = await admin.post('/api/sample', { quotation_id: quotation.id, type_id: 9 });
    expect(badType.body.message).toBe(SAMPLE_MESSAGES.typeInvalid);
  });

  it('adds a field sample with the next number, and keeps a quotation with samples from being deleted', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const extra: Sample = ok(
      await admin.post('/api/sample', { quotation_id: quotation.id, type_id: 4, quotation_row_id: quotation.rows[0]!.row_id }),
      201,
    );
    expect(extra.sample_no).toBe(4);
    expect(extra.plan_unit).toBeNull();
    expect(extra.quotation_row_id).toBe(quotation.rows[0]!.row_id);
    expect(extra.agent_name).toBe('Ruído contínuo');
    const refused = await admin.del(`/api/quotation/${quotation.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SAMPLE_MESSAGES.quotationHasSamples);
  });

  it("takes a duplicate of a plan sample (same row, no plan unit) as a new sample, leaving the plan's sample as it was", async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const rowId = quotation.rows[0]!.row_id;
    const planned = (await samplesOf(quotation.id)).find((s) => s.quotation_row_id === rowId && s.plan_unit === 1)!;
    ok(await admin.put(`/api/sample/${planned.id}`, { quotation_id: quotation.id, type_id: 3, caracterization: { employee: 'Ana', ghe: 'GHE 1' } }));
    const copy: Sample = ok(
      await admin.post('/api/sample', {
        quotation_id: quotation.id,
        type_id: 3,
        quotation_row_id: rowId,
        plan_unit: null,
        sample_no: 4,
        caracterization: { employee: 'Bruno', ghe: 'GHE 1' },
      }),
      201,
    );
    expect(copy).toMatchObject({ quotation_row_id: rowId, plan_unit: null, sample_no: 4, employee: 'Bruno' });
    expect(ok(await admin.get(`/api/sample/${planned.id}`))).toMatchObject({ plan_unit: 1, employee: 'Ana', caracterization: { ghe: 'GHE 1' } });
    expect(await samplesOf(quotation.id)).toHaveLength(4);
  });

  it('lists quotations with their sample count (grouped), searchable by company or id', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const byId = ok(await admin.get(`/api/sample/quotation/all/0/10?search=${quotation.id}`));
    expect(byId.list.find((g: { quotation_id: number }) => g.quotation_id === quotation.id)?.sample_count).toBe(3);
    const none = ok(await admin.get('/api/sample/quotation/all/0/10?search=inexistente'));
    expect(none).toEqual({ list: [], total_items: 0 });
  });
});

describe('a stored sample of an unknown type', () => {
  it('is an error (the generic message), never read as some other type', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const [first] = await samplesOf(quotation.id);
    // Only a row written around the API can hold one: the API refuses an unknown type_id.
    await t.db.insert(sampleTypes).values({ id: 99, name: 'Outro', slug: 'outro' });
    await t.db.update(samples).set({ type_id: 99 }).where(eq(samples.id, first!.id));
    const reply = await admin.get(`/api/sample/${first!.id}`);
    expect(reply.status).toBe(500);
    expect(reply.body.message).toBe(HTTP_MESSAGES.internal);
    await t.db.update(samples).set({ type_id: first!.type_id }).where(eq(samples.id, first!.id));
    await t.db.delete(sampleTypes).where(eq(sampleTypes.id, 99));
  });
});

describe('files', () => {
  it('takes images only, serves them (thumbnail size accepted) and deletes them', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const [sample] = await samplesOf(quotation.id);
    const token = await adminToken(t);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const send = (type: string, filename: string) => {
      const { body, contentType } = multipartBody([
        { name: 'name', value: filename },
        { name: 'file', filename, type, data: jpeg },
      ]);
      return call(t, 'POST', `/api/sample/${sample!.id}/file`, { token, body: body as unknown as string, headers: { 'content-type': contentType } });
    };
    const pdf = await send('application/pdf', 'laudo.pdf');
    expect([415]).toContain(pdf.status);
    const photo = await send('image/jpeg', 'foto.jpg');
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    const withFile: Sample = ok(await admin.get(`/api/sample/${sample!.id}`));
    expect(withFile.files.map((f) => f.name)).toEqual(['foto.jpg']);
    const thumb = await fetch(`${t.baseUrl}/${withFile.files[0]!.url}?w=150&h=150`, { headers: { authorization: `Bearer ${token}` } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect((await admin.del(`/api/sample/file/${photo.body.id}`)).status).toBe(204);
    expect(ok(await admin.get(`/api/sample/${sample!.id}`)).files).toEqual([]);
    expect((await admin.del(`/api/sample/file/${photo.body.id}`)).status).toBe(404);
  });
});

describe('thumbnails', () => {
  /** A real photo-like JPEG (noise, so it does not compress to nothing). */
  const photoJpeg = (width: number, height: number) =>
    sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();

  async function uploaded(data: Buffer) {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const [sample] = await samplesOf(quotation.id);
    const token = await adminToken(t);
    const { body, contentType } = multipartBody([
      { name: 'name', value: 'foto.jpg' },
      { name: 'file', filename: 'foto.jpg', type: 'image/jpeg', data },
    ]);
    const photo = await call(t, 'POST', `/api/sample/${sample!.id}/file`, {
      token,
      body: body as unknown as string,
      headers: { 'content-type': contentType },
    });
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    const get = async (query: string) => {
      const answer = await fetch(`${t.baseUrl}/${photo.body.url}${query}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: answer.status, type: answer.headers.get('content-type'), bytes: Buffer.from(await answer.arrayBuffer()) };
    };
    return { id: photo.body.id as number, get };
  }

  const cachedThumbnails = () => readdirSync(filesFolder(t.config.dataDir)).filter((name) => name.endsWith('.thumb-150x150.jpg'));

  it.each([
    ['landscape 1600 × 1200', 1600, 1200],
    ['portrait 600 × 1000', 600, 1000],
  ])('w=150&h=150 of a %s photo is a 150 × 150 JPEG, smaller, kept on disk next to it and removed with it', async (_, width, height) => {
    const original = await photoJpeg(width, height);
    const photo = await uploaded(original);
    const before = cachedThumbnails();
    const thumb = await photo.get('?w=150&h=150');
    expect(thumb).toMatchObject({ status: 200, type: 'image/jpeg' });
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 150, 150]);
    expect(thumb.bytes.length).toBeLessThan(original.length);
    const made = cachedThumbnails().filter((name) => !before.includes(name));
    expect(made).toHaveLength(1);
    // The second answer is the kept file, byte for byte.
    expect((await photo.get('?w=150&h=150')).bytes.equals(thumb.bytes)).toBe(true);
    // Without w/h: the photo as stored (sharp's re-encoding of the upload, docs/decisions/image-uploads.md).
    const stored = await sharp((await photo.get('')).bytes).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', width, height]);
    expect((await admin.del(`/api/sample/file/${photo.id}`)).status).toBe(204);
    expect(cachedThumbnails()).not.toContain(made[0]);
  });

  it('bytes that are not a readable image (kept before uploads were checked) answer as stored', async () => {
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const [sample] = await samplesOf(quotation.id);
    const stored = await new FileStorage(filesFolder(t.config.dataDir)).write(Readable.from([broken]));
    const fileId = await insertFileRow(t.db, { stored, originalName: 'foto.jpg', type: 'image/jpeg' }, new Date());
    const [line] = await t.db
      .insert(sampleFiles)
      .values({ sample_id: sample!.id, file_id: fileId, name: 'foto.jpg', created_at: new Date(), updated_at: new Date() })
      .returning({ id: sampleFiles.id });
    const reply = await fetch(`${t.baseUrl}/api/sample/file/${line!.id}?w=150&h=150`, {
      headers: { authorization: `Bearer ${await adminToken(t)}` },
    });
    const answer = { status: reply.status, type: reply.headers.get('content-type'), bytes: Buffer.from(await reply.arrayBuffer()) };
    expect(answer).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(answer.bytes.equals(broken)).toBe(true);
  });
});

describe('permissions and scope', () => {
  it('needs the samples module; customer-type users read only their own customers’ samples and never write', async () => {
    const mine = await insertCustomer(t.db, { name: 'Metalúrgica Cliente Ltda', type: 'corporate' });
    const user = await insertUser(t.db, {
      name: 'Cliente',
      username: 'cliente-amostras',
      email: 'c@cliente.com.br',
      password: 'senha-de-teste-1',
      roleSlug: 'cliente',
    });
    await linkUserToCustomer(t.db, user, mine);
    const customer = api(t, (await signIn(t, 'cliente-amostras', 'senha-de-teste-1')).access_token);
    const ownQuotation = await approvedQuotation(mine);
    ok(await admin.post('/api/sample/quotation', { quotationId: ownQuotation.id }));
    const other = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: other.id }));

    const seen: Sample[] = ok(await customer.get('/api/sample/all/0/100')).list;
    expect(seen.length).toBe(3);
    expect(seen.every((s) => s.customer_id === mine)).toBe(true);
    const [othersSample] = await samplesOf(other.id);
    expect((await customer.get(`/api/sample/${othersSample!.id}`)).status).toBe(403);
    expect((await customer.get(`/api/sample/${seen[0]!.id}`)).status).toBe(200);
    expect((await customer.post(`/api/sample/${seen[0]!.id}`, { quotation_id: ownQuotation.id, type_id: 3 })).status).toBe(403);
    expect((await customer.del(`/api/sample/${seen[0]!.id}`)).status).toBe(403);
    const groups = ok(await customer.get('/api/sample/quotation/all/0/100'));
    expect(groups.list.map((g: { customer_id: number }) => g.customer_id)).toEqual([mine]);

    await roleWith(t, 'sem-amostras', ['customers']);
    const noModule = api(t, (await userWithRole(t, 'sem-amostras-user', 'sem-amostras')).token);
    expect((await noModule.get('/api/sample/all/0/10')).status).toBe(403);
    expect((await noModule.post('/api/sample/quotation', { quotationId: other.id })).status).toBe(403);
  });

  it('pulls incrementally with deleted ids', async () => {
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const [gone] = await samplesOf(quotation.id);
    ok(await admin.del(`/api/sample/${gone!.id}`), 204);
    const pulled = ok(await admin.get(`/api/sample/all/0/500?updated_since=${encodeURIComponent(since)}`));
    expect(pulled.deleted_ids).toContain(gone!.id);
    expect(pulled.list.map((s: Sample) => s.quotation_id)).toContain(quotation.id);
  });
});

describe('the documented multipart save', () => {
  it('saves the whole sample with its images in one request; a non-image changes nothing', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const [sample] = await samplesOf(quotation.id);
    const token = await adminToken(t);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const send = (extra: Array<{ name: string; filename: string; type: string; data: Buffer }>) => {
      const { body, contentType } = multipartBody([
        { name: 'data', value: JSON.stringify({ quotation_id: quotation.id, type_id: sample!.type_id, caracterization: { employee: 'Ana Lima' } }) },
        ...extra,
      ]);
      return call(t, 'POST', `/api/sample/${sample!.id}`, { token, body: body as unknown as string, headers: { 'content-type': contentType } });
    };
    const refused = await send([{ name: 'files[]', filename: 'laudo.pdf', type: 'application/pdf', data: Buffer.from('%PDF') }]);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(SAMPLE_MESSAGES.imagesOnly);
    expect(ok(await admin.get(`/api/sample/${sample!.id}`)).employee).toBeNull();

    const saved = await send([
      { name: 'files[]', filename: 'frente.jpg', type: 'image/jpeg', data: jpeg },
      { name: 'files[]', filename: 'lado.jpg', type: 'image/jpeg', data: jpeg },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.employee).toBe('Ana Lima');
    expect(saved.body.files.map((file: { name: string }) => file.name)).toEqual(['frente.jpg', 'lado.jpg']);
  });
});
