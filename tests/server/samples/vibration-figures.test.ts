/**
 * The vibration sample on the real server (PGlite, loopback; issue 23):
 * every save validates the blocks with the type's schemas (a count typed
 * with a comma is refused at its field) and recomputes the figures with the
 * descriptor's derivation, against the same table as the pure function
 * (tests/unit/contract/support/vibration-figure-cases.ts): a device that
 * sends a stale result gets the server's back, in the answer and in every
 * read; a result typed over on purpose and a consideration chosen
 * otherwise are kept; measurements saved without ids get one, the result
 * rows keep theirs ('aren', 'vdvr'). The report prints the same text from
 * the server and from the device: the measurement conditions, the results
 * with their criterion and limit, the bands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation } from '@sync/contract/quotations';
import type { Sample } from '@sync/contract/samples';
import { settingsMap } from '@sync/contract/settings';
import { VIBRATION_DESCRIPTOR } from '@sync/contract/samples/vibration-descriptor';
import type { LocalSample } from '@sync/store/registry';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { buildSampleDocument, pdfSampleOf } from '@/pdf/sample';
import { options } from '@server/db/schema';
import { renderPdf } from '@server/pdf/render';
import { readPdf } from '../helpers/pdf-text';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, TYPE_IDS, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation } from '../quotations/support';
import type { FigureCase } from '../../unit/contract/support/figure-cases';
import { VIBRATION_BAND, VIBRATION_FIGURE_CASES, WHOLE_BODY_MEMORY } from '../../unit/contract/support/vibration-figure-cases';

let t: TestApp;
let admin: Api;
let quotation: Quotation;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  const customerId = (await createCustomer(t, await adminToken(t))).id;
  const rows = [{ product_id: null, name: 'Vibração de corpo inteiro (VCI)', product_type_id: TYPE_IDS.vibration, quantity: 1, value: 480 }];
  quotation = await createQuotation(admin, customerId, { rows, total: 480 });
  ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'approved' }));
});
afterAll(() => t.close());

const body = (blocks: FigureCase['blocks']) => ({ quotation_id: quotation.id, type_id: TYPE_IDS.vibration, ...blocks });
const created = async (blocks: FigureCase['blocks']): Promise<Sample> => ok(await admin.post('/api/sample', body(blocks)), 201);
const read = async (id: number): Promise<Sample> => ok(await admin.get(`/api/sample/${id}`));

describe('the server computes the vibration figures of every save, as the table says', () => {
  it.each(VIBRATION_FIGURE_CASES.map((c) => [c.name, c] as const))('%s', async (_, { blocks, expected }) => {
    const answer = await created(blocks);
    expect(answer).toMatchObject(expected);
    expect(await read(answer.id)).toMatchObject(expected);
  });
});

describe('what the server keeps and refuses', () => {
  it('a stale result sent in an update gets the server’s back; a result typed over and a chosen consideration are kept', async () => {
    const sample = await created({ memory_field: WHOLE_BODY_MEMORY });
    const stale: Sample = ok(
      await admin.put(`/api/sample/${sample.id}`, body({ memory_field: WHOLE_BODY_MEMORY, result: { rows: [{ row_id: 'aren', result: '0,10' }] } })),
    );
    expect(stale.result).toMatchObject({
      rows: [
        { row_id: 'aren', result: '0,70' },
        { row_id: 'vdvr', result: '9,61' },
      ],
    });
    expect((await read(sample.id)).result).toEqual(stale.result);

    const typed: Sample = ok(
      await admin.put(
        `/api/sample/${sample.id}`,
        body({
          memory_field: WHOLE_BODY_MEMORY,
          result: { rows: [{ row_id: 'aren', result: '1,2', typed: ['result'] }] },
          risk_classification: { consideration: 'Aceitável', typed: ['consideration'] },
        }),
      ),
    );
    for (const saved of [typed, await read(sample.id)]) {
      expect(saved.result).toMatchObject({ rows: [{ row_id: 'aren', result: '1,2', typed: ['result'], bgColor: '#f44336' }, { result: '9,61' }] });
      // AREN typed over the limit: band 4 proposes its recommendation; the consideration stays the technician's.
      expect(saved.risk_classification).toMatchObject({
        consideration: 'Aceitável',
        recomendation: VIBRATION_BAND[4].recomendation,
        typed: ['consideration'],
      });
    }
  });

  it('the blocks are checked with the type’s schemas: a repetition count with a comma is refused at its field', async () => {
    const reply = await admin.post('/api/sample', body({ memory_field: { repeat_number: '2,5' } }));
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('Número inválido: use só algarismos.');
  });

  it('an id on every measurement saved without one; the result rows keep theirs', async () => {
    const sample = await created({
      memory_field: {
        vibration_type: 'corpo',
        measurements: [
          { name: 'A', arep: '0,5', exposure_time: '02:00' },
          { name: 'B', row_id: 'b2' },
        ],
      },
    });
    const stored = await read(sample.id);
    const measurements = stored.memory_field.measurements as Array<{ row_id: string; name: string }>;
    expect(measurements.map((row) => row.name)).toEqual(['A', 'B']);
    expect(measurements[0]!.row_id).toMatch(/^[0-9a-f]{24}$/);
    expect(measurements[1]!.row_id).toBe('b2');
    expect((stored.result.rows as Array<{ row_id: string }>).map((row) => row.row_id)).toEqual(['aren', 'vdvr']);
  });
});

describe('the vibration report, from the server and from the device', () => {
  it('prints the conditions, the results with their criterion and the bands, the same text from both', async () => {
    const blocks = VIBRATION_DESCRIPTOR.derive(
      {
        caracterization: { employee: 'Paulo Motorista', function: 'Motorista', sector: 'Transporte' },
        memory_field: { ...WHOLE_BODY_MEMORY, data: '03/03/2026', brand: 'Volvo', model: 'FH 540', bank_type: 'Pneumático', floor_type: 'Terra' },
        result: {},
        risk_classification: {},
        validation: { avaliation: 'Representativa', exposition: 'Sim', sample_type: 'Normal', justify: 'Jornada típica' },
      },
      { thresholds: defaultResultThresholds() },
    );
    const sample = await created(blocks);
    const wire = await read(sample.id);
    const token = await adminToken(t);
    const server = await fetch(`${t.baseUrl}/api/pdf/sample/${sample.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(server.status).toBe(200);
    const serverText = (await readPdf(new Uint8Array(await server.arrayBuffer()))).text;

    // The device: its local record with the blocks as its draft holds them (another key order), the one template.
    const { id: _id, created_at: _c, updated_at: _u, type: _type, files: _files, ...fields } = wire;
    const local = { ...fields, key: 'amostra-local', ...blocks } as unknown as LocalSample;
    const settings = settingsMap(await t.db.select({ option: options.option, value: options.value }).from(options));
    const definition = buildSampleDocument({ sample: pdfSampleOf(local, quotation.reference_no), settings, logo: null });
    const deviceText = (await readPdf(await renderPdf(definition))).text;
    expect(deviceText).toBe(serverText);

    for (const part of [
      'Tipo de vibração Corpo inteiro',
      'Método NHO 09',
      'Critério AREN/VDVR',
      'Tempo de exposição (HH:mm) 06:00',
      'Tipo de assento Pneumático',
      'Medição 1',
      'arep (m/s²) 0,81',
      'Resultados',
      'NHO 09',
      '1,1 m/s²',
      '21 m/s^1,75',
      'Faixa 2: de 0,5 a < 0,9 m/s² (Acima do nível de ação)',
      'Consideração técnica Acima do nível de ação',
    ]) {
      expect(serverText).toContain(part);
    }
    for (const raw of ['Tipo de vibração corpo', 'row_id', 'aren_color', 'bgColor', 'vdv_exp', 'measurements']) expect(serverText).not.toContain(raw);
  });
});
