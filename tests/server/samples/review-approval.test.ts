/**
 * Aprovar, the frozen content and its verification on the real server
 * (PGlite, loopback; issue 28): a stored figure that the shared derivation
 * computes differently refuses the approval and names the field; an
 * approval freezes the sample, its photos' SHA-256, the instruments as the
 * equipment table has them, the thresholds, the engine version, the
 * approver with council and the time, and the same content hashes the same
 * after re-reading; `GET api/sample/verify/{code}` answers without a token,
 * says 'confere', then 'não confere' after a changed row, a changed file
 * or a changed frozen text, and 'substituída' after Invalidar, which keeps
 * revision n readable and puts revision n + 1 in review on the same slot.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES as M, type Sample } from '@sync/contract/samples';
import { sampleApprovals, sampleFiles, samples, storedFiles } from '@server/db/schema';
import { FileStorage, filesFolder } from '@server/files/storage';
import { ENGINE_VERSION, sampleContent } from '@server/routes/samples/approval-content';
import { CODE_ALPHABET } from '@server/routes/samples/verification-code';
import { canonicalJson } from '@server/sync/idempotency-plugin';
import { api, ok } from '../catalog/support';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { samplePdf, plannedNoiseSample } from './support';
import { CALIBRATOR, finalize, INSTRUMENT, review, reviewWorld, sampleBody, sampleIn, uploadPhoto, type ReviewWorld } from './review-support';

let t: TestApp;
let world: ReviewWorld;
let storage: FileStorage;
const anonymous = () => api(t, undefined);

beforeAll(async () => {
  t = await startTestApp();
  world = await reviewWorld(t);
  storage = new FileStorage(filesFolder(t.config.dataDir));
});
afterAll(() => t?.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function approvalRow(sampleId: number) {
  const [row] = await t.db.select().from(sampleApprovals).where(eq(sampleApprovals.sample_id, sampleId));
  return row;
}

/** An approved noise sample with one photo, finalized by the technician and approved by the reviewer. */
async function approvedWithPhoto(): Promise<Sample> {
  const draft = ok(await world.as.technician.post('/api/sample', sampleBody(world, 'noise')), 201);
  ok(await uploadPhoto(world, 'technician', draft.id), 201);
  ok(await finalize(world.as.technician, draft.id));
  return ok(await review(world.as.reviewer, draft.id, 'approve'));
}

const verify = (code: string) => anonymous().get(`/api/sample/verify/${encodeURIComponent(code)}`);

describe('Aprovar checks the figures first', () => {
  it('a stored figure changed in the database refuses the approval, naming the field, and nothing moves', async () => {
    const sample = await sampleIn(world, 'em_revisao');
    await t.db.execute(sql`update samples set result = jsonb_set(result, '{nho,dose8}', '"99,0"') where id = ${sample.id}`);
    const reply = await review(world.as.reviewer, sample.id, 'approve');
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ message: M.figureDiffers('Resultado — NHO 01 — Dose 8h (%)') });
    expect((await t.db.select({ status: samples.status }).from(samples).where(eq(samples.id, sample.id)))[0]!.status).toBe('em_revisao');
    expect(await approvalRow(sample.id)).toBeUndefined();
  });

  it('a classification figure changed in the database is named too', async () => {
    const sample = await sampleIn(world, 'em_revisao');
    await t.db.execute(
      sql`update samples set risk_classification = jsonb_set(risk_classification, '{nho,dose_daily}', '"1,0"') where id = ${sample.id}`,
    );
    const reply = await review(world.as.reviewer, sample.id, 'approve');
    expect(reply.status).toBe(422);
    expect(reply.body.message).toMatch(/^O valor de "Classificação de risco — .+" não confere com o recalculado\./);
  });
});

describe('what an approval freezes', () => {
  it('the sample, its photos, the instruments, thresholds, engine, approver and time, sealed by SHA-256', async () => {
    const approved = await approvedWithPhoto();
    expect(approved.status).toBe('aprovada');
    expect(approved.approval).toEqual({
      code: expect.stringMatching(new RegExp(`^[${CODE_ALPHABET}]{10}$`)),
      approver_name: 'Rita Revisora',
      council: 'CREA 123456/SP',
      approved_at: new Date(t.clock.now()).toISOString(),
    });
    const row = (await approvalRow(approved.id))!;
    expect(row.code).toBe(approved.approval!.code);
    expect(row.hash).toBe(sha256(row.content));
    expect(row.content).toBe(canonicalJson(JSON.parse(row.content)));
    const frozen = JSON.parse(row.content);
    expect(frozen).toMatchObject({
      engine_version: ENGINE_VERSION,
      approver: { id: world.ids.reviewer, name: 'Rita Revisora', council: 'CREA 123456/SP' },
      approved_at: approved.approval!.approved_at,
      equipment: {
        instrument: { name: INSTRUMENT.name, serial: INSTRUMENT.serial_number, equipment: INSTRUMENT_ROW(INSTRUMENT) },
        calibrator: { name: CALIBRATOR.name, serial: CALIBRATOR.serial_number, equipment: INSTRUMENT_ROW(CALIBRATOR) },
      },
      sample: { id: approved.id, revision: 1, sample_no: approved.sample_no, result: approved.result },
    });
    expect(frozen.thresholds.noise).toBeDefined();
    const [photo] = await t.db
      .select({ key: storedFiles.storage_key })
      .from(sampleFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, sampleFiles.file_id))
      .where(eq(sampleFiles.sample_id, approved.id));
    const bytes = readFileSync(storage.pathOf(photo!.key));
    expect(frozen.sample.photos).toEqual([
      { name: 'posto.jpg', type: 'image/jpeg', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    ]);
  });

  it('the same content gives the same bytes and hash after re-reading the row', async () => {
    const approved = await approvedWithPhoto();
    const stored = (await approvalRow(approved.id))!;
    for (let read = 0; read < 3; read++) {
      const [row] = await t.db.select().from(samples).where(eq(samples.id, approved.id));
      const rebuilt = canonicalJson({ ...JSON.parse(stored.content), sample: await sampleContent(t.db, row!, storage) });
      expect(rebuilt).toBe(stored.content);
      expect(sha256(rebuilt)).toBe(stored.hash);
    }
  });
});

function INSTRUMENT_ROW(item: typeof INSTRUMENT) {
  return {
    name: item.name,
    serial_number: item.serial_number,
    calibration_certificate: item.calibration_certificate,
    expiration_date: item.expiration_date,
  };
}

describe('GET api/sample/verify/{code}', () => {
  it('answers without a token, revealing the verdict, number, approver and date only', async () => {
    const approved = await approvedWithPhoto();
    const reply = await verify(approved.approval!.code);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      verdict: 'confere',
      sample_no: approved.sample_no,
      approver_name: 'Rita Revisora',
      approved_at: approved.approval!.approved_at,
    });
    // As typed from paper: lower case, with a hyphen and spaces.
    const code = approved.approval!.code.toLowerCase();
    expect((await verify(` ${code.slice(0, 5)}-${code.slice(5)} `)).body.verdict).toBe('confere');
  });

  it.each([
    [
      'an input in a block',
      (id: number) => t.db.execute(sql`update samples set result = jsonb_set(result, '{nho,result}', '"81"') where id = ${id}`),
    ],
    ['the employee', (id: number) => t.db.update(samples).set({ employee: 'Outro Nome' }).where(eq(samples.id, id))],
    ['a photo’s name', (id: number) => t.db.update(sampleFiles).set({ name: 'outra.jpg' }).where(eq(sampleFiles.sample_id, id))],
  ])('a changed database row (%s) answers "não confere"', async (_, change) => {
    const approved = await approvedWithPhoto();
    expect((await verify(approved.approval!.code)).body.verdict).toBe('confere');
    await change(approved.id);
    expect((await verify(approved.approval!.code)).body.verdict).toBe('não confere');
  });

  it('changed photo bytes on disk answer "não confere"', async () => {
    const approved = await approvedWithPhoto();
    const [photo] = await t.db
      .select({ key: storedFiles.storage_key })
      .from(sampleFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, sampleFiles.file_id))
      .where(eq(sampleFiles.sample_id, approved.id));
    expect((await verify(approved.approval!.code)).body.verdict).toBe('confere');
    writeFileSync(storage.pathOf(photo!.key), Buffer.from('outra imagem'));
    expect((await verify(approved.approval!.code)).body.verdict).toBe('não confere');
  });

  it('a removed photo, or a changed frozen text, answers "não confere"', async () => {
    const withPhoto = await approvedWithPhoto();
    await t.db.delete(sampleFiles).where(eq(sampleFiles.sample_id, withPhoto.id));
    expect((await verify(withPhoto.approval!.code)).body.verdict).toBe('não confere');

    const approved = await approvedWithPhoto();
    const row = (await approvalRow(approved.id))!;
    await t.db
      .update(sampleApprovals)
      .set({ content: row.content.replace('"CREA 123456/SP"', '"CREA 999999/SP"') })
      .where(eq(sampleApprovals.id, row.id));
    expect((await verify(approved.approval!.code)).body.verdict).toBe('não confere');
    // Rehashing the changed text does not help: the rebuilt content no longer matches the stored hash either way.
    await t.db.update(sampleApprovals).set({ content: 'não é JSON' }).where(eq(sampleApprovals.id, row.id));
    expect((await verify(approved.approval!.code)).body.verdict).toBe('não confere');
  });

  it.each(['ZZZZZZZZZZ', 'abc', '0000000000', 'x'.repeat(64)])('an unknown code (%s) is 404', async (code) => {
    const reply = await verify(code);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: M.verifyNotFound });
  });
});

describe('Invalidar', () => {
  it('keeps revision n readable and verifiable as "substituída", and puts revision n + 1 in review on the same slot', async () => {
    const planned = await plannedNoiseSample(world.as.admin, world.customerId);
    const slot = { quotation_id: planned.quotation_id, quotation_row_id: planned.quotation_row_id, plan_unit: planned.plan_unit };
    ok(await world.as.technician.put(`/api/sample/${planned.id}`, { ...sampleBody(world, 'noise'), ...slot }));
    ok(await uploadPhoto(world, 'technician', planned.id), 201);
    ok(await finalize(world.as.technician, planned.id));
    const approved: Sample = ok(await review(world.as.reviewer, planned.id, 'approve'));
    const invalidated: Sample = ok(await review(world.as.reviewer2, planned.id, 'invalidate', 'Série do dosímetro errada.'));

    expect(invalidated).toMatchObject({
      id: planned.id,
      status: 'substituida',
      status_reason: 'Série do dosímetro errada.',
      approval: approved.approval,
    });
    const next: Sample = ok(await world.as.admin.get(`/api/sample/${invalidated.replaced_by_id}`));
    expect(next).toMatchObject({
      status: 'em_revisao',
      revision: 2,
      replaces_id: planned.id,
      replaced_by_id: null,
      approval: null,
      sample_no: approved.sample_no,
      quotation_id: approved.quotation_id,
      quotation_row_id: approved.quotation_row_id,
      plan_unit: approved.plan_unit,
      finalized_by: world.ids.technician,
      memory_field: approved.memory_field,
      result: approved.result,
      risk_classification: approved.risk_classification,
    });
    expect(next.files.map((f) => [f.name, f.sha256])).toEqual(approved.files.map((f) => [f.name, f.sha256]));
    expect(next.files[0]!.file_id).not.toBe(approved.files[0]!.file_id);

    // Revision n: still read one by one, in the list and as its report; its code verifies as replaced.
    expect(ok(await world.as.admin.get(`/api/sample/${planned.id}`)).status).toBe('substituida');
    const list = ok(await world.as.admin.get(`/api/sample/all/0/50?quotation_id=${planned.quotation_id}`)).list as Sample[];
    expect(list.map((s) => [s.id, s.status]).sort()).toEqual(
      [
        [planned.id, 'substituida'],
        [next.id, 'em_revisao'],
      ].sort(),
    );
    const pdf = await samplePdf(t, world.tokens.admin, planned.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect((await verify(approved.approval!.code)).body).toMatchObject({ verdict: 'substituída', sample_no: approved.sample_no });

    // The slot's live sample is n + 1: a device's create for the slot lands on it (and is refused, it is in review).
    const offline = await world.as.technician.post('/api/sample', { ...sampleBody(world, 'noise'), ...slot });
    expect(offline.status).toBe(409);
    const quotation = ok(await world.as.admin.get(`/api/quotation/${planned.quotation_id}`));
    expect(quotation.sample_count).toBe(1);

    // Both revisions' history say what happened, with the reason.
    const historyOfN = ok(await world.as.admin.get(`/api/sample/${planned.id}/history`));
    expect(historyOfN.at(-1)).toMatchObject({
      action: 'invalidate',
      from_state: 'aprovada',
      to_state: 'substituida',
      reason: 'Série do dosímetro errada.',
    });
    expect(ok(await world.as.admin.get(`/api/sample/${next.id}/history`))).toEqual([
      expect.objectContaining({ action: 'invalidate', from_state: null, to_state: 'em_revisao', reason: 'Série do dosímetro errada.' }),
    ]);

    // Revision n + 1 is approved on its own, with its own code; n's stays 'substituída'.
    const second: Sample = ok(await review(world.as.reviewer, next.id, 'approve'));
    expect(second.approval!.code).not.toBe(approved.approval!.code);
    expect((await verify(second.approval!.code)).body.verdict).toBe('confere');
    expect((await verify(approved.approval!.code)).body.verdict).toBe('substituída');
  });
});
