/**
 * The noise and heat blocks on the real server (PGlite, loopback): a sample
 * saved with what a technician typed is checked against the type's block
 * schemas and its inputs kept as sent (comma decimals, HH:mm), with the
 * server's own figures (issue 21: tests/server/samples/figures.test.ts); a
 * value the block cannot hold is refused with its Portuguese message at its
 * path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation } from '@sync/contract/quotations';
import type { Sample } from '@sync/contract/samples';
import { SAMPLE_FIELD_MESSAGES } from '@sync/contract/samples/block-fields';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
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

async function planOf(): Promise<Sample[]> {
  const rows = [
    { product_id: null, name: 'Ruído contínuo', product_type_id: 3, quantity: 1, value: 300 },
    { product_id: null, name: 'Calor', product_type_id: 4, quantity: 1, value: 200 },
  ];
  const quotation: Quotation = await createQuotation(admin, customerId, { rows, total: 500 });
  ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'approved' }));
  ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
  return ok(await admin.get(`/api/sample/all/0/10?quotation_id=${quotation.id}`)).list;
}

describe('noise and heat blocks', () => {
  it('a noise and a heat sample keep what was typed, with the server’s figures', async () => {
    const [noise, heat] = (await planOf()).sort((a, b) => a.type_id - b.type_id);
    const savedNoise: Sample = ok(
      await admin.post(`/api/sample/${noise!.id}`, {
        quotation_id: noise!.quotation_id,
        type_id: 3,
        memory_field: { initial_time: '07:00', final_time: '12:00', duration: '08:00', epis: [] },
        result: { nho: { result: '80', dose8: '128,0', conclusion: 'Acima do limite de exposição', bgColor: '#f44336' } },
      }),
    );
    expect(savedNoise.memory_field).toEqual({ initial_time: '07:00', final_time: '12:00', duration: '08:00', epis: [] });
    // Issue 21: the figures are the server's (the same as sent here), with NEN, TWA and Leq computed and the rest of the block filled in.
    expect(savedNoise.result).toMatchObject({
      nho: { result: '80', dose8: '128,0', nen: '86,1', twa: '86,1', leq: '86,1', conclusion: 'Acima do limite de exposição', bgColor: '#f44336' },
      nr15: { dose8: '', conclusion: '' },
    });

    const savedHeat: Sample = ok(
      await admin.post(`/api/sample/${heat!.id}`, {
        quotation_id: heat!.quotation_id,
        type_id: 4,
        memory_field: { tasks: [{ task: 'Forno', initial: '08:00', final: '09:00', tbn: '25,5', tg: '40', ibutg: '29,9' }] },
        result: { ibutg: '29,9', clothing: 'polyolefin-coverall' },
      }),
    );
    // The row's duration and IBUTG follow its times and readings (0.7 × 25,5 + 0.3 × 40 = 29,85); without a metabolic
    // rate there is no weighted result, so the Resultado's IBUTG sent is not kept (issue 21).
    expect(savedHeat.memory_field).toMatchObject({ tasks: [{ task: 'Forno', tbn: '25,5', duration: '01:00', ibutg: '29,9' }] });
    expect(savedHeat.result).toMatchObject({ ibutg: '', clothing: 'polyolefin-coverall', criterion: '' });
  });

  it.each([
    [3, { memory_field: { initial_time: '7:30' } }, 'memory_field', 'Hora inválida: use HH:mm.'],
    [3, { result: { nho: { dose8: '12,8,0' } } }, 'result', SAMPLE_FIELD_MESSAGES.decimal],
    [3, { validation: { exposition: 'Talvez' } }, 'validation', SAMPLE_FIELD_MESSAGES.option],
    [4, { memory_field: { tasks: [{ final: '25:00' }] } }, 'memory_field', 'Hora inválida: use HH:mm.'],
  ] as const)('type %s refuses %j with its message', async (typeId, blocks, block, message) => {
    const sample = (await planOf()).find((s) => s.type_id === typeId)!;
    const reply = await admin.post(`/api/sample/${sample.id}`, { quotation_id: sample.quotation_id, type_id: typeId, ...blocks });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(message);
    expect(JSON.stringify(reply.body)).toContain(block);
  });
});
