/**
 * Sampling methods (issue 22) on the real app: who may call them (anonymous
 * 401; written by the agents module only, read by it and by samples;
 * customer-type users never), CRUD with every field, the contract's
 * Portuguese messages (required fields, a minimum above its maximum, an
 * agent that does not exist), search and the `agent_id` filter, and an
 * agent's delete taking it out of its methods so devices pull them again.
 * The demo seed's methods pass the contract and name the demo's agents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResponseSchema } from '@sync/contract/list';
import { samplingMethodSchema } from '@sync/contract/sampling-methods';
import { pullResponseSchema } from '@sync/contract/sync';
import { seedDemo } from '@server/db/demo';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, CATALOG_CALLERS, catalogCast, ok, TYPE_IDS, type Api, type CatalogCaller } from './support';

let t: TestApp;
let tokens: Record<CatalogCaller, string | undefined>;
let admin: Api;
let toluene: number;
let benzene: number;

const listSchema = listResponseSchema(samplingMethodSchema);

const NIOSH_1501 = {
  code: '1501',
  institution: 'niosh',
  description: 'Hidrocarbonetos aromáticos',
  sampler: 'Tubo de carvão ativo (100 mg/50 mg)',
  flow_min: 0.01,
  flow_max: 0.2,
  volume_min: 2,
  volume_max: 30,
  holding_days: 30,
  storage_temperature: 'Refrigerada (5 °C)',
  laboratory: 'Laboratório de Análises',
};

beforeAll(async () => {
  t = await startTestApp();
  tokens = await catalogCast(t);
  admin = api(t, tokens.admin);
  toluene = ok(await admin.post('/api/product', { name: 'Tolueno', price: 180, type_id: TYPE_IDS.chemical, cas: '108-88-3' })).id;
  benzene = ok(await admin.post('/api/product', { name: 'Benzeno', price: 180, type_id: TYPE_IDS.chemical, cas: '71-43-2' })).id;
});
afterAll(() => t.close());

describe('who may call', () => {
  const READERS: CatalogCaller[] = ['products', 'samples', 'admin'];
  const WRITERS: CatalogCaller[] = ['products', 'admin'];
  let existing: number;
  beforeAll(async () => {
    existing = ok(await admin.post('/api/sampling-method', { code: '0600', institution: 'niosh' }), 201).id;
  });

  const fresh = async () => ok(await admin.post('/api/sampling-method', { code: 'X', institution: 'other' })).id as number;
  const rows = [
    { method: 'GET', path: async () => '/api/sampling-method/all/0/10', allowed: READERS, success: 200 },
    { method: 'GET', path: async () => `/api/sampling-method/${existing}`, allowed: READERS, success: 200 },
    { method: 'POST', path: async () => '/api/sampling-method', allowed: WRITERS, success: 201, body: { code: '7300', institution: 'niosh' } },
    {
      method: 'PUT',
      path: async () => `/api/sampling-method/${existing}`,
      allowed: WRITERS,
      success: 200,
      body: { code: '0600', institution: 'niosh' },
    },
    { method: 'DELETE', path: async () => `/api/sampling-method/${await fresh()}`, allowed: WRITERS, success: 204 },
  ];
  const cases = rows.flatMap((row) =>
    CATALOG_CALLERS.map((caller) => ({
      ...row,
      caller,
      status: caller === 'anonymous' ? 401 : row.allowed.includes(caller) ? row.success : 403,
    })),
  );

  it.each(cases)('$method $success as $caller → $status', async ({ method, path, body, caller, status }) => {
    const url = await path();
    const reply = await call(t, method, url, { token: tokens[caller], json: body });
    expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(status);
    if (status === 401 || status === 403) expect(Object.keys(reply.body)).toEqual(['message']);
  });
});

describe('a method', () => {
  it('is created with every field and its agents, read, updated and deleted', async () => {
    const created = samplingMethodSchema.parse(
      ok(await admin.post('/api/sampling-method', { ...NIOSH_1501, code: '  1501 ', agent_ids: [toluene, benzene, toluene] }), 201),
    );
    // Trimmed, and an agent named twice is kept once.
    expect(created).toMatchObject({ ...NIOSH_1501, agent_ids: [toluene, benzene] });
    expect(ok(await admin.get(`/api/sampling-method/${created.id}`))).toEqual(created);

    t.clock.advance(1000);
    const updated = samplingMethodSchema.parse(
      ok(await admin.put(`/api/sampling-method/${created.id}`, { code: '1501', institution: 'niosh', holding_days: null, agent_ids: [benzene] })),
    );
    // What the body leaves out keeps its value; null clears it.
    expect(updated).toMatchObject({ sampler: NIOSH_1501.sampler, flow_min: 0.01, holding_days: null, agent_ids: [benzene] });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    const kept = samplingMethodSchema.parse(ok(await admin.put(`/api/sampling-method/${created.id}`, { code: '1501', institution: 'niosh' })));
    expect(kept.agent_ids).toEqual([benzene]);

    expect((await admin.del(`/api/sampling-method/${created.id}`)).status).toBe(204);
    expect(await admin.get(`/api/sampling-method/${created.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Método de amostragem não encontrado.' },
    });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['no code', { institution: 'niosh' }, 'code', 'Código é obrigatório'],
    ['a blank code', { code: '  ', institution: 'niosh' }, 'code', 'Código é obrigatório'],
    ['no institution', { code: '1501' }, 'institution', 'Instituição é obrigatória'],
    ['an unknown institution', { code: '1501', institution: 'iso' }, 'institution', 'Valor inválido. Use um destes: niosh, osha, nho, other.'],
    ['a negative flow', { ...NIOSH_1501, flow_min: -0.1 }, 'flow_min', 'Deve ser um número maior ou igual a zero.'],
    ['a flow as text', { ...NIOSH_1501, flow_max: '0,2' }, 'flow_max', 'Deve ser um número maior ou igual a zero.'],
    ['a minimum flow above the maximum', { ...NIOSH_1501, flow_min: 0.3 }, 'flow_max', 'A vazão mínima não pode ser maior que a máxima.'],
    ['a minimum volume above the maximum', { ...NIOSH_1501, volume_min: 31 }, 'volume_max', 'O volume mínimo não pode ser maior que o máximo.'],
    ['a holding time in part days', { ...NIOSH_1501, holding_days: 1.5 }, 'holding_days', 'Informe o prazo em dias inteiros, de 0 a 3.650.'],
    ['an agent that does not exist', { ...NIOSH_1501, agent_ids: [999_999] }, 'agent_ids', 'Agente não encontrado.'],
  ];
  it.each(invalid)('refuses %s (400 at %s, in Portuguese)', async (_what, body, field, message) => {
    const reply = await admin.post('/api/sampling-method', body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[field]).toEqual([message]);
  });

  it('is found by institution, code or sampler, and listed by agent', async () => {
    const charcoal = ok(await admin.post('/api/sampling-method', { ...NIOSH_1501, agent_ids: [toluene] })).id;
    const osha = ok(
      await admin.post('/api/sampling-method', { code: '1002', institution: 'osha', sampler: 'Tubo de carvão', agent_ids: [benzene] }),
    ).id;
    const nho = ok(await admin.post('/api/sampling-method', { code: '08', institution: 'nho', sampler: 'Cassete com filtro de PVC' })).id;
    const ids = async (query: string) => listSchema.parse(ok(await admin.get(`/api/sampling-method/all/0/50?${query}`))).list.map((m) => m.id);
    expect(await ids('search=NHO')).toEqual([nho]);
    expect(await ids('search=carvao')).toEqual(expect.arrayContaining([charcoal, osha]));
    expect(await ids('search=carvao')).not.toContain(nho);
    expect(await ids(`agent_id=${benzene}`)).toEqual([osha]);
    expect((await admin.get('/api/sampling-method/all/0/10?agent_id=abc')).status).toBe(400);
  });

  it('loses a deleted agent from its agents, and moves so a pull brings it', async () => {
    const xylene = ok(await admin.post('/api/product', { name: 'Xileno', price: 180, type_id: TYPE_IDS.chemical })).id;
    const method = samplingMethodSchema.parse(ok(await admin.post('/api/sampling-method', { ...NIOSH_1501, agent_ids: [toluene, xylene] })));
    const other = samplingMethodSchema.parse(
      ok(await admin.post('/api/sampling-method', { code: '7300', institution: 'niosh', agent_ids: [toluene] })),
    );
    t.clock.advance(1000);
    expect((await admin.del(`/api/product/${xylene}`)).status).toBe(204);

    const after = samplingMethodSchema.parse(ok(await admin.get(`/api/sampling-method/${method.id}`)));
    expect(after.agent_ids).toEqual([toluene]);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(method.updated_at));
    expect(ok(await admin.get(`/api/sampling-method/${other.id}`)).updated_at).toBe(other.updated_at);
    const pulled = pullResponseSchema(samplingMethodSchema).parse(
      ok(await admin.get(`/api/sampling-method/all/0/100?updated_since=${encodeURIComponent(method.updated_at)}`)),
    );
    expect(pulled.list.find((m) => m.id === method.id)?.agent_ids).toEqual([toluene]);
    // The method saves again as it is now: no stale id is left to refuse.
    ok(await admin.put(`/api/sampling-method/${method.id}`, { ...NIOSH_1501, agent_ids: after.agent_ids }));
  });
});

it('the demo seed has real methods linked to its chemical agents', async () => {
  const demo = await startTestApp();
  try {
    await seedDemo(demo.db);
    const reader = api(demo, await adminToken(demo));
    const methods = listSchema.parse(ok(await reader.get('/api/sampling-method/all/0/100'))).list;
    const agents = ok(await reader.get('/api/product/all/0/100')).list as Array<{ id: number; name: string }>;
    const name = new Map(agents.map((agent) => [agent.id, agent.name]));
    const byCode = Object.fromEntries(methods.map((m) => [`${m.institution} ${m.code}`, m]));
    expect(byCode['niosh 1501']).toMatchObject({ flow_min: 0.01, flow_max: 0.2, holding_days: 30 });
    expect(byCode['niosh 1501']!.agent_ids.map((id) => name.get(id))).toEqual(['Tolueno', 'Benzeno', 'Xileno (mistura de isômeros)']);
    expect(byCode['niosh 7300']).toMatchObject({ flow_min: 1, flow_max: 4 });
    expect(byCode['niosh 7300']!.agent_ids.map((id) => name.get(id))).toEqual(['Fumos de manganês']);
    expect(byCode['niosh 0600']).toMatchObject({ flow_min: 1.7, flow_max: 2.5, volume_min: 20, volume_max: 400 });
    expect(byCode['niosh 7602']!.agent_ids.map((id) => name.get(id))).toEqual(['Sílica cristalina (quartzo)']);
  } finally {
    await demo.close();
  }
});
