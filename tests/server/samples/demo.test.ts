/**
 * The demo data's samples (`npm run seed:demo`): an approved quotation of
 * Metalúrgica Horizonte with its plan (2 noise, 1 heat; the first sample
 * characterized), which its customer-type user reads; the other approved
 * quotation still allows a plan.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Quotation } from '@sync/contract/quotations';
import type { Sample } from '@sync/contract/samples';
import { seedDemo } from '@server/db/demo';
import { signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

it('seeds an approved quotation with its plan, and one that still allows a plan', async () => {
  const approved = (ok(await admin.get('/api/quotation/all/0/100?status=approved')).list as Quotation[]).sort((a, b) => a.id - b.id);
  expect(approved.map((q) => [q.customer_name, q.sample_count, q.able_create_sample])).toEqual([
    ['Química Vale Verde S.A.', 0, true],
    ['Metalúrgica Horizonte Ltda', 3, false],
  ]);
  const planned = approved.find((q) => q.sample_count === 3)!;
  const samples = ok(await admin.get(`/api/sample/all/0/10?quotation_id=${planned.id}`)).list as Sample[];
  expect(samples.map((s) => [s.sample_no, s.type.slug]).sort()).toEqual([
    [1, 'noise'],
    [2, 'noise'],
    [3, 'heat'],
  ]);
  expect(samples.find((s) => s.sample_no === 1)!.employee).toBe('Roberto Alves');

  const carla = api(t, (await signIn(t, 'carla', 'demo12345')).access_token);
  expect((ok(await carla.get('/api/sample/all/0/10')).list as Sample[]).map((s) => s.quotation_id)).toEqual([planned.id, planned.id, planned.id]);
});

it('seeds a reviewer: Renata, with her council on her profile, may return a sample the technician finalized', async () => {
  const renata = api(t, (await signIn(t, 'renata', 'demo12345')).access_token);
  const me = ok(await renata.get('/api/user')) as {
    settings: { council_type: string | null; council_number: string | null; council_uf: string | null };
  };
  expect(me.settings).toMatchObject({ council_type: 'CREA', council_number: '5061234567', council_uf: 'SP' });

  const paulo = api(t, (await signIn(t, 'paulo', 'demo12345')).access_token);
  const [sample] = (ok(await paulo.get('/api/sample/all/0/1')).list as Sample[]).sort((a, b) => a.sample_no - b.sample_no);
  expect(ok(await paulo.put(`/api/sample/${sample!.id}/finalize`, {})).status).toBe('em_revisao');
  expect((await paulo.put(`/api/sample/${sample!.id}/review`, { action: 'return', reason: 'Falta a foto.' })).status).toBe(403);
  const returned = ok(await renata.put(`/api/sample/${sample!.id}/review`, { action: 'return', reason: 'Falta a foto.' })) as Sample;
  expect(returned).toMatchObject({ status: 'devolvida', status_reason: 'Falta a foto.' });
});
