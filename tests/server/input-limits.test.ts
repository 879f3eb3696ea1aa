/**
 * The inputs issue 9's fuzzing run found answering 500 or having no limit,
 * each now refused with a 400 and a Portuguese message, changing nothing:
 * U+0000 in any string, instants the database cannot store, ids outside
 * plain decimal digits or the integer range, texts without a maximum,
 * bodies nested 20,000 levels deep, and addresses without content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@sync/contract/customers';
import { FIELD_MESSAGES, tooLongMessage, TEXT_LIMITS } from '@sync/contract/fields';
import { HTTP_MESSAGES } from '@server/http/messages';
import { SYNC_MESSAGES } from '@server/sync/versioning';
import { call, passwordGrant, startTestApp, type TestApp } from './helpers/test-app';
import { adminToken, api, ok, type Api } from './catalog/support';

let t: TestApp;
let token: string;
let admin: Api;
let customer: number;

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  admin = api(t, token);
  customer = ok(await admin.post('/api/customer', { name: 'Cliente', email: 'cliente@exemplo.com.br', phone: '11987654321' })).id;
});
afterAll(() => t.close());

describe('U+0000 in a string', () => {
  it('POST /oauth/token with it in the username (no token needed) → 400', async () => {
    const reply = await call(t, 'POST', '/oauth/token', { json: passwordGrant('a\u0000b', 'x') });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: FIELD_MESSAGES.invalidCharacter, errors: { username: [FIELD_MESSAGES.invalidCharacter] } });
  });

  it('PUT /api/settings with it in a value, as text or inside JSON → 400, nothing saved', async () => {
    for (const value of ['Empresa\u0000', { faixa: ['a\u0000'] }]) {
      const reply = await admin.put('/api/settings', { options: [{ option: 'company_name', value }] });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(FIELD_MESSAGES.invalidCharacter);
    }
    const settings = ok(await admin.get('/api/settings/all')) as { options: Array<{ option: string; value: string }> };
    expect(settings.options.find((o) => o.option === 'company_name')?.value ?? '').not.toContain('\u0000');
  });

  it('in a form-encoded body or a path → 400', async () => {
    const form = await call(t, 'POST', '/oauth/token', {
      body: 'grant_type=password&username=a%00&password=x&client_id=pwa',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect((await call(t, 'GET', '/api/password/find/a%00b')).status).toBe(400);
  });
});

describe('instants the database cannot store', () => {
  const lists = [
    '/api/product/all/0/10',
    '/api/service/all/0/10',
    '/api/cost/all/0/10',
    '/api/equipment/all/0/10',
    '/api/customer/all/0/10',
    '/api/product/type',
    '/api/equipment/categories',
  ];

  it.each([...lists, 'customer files'])('updated_since=0000-01-01T00:00:00Z on %s → 400', async (list) => {
    const path = list === 'customer files' ? `/api/customer/${customer}/files` : list;
    const reply = await admin.get(`${path}?updated_since=0000-01-01T00:00:00Z`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({ updated_since: [FIELD_MESSAGES.dateOutOfRange] });
  });

  it('the first and last storable years still work', async () => {
    for (const since of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z']) {
      expect((await admin.get(`/api/cost/all/0/10?updated_since=${since}`)).status).toBe(200);
    }
  });

  it('an If-Match in the year 0000 → 400, and a calibration date in it → 400', async () => {
    const cost = ok(await admin.post('/api/cost', { name: 'Pedágio', price: 1 }));
    const put = await admin.put(`/api/cost/${cost.id}`, { name: 'Pedágio', price: 2 }, { 'if-match': '0000-01-01T00:00:00Z' });
    expect(put).toMatchObject({ status: 400, body: { message: SYNC_MESSAGES.invalidIfMatch } });
    const equipment = await admin.post('/api/equipment', { name: 'Dosímetro', expiration_date: '0000-01-01' });
    expect(equipment).toMatchObject({ status: 400, body: { errors: { expiration_date: ['Data inválida'] } } });
  });
});

describe('ids', () => {
  it('beyond the integer range: GET /api/user-customers/2147483648 → 400', async () => {
    const reply = await admin.get('/api/user-customers/2147483648');
    expect(reply).toMatchObject({ status: 400, body: { message: FIELD_MESSAGES.invalidId } });
  });

  it.each(['0x1', '1e0', '+1', '%201', '1.0', '01'])('%s is not read as 1', async (id) => {
    const reply = await admin.get(`/api/user-customers/${id}`);
    expect(reply).toMatchObject({ status: 400, body: { message: FIELD_MESSAGES.invalidId } });
    expect((await admin.get(`/api/cost/${id}`)).status).toBe(400);
  });

  it('skip, take and after_id are plain digits too', async () => {
    for (const path of ['/api/cost/all/0x0/10', '/api/cost/all/0/1e1', `/api/cost/all/0/10?updated_since=2026-01-01T00:00:00Z&after_id=+1`]) {
      expect((await admin.get(path)).status).toBe(400);
    }
    expect((await admin.get('/api/cost/all/0/10?updated_since=2026-01-01T00:00:00Z&after_id=0')).status).toBe(200);
  });
});

describe('texts have a maximum', () => {
  it('POST /api/product/type with a name of 3,000 characters → 400, nothing created', async () => {
    const reply = await admin.post('/api/product/type', { name: 'Tipo '.repeat(600) });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({ name: [tooLongMessage(TEXT_LIMITS.line)] });
    const types = ok(await admin.get('/api/product/type')) as Array<{ name: string }>;
    expect(types.every((type) => type.name.length <= TEXT_LIMITS.line)).toBe(true);
  });

  it('an agent name of 1 MB → 400', async () => {
    const reply = await admin.post('/api/product', { name: 'x'.repeat(1024 * 1024), price: 1, type_id: 2 });
    expect(reply).toMatchObject({ status: 400, body: { errors: { name: ['Texto muito longo (máximo 255 caracteres)'] } } });
  });

  it('a settings value over the rich-text limit → 400', async () => {
    const reply = await admin.put('/api/settings', { options: [{ option: 'message_footer', value: 'x'.repeat(TEXT_LIMITS.richText + 1) }] });
    expect(reply).toMatchObject({ status: 400, body: { errors: { 'options.0.value': ['Texto muito longo (máximo 100.000 caracteres)'] } } });
  });
});

describe('nesting', () => {
  it('PUT /api/settings with a value nested 20,000 levels deep → 400', async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const reply = await call(t, 'PUT', '/api/settings', {
      token,
      body: `{"options":[{"option":"result_deep","value":${deep}}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply).toMatchObject({ status: 400, body: { message: HTTP_MESSAGES.tooDeep } });
  });

  it('32 levels are fine, 33 are not', async () => {
    const body = (levels: number) => `{"options":[{"option":"result_deep","value":${'['.repeat(levels - 3)}${']'.repeat(levels - 3)}}]}`;
    const send = (levels: number) => call(t, 'PUT', '/api/settings', { token, body: body(levels), headers: { 'content-type': 'application/json' } });
    expect((await send(32)).status).toBe(200);
    expect((await send(33)).status).toBe(400);
  });
});

describe('an address needs content', () => {
  it.each([
    ['{}', {}],
    ['unknown keys only', { rua: 'Rua A', cep: '01310100' }],
    ['blanks and a country only', { street: '  ', city: '', country: 'BR' }],
  ])('%s → 400, no address created', async (_what, body) => {
    const reply = await admin.post(`/api/customer/${customer}/address`, body);
    expect(reply).toMatchObject({ status: 400, body: { message: CUSTOMER_MESSAGES.addressEmpty } });
    expect(ok(await admin.get(`/api/customer/${customer}`)).addresses).toEqual([]);
  });

  it('and so does each address sent with a new customer', async () => {
    const reply = await admin.post('/api/customer', { name: 'Outro', email: 'outro@exemplo.com.br', phone: '11987654321', addresses: [{}] });
    expect(reply).toMatchObject({ status: 400, body: { errors: { 'addresses.0': [CUSTOMER_MESSAGES.addressEmpty] } } });
  });
});
