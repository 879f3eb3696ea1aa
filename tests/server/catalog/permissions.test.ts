/**
 * Who may call each catalog endpoint, as a table: anonymous callers get
 * 401; a role without the module 403; the owning module, and the modules
 * whose screens pick from the catalog, may read; only the owning module
 * (and administrators) may write; customer-type users never see the catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, CATALOG_CALLERS, catalogCast, ok, type CatalogCaller } from './support';

let t: TestApp;
let tokens: Record<CatalogCaller, string | undefined>;
let fixture: { product: number; service: number; cost: number; equipment: number; category: number };

beforeAll(async () => {
  t = await startTestApp();
  tokens = await catalogCast(t);
  const admin = api(t, await adminToken(t));
  const category = ok(await admin.post('/api/equipment/categories', { name: 'Bombas de amostragem' }));
  const equipment = ok(await admin.post('/api/equipment', { name: 'Bomba Gilian 5000', category_id: category.id }));
  fixture = {
    product: ok(await admin.post('/api/product', { name: 'Tolueno', price: 180, type_id: 2 })).id,
    service: ok(await admin.post('/api/service', { name: 'Laudo técnico', price: 900 })).id,
    cost: ok(await admin.post('/api/cost', { name: 'Deslocamento', price: 1.5 })).id,
    equipment: equipment.id,
    category: category.id,
  };
});
afterAll(() => t.close());

type Fixture = typeof fixture;
/** A path, possibly after creating the record a write will consume (a delete needs one per caller). */
type PathOf = (f: Fixture) => string | Promise<string>;

const admin = () => api(t, tokens.admin);
const fresh = {
  product: async () => ok(await admin().post('/api/product', { name: 'Benzeno', price: 10, type_id: 2 })).id as number,
  type: async () => ok(await admin().post('/api/product/type', { name: 'Poeira' })).id as number,
  service: async () => ok(await admin().post('/api/service', { name: 'Visita', price: 10 })).id as number,
  cost: async () => ok(await admin().post('/api/cost', { name: 'Hospedagem', price: 10 })).id as number,
  equipment: async () => ok(await admin().post('/api/equipment', { name: 'Calibrador' })).id as number,
  category: async () => ok(await admin().post('/api/equipment/categories', { name: 'Medidores' })).id as number,
};

const PRODUCT_READERS: CatalogCaller[] = ['products', 'quotations', 'samples', 'admin'];
const TYPE_READERS: CatalogCaller[] = ['products', 'services', 'costs', 'quotations', 'samples', 'admin'];
const SERVICE_READERS: CatalogCaller[] = ['services', 'quotations', 'admin'];
const COST_READERS: CatalogCaller[] = ['costs', 'quotations', 'admin'];
const EQUIPMENT_READERS: CatalogCaller[] = ['equipment', 'products', 'services', 'quotations', 'samples', 'admin'];
const CANDIDATE_READERS: CatalogCaller[] = ['products', 'services', 'quotations', 'equipment', 'admin'];
const writers = (module: CatalogCaller): CatalogCaller[] => [module, 'admin'];

type Row = { method: string; path: PathOf; allowed: CatalogCaller[]; success: number; body?: unknown };

const MATRIX: Row[] = [
  { method: 'GET', path: () => '/api/product/all/0/10', allowed: PRODUCT_READERS, success: 200 },
  { method: 'GET', path: (f) => `/api/product/${f.product}`, allowed: PRODUCT_READERS, success: 200 },
  { method: 'POST', path: () => '/api/product', allowed: writers('products'), success: 201, body: { name: 'Xileno', price: 1, type_id: 2 } },
  {
    method: 'PUT',
    path: (f) => `/api/product/${f.product}`,
    allowed: writers('products'),
    success: 200,
    body: { name: 'Tolueno', price: 2, type_id: 2 },
  },
  { method: 'DELETE', path: async () => `/api/product/${await fresh.product()}`, allowed: writers('products'), success: 204 },
  { method: 'GET', path: () => '/api/product/type', allowed: TYPE_READERS, success: 200 },
  { method: 'POST', path: () => '/api/product/type', allowed: writers('products'), success: 201, body: { name: 'Radiação' } },
  {
    method: 'PUT',
    path: async () => `/api/product/type/${await fresh.type()}`,
    allowed: writers('products'),
    success: 200,
    body: { name: 'Poeiras' },
  },
  { method: 'DELETE', path: async () => `/api/product/0/type/${await fresh.type()}`, allowed: writers('products'), success: 204 },
  { method: 'GET', path: () => '/api/product/equipment?search=bomba', allowed: CANDIDATE_READERS, success: 200 },
  { method: 'POST', path: (f) => `/api/product/${f.product}/equipment`, allowed: writers('products'), success: 201, body: { equipment_id: 0 } },
  { method: 'GET', path: () => '/api/service/all/0/10', allowed: SERVICE_READERS, success: 200 },
  { method: 'GET', path: (f) => `/api/service/${f.service}`, allowed: SERVICE_READERS, success: 200 },
  { method: 'POST', path: () => '/api/service', allowed: writers('services'), success: 201, body: { name: 'Treinamento', price: 300 } },
  { method: 'DELETE', path: async () => `/api/service/${await fresh.service()}`, allowed: writers('services'), success: 204 },
  { method: 'POST', path: (f) => `/api/service/${f.service}/equipment`, allowed: writers('services'), success: 201, body: { equipment_id: 0 } },
  { method: 'GET', path: () => '/api/cost/all/0/10', allowed: COST_READERS, success: 200 },
  { method: 'GET', path: (f) => `/api/cost/${f.cost}`, allowed: COST_READERS, success: 200 },
  { method: 'POST', path: () => '/api/cost', allowed: writers('costs'), success: 201, body: { name: 'Pedágio', price: 12.4 } },
  { method: 'PUT', path: (f) => `/api/cost/${f.cost}`, allowed: writers('costs'), success: 200, body: { name: 'Deslocamento', price: 1.6 } },
  { method: 'DELETE', path: async () => `/api/cost/${await fresh.cost()}`, allowed: writers('costs'), success: 204 },
  { method: 'GET', path: () => '/api/equipment/all/0/10', allowed: EQUIPMENT_READERS, success: 200 },
  { method: 'GET', path: () => '/api/equipment/all/0/10?all=true&type=instrumento', allowed: EQUIPMENT_READERS, success: 200 },
  { method: 'GET', path: (f) => `/api/equipment/${f.equipment}`, allowed: EQUIPMENT_READERS, success: 200 },
  { method: 'POST', path: () => '/api/equipment', allowed: writers('equipment'), success: 201, body: { name: 'Dosímetro' } },
  { method: 'DELETE', path: async () => `/api/equipment/${await fresh.equipment()}`, allowed: writers('equipment'), success: 204 },
  { method: 'GET', path: () => '/api/equipment/categories', allowed: EQUIPMENT_READERS, success: 200 },
  { method: 'POST', path: () => '/api/equipment/categories', allowed: writers('equipment'), success: 201, body: { name: 'Termômetros' } },
  { method: 'PUT', path: (f) => `/api/equipment/categories/${f.category}`, allowed: writers('equipment'), success: 200, body: { name: 'Bombas' } },
  { method: 'DELETE', path: async () => `/api/equipment/categories/${await fresh.category()}`, allowed: writers('equipment'), success: 204 },
];

const cases = MATRIX.flatMap((row, index) =>
  CATALOG_CALLERS.map((caller) => ({
    ...row,
    caller,
    index,
    status: caller === 'anonymous' ? 401 : row.allowed.includes(caller) ? row.success : 403,
  })),
);

describe('catalog permission matrix', () => {
  it.each(cases)('#$index $method as $caller → $status', async ({ method, path, body, caller, status }) => {
    const url = await path(fixture);
    // Lines need an equipment id that exists; resolved here so the table stays readable.
    const json = body && 'equipment_id' in (body as object) ? { equipment_id: fixture.equipment } : body;
    const reply = await call(t, method, url, { token: tokens[caller], json });
    expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(status);
    if (status === 401 || status === 403) expect(Object.keys(reply.body)).toEqual(['message']);
  });
});
