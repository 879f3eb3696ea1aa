/**
 * `GET api/pdf/sample/{id}`: the PDF the server renders, read back with
 * pdfjs: the company, the sample number, the employee and the Dose 8h the
 * device computed (fillNoiseResult, what Salvar stores) of a noise sample;
 * 403 without the samples module; a customer-type user gets only their own
 * customers' samples.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseNoiseBlock } from '@sync/contract/samples/noise';
import { parseNoiseThresholds } from '@/domain/result-thresholds-parse';
import { fillNoiseResult } from '@/features/samples/noise/noise-result-fill';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { options } from '@server/db/schema';
import { signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { readPdf } from '../helpers/pdf-text';
import { adminToken, api, ok, roleWith, userWithRole, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
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
    expect((await pdfOf(customerToken, own.id)).status).toBe(200);
    expect((await pdfOf(customerToken, others.id)).status).toBe(403);

    await roleWith(t, 'sem-amostras-pdf', ['customers']);
    const noModule = (await userWithRole(t, 'sem-amostras-pdf-user', 'sem-amostras-pdf')).token;
    expect((await pdfOf(noModule, own.id)).status).toBe(403);
  });
});
