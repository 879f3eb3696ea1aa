/**
 * The approval's content and hash on PostgreSQL (issue 28): the same
 * sample, approved at the same instant on PGlite and on PostgreSQL, freezes
 * the same bytes with the same SHA-256 (JSONB gives keys back in its own
 * order; the sorted-key text does not depend on it), re-reading the row
 * rebuilds them exactly, and the code verifies as 'confere'. Runs when
 * TEST_DATABASE_URL points at a server (CI starts one); each run uses a
 * throwaway database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from '@sync/contract/samples';
import { sampleApprovals, samples } from '@server/db/schema';
import { FileStorage, filesFolder } from '@server/files/storage';
import { sampleContent } from '@server/routes/samples/approval-content';
import { canonicalJson } from '@server/sync/idempotency-plugin';
import { api, ok } from '../catalog/support';
import { startPostgresApp, TEST_DATABASE_URL, type PostgresTestApp } from '../helpers/postgres-app';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { finalize, review, reviewWorld, sampleBody, uploadPhoto } from './review-support';

const APPROVED_AT = Date.parse('2026-11-29T14:30:00.000Z');

/** One sample of each type, with a photo, finalized and approved at APPROVED_AT; their approval rows. */
async function approveSamples(t: TestApp) {
  // The clock stands still from here: sessions, writes and approvals all happen at APPROVED_AT.
  t.clock.set(APPROVED_AT);
  const world = await reviewWorld(t);
  const approved: Sample[] = [];
  for (const type of ['noise', 'chemical'] as const) {
    const draft: Sample = ok(await world.as.technician.post('/api/sample', sampleBody(world, type)), 201);
    ok(await uploadPhoto(world, 'technician', draft.id), 201);
    ok(await finalize(world.as.technician, draft.id));
    if (type === 'chemical') ok(await review(world.as.technician, draft.id, 'lab_done'));
    approved.push(ok(await review(world.as.reviewer, draft.id, 'approve')));
  }
  const rows = [];
  for (const sample of approved) {
    const [row] = await t.db.select().from(sampleApprovals).where(eq(sampleApprovals.sample_id, sample.id));
    rows.push({ sample, approval: row! });
  }
  return rows;
}

describe.skipIf(!TEST_DATABASE_URL)('approvals on PostgreSQL', () => {
  let pgApp: PostgresTestApp;
  let lite: TestApp;

  beforeAll(async () => {
    pgApp = await startPostgresApp('review');
    lite = await startTestApp();
  });
  afterAll(async () => {
    await pgApp?.close();
    await lite?.close();
  });

  it('freezes the same bytes and hash as PGlite, rebuilt exactly from the row, and verifies', async () => {
    const pg = pgApp as unknown as TestApp;
    const onPostgres = await approveSamples(pg);
    const onPglite = await approveSamples(lite);
    const storage = new FileStorage(filesFolder(pgApp.config.dataDir));
    for (const [index, { sample, approval }] of onPostgres.entries()) {
      expect(approval.content).toBe(onPglite[index]!.approval.content);
      expect(approval.hash).toBe(onPglite[index]!.approval.hash);
      for (let read = 0; read < 3; read++) {
        const [row] = await pg.db.select().from(samples).where(eq(samples.id, sample.id));
        expect(canonicalJson({ ...JSON.parse(approval.content), sample: await sampleContent(pg.db, row!, storage) })).toBe(approval.content);
      }
      const verdict = ok(await api(pg, undefined).get(`/api/sample/verify/${approval.code}`));
      expect(verdict).toMatchObject({ verdict: 'confere', sample_no: sample.sample_no });
    }
  });
});
