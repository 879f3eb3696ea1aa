/**
 * The equipment lists of agents and services, one table of both parents:
 * a line carries the equipment's name and slug, every line write moves the
 * parent's updated_at (so a pull brings the new embedded list), lines check
 * their equipment and their parent, and If-Match guards a line like any
 * record. Deleting or renaming equipment reaches the parents that list it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentLineSchema, equipmentSchema, productSchema, serviceSchema } from '@sync/contract/catalog';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from './support';

let t: TestApp;
let admin: Api;
let dosimeter: number;
let pump: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  dosimeter = ok(await admin.post('/api/equipment', { name: 'Dosímetro Quest Edge 5', serial_number: 'QE5-01' })).id;
  pump = ok(await admin.post('/api/equipment', { name: 'Bomba Gilian GilAir Plus', serial_number: 'GA-7781' })).id;
});
afterAll(() => t.close());

const PARENTS = [
  {
    parent: 'agent',
    base: '/api/product',
    create: () => admin.post('/api/product', { name: 'Ruído contínuo', price: 350, type_id: 3 }),
    schema: productSchema,
    notFound: 'Agente não encontrado.',
  },
  {
    parent: 'service',
    base: '/api/service',
    create: () => admin.post('/api/service', { name: 'Dosimetria de ruído', price: 480 }),
    schema: serviceSchema,
    notFound: 'Serviço não encontrado.',
  },
] as const;

describe.each(PARENTS)('lines of an $parent', ({ base, create, schema, notFound }) => {
  async function parent(id: number) {
    return schema.parse(ok(await admin.get(`${base}/${id}`)));
  }

  it('adds, changes and removes lines, moving the parent every time', async () => {
    const created = schema.parse(ok(await create(), 201));
    const stamps = [created.updated_at];

    t.clock.advance(1000);
    const line = equipmentLineSchema.parse(ok(await admin.post(`${base}/${created.id}/equipment`, { equipment_id: dosimeter }), 201));
    expect(line).toMatchObject({ equipment_id: dosimeter, name: 'Dosímetro Quest Edge 5', slug: 'dosimetro-quest-edge-5', quantity: 1 });
    let current = await parent(created.id);
    expect(current.equipments).toEqual([line]);
    stamps.push(current.updated_at);

    t.clock.advance(1000);
    const changed = equipmentLineSchema.parse(ok(await admin.put(`${base}/${created.id}/equipment/${line.id}`, { equipment_id: pump, quantity: 3 })));
    expect(changed).toMatchObject({ id: line.id, equipment_id: pump, name: 'Bomba Gilian GilAir Plus', quantity: 3 });
    current = await parent(created.id);
    expect(current.equipments).toEqual([changed]);
    stamps.push(current.updated_at);

    t.clock.advance(1000);
    expect((await admin.del(`${base}/${created.id}/equipment/${line.id}`)).status).toBe(204);
    current = await parent(created.id);
    expect(current.equipments).toEqual([]);
    stamps.push(current.updated_at);

    const times = stamps.map((s) => Date.parse(s));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(4);
  });

  it('moves the parent even when the clock stands still', async () => {
    const created = schema.parse(ok(await create(), 201));
    await admin.post(`${base}/${created.id}/equipment`, { equipment_id: dosimeter });
    await admin.post(`${base}/${created.id}/equipment`, { equipment_id: pump });
    const after = await parent(created.id);
    expect(Date.parse(after.updated_at) - Date.parse(created.updated_at)).toBe(2);
  });

  it('refuses an unknown equipment (400), an unknown parent or line (404), bad quantities (400)', async () => {
    const created = schema.parse(ok(await create(), 201));
    const unknownEquipment = await admin.post(`${base}/${created.id}/equipment`, { equipment_id: 999_999 });
    expect(unknownEquipment.status).toBe(400);
    expect(unknownEquipment.body).toEqual({ message: 'Equipamento não encontrado.', errors: { equipment_id: ['Equipamento não encontrado.'] } });

    const unknownParent = await admin.post(`${base}/999999/equipment`, { equipment_id: dosimeter });
    expect(unknownParent).toMatchObject({ status: 404, body: { message: notFound } });

    const other = schema.parse(ok(await create(), 201));
    const line = ok(await admin.post(`${base}/${other.id}/equipment`, { equipment_id: dosimeter }));
    // A line is reached only through its own parent.
    const wrongParent = await admin.put(`${base}/${created.id}/equipment/${line.id}`, { equipment_id: pump });
    expect(wrongParent).toMatchObject({ status: 404, body: { message: 'Equipamento da lista não encontrado.' } });
    expect((await admin.del(`${base}/${created.id}/equipment/${line.id}`)).status).toBe(404);

    for (const quantity of [0, -2, 1.5, '2']) {
      const reply = await admin.post(`${base}/${created.id}/equipment`, { equipment_id: dosimeter, quantity });
      expect(reply.status, `quantity ${quantity}`).toBe(400);
      expect(Object.keys(reply.body.errors)).toEqual(['quantity']);
    }
    expect((await parent(created.id)).equipments).toEqual([]);
  });

  it('answers 409 with the current line when If-Match is stale, and changes nothing', async () => {
    const created = schema.parse(ok(await create(), 201));
    const line = equipmentLineSchema.parse(ok(await admin.post(`${base}/${created.id}/equipment`, { equipment_id: dosimeter })));
    t.clock.advance(1000);
    const moved = equipmentLineSchema.parse(
      ok(await admin.put(`${base}/${created.id}/equipment/${line.id}`, { equipment_id: dosimeter, quantity: 2 })),
    );
    const before = await parent(created.id);

    const stale = { 'if-match': line.updated_at };
    const update = await admin.put(`${base}/${created.id}/equipment/${line.id}`, { equipment_id: pump, quantity: 9 }, stale);
    expect(update.status).toBe(409);
    expect(update.body).toEqual({ message: CONFLICT_MESSAGE, current: moved });
    const remove = await admin.del(`${base}/${created.id}/equipment/${line.id}`, stale);
    expect(remove.status).toBe(409);
    expect(await parent(created.id)).toEqual(before);

    const fresh = await admin.put(
      `${base}/${created.id}/equipment/${line.id}`,
      { equipment_id: pump, quantity: 9 },
      { 'if-match': moved.updated_at },
    );
    expect(fresh.status).toBe(200);
  });

  it('goes away with its parent', async () => {
    const created = schema.parse(ok(await create(), 201));
    const line = ok(await admin.post(`${base}/${created.id}/equipment`, { equipment_id: dosimeter }));
    expect((await admin.del(`${base}/${created.id}`)).status).toBe(204);
    expect((await admin.del(`${base}/${created.id}/equipment/${line.id}`)).status).toBe(404);
  });
});

describe('equipment listed by agents and services', () => {
  it('renaming it moves the parents that list it, and their lines show the new name', async () => {
    const meter = ok(await admin.post('/api/equipment', { name: 'Medidor IBUTG TGD-400' }));
    const agent = productSchema.parse(ok(await admin.post('/api/product', { name: 'Calor', price: 500, type_id: 4 })));
    const service = serviceSchema.parse(ok(await admin.post('/api/service', { name: 'Avaliação de calor', price: 700 })));
    const unrelated = productSchema.parse(ok(await admin.post('/api/product', { name: 'Frio', price: 1, type_id: 4 })));
    await admin.post(`/api/product/${agent.id}/equipment`, { equipment_id: meter.id });
    await admin.post(`/api/service/${service.id}/equipment`, { equipment_id: meter.id });
    const agentBefore = productSchema.parse(ok(await admin.get(`/api/product/${agent.id}`)));

    t.clock.advance(5000);
    equipmentSchema.parse(ok(await admin.put(`/api/equipment/${meter.id}`, { name: 'Medidor IBUTG TGD-400 (novo)' })));
    const agentAfter = productSchema.parse(ok(await admin.get(`/api/product/${agent.id}`)));
    const serviceAfter = serviceSchema.parse(ok(await admin.get(`/api/service/${service.id}`)));
    expect(Date.parse(agentAfter.updated_at)).toBeGreaterThan(Date.parse(agentBefore.updated_at));
    expect(agentAfter.equipments[0]!.name).toBe('Medidor IBUTG TGD-400 (novo)');
    expect(serviceAfter.equipments[0]!.slug).toBe('medidor-ibutg-tgd-400-novo');
    expect(ok(await admin.get(`/api/product/${unrelated.id}`)).updated_at).toBe(unrelated.updated_at);

    // A change that leaves the name alone does not make every agent re-pull.
    t.clock.advance(5000);
    ok(await admin.put(`/api/equipment/${meter.id}`, { name: 'Medidor IBUTG TGD-400 (novo)', serial_number: 'TGD-9' }));
    expect(ok(await admin.get(`/api/product/${agent.id}`)).updated_at).toBe(agentAfter.updated_at);
  });

  it('deleting it removes its lines and moves their parents', async () => {
    const calibrator = ok(await admin.post('/api/equipment', { name: 'Calibrador acústico CR:514', type: 'calibrador' }));
    const agent = productSchema.parse(ok(await admin.post('/api/product', { name: 'Ruído de impacto', price: 300, type_id: 3 })));
    const service = serviceSchema.parse(ok(await admin.post('/api/service', { name: 'Audiodosimetria', price: 600 })));
    await admin.post(`/api/product/${agent.id}/equipment`, { equipment_id: calibrator.id });
    await admin.post(`/api/product/${agent.id}/equipment`, { equipment_id: dosimeter });
    await admin.post(`/api/service/${service.id}/equipment`, { equipment_id: calibrator.id });
    const agentBefore = productSchema.parse(ok(await admin.get(`/api/product/${agent.id}`)));

    t.clock.advance(5000);
    expect((await admin.del(`/api/equipment/${calibrator.id}`)).status).toBe(204);
    const agentAfter = productSchema.parse(ok(await admin.get(`/api/product/${agent.id}`)));
    const serviceAfter = serviceSchema.parse(ok(await admin.get(`/api/service/${service.id}`)));
    expect(agentAfter.equipments.map((l) => l.equipment_id)).toEqual([dosimeter]);
    expect(serviceAfter.equipments).toEqual([]);
    expect(Date.parse(agentAfter.updated_at)).toBeGreaterThan(Date.parse(agentBefore.updated_at));
    expect(Date.parse(serviceAfter.updated_at)).toBeGreaterThan(Date.parse(service.updated_at));
  });
});

describe('GET api/product/equipment (equipment to choose from)', () => {
  it('searches name and serial number, by name, at most `take`', async () => {
    const names = (r: { body: Array<{ name: string }> }) => r.body.map((e) => e.name);
    expect(names(await admin.get('/api/product/equipment?search=GA-7781'))).toEqual(['Bomba Gilian GilAir Plus']);
    expect(names(await admin.get('/api/product/equipment?search=DOSIMETRO'))).toEqual(['Dosímetro Quest Edge 5']);
    const all = await admin.get('/api/product/equipment');
    expect(names(all)).toEqual([...names(all)].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect((await admin.get('/api/product/equipment?take=1')).body).toHaveLength(1);
    expect((await admin.get('/api/product/equipment?take=0')).status).toBe(400);
  });
});
