/**
 * The character rules on the wire (docs/decisions/input-rules.md), against
 * the real server:
 *
 * - a lone UTF-16 surrogate ("\ud800" in the JSON) anywhere in a body
 *   (quotation lines, a sample's JSON blocks, the WhatsApp message, settings
 *   values as text or inside JSON) is a 400 with a Portuguese message naming
 *   the field, and nothing changes (it was a 500 the device retried forever);
 * - CR/LF inside a one-line text (a customer's, a contact's, an agent's, a
 *   quotation line's name) is a 400 at the field; around it, trimmed away;
 * - line breaks in the multi-line fields (comments, a deadline's description,
 *   the payment terms, message templates, the WhatsApp message, a sample's
 *   notes) are kept;
 * - the WhatsApp phone: digits and the mask's characters only, a Brazilian
 *   number (10 to 13 digits, 55 in front optional), the link made from its
 *   digits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@sync/contract/fields';
import type { Quotation } from '@sync/contract/quotations';
import { QUOTATION_SEND_MESSAGES } from '@sync/contract/quotation-send';
import type { Sample } from '@sync/contract/samples';
import { call, startTestApp, type TestApp } from './helpers/test-app';
import { adminToken, api, ok, type Api } from './catalog/support';
import { createCustomer, multipartBody } from './customers/support';
import { createQuotation, validQuotation } from './quotations/support';
import { plannedNoiseSample } from './samples/support';

const HIGH = '\ud800';
const LOW = '\udc00';
const { invalidCharacter: BAD, lineBreak: BREAK } = FIELD_MESSAGES;

let t: TestApp;
let token: string;
let admin: Api;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  admin = api(t, token);
  customerId = (await createCustomer(t, token)).id;
});
afterAll(() => t.close());

/** The 400 of a refused field: its Portuguese message, by the field's path. */
function expectRefused(reply: { status: number; body: any }, field: string, message: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.errors).toEqual({ [field]: [message] });
  expect(reply.body.message).toBe(message);
}

describe('a lone surrogate anywhere in a body → 400 naming the field, nothing changed', () => {
  it.each([
    ['a row name', { rows: [{ name: `Ruído${HIGH}`, quantity: 1, value: 1 }] }, 'rows.0.name'],
    ['a row sector (low half alone)', { rows: [{ name: 'Ruído', sector: `${LOW}Produção`, quantity: 1, value: 1 }] }, 'rows.0.sector'],
    ['a service name', { services: [{ name: `Avaliação ${HIGH}`, quantity: 1, value: 1 }] }, 'services.0.name'],
    ['an equipment name', { equipments: [{ name: `Dosímetro${HIGH}`, quantity: 1 }] }, 'equipments.0.name'],
    ['a deadline description', { deadlines: [{ activity: 'Campo', description: `Dia 1\n${HIGH}` }] }, 'deadlines.0.description'],
    ['the comment', { comment: `Obs ${HIGH}` }, 'comment'],
    [
      'the details (rich text)',
      { details: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: HIGH }] }] } },
      'details.content.0.content.0.text',
    ],
  ])('quotation: %s, on create and on update', async (_case, overrides, field) => {
    const before = await createQuotation(admin, customerId);
    const created = await admin.post('/api/quotation', validQuotation(customerId, overrides));
    expectRefused(created, field, BAD);
    t.clock.advance(10);
    const updated = await admin.put(`/api/quotation/${before.id}`, validQuotation(customerId, overrides), { 'if-match': before.updated_at });
    expectRefused(updated, field, BAD);
    expect(ok(await admin.get(`/api/quotation/${before.id}`))).toEqual(before);
  });

  it.each([
    ['a declared block field', { memory_field: { observation: `Turno${HIGH}` } }, 'memory_field.observation'],
    ['a nested EPI row', { caracterization: { employee: 'Ana', epis: [{ type: `Protetor${LOW}` }] } }, 'caracterization.epis.0.type'],
    ['a loose field of a block', { result: { extra: { deep: [`x${HIGH}`] } } }, 'result.extra.deep.0'],
  ])('sample: %s', async (_case, blocks, field) => {
    const sample = await plannedNoiseSample(admin, customerId);
    t.clock.advance(10);
    const reply = await admin.put(`/api/sample/${sample.id}`, { quotation_id: sample.quotation_id, type_id: sample.type_id, ...blocks });
    expectRefused(reply, field, BAD);
    expect(ok<Sample>(await admin.get(`/api/sample/${sample.id}`))).toEqual(sample);
  });

  it('sample: a key holding a lone surrogate names its block', async () => {
    const sample = await plannedNoiseSample(admin, customerId);
    const reply = await admin.put(`/api/sample/${sample.id}`, {
      quotation_id: sample.quotation_id,
      type_id: sample.type_id,
      result: { [`k${HIGH}`]: 1 },
    });
    expectRefused(reply, 'result', BAD);
    expect(ok<Sample>(await admin.get(`/api/sample/${sample.id}`))).toEqual(sample);
  });

  it('sample: the multipart save (its JSON read by the route, past the root check) refuses it by the contract', async () => {
    const sample = await plannedNoiseSample(admin, customerId);
    const data = { quotation_id: sample.quotation_id, type_id: sample.type_id, caracterization: { employee: 'Ana', extra: `x${HIGH}` } };
    const { body, contentType } = multipartBody([{ name: 'data', value: JSON.stringify(data) }]);
    const reply = await call(t, 'POST', `/api/sample/${sample.id}`, {
      token,
      body: body as unknown as string,
      headers: { 'content-type': contentType },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.message).toBe(BAD);
    expect(new Set(reply.body.errors.caracterization)).toEqual(new Set([BAD]));
    expect(ok<Sample>(await admin.get(`/api/sample/${sample.id}`))).toEqual(sample);
  });

  it('the WhatsApp message', async () => {
    const quotation = await createQuotation(admin, customerId);
    const reply = await admin.post(`/api/quotation/${quotation.id}/send/whatsapp`, { phone: '(11) 98765-4321', message: `Olá ${HIGH}` });
    expectRefused(reply, 'message', BAD);
    expect(ok<Quotation>(await admin.get(`/api/quotation/${quotation.id}`))).toEqual(quotation);
  });

  it.each([
    ['a text value', 'message_footer', `Rodapé ${HIGH}`, 'options.0.value'],
    ['a JSON value', 'result_extra', { faixas: [{ nome: `A${LOW}` }] }, 'options.0.value.faixas.0.nome'],
  ])('settings: %s', async (_case, option, value, field) => {
    const before = ok(await admin.get('/api/settings/all'));
    const reply = await admin.put('/api/settings', { options: [{ option, value }] });
    expectRefused(reply, field, BAD);
    expect(ok(await admin.get('/api/settings/all'))).toEqual(before);
  });

  it('an emoji (a surrogate pair) is fine', async () => {
    const quotation = await createQuotation(admin, customerId, { comment: 'Cliente 😀' });
    expect(quotation.comment).toBe('Cliente 😀');
  });
});

describe('one-line texts: no CR/LF inside (trimmed around)', () => {
  it.each([
    [
      'POST /api/customer',
      'name',
      () => admin.post('/api/customer', { name: 'Fundição\r\nBcc: x@y.z', email: 'a@b.com.br', phone: '(11) 3322-4455' }),
    ],
    [
      'POST /api/customer (LF alone)',
      'name',
      () => admin.post('/api/customer', { name: 'Fundição\nAraújo', email: 'a@b.com.br', phone: '(11) 3322-4455' }),
    ],
    [
      'POST /api/customer (contact)',
      'contact.name',
      () => admin.post('/api/customer', { name: 'Fundição', email: 'a@b.com.br', phone: '(11) 3322-4455', contact: { name: 'Ana\rMaria' } }),
    ],
    [
      'PUT /api/customer/{id}',
      'name',
      () => admin.put(`/api/customer/${customerId}`, { name: 'Metalúrgica\nHorizonte', email: 'a@b.com.br', phone: '(11) 3322-4455' }),
    ],
    ['POST /api/product (agent)', 'name', () => admin.post('/api/product', { name: 'Ruído\ncontínuo', price: 1, type_id: 3 })],
    ['POST /api/product/type', 'name', () => admin.post('/api/product/type', { name: 'Tipo\r\nx' })],
    [
      'POST /api/quotation (row name)',
      'rows.0.name',
      () => admin.post('/api/quotation', validQuotation(customerId, { rows: [{ name: 'Ruído\nx', quantity: 1, value: 1 }] })),
    ],
    [
      'PUT /api/settings (company name)',
      'company_name',
      () => admin.put('/api/settings', { options: [{ option: 'company_name', value: 'Higiene\r\nBcc: x@y.z' }] }),
    ],
  ])('%s → 400 at %s', async (_case, field, send) => {
    const customersBefore = ok(await admin.get('/api/customer/all/0/100')).total;
    expectRefused(await send(), field, BREAK);
    expect(ok(await admin.get('/api/customer/all/0/100')).total).toBe(customersBefore);
    expect(ok(await admin.get(`/api/customer/${customerId}`)).name).toBe('Metalúrgica Horizonte Ltda');
  });

  it('a line break pasted after a name is trimmed like a space', async () => {
    const customer = ok(await admin.post('/api/customer', { name: 'Fundição Araújo\r\n', email: 'a@araujo.com.br', phone: '(11) 3322-4455' }), 201);
    expect(customer.name).toBe('Fundição Araújo');
  });
});

describe('multi-line fields keep their line breaks', () => {
  it('quotation: comment, a deadline description, the payment terms', async () => {
    const quotation = await createQuotation(admin, customerId, {
      comment: 'Linha 1\r\nLinha 2',
      deadlines: [{ activity: 'Campo', description: 'Dia 1\nDia 2' }],
      payment_info: '30 dias\n60 dias',
    });
    expect(quotation).toMatchObject({
      comment: 'Linha 1\r\nLinha 2',
      deadlines: [{ activity: 'Campo', description: 'Dia 1\nDia 2' }],
      payment_info: '30 dias\n60 dias',
    });
  });

  it('customer: the comment', async () => {
    const customer = ok(
      await admin.post('/api/customer', {
        name: 'Cliente Obs',
        email: 'a@obs.com.br',
        phone: '(11) 3322-4455',
        comment: 'Portaria 2\nfalar com Ana',
      }),
      201,
    );
    expect(customer.comment).toBe('Portaria 2\nfalar com Ana');
  });

  it('settings: a message template', async () => {
    const template = 'Olá {cliente},\n\nSegue o orçamento.\nAtenciosamente';
    const settings = ok(await admin.put('/api/settings', { options: [{ option: 'message_sendMessageWhats', value: template }] }));
    expect(settings.options.find((option: { option: string }) => option.option === 'message_sendMessageWhats')?.value).toBe(template);
  });

  it('a sample note', async () => {
    const sample = await plannedNoiseSample(admin, customerId);
    const saved = ok<Sample>(
      await admin.put(`/api/sample/${sample.id}`, {
        quotation_id: sample.quotation_id,
        type_id: sample.type_id,
        memory_field: { observation: 'Manhã\nTarde' },
      }),
    );
    expect(saved.memory_field.observation).toBe('Manhã\nTarde');
  });

  it('the WhatsApp message', async () => {
    const quotation = await createQuotation(admin, customerId);
    const reply = await admin.post(`/api/quotation/${quotation.id}/send/whatsapp`, { phone: '(11) 98765-4321', message: 'Olá,\nsegue o orçamento.' });
    expect(ok(reply).link).toBe(`https://wa.me/5511987654321?text=${encodeURIComponent('Olá,\nsegue o orçamento.')}`);
  });
});

describe('the WhatsApp phone', () => {
  it.each([
    ['(11) 98765-4321', '5511987654321'],
    ['11987654321', '5511987654321'],
    ['+55 (11) 3322-4455', '551133224455'],
    ['55 11 98765-4321', '5511987654321'],
    ['0 11 98765 4321', '5511987654321'],
    ['(11) 3322.4455', '551133224455'],
  ])('%s → wa.me/%s', async (phone, digits) => {
    const quotation = await createQuotation(admin, customerId);
    const reply = await admin.post(`/api/quotation/${quotation.id}/send/whatsapp`, { phone, message: 'Oi' });
    expect(ok(reply).link).toBe(`https://wa.me/${digits}?text=Oi`);
  });

  it.each([
    ['(11)9999-9999?x=1'],
    ['11987654321&text=Outra mensagem'],
    ['(11) 98765-4321 ramal 2'],
    ['+351 912 345 678'],
    ['98765-4321'],
    ['(11) 98765-43210'],
    ['55 11 98765-43210'],
    ['(11) 98765\n4321'],
  ])('%j → 400, not sent', async (phone) => {
    const quotation = await createQuotation(admin, customerId);
    const reply = await admin.post(`/api/quotation/${quotation.id}/send/whatsapp`, { phone, message: 'Oi' });
    expectRefused(reply, 'phone', QUOTATION_SEND_MESSAGES.phoneInvalid);
    expect(ok<Quotation>(await admin.get(`/api/quotation/${quotation.id}`)).sent_whatsapp_at).toBeNull();
  });
});
