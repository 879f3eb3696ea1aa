/**
 * The agents list as the screens use it: search (case- and
 * accent-insensitive, on name, code and CAS, every word must match), the
 * type-slug filter of the samples' autocomplete, and paging ten at a time
 * (skip = 10 × (page − 1)) with the total of matches, newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@sync/contract/catalog';
import { listResponseSchema, PAGE_SIZE } from '@sync/contract/list';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, TYPE_IDS, type Api } from './support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

const listSchema = listResponseSchema(productSchema);

async function createAgent(fields: Record<string, unknown>) {
  return productSchema.parse(ok(await admin.post('/api/product', { price: 100, type_id: TYPE_IDS.chemical, ...fields }), 201));
}

describe('list: search, type filter, paging', () => {
  beforeAll(async () => {
    const agents = [
      { name: 'Xileno', cas: '1330-20-7', code: 'QUI-003' },
      { name: 'Sílica cristalina', cas: '14808-60-7', code: 'QUI-020' },
      { name: 'ÁLCOOL ETÍLICO', cas: '64-17-5', code: 'QUI-030' },
      { name: 'Ruído de impacto', type_id: TYPE_IDS.noise, code: 'RUI-002' },
      { name: 'Vibração de corpo inteiro', type_id: TYPE_IDS.vibration, code: 'VIB-001' },
    ];
    for (const agent of agents) {
      await createAgent(agent);
      t.clock.advance(10);
    }
  });

  const searches: Array<[string, string[]]> = [
    ['silica', ['Sílica cristalina']],
    ['SÍLICA', ['Sílica cristalina']],
    ['alcool etilico', ['ÁLCOOL ETÍLICO']],
    ['14808', ['Sílica cristalina']],
    ['qui-0', ['ÁLCOOL ETÍLICO', 'Sílica cristalina', 'Xileno']],
    ['ruido impacto', ['Ruído de impacto']],
    ['%', []],
    ['nada parecido', []],
  ];
  it.each(searches)('search %j finds %j (newest first)', async (search, names) => {
    const page = listSchema.parse(ok(await admin.get(`/api/product/all/0/10?search=${encodeURIComponent(search)}`)));
    expect(page.list.map((p) => p.name)).toEqual(names);
    expect(page.total_items).toBe(names.length);
  });

  it('filters by type slug (the samples ask for chemical agents)', async () => {
    const page = listSchema.parse(ok(await admin.get('/api/product/all/0/10?slug=chemical&search=i')));
    expect(page.list.map((p) => p.name)).toEqual(['ÁLCOOL ETÍLICO', 'Sílica cristalina', 'Xileno']);
    const none = listSchema.parse(ok(await admin.get('/api/product/all/0/10?slug=nao-existe')));
    expect(none).toEqual({ list: [], total_items: 0 });
  });

  it('pages ten at a time with the total of matches', async () => {
    for (let n = 1; n <= 18; n += 1) {
      await createAgent({ name: `Agente ${String(n).padStart(2, '0')}`, type_id: TYPE_IDS.heat });
      t.clock.advance(1);
    }
    const pages = [];
    for (const page of [1, 2, 3]) {
      const skip = PAGE_SIZE * (page - 1);
      pages.push(listSchema.parse(ok(await admin.get(`/api/product/all/${skip}/${PAGE_SIZE}?slug=heat`))));
    }
    expect(pages.map((p) => p.total_items)).toEqual([18, 18, 18]);
    expect(pages.map((p) => p.list.length)).toEqual([10, 8, 0]);
    expect(pages[0]!.list[0]!.name).toBe('Agente 18');
    expect(pages[1]!.list.at(-1)!.name).toBe('Agente 01');
    const all = listSchema.parse(ok(await admin.get('/api/product/all/0/100')));
    expect(all.total_items).toBe(23);
  });
});
