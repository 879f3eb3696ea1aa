/**
 * Services and costs, the two name-and-price catalogs (paths chosen in
 * docs/sync-protocol.md): one table of cases run against both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costSchema, serviceSchema } from '@sync/contract/catalog';
import { listResponseSchema } from '@sync/contract/list';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from './support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

const RESOURCES = [
  { resource: 'service', base: '/api/service', schema: serviceSchema, notFound: 'Serviço não encontrado.', extra: { equipments: [] } },
  { resource: 'cost', base: '/api/cost', schema: costSchema, notFound: 'Custo não encontrado.', extra: {} },
] as const;

describe.each(RESOURCES)('$resource', ({ base, schema, notFound, extra }) => {
  const list = listResponseSchema(schema);

  it('is created, read, updated and deleted, with a slug from its name and prices in reais', async () => {
    const created = schema.parse(ok(await admin.post(base, { name: 'Avaliação Quantitativa de Ruído', price: 1250.75 }), 201));
    expect(created).toMatchObject({ name: 'Avaliação Quantitativa de Ruído', slug: 'avaliacao-quantitativa-de-ruido', price: 1250.75, ...extra });
    expect(ok(await admin.get(`${base}/${created.id}`))).toEqual(created);
    t.clock.advance(1000);
    const updated = schema.parse(ok(await admin.put(`${base}/${created.id}`, { name: 'Avaliação de Ruído', price: 0 })));
    expect(updated).toMatchObject({ slug: 'avaliacao-de-ruido', price: 0 });
    expect((await admin.del(`${base}/${created.id}`)).status).toBe(204);
    expect(await admin.get(`${base}/${created.id}`)).toMatchObject({ status: 404, body: { message: notFound } });
  });

  const invalid: Array<[unknown, Record<string, string[]>]> = [
    [{}, { name: ['Nome é obrigatório'], price: ['Preço é obrigatório'] }],
    [{ name: 'Visita técnica' }, { price: ['Preço é obrigatório'] }],
    [{ name: '', price: 10 }, { name: ['Nome é obrigatório'] }],
    [{ name: 'Visita técnica', price: 1e15 }, { price: ['Preço muito alto'] }],
  ];
  it.each(invalid)('refuses %j', async (body, errors) => {
    const reply = await admin.post(base, body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual(errors);
  });

  it('rounds prices to centavos', async () => {
    const created = schema.parse(ok(await admin.post(base, { name: 'Arredondado', price: 10.005 })));
    expect(created.price).toBe(10.01);
  });

  it('searches by name, ignoring case and accents, and pages with the total', async () => {
    const names = ['Relatório PPRA', 'Laudo de Insalubridade', 'Laudo de Periculosidade', 'Treinamento NR-15', 'Deslocamento técnico'];
    for (const name of names) {
      ok(await admin.post(base, { name, price: 100 }));
      t.clock.advance(10);
    }
    const laudos = list.parse(ok(await admin.get(`${base}/all/0/10?search=LAUDO`)));
    expect(laudos.list.map((r) => r.name)).toEqual(['Laudo de Periculosidade', 'Laudo de Insalubridade']);
    const report = list.parse(ok(await admin.get(`${base}/all/0/10?search=relatorio`)));
    expect(report.list.map((r) => r.name)).toEqual(['Relatório PPRA']);
    const second = list.parse(ok(await admin.get(`${base}/all/2/2`)));
    expect(second.list.map((r) => r.name)).toEqual(['Laudo de Periculosidade', 'Laudo de Insalubridade']);
    expect(second.total_items).toBe(6);
  });
});
