/**
 * Product (agent) types: the seeded four, creation with a unique slug from
 * the name, updates by PUT or POST that keep the slug, agents moved when
 * their type is renamed, and the deletes the documented path allows: never
 * a type the system relies on or one agents use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, productTypeSchema } from '@sync/contract/catalog';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from './support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

const typeList = productTypeSchema.array();

describe('product types', () => {
  it('start with the four the samples rely on, listed by name', async () => {
    const list = typeList.parse(ok(await admin.get('/api/product/type')));
    expect(list.map((type) => [type.id, type.name, type.slug])).toEqual([
      [4, 'Calor', 'heat'],
      [2, 'Químico', 'chemical'],
      [3, 'Ruído', 'noise'],
      [1, 'Vibração', 'vibration'],
    ]);
  });

  it('get a unique slug from the name on creation, kept when renamed (PUT or POST)', async () => {
    const dust = productTypeSchema.parse(ok(await admin.post('/api/product/type', { name: 'Poeira Mineral', price: 90 }), 201));
    expect(dust).toMatchObject({ slug: 'poeira-mineral', price: 90 });
    const twin = productTypeSchema.parse(ok(await admin.post('/api/product/type', { name: 'Poeira mineral' }), 201));
    expect(twin).toMatchObject({ slug: 'poeira-mineral-2', price: null });

    const viaPut = productTypeSchema.parse(ok(await admin.put(`/api/product/type/${dust.id}`, { name: 'Poeiras minerais' })));
    expect(viaPut).toMatchObject({ name: 'Poeiras minerais', slug: 'poeira-mineral', price: 90 });
    const viaPost = productTypeSchema.parse(ok(await admin.post(`/api/product/type/${dust.id}`, { name: 'Poeiras', price: null }), 200));
    expect(viaPost).toMatchObject({ name: 'Poeiras', slug: 'poeira-mineral', price: null });
  });

  it('refuse a blank name with the spec message', async () => {
    const reply = await admin.post('/api/product/type', { name: '' });
    expect(reply).toMatchObject({ status: 400, body: { message: 'Nome é obrigatório' } });
  });

  it('renaming a type moves its agents, which embed its name', async () => {
    const type = ok(await admin.post('/api/product/type', { name: 'Radiação não ionizante' }));
    const agent = productSchema.parse(ok(await admin.post('/api/product', { name: 'Radiação UV', price: 400, type_id: type.id })));
    t.clock.advance(1000);
    ok(await admin.put(`/api/product/type/${type.id}`, { name: 'Radiações não ionizantes' }));
    const after = productSchema.parse(ok(await admin.get(`/api/product/${agent.id}`)));
    expect(after.type).toEqual({ id: type.id, name: 'Radiações não ionizantes', slug: 'radiacao-nao-ionizante' });
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(agent.updated_at));
  });

  it('are deleted through DELETE api/product/{any id}/type/{typeId}, unless used or built in', async () => {
    const spare = ok(await admin.post('/api/product/type', { name: 'Biológico' }));
    expect((await admin.del(`/api/product/0/type/${spare.id}`)).status).toBe(204);
    expect(await admin.del(`/api/product/0/type/${spare.id}`)).toMatchObject({ status: 404, body: { message: 'Tipo de produto não encontrado.' } });

    const used = ok(await admin.post('/api/product/type', { name: 'Ergonômico' }));
    const agent = ok(await admin.post('/api/product', { name: 'Postura', price: 1, type_id: used.id }));
    expect(await admin.del(`/api/product/${agent.id}/type/${used.id}`)).toEqual(
      expect.objectContaining({ status: 409, body: { message: 'Este tipo de produto está em uso por agentes e não pode ser excluído.' } }),
    );
    expect(await admin.del(`/api/product/0/type/2`)).toEqual(
      expect.objectContaining({ status: 409, body: { message: 'Este tipo de produto é usado pelo sistema e não pode ser excluído.' } }),
    );
    const names = typeList.parse(ok(await admin.get('/api/product/type'))).map((type) => type.name);
    expect(names).toEqual(expect.arrayContaining(['Ergonômico', 'Químico']));
    expect(names).not.toContain('Biológico');
  });
});
