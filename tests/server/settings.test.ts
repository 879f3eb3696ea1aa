/**
 * `PUT api/settings` checks every option a 'Configurações' screen edits by
 * its group's rule (company data, print texts, system variables, result
 * thresholds), refuses the whole request with every message when one value
 * is bad, and keeps the settings module's permission; the logo's bytes go
 * through `POST api/file` (images only) and are served back by
 * `GET api/file/{id}` once an option names them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsMap, settingsResponseSchema } from '@sync/contract/settings';
import { fileUploadResponseSchema, SETTINGS_MESSAGES as M } from '@sync/contract/settings-groups';
import { cnpjCheckDigits } from '@/domain/documents';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { CHEMICAL_THRESHOLDS_ERROR, NOISE_THRESHOLDS_ERROR } from '@/domain/result-thresholds-validate';
import { createCast, type Cast } from './helpers/people';
import { call, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

const put = (options: Array<{ option: string; value: unknown }>, token = cast.tokens.admin) =>
  call(t, 'PUT', '/api/settings', { token, json: { options } });
const current = async () =>
  settingsMap(settingsResponseSchema.parse((await call(t, 'GET', '/api/settings/all', { token: cast.tokens.admin })).body).options);

const alphanumericCnpj = `12ABC34501DE${cnpjCheckDigits('12ABC34501DE')}`;
const chemical = defaultResultThresholds().chemical;
const noise = defaultResultThresholds().noise;
const badChemical = { ...chemical, risks: { ...chemical.risks, risk2: { ...chemical.risks.risk2, max: 'meio' } } };
const badNoise = { ...noise, nr15: { ...noise.nr15, level2: { ...noise.nr15.level2, dailyDoseMin: '5a' } } };

/** [option, value, the message, or null when accepted] */
const CASES: Array<[string, unknown, string | null]> = [
  ['company_cnpj', '', M.cnpjRequired],
  ['company_cnpj', '11.222.333/0001-80', M.cnpjInvalid],
  ['company_cnpj', '11.111.111/1111-11', M.cnpjInvalid],
  ['company_cnpj', '11.222.333/0001-81', null],
  ['company_cnpj', alphanumericCnpj, null],
  ['company_email', ' ', M.emailRequired],
  ['company_email', 'contato@', M.emailInvalid],
  ['company_email', 'contato@empresa.com.br', null],
  ['company_address', '   ', M.addressRequired],
  ['company_address', 'Rua das Flores', null],
  ['company_number', '', M.numberRequired],
  ['company_number', 's/n', null],
  ['company_district', '', M.districtRequired],
  ['company_city', '', M.cityRequired],
  ['company_state', '', M.stateRequired],
  ['company_state', 'XX', M.stateInvalid],
  ['company_state', 'SP', null],
  ['company_zipcode', '', M.zipcodeRequired],
  ['company_zipcode', '1234-5', M.zipcodeInvalid],
  ['company_zipcode', '01.310-100', null],
  ['company_bgColor', 'azul', M.colorInvalid],
  ['company_bgColor', '#1c7ed6', null],
  ['company_name', '', null],
  ['company_whatsapp1', '(11) 98765-4321', null],
  ['message_footer', 'x'.repeat(20_001), 'Texto muito longo (máximo 20.000 caracteres)'],
  ['message_presentation', 'Prezado(a) {contato}', null],
  ['message_deadlines', 'não é JSON', M.deadlinesInvalid],
  ['message_deadlines', [{ activity: 1, description: 'x' }], M.deadlinesInvalid],
  ['message_deadlines', { activity: 'a', description: 'b' }, M.deadlinesInvalid],
  ['message_deadlines', [{ activity: 'Coleta', description: 'Em 10 dias' }], null],
  ['settings_warranty', 'noventa', M.warrantyInvalid],
  ['settings_warranty', '90', null],
  ['settings_timeAlert', '-1', M.timeAlertInvalid],
  ['settings_timeAlert', 30, null],
  ['settings_logo', 'http://outro.site/logo.png', M.logoInvalid],
  ['settings_logo', '', null],
  ['result_chemical', badChemical, CHEMICAL_THRESHOLDS_ERROR],
  ['result_chemical', [1, 2], M.thresholdsInvalid],
  ['result_chemical', 'texto', M.thresholdsInvalid],
  ['result_chemical', { ...chemical, risks: { ...chemical.risks, risk2: { ...chemical.risks.risk2, min: '0,15' } } }, null],
  ['result_noise', badNoise, NOISE_THRESHOLDS_ERROR],
  ['result_noise', noise, null],
];

describe('PUT api/settings checks each group', () => {
  it.each(CASES)('%s = %j → %s', async (option, value, message) => {
    const reply = await put([{ option, value }]);
    if (message === null) {
      expect(reply.status).toBe(200);
      return;
    }
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({ [option]: [message] });
    expect(reply.body.message).toBe(message);
  });

  it('refuses the whole request when one value is bad, naming every bad option, and saves nothing', async () => {
    const before = await current();
    const reply = await put([
      { option: 'company_name', value: 'Não Salva Ltda' },
      { option: 'company_cnpj', value: '123' },
      { option: 'company_email', value: '' },
      { option: 'result_noise', value: badNoise },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({
      company_cnpj: [M.cnpjInvalid],
      company_email: [M.emailRequired],
      result_noise: [NOISE_THRESHOLDS_ERROR],
    });
    expect(reply.body.message.split('\n')).toEqual([M.cnpjInvalid, M.emailRequired, NOISE_THRESHOLDS_ERROR]);
    expect(await current()).toEqual(before);
  });

  it('saves a whole valid company form', async () => {
    const company = {
      company_name: 'Higiene & Cia',
      company_cnpj: '11.222.333/0001-81',
      company_email: 'contato@higiene.com.br',
      company_address: 'Avenida Paulista',
      company_number: '1000',
      company_district: 'Bela Vista',
      company_city: 'São Paulo',
      company_state: 'SP',
      company_zipcode: '01.310-100',
    };
    const reply = await put(Object.entries(company).map(([option, value]) => ({ option, value })));
    expect(reply.status).toBe(200);
    expect(await current()).toMatchObject(company);
  });

  it('keeps the settings module: users without it get 403 and change nothing', async () => {
    const before = await current();
    for (const token of [cast.tokens.technician, cast.tokens.noModule, cast.tokens.customer]) {
      const reply = await put([{ option: 'result_chemical', value: chemical }], token);
      expect(reply.status).toBe(403);
    }
    expect((await put([{ option: 'company_site', value: 'https://higiene.com.br' }], cast.tokens.office)).status).toBe(200);
    expect((await current()).result_chemical).toBe(before.result_chemical);
  });
});

/** A real 1×1 PNG: the logo is decoded and re-encoded before it is kept (docs/decisions/image-uploads.md). */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

async function upload(bytes: Uint8Array<ArrayBuffer>, type: string, filename: string, token = cast.tokens.admin) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  const response = await fetch(`${t.baseUrl}/api/file`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

describe('the logo: POST api/file and GET api/file/{id}', () => {
  it('stores a PNG and serves it to every signed-in user once settings_logo names it', async () => {
    const reply = await upload(PNG, 'image/png', 'logo.png');
    expect(reply.status).toBe(201);
    const { id, path } = fileUploadResponseSchema.parse(reply.body);
    expect(path).toBe(`api/file/${id}`);
    // Not named by any option yet: not served.
    expect((await call(t, 'GET', `/${path}`, { token: cast.tokens.technician })).status).toBe(404);
    expect((await put([{ option: 'settings_logo', value: path }])).status).toBe(200);
    const served = await fetch(`${t.baseUrl}/${path}`, { headers: { authorization: `Bearer ${cast.tokens.technician}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // What sharp made of the upload: still a 1×1 PNG.
    const kept = new Uint8Array(await served.arrayBuffer());
    expect(Array.from(kept.subarray(0, 8))).toEqual(Array.from(PNG.subarray(0, 8)));
    expect(Array.from(kept.subarray(16, 24))).toEqual([0, 0, 0, 1, 0, 0, 0, 1]);
    expect((await call(t, 'GET', `/${path}`)).status).toBe(401);
  });

  it.each([
    ['a text file', Uint8Array.from([104, 105]), 'text/plain', 'notas.txt', 415, 'Você não pode enviar arquivos desse tipo.'],
    ['a WebP image', Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2]), 'image/webp', 'logo.webp', 415, 'Tipo de arquivo não suportado: image/webp'],
    ['text named as a PNG', Uint8Array.from([104, 105, 106]), 'image/png', 'logo.png', 415, 'Você não pode enviar arquivos desse tipo.'],
    ['an image above 2 MB', new Uint8Array(2 * 1024 * 1024 + 10).fill(0xff), 'image/jpeg', 'logo.jpg', 413, 'O logo deve ter no máximo 2 MB.'],
  ])('refuses %s', async (_what, bytes, type, name, status, message) => {
    const reply = await upload(bytes, type, name);
    expect(reply.status).toBe(status);
    expect(reply.body.message).toBe(message);
  });

  it('is for users with the settings module only', async () => {
    expect((await upload(PNG, 'image/png', 'logo.png', cast.tokens.technician)).status).toBe(403);
  });

  it('serves no other stored file, whatever other options say', async () => {
    expect((await call(t, 'GET', '/api/file/999999', { token: cast.tokens.admin })).status).toBe(404);
    const other = fileUploadResponseSchema.parse((await upload(PNG, 'image/png', 'outro.png')).body);
    expect((await put([{ option: 'company_site', value: other.path }])).status).toBe(200);
    expect((await call(t, 'GET', `/${other.path}`, { token: cast.tokens.admin })).status).toBe(404);
  });
});
