/**
 * Samples name their quotation row by its `row_id` (PGlite, loopback): a
 * plan survives the approved quotation's rows being edited (a row inserted
 * above, another removed), a legacy position sent by an older app is read
 * as that row's id, and a sample made for a row starts with the row's
 * sector, function and agent without ever replacing what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation } from '@sync/contract/quotations';
import { plannedSamples, quotationRowOf, SAMPLE_MESSAGES, type Sample } from '@sync/contract/samples';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { createCustomer, multipartBody } from '../customers/support';
import { createQuotation, validQuotation } from '../quotations/support';

let t: TestApp;
let admin: Api;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  customerId = (await createCustomer(t, await adminToken(t))).id;
});
afterAll(() => t.close());

/** Rows: 2 × noise (Estamparia, Operador de prensa), 1 × chemical (no sector), 1 × heat (Fundição, Forneiro). */
const ROWS = [
  { name: 'Ruído contínuo', product_type_id: 3, sector: 'Estamparia', function: 'Operador de prensa', quantity: 2, value: 300 },
  { name: 'Tolueno', product_type_id: 2, quantity: 1, value: 150.5 },
  { name: 'Calor', product_type_id: 4, sector: 'Fundição', function: 'Forneiro', quantity: 1, value: 90 },
];

async function approvedQuotation(): Promise<Quotation> {
  const quotation = await createQuotation(admin, customerId, { rows: ROWS, total: 840.5 });
  return ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'approved' }));
}

async function samplesOf(quotationId: number): Promise<Sample[]> {
  const list: Sample[] = ok(await admin.get(`/api/sample/all/0/100?quotation_id=${quotationId}`)).list;
  return list.sort((a, b) => a.sample_no - b.sample_no);
}

const slotOf = (sample: Sample) => [sample.sample_no, sample.quotation_row_id, sample.plan_unit, sample.agent_name];

describe('a plan after the quotation rows are edited', () => {
  it('keeps every sample on its own agent and slot when a row is inserted before the first and another removed', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const before = await samplesOf(quotation.id);
    const [noise, toluene, heat] = quotation.rows;
    expect(before.map(slotOf)).toEqual([
      [1, noise!.row_id, 1, 'Ruído contínuo'],
      [2, noise!.row_id, 2, 'Ruído contínuo'],
      [3, toluene!.row_id, 1, 'Tolueno'],
      [4, heat!.row_id, 1, 'Calor'],
    ]);

    // The office inserts an agent above the first and removes Tolueno from the approved quotation.
    const rows = [
      { name: 'Vibração de corpo inteiro', product_type_id: 1, quantity: 1, value: 200 },
      ...[noise!, heat!].map(({ total: _total, ...row }) => row),
    ];
    const edited: Quotation = ok(await admin.put(`/api/quotation/${quotation.id}`, validQuotation(customerId, { rows, total: 1 })));
    expect(edited.rows.map((row) => row.name)).toEqual(['Vibração de corpo inteiro', 'Ruído contínuo', 'Calor']);

    const after = await samplesOf(quotation.id);
    expect(after.map(slotOf)).toEqual(before.map(slotOf));
    // Each sample's row is still its own agent's (the removed row's sample keeps its agent's name).
    for (const sample of after) {
      const row = quotationRowOf(edited.rows, sample.quotation_row_id);
      if (sample.agent_name === 'Tolueno') expect(row).toBeUndefined();
      else expect(row?.name).toBe(sample.agent_name);
    }

    // A device's plan made before the edit still lands on the plan's samples (one plan, nothing doubled).
    const late = await Promise.all(plannedSamples(quotation.rows).map((slot) => admin.post('/api/sample', { quotation_id: quotation.id, ...slot })));
    expect(late.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    expect(late.map((reply) => (reply.body as Sample).id)).toEqual(before.map((sample) => sample.id));
    expect(await samplesOf(quotation.id)).toHaveLength(4);
  });

  it('keeps them too when an app older than row ids saves the quotation (lines without ids, reordered)', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const before = await samplesOf(quotation.id);
    const legacyRows = [...quotation.rows].reverse().map(({ row_id: _id, total: _total, ...row }) => row);
    const edited: Quotation = ok(await admin.put(`/api/quotation/${quotation.id}`, validQuotation(customerId, { rows: legacyRows, total: 1 })));
    expect(edited.rows.map((row) => row.row_id)).toEqual([...quotation.rows].reverse().map((row) => row.row_id));
    const after = await samplesOf(quotation.id);
    expect(after.map(slotOf)).toEqual(before.map(slotOf));
    for (const sample of after) expect(quotationRowOf(edited.rows, sample.quotation_row_id)?.name).toBe(sample.agent_name);
  });
});

describe('a legacy position (an outbox entry of an older app)', () => {
  it("is read as the row at that position and stored as the row's id", async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const planned = await samplesOf(quotation.id);
    const [, toluene, heat] = quotation.rows;

    // A plan slot by position lands on the plan's sample of that row.
    const slot = await admin.post('/api/sample', { quotation_id: quotation.id, type_id: 2, quotation_row_id: 2, plan_unit: 1 });
    expect(slot.status).toBe(200);
    expect((slot.body as Sample).id).toBe(planned.find((sample) => sample.quotation_row_id === toluene!.row_id)!.id);

    // A field sample by position names the row by its id.
    const extra: Sample = ok(await admin.post('/api/sample', { quotation_id: quotation.id, type_id: 4, quotation_row_id: 3 }), 201);
    expect(extra).toMatchObject({ quotation_row_id: heat!.row_id, plan_unit: null, agent_name: 'Calor', sample_no: 5 });

    // A position the quotation has no row for is refused, with the Portuguese message.
    const refused = await admin.post('/api/sample', { quotation_id: quotation.id, type_id: 4, quotation_row_id: 9 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SAMPLE_MESSAGES.rowNotFound);
    expect(await samplesOf(quotation.id)).toHaveLength(5);
  });

  it('is accepted on an update, JSON or multipart (digits alone are a position there), and never moves the sample', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const [first] = await samplesOf(quotation.id);
    const saved: Sample = ok(
      await admin.put(`/api/sample/${first!.id}`, {
        quotation_id: quotation.id,
        type_id: 3,
        quotation_row_id: 3,
        caracterization: { employee: 'Ana' },
      }),
    );
    expect(saved).toMatchObject({ quotation_row_id: quotation.rows[0]!.row_id, plan_unit: 1, employee: 'Ana' });
    const { body, contentType } = multipartBody([
      { name: 'quotation_id', value: String(quotation.id) },
      { name: 'type_id', value: '3' },
      { name: 'quotation_row_id', value: '3' },
      { name: 'caracterization', value: JSON.stringify({ employee: 'Bia' }) },
    ]);
    const multipart = await call(t, 'POST', `/api/sample/${first!.id}`, {
      token: await adminToken(t),
      body: body as unknown as string,
      headers: { 'content-type': contentType },
    });
    expect(multipart.status, JSON.stringify(multipart.body)).toBe(200);
    expect(multipart.body).toMatchObject({ quotation_row_id: quotation.rows[0]!.row_id, plan_unit: 1, employee: 'Bia' });
  });
});

describe("a sample made for a row starts with the row's sector, function and agent", () => {
  it('on the plan (POST api/sample/quotation): only what the row has', async () => {
    const quotation = await approvedQuotation();
    ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
    const samples = await samplesOf(quotation.id);
    expect(samples.map((sample) => [sample.caracterization, sample.memory_field])).toEqual([
      [{ sector: 'Estamparia', function: 'Operador de prensa' }, { agent: 'Ruído contínuo' }],
      [{ sector: 'Estamparia', function: 'Operador de prensa' }, { agent: 'Ruído contínuo' }],
      [{}, { agent: 'Tolueno' }],
      [{ sector: 'Fundição', function: 'Forneiro' }, { agent: 'Calor' }],
    ]);
  });

  it("never replaces what the technician typed: a device's typed plan sample wins over another device's untouched one", async () => {
    const quotation = await approvedQuotation();
    const planned = plannedSamples(quotation.rows);
    // Device A typed another sector and the employee in its first sample before it synced.
    const typed = {
      ...planned[0]!,
      caracterization: { ...planned[0]!.caracterization, sector: 'Estamparia 2', employee: 'João' },
      memory_field: { agent: 'Ruído de impacto' },
    };
    const a: Sample = ok(await admin.post('/api/sample', { quotation_id: quotation.id, ...typed }), 201);
    expect(a.caracterization).toEqual({ sector: 'Estamparia 2', function: 'Operador de prensa', employee: 'João' });
    expect(a.memory_field).toEqual({ agent: 'Ruído de impacto' });
    // Device B's plan, untouched (only the row's prefill), lands on the same slot and keeps A's fields.
    const b: Sample = ok(await admin.post('/api/sample', { quotation_id: quotation.id, ...planned[0]! }), 200);
    expect(b.id).toBe(a.id);
    expect(b.caracterization).toEqual(a.caracterization);
    expect(b.memory_field).toEqual(a.memory_field);
    expect(b.employee).toBe('João');
  });
});
