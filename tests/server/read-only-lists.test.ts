/**
 * The read-only lists the devices pull and keep (sync/contract/lookups.ts,
 * settings): every signed-in user may read them, customer-type users and
 * users without modules too; each answers its documented shape, and the
 * pull shape with `updated_since` (only what changed since, with the
 * server's clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOOKUP_PATHS, moduleRecordsResponseSchema, namedRecordsResponseSchema } from '../../sync/contract/lookups';
import { MODULES } from '../../sync/contract/modules';
import { settingSchema, settingsResponseSchema } from '../../sync/contract/settings';
import { pullResponseSchema } from '../../sync/contract/sync';
import { EXPOSITION_TYPES, PAYMENT_TYPES, SAMPLE_TYPES, USER_TYPES } from '../../server/db/seed/reference-data';
import { createCast, type Caller, type Cast } from './helpers/people';
import { call, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

const named = (list: ReadonlyArray<{ id: number; name: string; slug: string }>) => list.map(({ id, name, slug }) => ({ id, name, slug }));

const LISTS: Array<{ path: string; documented: z.ZodType; records: (body: any) => Array<Record<string, unknown>>; expected?: unknown[] }> = [
  { path: LOOKUP_PATHS.modules, documented: moduleRecordsResponseSchema, records: (b) => b, expected: MODULES.map((m) => m.slug) },
  { path: LOOKUP_PATHS.userTypes, documented: namedRecordsResponseSchema, records: (b) => b, expected: named(USER_TYPES).map((r) => r.slug) },
  { path: LOOKUP_PATHS.roles, documented: namedRecordsResponseSchema, records: (b) => b },
  { path: LOOKUP_PATHS.paymentTypes, documented: namedRecordsResponseSchema, records: (b) => b, expected: PAYMENT_TYPES.map((r) => r.slug) },
  { path: LOOKUP_PATHS.expositionTypes, documented: namedRecordsResponseSchema, records: (b) => b, expected: EXPOSITION_TYPES.map((r) => r.slug) },
  { path: LOOKUP_PATHS.sampleTypes, documented: namedRecordsResponseSchema, records: (b) => b, expected: SAMPLE_TYPES.map((r) => r.slug) },
  { path: 'api/settings/all', documented: settingsResponseSchema, records: (b) => b.options },
];

describe.each(LISTS)('GET $path', ({ path, documented, records, expected }) => {
  it.each<Caller>(['customer', 'noModule', 'technician', 'admin'])('answers %s with every record and its timestamps', async (caller) => {
    const reply = await call(t, 'GET', `/${path}`, { token: cast.tokens[caller] });
    expect(reply.status).toBe(200);
    const list = records(documented.parse(reply.body));
    expect(list.length).toBeGreaterThan(0);
    for (const record of list) expect(new Date(record.updated_at as string).toISOString()).toBe(record.updated_at);
    if (expected && 'slug' in list[0]!) expect(list.map((record) => record.slug)).toEqual(expected);
  });

  it('refuses callers who are not signed in', async () => {
    expect((await call(t, 'GET', `/${path}`)).status).toBe(401);
  });

  it('answers the pull shape with updated_since: everything from the epoch, nothing after the server time', async () => {
    const item = path === 'api/settings/all' ? settingSchema : path === LOOKUP_PATHS.modules ? moduleRecordsResponseSchema.element : namedRecordsResponseSchema.element;
    const schema = pullResponseSchema(item);
    const first = schema.parse((await call(t, 'GET', `/${path}?updated_since=1970-01-01T00:00:00.000Z`, { token: cast.tokens.customer })).body);
    const all = records(documented.parse((await call(t, 'GET', `/${path}`, { token: cast.tokens.customer })).body));
    expect(first.list).toHaveLength(all.length);
    expect(first.total_items).toBe(all.length);
    t.clock.advance(1000);
    const later = schema.parse(
      (await call(t, 'GET', `/${path}?updated_since=${encodeURIComponent(new Date(t.clock.now()).toISOString())}`, { token: cast.tokens.customer })).body,
    );
    expect(later.list).toEqual([]);
    expect(later.deleted_ids).toEqual([]);
  });
});

describe('settings as a read-only resource', () => {
  it('an option changed by PUT is the only one the next pull brings', async () => {
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    const put = await call(t, 'PUT', '/api/settings', { token: cast.tokens.admin, json: { options: [{ option: 'company_name', value: `Empresa ${since}` }] } });
    expect(put.status).toBe(200);
    const pulled = pullResponseSchema(settingSchema).parse(
      (await call(t, 'GET', `/api/settings/all?updated_since=${encodeURIComponent(since)}`, { token: cast.tokens.technician })).body,
    );
    expect(pulled.list.map((option) => [option.option, option.value])).toEqual([['company_name', `Empresa ${since}`]]);
  });
});
