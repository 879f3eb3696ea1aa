/**
 * Quotations through the documented calls (spec sections 3, 5, 7): the
 * document with its nested lines stored and answered whole, the spec's
 * validation messages (nested ones by path), totals recomputed by the
 * server whatever the client sent, reference numbers, If-Match, the list's
 * search and status filter, the incremental pull, permissions, and a
 * customer with quotations refusing its delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { QUOTATION_MESSAGES, quotationSchema, type Quotation } from '@sync/contract/quotations';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, roleWith, userWithRole, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation, validQuotation } from './support';

let t: TestApp;
let admin: Api;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  customerId = (await createCustomer(t, await adminToken(t))).id;
});
afterAll(() => t.close());

describe('creating and reading a quotation', () => {
  it('stores the nested lines, computes the totals and answers the spec fields', async () => {
    const created = await createQuotation(admin, customerId);
    expect(quotationSchema.parse(created)).toEqual(created);
    expect(created).toMatchObject({
      reference_no: `${created.id}/${new Date(t.clock.now()).getUTCFullYear()}`,
      customer_id: customerId,
      customer_name: 'Metalúrgica Horizonte Ltda',
      customer_phone: '1133224455',
      status: 'open',
      subtotal: 1234.56,
      total: 1234.56,
      parcel: 1,
      parcel_value: 1234.56,
      payment_info: 'Pagamento em 30 dias',
      discount_type: 'pct',
      sample_count: 0,
      able_create_sample: false,
      sent_at: null,
      user: { name: expect.any(String) },
    });
    // Every line has its id, given by the server (tests/server/quotations/row-ids.test.ts).
    const rowId = expect.stringMatching(/^[0-9a-f]{24}$/);
    expect(created.rows).toEqual([
      {
        row_id: rowId,
        product_id: null,
        name: 'Ruído contínuo',
        product_type_id: 1,
        sector: 'Produção',
        function: 'Operador',
        exposition_type_id: 1,
        daily_exposition: null,
        quantity: 2,
        value: 300,
        unit_type: null,
        total: 600,
      },
      {
        row_id: rowId,
        product_id: null,
        name: 'Tolueno',
        product_type_id: 1,
        sector: null,
        function: null,
        exposition_type_id: 2,
        daily_exposition: null,
        quantity: 1,
        value: 150.5,
        unit_type: null,
        total: 150.5,
      },
    ]);
    expect(created.services).toEqual([{ row_id: rowId, product_id: null, name: 'Avaliação quantitativa', quantity: 3, value: 100, total: 300 }]);
    expect(created.costs).toEqual([{ row_id: rowId, product_id: null, name: 'Deslocamento', quantity: 1, value: 184.06, total: 184.06 }]);
    expect(created.equipments).toEqual([{ row_id: rowId, equipment_id: null, name: 'Dosímetro', quantity: 2 }]);
    expect(created.deadlines).toEqual([{ row_id: rowId, activity: 'Campo', description: 'Medições em 5 dias úteis' }]);
    expect(ok(await admin.get(`/api/quotation/${created.id}`))).toEqual(created);
  });

  it('gives every quotation its own reference number', async () => {
    const a = await createQuotation(admin, customerId);
    const b = await createQuotation(admin, customerId);
    expect(a.reference_no).not.toBe(b.reference_no);
  });

  it.each([
    ['a total that does not match the lines', { total: 1 }, { subtotal: 1234.56, total: 1234.56, parcel_value: 1234.56 }],
    [
      'a percentage discount and three instalments',
      { discount: 10, parcel: 3, total: 0 },
      { subtotal: 1234.56, total: 1111.1, parcel_value: 370.37 },
    ],
    ['a value discount', { discount: 234.56, discount_type: 'value', total: 0 }, { subtotal: 1234.56, total: 1000, parcel_value: 1000 }],
    [
      'a value discount equal to the subtotal',
      { discount: 1234.56, discount_type: 'value', total: 0 },
      { subtotal: 1234.56, total: 0, parcel_value: 0 },
    ],
    ['a 100 % discount', { discount: 100, total: 0 }, { subtotal: 1234.56, total: 0 }],
  ])('recomputes the totals on the server: %s', async (_case, overrides, expected) => {
    const created = await createQuotation(admin, customerId, overrides);
    expect(created).toMatchObject(expected);
  });

  it('drops blank lines (agent rows without a product are removed before saving)', async () => {
    const created = await createQuotation(admin, customerId, {
      rows: [
        { product_id: null, name: null, quantity: 1, value: 10 },
        { name: '  ', value: 5 },
        { name: 'Calor', value: 10 },
      ],
      costs: [{ quantity: 1 }],
      deadlines: [{ activity: '', description: null }],
      equipments: [{}],
    });
    expect(created.rows.map((row) => row.name)).toEqual(['Calor']);
    expect(created.costs).toEqual([]);
    expect(created.deadlines).toEqual([]);
    expect(created.equipments).toEqual([]);
    expect(created.subtotal).toBe(10 + 300 + 0);
  });
});

describe('validation (spec section 5)', () => {
  const M = QUOTATION_MESSAGES;
  it.each([
    ['customer missing', { customer_id: undefined }, 'customer_id', 'Cliente é obrigatório'],
    ['customer null', { customer_id: null }, 'customer_id', 'Cliente é obrigatório'],
    ['customer unknown', { customer_id: 999_999 }, 'customer_id', M.customerNotFound],
    ['total missing', { total: undefined }, 'total', 'Total é obrigatório'],
    ['total null', { total: null }, 'total', 'Total é obrigatório'],
    ['instalments zero', { parcel: 0 }, 'parcel', M.parcelMin],
    ['percentage discount above 100', { discount: 100.01 }, 'discount', M.discountPctMax],
    ['negative discount', { discount: -1 }, 'discount', M.discountInvalid],
    ['agent row quantity zero', { rows: [{ name: 'Ruído', quantity: 0, value: 1 }] }, 'rows.0.quantity', M.quantityInvalid],
    ['service value negative', { services: [{ name: 'Visita', value: -5 }] }, 'services.0.value', M.valueInvalid],
    ['cost value not a number', { costs: [{ name: 'Táxi', value: 'dez' }] }, 'costs.0.value', M.valueInvalid],
    ['equipment quantity fractional', { equipments: [{ name: 'Bomba', quantity: 1.5 }] }, 'equipments.0.quantity', M.quantityInvalid],
    ['deadline too long', { deadlines: [{ activity: 'x'.repeat(256) }] }, 'deadlines.0.activity', 'Texto muito longo (máximo 255 caracteres)'],
    ['validity date impossible', { valid_at: '2026-02-30' }, 'valid_at', 'Data inválida'],
  ])('%s → %s: %s', async (_case, overrides, field, message) => {
    const reply = await admin.post('/api/quotation', validQuotation(customerId, overrides));
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.message).toBe(message);
    expect(reply.body.errors[field]).toContain(message);
  });

  it('refuses a service address of another customer', async () => {
    const other = await createCustomer(t, await adminToken(t), { name: 'Outro Cliente' });
    const address = ok(await admin.post(`/api/customer/${other.id}/address`, { street: 'Rua B', number: '2' }), 201);
    const reply = await admin.post('/api/quotation', validQuotation(customerId, { service_address_id: address.id }));
    expect(reply.status).toBe(400);
    expect(reply.body.errors.service_address_id).toEqual([QUOTATION_MESSAGES.addressNotOfCustomer]);
  });
});

describe('updating and deleting', () => {
  it('replaces the document and its lines, keeping number and status; 409 on a stale If-Match', async () => {
    const created = await createQuotation(admin, customerId);
    t.clock.advance(1000);
    const changed: Quotation = ok(
      await admin.put(
        `/api/quotation/${created.id}`,
        validQuotation(customerId, { rows: [{ name: 'Vibração', quantity: 4, value: 25 }], services: [], costs: [], total: 5 }),
        { 'if-match': created.updated_at },
      ),
    );
    expect(changed).toMatchObject({ reference_no: created.reference_no, status: 'open', subtotal: 100, total: 100 });
    expect(changed.rows).toHaveLength(1);
    expect(Date.parse(changed.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));

    const stale = await admin.put(`/api/quotation/${created.id}`, validQuotation(customerId), { 'if-match': created.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: CONFLICT_MESSAGE, current: changed });
    const staleDelete = await admin.del(`/api/quotation/${created.id}`, { 'if-match': created.updated_at });
    expect(staleDelete.status).toBe(409);

    expect((await admin.del(`/api/quotation/${created.id}`, { 'if-match': changed.updated_at })).status).toBe(204);
    expect((await admin.get(`/api/quotation/${created.id}`)).status).toBe(404);
    expect((await admin.del(`/api/quotation/${created.id}`)).status).toBe(404);
  });

  it('refuses to delete a customer that has quotations, with a Portuguese message', async () => {
    const customer = await createCustomer(t, await adminToken(t), { name: 'Cliente Com Orçamento' });
    const quotation = await createQuotation(admin, customer.id);
    const refused = await admin.del(`/api/customer/${customer.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: QUOTATION_MESSAGES.customerHasQuotations });
    expect((await admin.get(`/api/customer/${customer.id}`)).status).toBe(200);
    ok(await admin.del(`/api/quotation/${quotation.id}`), 204);
    ok(await admin.del(`/api/customer/${customer.id}`), 204);
  });
});

describe('the list and the pull', () => {
  it('searches by number and customer name, filters by status, pulls changes and deletions', async () => {
    const customer = await createCustomer(t, await adminToken(t), { name: 'Fundição Araújo' });
    t.clock.advance(1000);
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    const first = await createQuotation(admin, customer.id);
    const second = await createQuotation(admin, customer.id);
    ok(await admin.put(`/api/quotation/${second.id}/status`, { status: 'approved' }));

    const byName = ok(await admin.get('/api/quotation/all/0/10?search=fundicao%20araujo'));
    expect(byName.list.map((q: Quotation) => q.id).sort()).toEqual([first.id, second.id].sort());
    expect(byName.total_items).toBe(2);
    const byNumber = ok(await admin.get(`/api/quotation/all/0/10?search=${encodeURIComponent(first.reference_no)}`));
    expect(byNumber.list.map((q: Quotation) => q.id)).toContain(first.id);
    expect(byNumber.list.map((q: Quotation) => q.id)).not.toContain(second.id);
    const approved = ok(await admin.get('/api/quotation/all/0/10?status=approved&search=fundicao'));
    expect(approved.list.map((q: Quotation) => q.id)).toEqual([second.id]);
    expect((await admin.get('/api/quotation/all/0/10?status=aberto')).status).toBe(400);

    ok(await admin.del(`/api/quotation/${first.id}`), 204);
    const pulled = ok(await admin.get(`/api/quotation/all/0/100?updated_since=${encodeURIComponent(since)}`));
    expect(pulled.list.map((q: Quotation) => q.id)).toEqual([second.id]);
    expect(pulled.list[0].status).toBe('approved');
    expect(pulled.deleted_ids).toEqual([first.id]);
  });
});

describe('permissions', () => {
  it('needs the quotations module; customer-type users never write; only an administrator picks the seller', async () => {
    await roleWith(t, 'so-clientes', ['customers']);
    await roleWith(t, 'orcamentista', ['quotations']);
    const outsider = api(t, (await userWithRole(t, 'sem-orcamento', 'so-clientes')).token);
    const seller = await userWithRole(t, 'vendedora', 'orcamentista');
    const sellerApi = api(t, seller.token);
    expect((await outsider.get('/api/quotation/all/0/10')).status).toBe(403);
    expect((await outsider.post('/api/quotation', validQuotation(customerId))).status).toBe(403);

    const own = await createQuotation(sellerApi, customerId, { created_by: 1 });
    expect(own.created_by).toBe(seller.id);
    expect(own.user).toEqual({ id: seller.id, name: 'vendedora' });
    const chosen = await createQuotation(admin, customerId, { created_by: seller.id });
    expect(chosen.created_by).toBe(seller.id);
    const unknown = await admin.post('/api/quotation', validQuotation(customerId, { created_by: 999_999 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.created_by).toEqual([QUOTATION_MESSAGES.sellerNotFound]);
    expect((await outsider.put(`/api/quotation/${own.id}/status`, { status: 'pending' })).status).toBe(403);
    expect((await outsider.post(`/api/quotation/duplicate/${own.id}`, {})).status).toBe(403);
  });
});

describe('the discount', () => {
  it('refuses a value discount above the subtotal (it would make the total R$ 0,00 silently), with the message at the field', async () => {
    const reply = await admin.post('/api/quotation', validQuotation(customerId, { discount: 1234.57, discount_type: 'value', total: 0 }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: QUOTATION_MESSAGES.discountAboveSubtotal,
      errors: { discount: [QUOTATION_MESSAGES.discountAboveSubtotal] },
    });
  });
});

describe('the seller', () => {
  it('is staff: a customer-type user chosen as seller is refused with a message at the field, and nothing is saved', async () => {
    const customerUser = await userWithRole(t, 'pessoa-do-cliente', 'cliente');
    const before = ok(await admin.get('/api/quotation/all/0/10')).total_items;
    const reply = await admin.post('/api/quotation', validQuotation(customerId, { created_by: customerUser.id }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: QUOTATION_MESSAGES.sellerNotStaff,
      errors: { created_by: [QUOTATION_MESSAGES.sellerNotStaff] },
    });
    expect(ok(await admin.get('/api/quotation/all/0/10')).total_items).toBe(before);
    const existing = await createQuotation(admin, customerId);
    const update = await admin.put(`/api/quotation/${existing.id}`, validQuotation(customerId, { created_by: customerUser.id }));
    expect(update.status).toBe(400);
    expect(ok(await admin.get(`/api/quotation/${existing.id}`)).created_by).toBe(existing.created_by);
  });
});

describe('the form options', () => {
  it('lists payment and exposition types by name, or as a pull; needs the quotations module', async () => {
    const payments = ok(await admin.get('/api/quotation/payment-type'));
    expect(payments.map((option: { name: string }) => option.name)).toEqual(['Boleto', 'Cartão', 'PIX', 'Transferência']);
    const expositions = ok(await admin.get('/api/quotation/exposition'));
    expect(expositions.find((option: { id: number }) => option.id === 1)).toMatchObject({ name: 'Contínua', slug: 'continua' });
    const pulled = ok(await admin.get('/api/quotation/exposition?updated_since=1970-01-01T00:00:00.000Z'));
    expect(pulled).toMatchObject({ total_items: 3, deleted_ids: [], server_time: expect.any(String) });
    await roleWith(t, 'sem-modulos-opcoes', []);
    const outsider = api(t, (await userWithRole(t, 'sem-opcoes', 'sem-modulos-opcoes')).token);
    expect((await outsider.get('/api/quotation/payment-type')).status).toBe(403);
  });
});
