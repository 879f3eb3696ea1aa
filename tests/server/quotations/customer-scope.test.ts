/**
 * Customer-type users whose department is given the quotations module see
 * only their linked customers' quotations, on every read (issue 20): list,
 * search, pull with its deleted ids, one record, the PDF; and never write.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import { HTTP_MESSAGES } from '@server/http/messages';
import { api, ok, type Api } from '../catalog/support';
import { createCast, type Cast } from '../helpers/people';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { createQuotation } from './support';

let t: TestApp;
let cast: Cast;
let admin: Api;
let customer: Api;
const ids = { own: 0, other: 0 };
const EPOCH = '1970-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
  admin = api(t, cast.tokens.admin);
  customer = api(t, cast.tokens.customer);
  ids.own = (await createQuotation(admin, cast.customers.linked)).id;
  ids.other = (await createQuotation(admin, cast.customers.other)).id;
  // The 'cliente' department is given the quotations module.
  const roles = ok(await admin.get('/api/user/role/all')) as Array<{ id: number; slug: string }>;
  const modules = ok(await admin.get('/api/access-control/modules')) as Array<{ id: number; slug: string }>;
  const role = roles.find((r) => r.slug === CUSTOMER_ROLE_SLUG)!;
  const quotations = modules.find((m) => m.slug === 'quotations')!;
  ok(await admin.post(`/api/access-control/role/${role.id}/permissions`, { permissions: [{ module_id: quotations.id, active: true }] }));
});
afterAll(() => t?.close());

const idsOf = (list: Array<{ id: number }>) => list.map((q) => q.id).sort((a, b) => a - b);

describe('a customer-type user with the quotations module', () => {
  it('lists and searches only its customers’ quotations', async () => {
    expect(idsOf(ok(await customer.get('/api/quotation/all/0/50')).list)).toEqual([ids.own]);
    expect(ok(await customer.get('/api/quotation/all/0/50')).total_items).toBe(1);
    expect(ok(await customer.get(`/api/quotation/all/0/50?search=${encodeURIComponent('Outro Cliente')}`)).list).toEqual([]);
    // The office still sees both.
    expect(idsOf(ok(await admin.get('/api/quotation/all/0/50')).list)).toEqual([ids.own, ids.other].sort((a, b) => a - b));
  });

  it('pulls only its customers’ quotations', async () => {
    const pulled = ok(await customer.get(`/api/quotation/all/0/50?updated_since=${EPOCH}`));
    expect(idsOf(pulled.list)).toEqual([ids.own]);
  });

  it('reads its own quotation and its PDF, and is refused another customer’s', async () => {
    expect(ok(await customer.get(`/api/quotation/${ids.own}`)).id).toBe(ids.own);
    const other = await customer.get(`/api/quotation/${ids.other}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: HTTP_MESSAGES.forbidden });
    const pdf = await call(t, 'GET', `/api/pdf/quotation/${ids.other}`, { token: cast.tokens.customer });
    expect(pdf.status).toBe(403);
  });

  it('never writes a quotation, not even its own', async () => {
    const before = ok(await admin.get(`/api/quotation/${ids.own}`));
    for (const [method, path] of [
      ['PUT', `/api/quotation/${ids.own}`],
      ['PUT', `/api/quotation/${ids.own}/status`],
      ['POST', `/api/quotation/duplicate/${ids.own}`],
      ['DELETE', `/api/quotation/${ids.own}`],
      ['POST', `/api/quotation/${ids.own}/send/email`],
    ] as const) {
      const reply = await call(t, method, path, { token: cast.tokens.customer, json: method === 'DELETE' ? undefined : {} });
      expect(reply.status, `${method} ${path}`).toBe(403);
      expect(reply.body).toEqual({ message: HTTP_MESSAGES.customerReadOnly });
    }
    expect(ok(await admin.get(`/api/quotation/${ids.own}`))).toEqual(before);
  });

  it('is told of deleted ids of its own customers’ quotations only', async () => {
    const since = new Date(t.clock.now() - 1000).toISOString();
    const extraOwn = (await createQuotation(admin, cast.customers.linked)).id;
    const extraOther = (await createQuotation(admin, cast.customers.other)).id;
    expect((await admin.del(`/api/quotation/${extraOwn}`)).status).toBe(204);
    expect((await admin.del(`/api/quotation/${extraOther}`)).status).toBe(204);
    const pulled = ok(await customer.get(`/api/quotation/all/0/50?updated_since=${since}`));
    expect(pulled.deleted_ids).toContain(extraOwn);
    expect(pulled.deleted_ids).not.toContain(extraOther);
    const office = ok(await admin.get(`/api/quotation/all/0/50?updated_since=${since}`));
    expect(office.deleted_ids).toEqual(expect.arrayContaining([extraOwn, extraOther]));
  });
});
