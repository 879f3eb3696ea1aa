/**
 * `GET api/pdf/sample/{id}`: the PDF the server renders, read back with
 * pdfjs: the company, the sample number, the employee and the Dose 8h the
 * device computed (fillNoiseResult, what Salvar stores) of a noise sample;
 * 403 without the samples module; a customer-type user gets only their own
 * customers' samples, and only once approved (issue 28).
 *
 * The report of a heat and a noise sample, from the server (the PDF bytes
 * of the route) and from the device (the definition the browser's Imprimir
 * builds from its local record, `pdfSampleOf` + `buildSampleDocument`,
 * rendered here by the server's renderer): the same text from both although
 * the server's JSONB keeps the blocks' keys in another order; Portuguese
 * labels only, in the form's order; the quotation as 'N/YYYY'.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample, SampleBlocks } from '@sync/contract/samples';
import { HEAT_DESCRIPTOR } from '@sync/contract/samples/heat-descriptor';
import { emptyHeatBlocks } from '@sync/contract/samples/heat';
import { emptyNoiseBlocks, normaliseNoiseBlock } from '@sync/contract/samples/noise';
import { NOISE_DESCRIPTOR } from '@sync/contract/samples/noise-descriptor';
import { settingsMap } from '@sync/contract/settings';
import type { Quotation } from '@sync/contract/quotations';
import type { LocalSample } from '@sync/store/registry';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { parseNoiseThresholds } from '@/domain/result-thresholds-parse';
import { fillNoiseResult } from '@sync/contract/samples/noise-figures';
import { buildSampleDocument, pdfSampleOf } from '@/pdf/sample';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { options, samples } from '@server/db/schema';
import { renderPdf } from '@server/pdf/render';
import { signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { readPdf } from '../helpers/pdf-text';
import { adminToken, api, ok, roleWith, userWithRole, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation } from '../quotations/support';
import { plannedNoiseSample, samplePdf } from './support';

let t: TestApp;
let admin: Api;
let token: string;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  admin = api(t, token);
  customerId = (await createCustomer(t, token, { name: 'Cerâmica São João Ltda' })).id;
  await t.db.update(options).set({ value: 'Higiene Ação Consultoria' }).where(eq(options.option, 'company_name'));
});
afterAll(() => t.close());

const planned = (forCustomer = customerId) => plannedNoiseSample(admin, forCustomer);
const pdfOf = (caller: string, id: number) => samplePdf(t, caller, id);

describe('the sample PDF', () => {
  it('prints the company, the sample number, the employee and the computed Dose 8h of a noise sample', async () => {
    const sample = await planned();
    // 50 % measured over 4 h, journey 8 h: Dose 8h 100 % (calculations.md section 1), as the device computes it before Salvar.
    const memory = normaliseNoiseBlock('memory_field', { initial_time: '08:00', final_time: '12:00', duration: '08:00' });
    const result = fillNoiseResult(normaliseNoiseBlock('result', { nho: { result: '50' } }), memory, parseNoiseThresholds(null)).result;
    expect(result.nho.dose8).not.toBe('');
    const body = {
      quotation_id: sample.quotation_id,
      type_id: sample.type_id,
      caracterization: { employee: 'Maria Souza' },
      memory_field: memory,
      result,
    };
    ok(await admin.post(`/api/sample/${sample.id}`, body));
    const { status, bytes, type } = await pdfOf(token, sample.id);
    expect(status).toBe(200);
    expect(type).toBe('application/pdf');
    const { text } = await readPdf(bytes);
    expect(text).toContain('Higiene Ação Consultoria');
    expect(text).toContain('Cerâmica São João Ltda');
    expect(text).toContain(`Nº ${sample.sample_no}`);
    expect(text).toContain('Maria Souza');
    expect(text).toContain('Dose 8h (%)');
    expect(text).toContain(result.nho.dose8);
    expect(text).toMatch(/Página 1 de \d/);
  });

  it('answers 404 for a sample that does not exist', async () => {
    expect((await pdfOf(token, 999_999)).status).toBe(404);
  });

  it('needs the samples module, and gives a customer-type user only their own customers’ samples', async () => {
    const mine = await insertCustomer(t.db, { name: 'Metalúrgica Cliente Ltda', type: 'corporate' });
    const user = await insertUser(t.db, {
      name: 'Cliente',
      username: 'cliente-pdf-amostra',
      email: 'pdf@cliente.com.br',
      password: 'senha-de-teste-1',
      roleSlug: 'cliente',
    });
    await linkUserToCustomer(t.db, user, mine);
    const customerToken = (await signIn(t, 'cliente-pdf-amostra', 'senha-de-teste-1')).access_token;
    const own = await planned(mine);
    const others = await planned();
    // Not yet approved: its results are not the customer's to read (issue 28).
    expect((await pdfOf(customerToken, own.id)).status).toBe(403);
    await t.db.update(samples).set({ status: 'aprovada' }).where(eq(samples.id, own.id));
    expect((await pdfOf(customerToken, own.id)).status).toBe(200);
    expect((await pdfOf(customerToken, others.id)).status).toBe(403);

    await roleWith(t, 'sem-amostras-pdf', ['customers']);
    const noModule = (await userWithRole(t, 'sem-amostras-pdf-user', 'sem-amostras-pdf')).token;
    expect((await pdfOf(noModule, own.id)).status).toBe(403);
  });
});

/* ---------- the report from the server and from the device ---------- */

/** An approved quotation of the customer with its plan: one sample of the agent's type (3 noise, 4 heat). */
async function plannedSample(productTypeId: number, name: string): Promise<{ sample: Sample; quotation: Quotation }> {
  const created = await createQuotation(admin, customerId, {
    rows: [{ product_id: null, name, product_type_id: productTypeId, quantity: 1, value: 300 }],
    total: 300,
  });
  ok(await admin.put(`/api/quotation/${created.id}/status`, { status: 'approved' }));
  ok(await admin.post('/api/sample/quotation', { quotationId: created.id }));
  const [sample] = ok(await admin.get(`/api/sample/all/0/10?quotation_id=${created.id}`)).list as Sample[];
  const quotation = ok(await admin.get(`/api/quotation/${created.id}`)) as Quotation;
  return { sample: sample!, quotation };
}

/** Two heat tasks (the second's duration typed over by the technician), an EPI, and the figures the device derives. */
function heatBlocks(): SampleBlocks {
  const blank = emptyHeatBlocks();
  const task = blank.memory_field.tasks[0]!;
  const typed: SampleBlocks = {
    caracterization: { employee: 'João Lima', function: 'Forneiro', sector: 'Fundição', ghe: 'GHE 02' },
    memory_field: {
      ...blank.memory_field,
      instrument: 'Medidor de estresse térmico TGD-400',
      instrument_serie: 'TGD-7781',
      medition: 'Contínua',
      agent: 'Calor',
      exposition_limit: 'NR 15 Anexo 3',
      tasks: [
        {
          ...task,
          row_id: 'tarefa-forno',
          task: 'Alimentação do forno',
          activity_type: 'Moderada',
          initial: '08:00',
          final: '08:40',
          duration: '00:40',
          metabolism: '300',
          ura: '60',
          var: '0,5',
          tbs: '31',
          tbn: '28',
          tg: '40',
          ibutg: '31,6',
        },
        {
          ...task,
          row_id: 'tarefa-descanso',
          task: 'Descanso',
          activity_type: 'Leve',
          initial: '08:40',
          final: '09:00',
          duration: '00:25',
          metabolism: '120',
          tbn: '24',
          tg: '27',
          ibutg: '24,9',
          typed: ['duration'],
        },
      ],
      epis: [{ ...blank.memory_field.epis[0]!, type: 'Luva térmica', manufacturer: 'Segurança Ltda', model: 'LT-2', number: '12345' }],
      observation: 'Forno a gás.',
    },
    result: { ...blank.result },
    risk_classification: { ...blank.risk_classification, exposition_recomendation: 'Pausas a cada hora.' },
    validation: {
      ...blank.validation,
      avaliation: 'Representativa',
      exposition: 'Sim',
      sample_type: 'Normal',
      justify: 'Dia típico de produção',
      initial_tbs: '30',
      initial_tbn: '27',
      initial_tg: '39',
      final_tbs: '31',
      final_tbn: '28',
      final_tg: '40',
      stabilization: '25 min',
      equipment: 'TGD-400',
    },
  };
  return HEAT_DESCRIPTOR.derive(typed, { thresholds: defaultResultThresholds() });
}

/** A dosimetry (NHO 01 from the measured dose; NR 15's Dose 8h typed by hand), a classification, and the figures the device derives. */
function noiseBlocks(): SampleBlocks {
  const blank = emptyNoiseBlocks();
  const typed: SampleBlocks = {
    caracterization: { employee: 'Maria Souza', function: 'Prensista', sector: 'Prensas' },
    memory_field: {
      ...blank.memory_field,
      instrument: 'Dosímetro DOS-500',
      gauge: 'Calibrador CAL-200',
      data: '02/03/2026',
      initial_time: '08:00',
      final_time: '12:00',
      initial_calibration: '114',
      final_calibration: '114',
      task: 'Operação da prensa',
      duration: '08:00',
    },
    result: { nho: { ...blank.result.nho, result: '50' }, nr15: { ...blank.result.nr15, dose8: '80', nen: '83,4', twa: '83,4' } },
    risk_classification: { ...blank.risk_classification, nho: { ...blank.risk_classification.nho, dose_daily: '100' } },
    validation: { avaliation: 'Representativa', exposition: 'Sim', exposition_type: 'Normal', justify: 'Jornada típica' },
  };
  return NOISE_DESCRIPTOR.derive(typed, { thresholds: defaultResultThresholds() });
}

/** The same keys, in the opposite order at every level (rows stay in their order): another order than the one stored. */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversedKeys(inner)]),
  ) as T;
}

/** Saves the blocks as the device's Salvar does, then the report's text from the server and from the device. */
async function reportTexts(productTypeId: number, name: string, blocks: SampleBlocks) {
  const { sample, quotation } = await plannedSample(productTypeId, name);
  ok(await admin.post(`/api/sample/${sample.id}`, { quotation_id: sample.quotation_id, type_id: sample.type_id, ...blocks }));
  const wire = ok(await admin.get(`/api/sample/${sample.id}`)) as Sample;

  const fromServer = await pdfOf(token, sample.id);
  expect(fromServer.status).toBe(200);

  // The device: its local record (the pulled sample under a local key, its blocks as the draft holds them) and the quotation it keeps.
  const { id: _id, created_at: _created, updated_at: _updated, type: _type, files: _files, ...fields } = wire;
  const local = { ...fields, key: 'amostra-local', quotation_key: 'orcamento-local', ...reversedKeys(blocks) } as unknown as LocalSample;
  const settings = settingsMap(await t.db.select({ option: options.option, value: options.value }).from(options));
  const definition = buildSampleDocument({ sample: pdfSampleOf(local, quotation.reference_no), settings, logo: null });
  const fromDevice = await readPdf(await renderPdf(definition));

  return { server: (await readPdf(fromServer.bytes)).text, device: fromDevice.text, wire, quotation };
}
const RAW_OR_ENGLISH = [
  'Tasks',
  'Metabolism',
  'Solar load',
  'Action level',
  'Clothing',
  'Condition',
  'nho06',
  'work-clothes',
  'bgColor',
  'row_id',
  'Typed',
];

function expectBefore(text: string, first: string, second: string) {
  expect(text.indexOf(first), first).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(second), second).toBeGreaterThan(text.indexOf(first));
}

describe('the sample report, from the server and from the device', () => {
  it('prints a heat sample in Portuguese, in the form’s order, the same from both', async () => {
    const { server, device, wire, quotation } = await reportTexts(4, 'Calor', heatBlocks());
    // The server's JSONB orders the keys its own way: the descriptor decides the order printed.
    expect(Object.keys(wire.memory_field)).not.toEqual(Object.keys(heatBlocks().memory_field));
    expect(device).toBe(server);
    for (const word of RAW_OR_ENGLISH) expect(server).not.toContain(word);
    expect(quotation.reference_no).toMatch(/^\d+\/\d{4}$/);
    expect(server).toContain(`Orçamento ${quotation.reference_no}`);
    for (const part of [
      'Memória de campo',
      'Tarefas',
      'Tarefa 1',
      'Tarefa Alimentação do forno',
      'Taxa metabólica (W) 300',
      'Carga solar Não',
      'Duração (HH:mm) 00:40',
      'Duração (HH:mm) 00:25 (digitado pelo técnico)',
      'Método NHO 06',
      'Vestimenta Uniforme de trabalho',
      'Nível de ação (°C)',
      'Condição',
      'Luva térmica',
      'Validação da medição',
    ]) {
      expect(server).toContain(part);
    }
    expect(server).not.toContain('Jornada');
    expectBefore(server, 'Hora inicial', 'Hora final');
    expectBefore(server, 'Tarefa 1', 'Tarefa 2');
    expectBefore(server, 'Memória de campo', 'Resultado');
    expectBefore(server, 'Resultado', 'Classificação de risco');
    expectBefore(server, 'Classificação de risco', 'Validação da medição');
  });

  it('prints a noise sample in Portuguese, in the form’s order, the same from both', async () => {
    const { server, device, wire } = await reportTexts(3, 'Ruído contínuo', noiseBlocks());
    expect(Object.keys(wire.memory_field)).not.toEqual(Object.keys(noiseBlocks().memory_field));
    expect(device).toBe(server);
    for (const word of RAW_OR_ENGLISH) expect(server).not.toContain(word);
    expectBefore(server, 'Hora inicial', 'Hora final');
    expectBefore(server, 'Dose medida (%)', 'Dose 8h (%)');
    expectBefore(server, 'NHO 01', 'NR 15');
    // NR 15's Dose 8h was typed: neither the measured dose nor Lavg was given.
    expect(server).toContain('Dose 8h (%) 80 (digitado pelo técnico)');
    expect(server).toContain('Dose 8h (%) 100,0\n');
    expect(server).toContain('Conclusão');
    expect(server).toContain('Jornada (HH:mm) 08:00');
  });
});
