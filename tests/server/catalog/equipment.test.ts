/**
 * Equipment and its categories: CRUD with the spec's messages, the category
 * embedded in each item, the `type` filter and `all=true` of the instrument
 * pickers, search by serial number, dates that must be real days, and what
 * renaming or deleting a category does to its equipment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentCategorySchema, equipmentSchema } from '@sync/contract/catalog';
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

const listSchema = listResponseSchema(equipmentSchema);

describe('categories', () => {
  it('are created, renamed, listed by name and deleted', async () => {
    const pumps = equipmentCategorySchema.parse(ok(await admin.post('/api/equipment/categories', { name: '  Bombas de amostragem ' }), 201));
    expect(pumps.name).toBe('Bombas de amostragem');
    ok(await admin.post('/api/equipment/categories', { name: 'Dosímetros' }));
    ok(await admin.post('/api/equipment/categories', { name: 'Calibradores' }));
    const renamed = equipmentCategorySchema.parse(ok(await admin.put(`/api/equipment/categories/${pumps.id}`, { name: 'Bombas' })));
    expect(renamed.name).toBe('Bombas');
    const list = equipmentCategorySchema.array().parse(ok(await admin.get('/api/equipment/categories')));
    expect(list.map((c) => c.name)).toEqual(['Bombas', 'Calibradores', 'Dosímetros']);
    expect((await admin.del(`/api/equipment/categories/${pumps.id}`)).status).toBe(204);
    expect(await admin.del(`/api/equipment/categories/${pumps.id}`)).toMatchObject({ status: 404, body: { message: 'Categoria não encontrada.' } });
  });

  it.each([{}, { name: '' }, { name: '   ' }, { name: null }, { name: 12 }])('refuses %j with the spec message', async (body) => {
    const reply = await admin.post('/api/equipment/categories', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'O nome da categoria é obrigatório.', errors: { name: ['O nome da categoria é obrigatório.'] } });
  });

  it('renaming one moves its equipment (which shows the category name)', async () => {
    const category = ok(await admin.post('/api/equipment/categories', { name: 'Medidores de calor' }));
    const item = equipmentSchema.parse(ok(await admin.post('/api/equipment', { name: 'Medidor IBUTG', category_id: category.id })));
    const other = equipmentSchema.parse(ok(await admin.post('/api/equipment', { name: 'Luxímetro' })));
    t.clock.advance(1000);
    ok(await admin.put(`/api/equipment/categories/${category.id}`, { name: 'Termômetros de globo' }));
    const after = equipmentSchema.parse(ok(await admin.get(`/api/equipment/${item.id}`)));
    expect(after.category).toEqual({ id: category.id, name: 'Termômetros de globo' });
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(item.updated_at));
    expect(ok(await admin.get(`/api/equipment/${other.id}`)).updated_at).toBe(other.updated_at);
  });

  it('deleting one in use leaves its equipment without a category, moved so devices pull it', async () => {
    const category = ok(await admin.post('/api/equipment/categories', { name: 'Anemômetros' }));
    const item = equipmentSchema.parse(ok(await admin.post('/api/equipment', { name: 'Anemômetro de fio quente', category_id: category.id })));
    t.clock.advance(1000);
    expect((await admin.del(`/api/equipment/categories/${category.id}`)).status).toBe(204);
    const after = equipmentSchema.parse(ok(await admin.get(`/api/equipment/${item.id}`)));
    expect(after).toMatchObject({ category_id: null, category: null, name: 'Anemômetro de fio quente' });
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(item.updated_at));
  });
});

describe('equipment', () => {
  let category: number;
  beforeAll(async () => {
    category = ok(await admin.post('/api/equipment/categories', { name: 'Dosímetros de ruído' })).id;
  });

  it('is created with every field and its category, read, updated and deleted', async () => {
    const created = equipmentSchema.parse(
      ok(
        await admin.post('/api/equipment', {
          name: 'Dosímetro 3M Edge eg5',
          serial_number: 'EG5-110934',
          calibration_certificate: 'RBC-2026/0412',
          expiration_date: '2027-03-31',
          category_id: category,
          type: 'instrumento',
        }),
        201,
      ),
    );
    expect(created).toMatchObject({
      slug: 'dosimetro-3m-edge-eg5',
      expiration_date: '2027-03-31',
      category: { id: category, name: 'Dosímetros de ruído' },
      type: 'instrumento',
    });
    expect(ok(await admin.get(`/api/equipment/${created.id}`))).toEqual(created);

    t.clock.advance(1000);
    const updated = equipmentSchema.parse(
      ok(await admin.put(`/api/equipment/${created.id}`, { name: 'Dosímetro 3M Edge eg5', expiration_date: null, category_id: null })),
    );
    expect(updated).toMatchObject({ expiration_date: null, category: null, serial_number: 'EG5-110934', type: 'instrumento' });

    expect((await admin.del(`/api/equipment/${created.id}`)).status).toBe(204);
    expect(await admin.get(`/api/equipment/${created.id}`)).toMatchObject({ status: 404, body: { message: 'Equipamento não encontrado.' } });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['no name', {}, 'name', 'Nome é obrigatório'],
    ['a blank name', { name: ' ' }, 'name', 'Nome é obrigatório'],
    ['a day that does not exist', { name: 'X', expiration_date: '2026-02-30' }, 'expiration_date', 'Data inválida'],
    ['a date in DD/MM/YYYY', { name: 'X', expiration_date: '31/12/2026' }, 'expiration_date', 'Data inválida'],
    ['an unknown type', { name: 'X', type: 'sensor' }, 'type', 'Valor inválido. Use um destes: instrumento, calibrador.'],
    ['an unknown category', { name: 'X', category_id: 999_999 }, 'category_id', 'Categoria não encontrada.'],
  ];
  it.each(invalid)('refuses %s (400, %s)', async (_what, body, field, message) => {
    const reply = await admin.post('/api/equipment', body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[field]).toEqual([message]);
  });

  it('filters by type, searches serial numbers, and answers everything by name with all=true', async () => {
    const made = [
      { name: 'Calibrador acústico CR:514', type: 'calibrador', serial_number: 'CR514-0093' },
      { name: 'Bomba de amostragem SKC 222', type: 'instrumento', serial_number: 'SKC-44871' },
      { name: 'Árvore de medição IBUTG', type: 'instrumento', serial_number: 'TGD-300-17' },
      { name: 'Calibrador de vazão Defender 520', type: 'calibrador', serial_number: 'DEF-520-3' },
    ];
    for (const item of made) {
      ok(await admin.post('/api/equipment', item));
      t.clock.advance(10);
    }
    const calibrators = listSchema.parse(ok(await admin.get('/api/equipment/all/0/10?type=calibrador')));
    expect(calibrators.list.map((e) => e.name)).toEqual(['Calibrador de vazão Defender 520', 'Calibrador acústico CR:514']);
    const bySerial = listSchema.parse(ok(await admin.get('/api/equipment/all/0/10?search=skc-4487')));
    expect(bySerial.list.map((e) => e.serial_number)).toEqual(['SKC-44871']);

    const everything = listSchema.parse(ok(await admin.get('/api/equipment/all/0/1?all=true&type=instrumento')));
    expect(everything.list.length).toBe(everything.total_items);
    const names = everything.list.map((e) => e.name);
    expect(names).toContain('Árvore de medição IBUTG');
    // By name, accents and case aside ("Árvore" among the a's).
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    expect(everything.list.every((e) => e.type === 'instrumento')).toBe(true);
    const paged = listSchema.parse(ok(await admin.get('/api/equipment/all/0/2')));
    expect(paged.list).toHaveLength(2);
    expect(paged.total_items).toBeGreaterThan(2);
  });
});
