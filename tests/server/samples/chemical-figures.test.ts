/**
 * Chemical samples on the real server (PGlite, loopback; issue 22): the
 * blocks are checked with the same schemas as the device (a refused value
 * answers 400 with its Portuguese message at its path, where anything was
 * accepted before), and every save recomputes the figures with the shared
 * derivation against the table the pure function runs
 * (tests/unit/contract/support/chemical-figure-cases.ts); a device that sends
 * a wrong figure gets the server's back; the result rows follow the agent
 * rows; a classification stored as the original system's single record is
 * read as its list.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation } from '@sync/contract/quotations';
import type { Sample } from '@sync/contract/samples';
import { CHEMICAL_MESSAGES } from '@sync/contract/samples/chemical';
import { SAMPLE_FIELD_MESSAGES } from '@sync/contract/samples/block-fields';
import { samples } from '@server/db/schema';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, TYPE_IDS, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation } from '../quotations/support';
import { CHEMICAL_FIGURE_CASES, RED, THREE_AGENTS, THREE_RESULTS, type ChemicalFigureCase } from '../../unit/contract/support/chemical-figure-cases';

let t: TestApp;
let admin: Api;
let quotation: Quotation;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  const customerId = (await createCustomer(t, await adminToken(t))).id;
  const rows = [{ product_id: null, name: 'Tolueno', product_type_id: TYPE_IDS.chemical, quantity: 1, value: 300 }];
  quotation = await createQuotation(admin, customerId, { rows, total: 300 });
  ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'approved' }));
});
afterAll(() => t.close());

const body = (blocks: ChemicalFigureCase['blocks']) => ({ quotation_id: quotation.id, type_id: TYPE_IDS.chemical, ...blocks });
const created = async (blocks: ChemicalFigureCase['blocks']): Promise<Sample> => ok(await admin.post('/api/sample', body(blocks)), 201);
const read = async (id: number): Promise<Sample> => ok(await admin.get(`/api/sample/${id}`));

describe('the server computes the chemical figures of every save, as the table says', () => {
  it.each(CHEMICAL_FIGURE_CASES.map((c) => [c.name, c] as const))('%s', async (_, { blocks, expected }) => {
    const answer = await created(blocks);
    expect(answer).toMatchObject(expected);
    expect(await read(answer.id)).toMatchObject(expected);
  });
});

describe('the chemical blocks are checked with the device’s schemas', () => {
  it.each([
    [{ memory_field: { agents: [{ pump_flow: '1,234' }] } }, 'memory_field.agents.0.pump_flow', CHEMICAL_MESSAGES.pumpFlow],
    [{ memory_field: { agents: [{ pump_flow: '-1' }] } }, 'memory_field.agents.0.pump_flow', CHEMICAL_MESSAGES.pumpFlow],
    [{ memory_field: { agents: [{ initial: '8:00' }] } }, 'memory_field.agents.0.initial', SAMPLE_FIELD_MESSAGES.time],
    [{ memory_field: { date: '31/02/2026' } }, 'memory_field.date', SAMPLE_FIELD_MESSAGES.date],
    [{ result: { agents: [{ lq: 'Talvez' }] } }, 'result.agents.0.lq', SAMPLE_FIELD_MESSAGES.option],
    [{ result: { agents: [{ unity: 'ppb' }] } }, 'result.agents.0.unity', SAMPLE_FIELD_MESSAGES.option],
    [{ result: { agents: [{ result: '1,2,3' }] } }, 'result.agents.0.result', SAMPLE_FIELD_MESSAGES.decimal],
    [{ validation: { varification_initial: 'um' } }, 'validation.varification_initial', SAMPLE_FIELD_MESSAGES.decimal],
    [{ validation: { calibration: 'Talvez' } }, 'validation.calibration', SAMPLE_FIELD_MESSAGES.option],
  ] as const)('%j is refused at %s', async (blocks, path, message) => {
    const reply = await admin.post('/api/sample', body(blocks));
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(path);
    expect(JSON.stringify(reply.body)).toContain(message);
  });
});

describe('a device and the server disagree', () => {
  it('wrong figures sent in an update get the server’s back, in the answer and in GET', async () => {
    const sample = await created({ memory_field: { agents: THREE_AGENTS }, result: { agents: THREE_RESULTS } });
    const wrongMemory = { agents: THREE_AGENTS.map((row) => ({ ...row, total_time: '09:59', volume: '1' })) };
    const wrongResult = { agents: THREE_RESULTS.map((row) => ({ ...row, risk_level: 'risk1', conclusion: 'Risco baixo', bg_color: '#4caf50' })) };
    const answer: Sample = ok(await admin.put(`/api/sample/${sample.id}`, body({ memory_field: wrongMemory, result: wrongResult })));
    for (const saved of [answer, await read(sample.id)]) {
      expect(saved.memory_field).toMatchObject({ agents: [{ total_time: '04:00', volume: '360' }, { total_time: '08:00' }, { volume: '180' }] });
      expect(saved.result).toMatchObject({
        agents: [{ risk_level: 'risk4', conclusion: 'Risco alto', bg_color: RED }, { risk_level: 'risk2' }, { risk_level: 'lq' }],
      });
    }
  });

  it('an agent removed on the device takes its result row with it; an agent added gets one, linked by its row id', async () => {
    const sample = await created({ memory_field: { agents: THREE_AGENTS }, result: { agents: THREE_RESULTS } });
    const agents = [THREE_AGENTS[0]!, THREE_AGENTS[2]!, { row_id: 'a4', agent: 'Benzeno', agent_id: 14 }];
    const answer: Sample = ok(await admin.put(`/api/sample/${sample.id}`, body({ memory_field: { agents }, result: { agents: THREE_RESULTS } })));
    const rows = (answer.result.agents as Array<Record<string, unknown>>).map((row) => [row.row_id, row.agent_row_id, row.agent_chemical]);
    expect(rows).toEqual([
      ['a1', 'a1', 'Tolueno'],
      ['a3', 'a3', 'Sílica'],
      ['a4', 'a4', 'Benzeno'],
    ]);
    const items = (answer.risk_classification.classifications as Array<Record<string, unknown>>).map((item) => item.agent_chemical);
    expect(items).toEqual(['Tolueno', 'Sílica', 'Benzeno']);
  });

  it('a planned sample’s agent (the quotation row’s) lands in the first agent row at the first save', async () => {
    const rows = [{ product_id: null, name: 'Tolueno', product_type_id: TYPE_IDS.chemical, quantity: 1, value: 300 }];
    const planOf: Quotation = await createQuotation(admin, quotation.customer_id, { rows, total: 300 });
    ok(await admin.put(`/api/quotation/${planOf.id}/status`, { status: 'approved' }));
    ok(await admin.post('/api/sample/quotation', { quotationId: planOf.id }));
    const [planned] = ok(await admin.get(`/api/sample/all/0/10?quotation_id=${planOf.id}`)).list as Sample[];
    expect(planned!.memory_field).toEqual({ agent: 'Tolueno' });
    const answer: Sample = ok(
      await admin.put(`/api/sample/${planned!.id}`, {
        quotation_id: planOf.id,
        type_id: TYPE_IDS.chemical,
        memory_field: planned!.memory_field,
        validation: { exposition: 'Sim' },
      }),
    );
    expect(answer.memory_field.agent).toBeUndefined();
    expect(answer.memory_field).toMatchObject({ agents: [{ agent: 'Tolueno' }] });
    expect(answer.result).toMatchObject({ agents: [{ agent_chemical: 'Tolueno' }] });
  });
});

describe('a classification stored as the original system’s single record', () => {
  it('is read as its list, and saved as the list', async () => {
    const sample = await created({ memory_field: { agents: [{ row_id: 'l1', agent: 'Tolueno' }] } });
    const legacy = { agent_chemical: 'Tolueno', index: 'risk2', leo: '0,3', frequency: 'Bienal', recommendation: 'Manter EPI' };
    await t.db.update(samples).set({ risk_classification: legacy }).where(eq(samples.id, sample.id));
    const listed = {
      recommendation: 'Manter EPI',
      classifications: [{ agent_chemical: 'Tolueno', index: 'risk2', leo: '0,3', frequency: 'Bienal' }],
    };
    expect((await read(sample.id)).risk_classification).toEqual(listed);
    // Sent back as the old app had it (an outbox entry of an older version): accepted, stored as the list.
    const answer: Sample = ok(await admin.put(`/api/sample/${sample.id}`, body({ risk_classification: legacy })));
    expect(answer.risk_classification).toMatchObject({ recommendation: 'Manter EPI', classifications: [{ index: 'risk2', leo: '0,3' }] });
    const [stored] = await t.db.select({ block: samples.risk_classification }).from(samples).where(eq(samples.id, sample.id));
    expect(Array.isArray((stored!.block as { classifications?: unknown }).classifications)).toBe(true);
  });
});
