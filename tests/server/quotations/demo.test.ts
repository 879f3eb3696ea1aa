/**
 * The demo quotations (`npm run seed:demo`) are what the API would have
 * stored: valid wire records whose totals the server computes the same when
 * they are saved again unchanged, in three statuses, for the demo customers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quotationSchema, type Quotation } from '@sync/contract/quotations';
import { seedDemo } from '@server/db/demo';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

it('seeds quotations the API reads back and would compute the same', async () => {
  const { list } = ok(await admin.get('/api/quotation/all/0/100'));
  expect(list.map((quotation: Quotation) => quotation.status).sort()).toEqual(['approved', 'approved', 'open', 'pending']); // the second approved one is the samples step's, with its plan
  for (const raw of list) {
    const quotation = quotationSchema.parse(raw);
    expect(quotation.rows.length).toBeGreaterThan(0);
    expect(quotation.reference_no).toMatch(new RegExp(`^${quotation.id}/\\d{4}$`));
    const {
      id,
      reference_no,
      status,
      customer_name,
      customer_phone,
      user,
      sample_count,
      able_create_sample,
      sent_at,
      sent_mail_at,
      sent_whatsapp_at,
      f_created_at,
      created_at,
      updated_at,
      subtotal,
      parcel_value,
      ...body
    } = quotation;
    const saved: Quotation = ok(await admin.put(`/api/quotation/${id}`, body));
    expect({
      subtotal: saved.subtotal,
      total: saved.total,
      parcel_value: saved.parcel_value,
      rows: saved.rows,
      services: saved.services,
      costs: saved.costs,
    }).toEqual({
      subtotal,
      total: quotation.total,
      parcel_value,
      rows: quotation.rows,
      services: quotation.services,
      costs: quotation.costs,
    });
  }
});

it("gives each agent row its agent's type", async () => {
  const { list } = ok(await admin.get('/api/quotation/all/0/100'));
  const agents = ok(await admin.get('/api/product/all/0/100')).list as Array<{ id: number; type_id: number }>;
  const rows = (list as Quotation[]).flatMap((quotation) => quotation.rows);
  expect(new Set(rows.map((row) => row.product_type_id)).size).toBeGreaterThan(1);
  for (const row of rows) expect(row.product_type_id).toBe(agents.find((agent) => agent.id === row.product_id)?.type_id);
});
