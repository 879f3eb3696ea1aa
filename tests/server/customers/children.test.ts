/**
 * A customer's addresses and contact through their own calls (spec section
 * 7): label and country defaults, CEP and state rules, the computed
 * `address`, If-Match on each child, 404s that name what is missing, one
 * contact per customer, and every child write moving the customer's
 * `updated_at` so its embedded lists come with the next pull.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSchema, contactSchema, CUSTOMER_MESSAGES, type Customer } from '@sync/contract/customers';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { createCustomer } from './support';

let t: TestApp;
let token: string;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  admin = api(t, token);
});
afterAll(() => t.close());

async function customer(id: number): Promise<Customer> {
  return ok(await admin.get(`/api/customer/${id}`));
}

describe('addresses', () => {
  it('adds addresses with the default labels, normal forms and the computed address, moving the customer', async () => {
    const created = await createCustomer(t, token);
    const stamps = [created.updated_at];
    t.clock.advance(1000);
    const first = addressSchema.parse(
      ok(
        await admin.post(`/api/customer/${created.id}/address`, {
          zipcode: '01.310-100',
          street: 'Avenida Paulista',
          number: '1578',
          address2: '  ',
          district: 'Bela Vista',
          city: 'São Paulo',
          state: 'sp',
        }),
        201,
      ),
    );
    expect(first).toMatchObject({
      customer_id: created.id,
      label: 'Endereço Principal',
      zipcode: '01310100',
      address: 'Avenida Paulista, 1578',
      address2: null,
      state: 'SP',
      country: 'BR',
    });
    stamps.push((await customer(created.id)).updated_at);

    t.clock.advance(1000);
    const second = ok(await admin.post(`/api/customer/${created.id}/address`, { number: 's/n' }), 201);
    expect(second).toMatchObject({ label: 'Novo Endereço', address: 's/n', street: null });
    const named = ok(await admin.post(`/api/customer/${created.id}/address`, { label: 'Filial Diadema', country: 'br' }), 201);
    expect(named).toMatchObject({ label: 'Filial Diadema', country: 'BR', address: '' });

    const current = await customer(created.id);
    expect(current.addresses).toEqual([first, second, named]);
    stamps.push(current.updated_at);
    const times = stamps.map((s) => Date.parse(s));
    expect(new Set(times).size).toBe(3);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('changes an address, keeping what the body leaves out, and removes it', async () => {
    const created = await createCustomer(t, token);
    const address = ok(await admin.post(`/api/customer/${created.id}/address`, { street: 'Rua A', number: '1', city: 'Campinas', state: 'SP' }), 201);
    t.clock.advance(1000);
    const changed = ok(await admin.put(`/api/customer/${created.id}/address/${address.id}`, { number: '2', label: '', country: '' }));
    expect(changed).toMatchObject({
      id: address.id,
      street: 'Rua A',
      number: '2',
      address: 'Rua A, 2',
      city: 'Campinas',
      label: 'Endereço Principal',
      country: 'BR',
    });
    const cleared = ok(await admin.put(`/api/customer/${created.id}/address/${address.id}`, { city: null, state: '' }));
    expect(cleared).toMatchObject({ city: null, state: null });

    t.clock.advance(1000);
    const before = await customer(created.id);
    expect((await admin.del(`/api/customer/${created.id}/address/${address.id}`)).status).toBe(204);
    const after = await customer(created.id);
    expect(after.addresses).toEqual([]);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });

  it('guards an address with If-Match', async () => {
    const created = await createCustomer(t, token);
    const address = ok(await admin.post(`/api/customer/${created.id}/address`, { street: 'Rua B' }), 201);
    t.clock.advance(1000);
    const first = ok(await admin.put(`/api/customer/${created.id}/address/${address.id}`, { number: '10' }, { 'if-match': address.updated_at }));
    const stale = await admin.put(`/api/customer/${created.id}/address/${address.id}`, { number: '20' }, { 'if-match': address.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: CONFLICT_MESSAGE, current: first });
    const staleDelete = await admin.del(`/api/customer/${created.id}/address/${address.id}`, { 'if-match': address.updated_at });
    expect(staleDelete.status).toBe(409);
    expect((await customer(created.id)).addresses).toEqual([first]);
  });

  it.each([
    [{ state: 'XX' }, 'state', 'Estado inválido'],
    [{ state: 'São Paulo' }, 'state', 'Estado inválido'],
    [{ zipcode: '1310-100' }, 'zipcode', 'CEP inválido'],
    [{ zipcode: '013101000' }, 'zipcode', 'CEP inválido'],
    [{ number: '1'.repeat(41) }, 'number', 'Texto muito longo (máximo 40 caracteres)'],
  ])('refuses %j', async (body, field, message) => {
    const created = await createCustomer(t, token);
    const reply = await admin.post(`/api/customer/${created.id}/address`, body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[field]).toEqual([message]);
  });

  it('answers 404 naming what is missing', async () => {
    const created = await createCustomer(t, token);
    const other = await createCustomer(t, token);
    const address = ok(await admin.post(`/api/customer/${other.id}/address`, { street: 'Rua C' }), 201);
    expect((await admin.post('/api/customer/999999/address', { street: 'x' })).body).toEqual({ message: CUSTOMER_MESSAGES.notFound });
    const wrongParent = await admin.put(`/api/customer/${created.id}/address/${address.id}`, { street: 'x' });
    expect(wrongParent.status).toBe(404);
    expect(wrongParent.body).toEqual({ message: CUSTOMER_MESSAGES.addressNotFound });
    expect((await admin.del(`/api/customer/${created.id}/address/${address.id}`)).status).toBe(404);
  });
});

describe('the contact', () => {
  it('keeps one contact per customer: a second POST updates it', async () => {
    const created = await createCustomer(t, token);
    const contact = contactSchema.parse(
      ok(
        await admin.post(`/api/customer/${created.id}/contact`, {
          name: 'Juliana Prado',
          email: 'juliana@pedraforte.com.br',
          phone: '(31) 98877-6655',
        }),
        201,
      ),
    );
    expect(contact).toMatchObject({ customer_id: created.id, name: 'Juliana Prado', phone: '31988776655' });
    t.clock.advance(1000);
    const again = ok(await admin.post(`/api/customer/${created.id}/contact`, { name: 'Juliana P. Prado' }), 200);
    expect(again).toMatchObject({ id: contact.id, name: 'Juliana P. Prado', email: 'juliana@pedraforte.com.br' });
    const current = await customer(created.id);
    expect(current.contact).toEqual(again);
    expect(current.contact_name).toBe('Juliana P. Prado');
  });

  it('updates with If-Match and removes the contact', async () => {
    const created = await createCustomer(t, token);
    const contact = ok(await admin.post(`/api/customer/${created.id}/contact`, { name: 'Rafael' }), 201);
    t.clock.advance(1000);
    const changed = ok(
      await admin.put(`/api/customer/${created.id}/contact/${contact.id}`, { name: 'Rafael Souza', email: '' }, { 'if-match': contact.updated_at }),
    );
    expect(changed).toMatchObject({ name: 'Rafael Souza', email: null });
    const stale = await admin.put(`/api/customer/${created.id}/contact/${contact.id}`, { name: 'Outro' }, { 'if-match': contact.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual(changed);
    expect((await admin.del(`/api/customer/${created.id}/contact/${contact.id}`)).status).toBe(204);
    expect((await customer(created.id)).contact).toBeNull();
    const gone = await admin.put(`/api/customer/${created.id}/contact/${contact.id}`, { name: 'x' });
    expect(gone.body).toEqual({ message: CUSTOMER_MESSAGES.contactNotFound });
  });

  it.each([
    [{}, 'name', 'Nome é obrigatório'],
    [{ name: '  ' }, 'name', 'Nome é obrigatório'],
    [{ name: 'Ana', email: 'ana@' }, 'email', 'E-mail é inválido'],
    [{ name: 'Ana', phone: '9988' }, 'phone', 'Telefone inválido'],
  ])('refuses %j', async (body, field, message) => {
    const created = await createCustomer(t, token);
    const reply = await admin.post(`/api/customer/${created.id}/contact`, body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[field]).toEqual([message]);
  });
});
