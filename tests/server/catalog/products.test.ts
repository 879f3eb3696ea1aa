/**
 * Agents (products): create/read/update/delete with the spec's validation
 * messages, the CAS rule, and 404s. Every answer is parsed with the shared
 * contract. (Search and paging: products-list.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@sync/contract/catalog';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, TYPE_IDS, type Api } from './support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

async function createAgent(fields: Record<string, unknown>) {
  return productSchema.parse(ok(await admin.post('/api/product', { price: 100, type_id: TYPE_IDS.chemical, ...fields }), 201));
}

describe('create, read, update, delete', () => {
  it('creates an agent with every field, a slug from its name and its type', async () => {
    const created = await createAgent({
      name: 'Ácido Sulfúrico',
      price: 245.9,
      code: 'QUI-014',
      method: 'NIOSH 7903',
      cas: '7664-93-9',
      action_in_body: 'Irritante das vias respiratórias',
      notion_skin: 'Sim',
      ipvs: '15',
      odor_limit: '1',
      respirator: 'PFF2 com filtro para gases ácidos',
      display_name: 'H2SO4',
      unit_type: 'mg/m³',
    });
    expect(created).toMatchObject({
      name: 'Ácido Sulfúrico',
      slug: 'acido-sulfurico',
      price: 245.9,
      type_id: 2,
      type: { id: 2, name: 'Químico', slug: 'chemical' },
      cas: '7664-93-9',
      equipments: [],
    });
    expect(created.created_at).toBe(created.updated_at);
    const read = productSchema.parse(ok(await admin.get(`/api/product/${created.id}`)));
    expect(read).toEqual(created);
  });

  it('updates: the slug follows the name, a field left out keeps its value, null or blank clears it', async () => {
    const created = await createAgent({ name: 'Tolueno', code: 'QUI-001', method: 'NIOSH 1501', cas: '108-88-3' });
    t.clock.advance(1000);
    const updated = productSchema.parse(
      ok(await admin.put(`/api/product/${created.id}`, { name: 'Tolueno (metilbenzeno)', price: 150, type_id: 2, code: null, method: '  ' })),
    );
    expect(updated).toMatchObject({ slug: 'tolueno-metilbenzeno', price: 150, code: null, method: null, cas: '108-88-3' });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(updated.created_at).toBe(created.created_at);
  });

  it('keeps the CAS number only for chemical agents', async () => {
    const noise = await createAgent({ name: 'Ruído contínuo', type_id: TYPE_IDS.noise, cas: '50-00-0' });
    expect(noise.cas).toBeNull();
    const chemical = await createAgent({ name: 'Formaldeído', cas: '50-00-0' });
    expect(chemical.cas).toBe('50-00-0');
    const moved = productSchema.parse(ok(await admin.put(`/api/product/${chemical.id}`, { name: 'Formaldeído', price: 1, type_id: TYPE_IDS.heat })));
    expect(moved.cas).toBeNull();
  });

  it('deletes with 204, then answers 404 for it', async () => {
    const created = await createAgent({ name: 'Benzeno', cas: '71-43-2' });
    expect((await admin.del(`/api/product/${created.id}`)).status).toBe(204);
    for (const reply of [await admin.get(`/api/product/${created.id}`), await admin.del(`/api/product/${created.id}`)]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: 'Agente não encontrado.' });
    }
    const update = await admin.put(`/api/product/${created.id}`, { name: 'Benzeno', price: 1, type_id: 2 });
    expect(update.status).toBe(404);
  });
});

describe('validation', () => {
  const cases: Array<[string, unknown, Record<string, string[]>]> = [
    ['nothing', {}, { name: ['Nome é obrigatório'], price: ['Preço é obrigatório'], type_id: ['Tipo de produto é obrigatório'] }],
    ['a blank name', { name: '   ', price: 1, type_id: 1 }, { name: ['Nome é obrigatório'] }],
    ['a null price', { name: 'X', price: null, type_id: 1 }, { price: ['Preço é obrigatório'] }],
    ['a price as text', { name: 'X', price: '12,50', type_id: 1 }, { price: ['Preço é obrigatório'] }],
    ['a negative price', { name: 'X', price: -1, type_id: 1 }, { price: ['Preço deve ser maior ou igual a zero'] }],
    ['no type', { name: 'X', price: 1 }, { type_id: ['Tipo de produto é obrigatório'] }],
    ['a type that does not exist', { name: 'X', price: 1, type_id: 999 }, { type_id: ['Tipo de produto não encontrado.'] }],
  ];
  it.each(cases)('refuses %s with 400 and the messages per field', async (_what, body, errors) => {
    const reply = await admin.post('/api/product', body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual(errors);
    expect(reply.body.message).toBe(Object.values(errors)[0]![0]);
  });
});
