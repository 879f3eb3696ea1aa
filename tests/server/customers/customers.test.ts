/**
 * The customer calls (spec section 7) on the real app: create, read,
 * update, delete, the validation messages of section 5 with CPF/CNPJ check
 * digits, the normal forms the server stores, search over name, document
 * and e-mail, If-Match conflicts and the incremental pull with addresses,
 * contact and files embedded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema, CUSTOMER_MESSAGES, type Customer } from '@sync/contract/customers';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { SYNC_MESSAGES } from '@server/sync/versioning';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { createCustomer, DOCS, uploaded, validCustomer } from './support';

let t: TestApp;
let token: string;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  admin = api(t, token);
});
afterAll(() => t.close());

describe('creating and reading a customer', () => {
  it('stores the normal forms and answers the spec fields', async () => {
    const created = customerSchema.parse(
      ok(
        await admin.post('/api/customer', {
          ...validCustomer({ comment: '  Cliente desde a campanha de ruído.  ' }),
          contact: { name: 'Carla Mendes', email: 'carla@horizonte.com.br', phone: '(11) 98765-4321' },
          addresses: [
            { zipcode: '09.750-000', street: 'Avenida Industrial', number: '1500', district: 'Centro', city: 'São Bernardo do Campo', state: 'sp' },
            { street: 'Rua das Caldeiras', city: 'Diadema', state: 'SP' },
          ],
        }),
        201,
      ),
    );
    expect(created).toMatchObject({
      name: 'Metalúrgica Horizonte Ltda',
      type: 'corporate',
      document: DOCS.cnpj,
      email: 'contato@horizonte.com.br',
      phone: '1133224455',
      comment: 'Cliente desde a campanha de ruído.',
      contact: { name: 'Carla Mendes', email: 'carla@horizonte.com.br', phone: '11987654321', customer_id: created.id },
      contact_name: 'Carla Mendes',
      files: [],
    });
    expect(created.addresses).toMatchObject([
      { label: 'Endereço Principal', zipcode: '09750000', address: 'Avenida Industrial, 1500', state: 'SP', country: 'BR' },
      { label: 'Novo Endereço', zipcode: null, address: 'Rua das Caldeiras', number: null, state: 'SP', country: 'BR' },
    ]);
    expect(created.f_created_at).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(created.created_at).toBe(new Date(t.clock.now()).toISOString());
    expect(ok(await admin.get(`/api/customer/${created.id}`))).toEqual(created);
  });

  it('shows the creation date in Brasília time', async () => {
    const before = t.clock.now();
    t.clock.set(Date.parse('2026-03-01T02:30:00.000Z')); // 23:30 of 28/02 in Brasília
    const created = await createCustomer(t, token, { name: 'Cliente da madrugada' });
    t.clock.set(before);
    expect(created.f_created_at).toBe('28/02/2026');
  });

  it.each([
    ['individual', DOCS.cpfMasked, DOCS.cpf],
    ['individual', DOCS.cpf, DOCS.cpf],
    ['corporate', DOCS.cnpjMasked, DOCS.cnpj],
    ['corporate', '12.abc.345/01de-35', DOCS.cnpjAlpha],
    ['individual', '', null],
    ['corporate', null, null],
  ])('accepts a %s with document %j, stored as %j', async (type, document, stored) => {
    const created = await createCustomer(t, token, { type, document });
    expect(created.document).toBe(stored);
  });

  it('makes an individual by default', async () => {
    const { type: _type, ...body } = validCustomer({ document: DOCS.cpf });
    expect(ok(await admin.post('/api/customer', body), 201).type).toBe('individual');
  });

  it('answers 404 for a customer that does not exist', async () => {
    for (const reply of [
      await admin.get('/api/customer/999999'),
      await admin.put('/api/customer/999999', validCustomer()),
      await admin.del('/api/customer/999999'),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: CUSTOMER_MESSAGES.notFound });
    }
  });
});

describe('validation (spec section 5)', () => {
  const M = CUSTOMER_MESSAGES;
  it.each([
    ['name missing', { name: undefined }, 'name', 'Nome é obrigatório'],
    ['name blank', { name: '   ' }, 'name', 'Nome é obrigatório'],
    ['e-mail missing', { email: undefined }, 'email', 'E-mail é obrigatório'],
    ['e-mail blank', { email: ' ' }, 'email', 'E-mail é obrigatório'],
    ['e-mail malformed', { email: 'contato.horizonte.com.br' }, 'email', M.emailInvalid],
    ['phone missing', { phone: undefined }, 'phone', 'Telefone é obrigatório'],
    ['phone blank', { phone: '' }, 'phone', 'Telefone é obrigatório'],
    ['phone too short', { phone: '3322-4455' }, 'phone', M.phoneInvalid],
    ['CPF with a wrong check digit', { type: 'individual', document: '529.982.247-24' }, 'document', 'CPF inválido'],
    ['CPF of equal digits', { type: 'individual', document: '111.111.111-11' }, 'document', 'CPF inválido'],
    ['CPF too short', { type: 'individual', document: '529.982.247' }, 'document', 'CPF inválido'],
    ['CNPJ for an individual', { type: 'individual', document: DOCS.cnpj }, 'document', 'CPF inválido'],
    ['CNPJ with a wrong check digit', { type: 'corporate', document: '11.222.333/0001-82' }, 'document', 'CNPJ inválido'],
    ['CNPJ of equal digits', { type: 'corporate', document: '00.000.000/0000-00' }, 'document', 'CNPJ inválido'],
    ['CPF for a company', { type: 'corporate', document: DOCS.cpf }, 'document', 'CNPJ inválido'],
    ['unknown type', { type: 'empresa' }, 'type', 'Valor inválido. Use um destes: individual, corporate.'],
    ['contact e-mail malformed', { contact: { name: 'Carla', email: 'carla@' } }, 'contact.email', M.emailInvalid],
    ['address state unknown', { addresses: [{ state: 'XX' }] }, 'addresses.0.state', 'Estado inválido'],
    ['address CEP short', { addresses: [{ zipcode: '09.750-00' }] }, 'addresses.0.zipcode', 'CEP inválido'],
  ])('%s → %s: %s', async (_case, overrides, field, message) => {
    const reply = await admin.post('/api/customer', validCustomer(overrides));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect(reply.body.errors[field]).toContain(message);
  });

  it('reports every required field at once', async () => {
    const reply = await admin.post('/api/customer', {});
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({
      name: ['Nome é obrigatório'],
      email: ['E-mail é obrigatório'],
      phone: ['Telefone é obrigatório'],
    });
  });

  it('refuses text the database cannot hold', async () => {
    const reply = await admin.post('/api/customer', validCustomer({ name: 'Horizonte\u0000' }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('O texto enviado contém caracteres inválidos.');
  });
});

describe('updating a customer', () => {
  it('keeps what the body leaves out and checks the document against the stored type', async () => {
    const created = await createCustomer(t, token, { type: 'individual', name: 'João Batista', document: DOCS.cpf, comment: 'Marcenaria' });
    const { type: _type, document: _document, ...rest } = validCustomer({ name: 'João Batista Ferreira' });
    const updated = ok(await admin.put(`/api/customer/${created.id}`, rest));
    expect(updated).toMatchObject({ name: 'João Batista Ferreira', type: 'individual', document: DOCS.cpf, comment: 'Marcenaria' });

    const becameCompany = await admin.put(`/api/customer/${created.id}`, { ...rest, type: 'corporate' });
    expect(becameCompany.status).toBe(400);
    expect(becameCompany.body.errors.document).toEqual(['CNPJ inválido']);

    const cleared = ok(await admin.put(`/api/customer/${created.id}`, { ...rest, comment: '', document: null }));
    expect(cleared).toMatchObject({ comment: null, document: null });
  });

  it('creates, changes and removes the contact through the body; addresses on PUT are ignored', async () => {
    const created = await createCustomer(t, token);
    expect(created.contact).toBeNull();
    const withContact = ok(await admin.put(`/api/customer/${created.id}`, validCustomer({ contact: { name: 'Rafael', phone: '19991234567' } })));
    expect(withContact.contact).toMatchObject({ name: 'Rafael', email: null, phone: '19991234567' });
    const changed = ok(
      await admin.put(`/api/customer/${created.id}`, validCustomer({ contact: { name: 'Rafael Souza' }, addresses: [{ street: 'Rua Nova' }] })),
    );
    expect(changed.contact).toMatchObject({ id: withContact.contact.id, name: 'Rafael Souza', phone: '19991234567' });
    expect(changed.addresses).toEqual([]);
    const kept = ok(await admin.put(`/api/customer/${created.id}`, validCustomer()));
    expect(kept.contact.id).toBe(withContact.contact.id);
    const blank = ok(await admin.put(`/api/customer/${created.id}`, validCustomer({ contact: { name: '', email: '', phone: '' } })));
    expect(blank).toMatchObject({ contact: null, contact_name: null });
  });

  it('answers 409 with the current record when If-Match is stale, and changes nothing', async () => {
    const created = await createCustomer(t, token);
    t.clock.advance(1000);
    const first = ok(await admin.put(`/api/customer/${created.id}`, validCustomer({ name: 'Primeira edição' }), { 'if-match': created.updated_at }));
    const stale = await admin.put(`/api/customer/${created.id}`, validCustomer({ name: 'Edição atrasada' }), { 'if-match': created.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: CONFLICT_MESSAGE, current: first });
    const staleDelete = await admin.del(`/api/customer/${created.id}`, { 'if-match': created.updated_at });
    expect(staleDelete.status).toBe(409);
    expect(ok(await admin.get(`/api/customer/${created.id}`)).name).toBe('Primeira edição');
    const unreadable = await admin.put(`/api/customer/${created.id}`, validCustomer(), { 'if-match': 'ontem' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.message).toBe(SYNC_MESSAGES.invalidIfMatch);
  });

  it('a change to an address or a file is a change of the customer (stale If-Match after it)', async () => {
    const created = await createCustomer(t, token);
    t.clock.advance(1000);
    ok(await admin.post(`/api/customer/${created.id}/address`, { street: 'Rua A' }), 201);
    const stale = await admin.put(`/api/customer/${created.id}`, validCustomer(), { 'if-match': created.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body.current.addresses).toHaveLength(1);
  });
});

describe('the list', () => {
  let names: string[];
  beforeAll(async () => {
    names = ['Química Vale Verde S.A.', 'Construtora Pedra Forte', 'Água Limpa Saneamento'];
    await createCustomer(t, token, { name: names[0], document: '98.765.432/0001-98', email: 'sesmt@valeverde.ind.br', phone: '1932145566' });
    await createCustomer(t, token, { name: names[1], document: '45.678.912/0001-55', email: 'obras@pedraforte.com.br' });
    await createCustomer(t, token, { name: names[2], type: 'individual', document: DOCS.cpf, email: 'contato@agualimpa.com.br' });
  });

  it.each([
    ['quimica', ['Química Vale Verde S.A.']],
    ['AGUA limpa', ['Água Limpa Saneamento']],
    ['98.765', ['Química Vale Verde S.A.']],
    ['98765432', ['Química Vale Verde S.A.']],
    ['529.982', ['Água Limpa Saneamento']],
    ['98.765.432/0001-98', ['Química Vale Verde S.A.']],
    ['529.982.247-25', ['Água Limpa Saneamento']],
    ['pedraforte', ['Construtora Pedra Forte']],
    ['(19) 3214', ['Química Vale Verde S.A.']],
    ['inexistente', []],
  ])('search %j finds %j', async (search, expected) => {
    const page = ok(await admin.get(`/api/customer/all/0/100?search=${encodeURIComponent(search)}`));
    const found = (page.list as Customer[]).map((c) => c.name).filter((n) => names.includes(n));
    expect(found).toEqual(expected);
    expect(page.total_items).toBe(page.list.length);
  });

  it('pages newest first with the total of matches', async () => {
    const all = ok(await admin.get('/api/customer/all/0/1000'));
    const page = ok(await admin.get('/api/customer/all/1/2'));
    expect(page.total_items).toBe(all.total_items);
    expect(page.list.map((c: Customer) => c.id)).toEqual(all.list.slice(1, 3).map((c: Customer) => c.id));
    const times = all.list.map((c: Customer) => Date.parse(c.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('incremental pull', () => {
  it('brings changed customers with their addresses, contact and files, and the deleted ids', async () => {
    t.clock.advance(60_000);
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    const kept = await createCustomer(t, token, { name: 'Puxado Ltda', contact: { name: 'Ana' } });
    const gone = await createCustomer(t, token, { name: 'Excluído Ltda' });
    t.clock.advance(1000);
    const address = ok(await admin.post(`/api/customer/${kept.id}/address`, { street: 'Rua do Pull', number: '7', state: 'MG' }), 201);
    const file = await uploaded(t, token, kept.id, { name: 'Relatório' });
    expect((await admin.del(`/api/customer/${gone.id}`)).status).toBe(204);

    const page = ok(await admin.get(`/api/customer/all/0/50?updated_since=${encodeURIComponent(since)}`));
    expect(page.list.map((c: Customer) => c.id)).toEqual([kept.id]);
    const pulled = customerSchema.parse(page.list[0]);
    expect(pulled.addresses).toEqual([address]);
    expect(pulled.contact?.name).toBe('Ana');
    expect(pulled.files).toEqual([file]);
    expect(page.deleted_ids).toContain(gone.id);
    expect(page.server_time).toBe(new Date(t.clock.now()).toISOString());

    // Keyset paging: one at a time, resuming after the last (updated_at, id).
    t.clock.advance(1000);
    const again = await createCustomer(t, token, { name: 'Outro puxado' });
    const first = ok(await admin.get(`/api/customer/all/0/1?updated_since=${encodeURIComponent(since)}`));
    expect(first.list.map((c: Customer) => c.id)).toEqual([kept.id]);
    const next = ok(
      await admin.get(`/api/customer/all/0/1?updated_since=${encodeURIComponent(first.list[0].updated_at)}&after_id=${first.list[0].id}`),
    );
    expect(next.list.map((c: Customer) => c.id)).toEqual([again.id]);
  });

  it('replays a create sent twice with the same Idempotency-Key', async () => {
    const key = 'cliente-criado-offline-1';
    const first = await admin.post('/api/customer', validCustomer({ name: 'Criado uma vez' }), { 'idempotency-key': key });
    const second = await admin.post('/api/customer', validCustomer({ name: 'Criado uma vez' }), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const page = ok(await admin.get('/api/customer/all/0/10?search=criado%20uma%20vez'));
    expect(page.total_items).toBe(1);
  });
});
