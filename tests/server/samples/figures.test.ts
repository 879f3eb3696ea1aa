/**
 * The server's own figures (issue 21, server/routes/samples/figures.ts) on
 * the real server (PGlite, loopback): every save recomputes the sample's
 * figures with the descriptor's derivation and the thresholds of the
 * server's settings, against the same table as the pure function
 * (tests/unit/contract/support/figure-cases.ts); a device that sends a
 * wrong figure gets the server's back, in the answer and in every read; a
 * figure typed over on purpose is kept; the criterion is stored; rows saved
 * without ids get one. Create, update, the multipart save and the batch
 * call all go through the same save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_PATH } from '@sync/contract/batch';
import type { Quotation } from '@sync/contract/quotations';
import type { Sample } from '@sync/contract/samples';
import { thresholdsVersion } from '@sync/contract/samples/noise-figures';
import { RESULT_OPTIONS } from '@sync/contract/settings-groups';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, TYPE_IDS, type Api } from '../catalog/support';
import { createCustomer, multipartBody } from '../customers/support';
import { createQuotation } from '../quotations/support';
import { HEAT_FIGURE_CASES, NOISE_FIGURE_CASES, SEEDED_LEVELS_VERSION, type FigureCase } from '../../unit/contract/support/figure-cases';

let t: TestApp;
let admin: Api;
let quotation: Quotation;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  const customerId = (await createCustomer(t, await adminToken(t))).id;
  const rows = [
    { product_id: null, name: 'Ruído contínuo', product_type_id: TYPE_IDS.noise, quantity: 1, value: 300 },
    { product_id: null, name: 'Calor', product_type_id: TYPE_IDS.heat, quantity: 1, value: 200 },
  ];
  quotation = await createQuotation(admin, customerId, { rows, total: 500 });
  ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'approved' }));
});
afterAll(() => t.close());

function body(typeId: number, blocks: FigureCase['blocks']) {
  return { quotation_id: quotation.id, type_id: typeId, ...blocks };
}

async function created(typeId: number, blocks: FigureCase['blocks']): Promise<Sample> {
  return ok(await admin.post('/api/sample', body(typeId, blocks)), 201);
}

async function read(id: number): Promise<Sample> {
  return ok(await admin.get(`/api/sample/${id}`));
}

describe('the server computes the figures of every save, as the table says', () => {
  it.each([
    ...NOISE_FIGURE_CASES.map((c) => [`noise: ${c.name}`, TYPE_IDS.noise, c] as const),
    ...HEAT_FIGURE_CASES.map((c) => [`heat: ${c.name}`, TYPE_IDS.heat, c] as const),
  ])('%s', async (_, typeId, { blocks, expected }) => {
    const answer = await created(typeId, blocks);
    expect(answer).toMatchObject(expected);
    expect(await read(answer.id)).toMatchObject(expected);
  });
});

describe('a device and the server disagree', () => {
  const wrong = NOISE_FIGURE_CASES.find((c) => c.name.startsWith('a wrong Dose 8h'))!;

  it("a wrong figure sent in an update gets the server's back, in the answer and in GET", async () => {
    const sample = await created(TYPE_IDS.noise, {});
    const answer: Sample = ok(await admin.put(`/api/sample/${sample.id}`, body(TYPE_IDS.noise, wrong.blocks)));
    expect(answer.result).toMatchObject({ nho: { dose8: '128,0', nen: '86,1', conclusion: 'Acima do limite de exposição', bgColor: '#f44336' } });
    expect(answer.risk_classification).toMatchObject({ nho: { dose_daily: '128,0' } });
    const stored = await read(sample.id);
    expect(stored.result).toEqual(answer.result);
    expect(stored.risk_classification).toEqual(answer.risk_classification);
    expect(stored.updated_at).toBe(answer.updated_at);
  });

  it('Dose 8h, NEN and TWA typed by hand (nothing measured) are kept by the server', async () => {
    const sample = await created(TYPE_IDS.noise, { result: { nho: { dose8: '85', nen: '85,5', twa: '84' }, nr15: { dose8: '101,5' } } });
    expect((await read(sample.id)).result).toMatchObject({
      nho: { dose8: '85', nen: '85,5', twa: '84', conclusion: 'Região de incerteza' },
      nr15: { dose8: '101,5', conclusion: 'Acima do limite de exposição' },
    });
  });

  it('a heat IBUTG typed over on purpose is kept, and weighted in the result', async () => {
    const task = { task: 'Forno', initial: '08:00', final: '09:00', metabolism: '243', tbn: '27', tg: '37' };
    const sample = await created(TYPE_IDS.heat, { memory_field: { tasks: [{ ...task, ibutg: '35,0', typed: ['ibutg'] }] } });
    // Sent again with a wrong (stale) result: the server keeps the typed IBUTG and computes the rest.
    const answer: Sample = ok(
      await admin.post(`/api/sample/${sample.id}`, {
        ...body(TYPE_IDS.heat, { memory_field: { tasks: [{ ...task, ibutg: '35,0', typed: ['ibutg'] }] } }),
        result: { ibutg: '30,0', metabolism: '1', max: '99' },
      }),
    );
    for (const saved of [answer, await read(sample.id)]) {
      expect(saved.memory_field).toMatchObject({ tasks: [{ ibutg: '35,0', typed: ['ibutg'], duration: '01:00' }] });
      expect(saved.result).toMatchObject({ ibutg: '35,0', metabolism: '243', max: '29,3', action_level: '26,3' });
    }
    // Without the mark, the readings' IBUTG (0.7 × 27 + 0.3 × 37 = 30.0) replaces it.
    const unmarked: Sample = ok(
      await admin.put(`/api/sample/${sample.id}`, body(TYPE_IDS.heat, { memory_field: { tasks: [{ ...task, ibutg: '35,0' }] } })),
    );
    expect(unmarked.memory_field).toMatchObject({ tasks: [{ ibutg: '30,0' }] });
    expect(unmarked.result).toMatchObject({ ibutg: '30,0' });
  });
});

describe('what the server stores besides the figures', () => {
  it('the criterion of every figure', async () => {
    const noise = await created(TYPE_IDS.noise, NOISE_FIGURE_CASES[0]!.blocks);
    const heat = await created(TYPE_IDS.heat, HEAT_FIGURE_CASES[1]!.blocks);
    const storedNoise = (await read(noise.id)).result as { nho: { criterion: string }; nr15: { criterion: string } };
    expect(storedNoise.nho.criterion).toBe(
      `NHO 01 (2001), q = 3, nível de critério 85 dB(A), limiar 80 dB(A); Dose 8h calculada da dose medida (tempo medido 05:00, jornada 08:00); limiares de conclusão ${SEEDED_LEVELS_VERSION}`,
    );
    expect(storedNoise.nr15.criterion).toMatch(/^NR-15 Anexo 1 \(Portaria MTb 3\.214\/1978\), q = 5, /);
    expect((await read(heat.id)).result).toMatchObject({
      criterion: 'NHO 06 (2017); limites NR-15 Anexo 3 (Portaria SEPRT 1.359/2019), trabalhador aclimatizado; vestimenta +0,5 °C',
    });
  });

  it('an id on every row saved without one', async () => {
    const sample = await created(TYPE_IDS.heat, {
      memory_field: { tasks: [{ task: 'Forno' }, { task: 'Pausa', row_id: 'a1b2c3' }], epis: [{ type: 'Protetor' }] },
    });
    const memory = (await read(sample.id)).memory_field as { tasks: Array<{ row_id: string; task: string }>; epis: Array<{ row_id: string }> };
    expect(memory.tasks.map((task) => task.task)).toEqual(['Forno', 'Pausa']);
    expect(memory.tasks[0]!.row_id).toMatch(/^[0-9a-f]{24}$/);
    expect(memory.tasks[1]!.row_id).toBe('a1b2c3');
    expect(memory.epis[0]!.row_id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("the thresholds of the server's settings, read at each save", async () => {
    const defaults = defaultResultThresholds().noise;
    // NHO level 3 up to 130 %, level 4 from 130 % (Dose 8h and daily dose): 128 % becomes 'Região de incerteza'.
    const nho = {
      ...defaults.nho,
      level3: { ...defaults.nho.level3, max: 130, dailyDoseMax: 130 },
      level4: { ...defaults.nho.level4, min: 130, dailyDoseMin: 130 },
    };
    ok(await admin.put('/api/settings', { options: [{ option: RESULT_OPTIONS.noise, value: JSON.stringify({ ...defaults, nho }) }] }));
    try {
      const sample = await created(TYPE_IDS.noise, NOISE_FIGURE_CASES[0]!.blocks);
      expect(sample.result).toMatchObject({
        nho: {
          dose8: '128,0',
          conclusion: 'Região de incerteza',
          criterion: expect.stringContaining(`limiares de conclusão ${thresholdsVersion(nho)}`),
        },
        nr15: { conclusion: 'Acima do limite de exposição', criterion: expect.stringContaining(`limiares de conclusão ${SEEDED_LEVELS_VERSION}`) },
      });
      expect(sample.risk_classification).toMatchObject({ nho: { dose_daily: '128,0', consideration: 'Região de incerteza' } });
    } finally {
      ok(await admin.put('/api/settings', { options: [{ option: RESULT_OPTIONS.noise, value: JSON.stringify(defaults) }] }));
    }
  });
});

describe('every way of saving goes through the same save', () => {
  const [measured] = NOISE_FIGURE_CASES;

  it('the multipart save (POST api/sample/{id} with `data`)', async () => {
    const sample = await created(TYPE_IDS.noise, {});
    const { body: form, contentType } = multipartBody([{ name: 'data', value: JSON.stringify(body(TYPE_IDS.noise, measured!.blocks)) }]);
    const reply = await call(t, 'POST', `/api/sample/${sample.id}`, {
      token: await adminToken(t),
      body: form as unknown as string,
      headers: { 'content-type': contentType },
    });
    expect(ok(reply)).toMatchObject(measured!.expected);
    expect(await read(sample.id)).toMatchObject(measured!.expected);
  });

  it('the batch call', async () => {
    const sample = await created(TYPE_IDS.noise, {});
    const answer = ok(
      await admin.post(`/${BATCH_PATH}`, {
        requests: [{ method: 'PUT', path: `api/sample/${sample.id}`, body: body(TYPE_IDS.noise, measured!.blocks) }],
      }),
    ) as { responses: Array<{ status: number; body: Sample }> };
    expect(answer.responses[0]!.status).toBe(200);
    expect(answer.responses[0]!.body).toMatchObject(measured!.expected);
    expect(await read(sample.id)).toMatchObject(measured!.expected);
  });
});
