/**
 * The read-only lists the devices pull and keep (sync/contract/lookups.ts,
 * settings): every signed-in user may read them, customer-type users and
 * users without modules too; each answers its documented shape, and the
 * pull shape with `updated_since` (only what changed since, with the
 * server's clock). The users list needs the users module.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listResponseSchema } from '@sync/contract/list';
import { userRecordSchema } from '@sync/contract/user-list';
import { users } from '@server/db/schema';
import { LOOKUP_PATHS, moduleRecordsResponseSchema, namedRecordsResponseSchema } from '@sync/contract/lookups';
import { MODULES } from '@sync/contract/modules';
import { settingSchema, settingsResponseSchema } from '@sync/contract/settings';
import { pullResponseSchema } from '@sync/contract/sync';
import { EXPOSITION_TYPES, PAYMENT_TYPES, SAMPLE_TYPES, USER_TYPES } from '@server/db/seed/reference-data';
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

const EVERYONE: Caller[] = ['customer', 'noModule', 'technician', 'admin'];
/** Payment and exposition types: the quotation form's options (technicians and office have the module). */
const QUOTATIONS: Caller[] = ['technician', 'office', 'admin'];

const LISTS: Array<{
  path: string;
  documented: z.ZodType;
  records: (body: any) => Array<Record<string, unknown>>;
  expected?: unknown[];
  readers?: Caller[];
}> = [
  { path: LOOKUP_PATHS.modules, documented: moduleRecordsResponseSchema, records: (b) => b, expected: MODULES.map((m) => m.slug) },
  { path: LOOKUP_PATHS.userTypes, documented: namedRecordsResponseSchema, records: (b) => b, expected: named(USER_TYPES).map((r) => r.slug) },
  { path: LOOKUP_PATHS.roles, documented: namedRecordsResponseSchema, records: (b) => b },
  {
    path: LOOKUP_PATHS.paymentTypes,
    documented: namedRecordsResponseSchema,
    records: (b) => b,
    expected: PAYMENT_TYPES.map((r) => r.slug),
    readers: QUOTATIONS,
  },
  {
    path: LOOKUP_PATHS.expositionTypes,
    documented: namedRecordsResponseSchema,
    records: (b) => b,
    expected: EXPOSITION_TYPES.map((r) => r.slug),
    readers: QUOTATIONS,
  },
  { path: LOOKUP_PATHS.sampleTypes, documented: namedRecordsResponseSchema, records: (b) => b, expected: SAMPLE_TYPES.map((r) => r.slug) },
  { path: 'api/settings/all', documented: settingsResponseSchema, records: (b) => b.options },
];

describe.each(LISTS)('GET $path', ({ path, documented, records, expected, readers = EVERYONE }) => {
  it.each(readers)('answers %s with every record and its timestamps', async (caller) => {
    const reply = await call(t, 'GET', `/${path}`, { token: cast.tokens[caller] });
    expect(reply.status).toBe(200);
    const list = records(documented.parse(reply.body));
    expect(list.length).toBeGreaterThan(0);
    for (const record of list) expect(new Date(record.updated_at as string).toISOString()).toBe(record.updated_at);
    if (expected && 'slug' in list[0]!) expect(list.map((record) => record.slug).sort()).toEqual([...expected].sort());
  });

  it.each((['customer', 'noModule', 'technician'] as Caller[]).filter((caller) => !readers.includes(caller)))('refuses %s (403)', async (caller) => {
    expect((await call(t, 'GET', `/${path}`, { token: cast.tokens[caller] })).status).toBe(403);
  });

  it('refuses callers who are not signed in', async () => {
    expect((await call(t, 'GET', `/${path}`)).status).toBe(401);
  });

  it('answers the pull shape with updated_since: everything from the epoch, nothing after the server time', async () => {
    const item =
      path === 'api/settings/all'
        ? settingSchema
        : path === LOOKUP_PATHS.modules
          ? moduleRecordsResponseSchema.element
          : namedRecordsResponseSchema.element;
    const schema = pullResponseSchema(item);
    const token = cast.tokens[readers[0]!];
    const first = schema.parse((await call(t, 'GET', `/${path}?updated_since=1970-01-01T00:00:00.000Z`, { token })).body);
    const all = records(documented.parse((await call(t, 'GET', `/${path}`, { token })).body));
    expect(first.list).toHaveLength(all.length);
    expect(first.total_items).toBe(all.length);
    t.clock.advance(1000);
    const later = schema.parse(
      (await call(t, 'GET', `/${path}?updated_since=${encodeURIComponent(new Date(t.clock.now()).toISOString())}`, { token })).body,
    );
    expect(later.list).toEqual([]);
    expect(later.deleted_ids).toEqual([]);
  });
});

describe('settings as a read-only resource', () => {
  it('an option changed by PUT is the only one the next pull brings', async () => {
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    const put = await call(t, 'PUT', '/api/settings', {
      token: cast.tokens.admin,
      json: { options: [{ option: 'company_name', value: `Empresa ${since}` }] },
    });
    expect(put.status).toBe(200);
    const pulled = pullResponseSchema(settingSchema).parse(
      (await call(t, 'GET', `/api/settings/all?updated_since=${encodeURIComponent(since)}`, { token: cast.tokens.technician })).body,
    );
    expect(pulled.list.map((option) => [option.option, option.value])).toEqual([['company_name', `Empresa ${since}`]]);
  });
});

describe('GET api/user/all/{skip}/{take}', () => {
  it.each<[Caller, number]>([
    ['admin', 200],
    ['office', 200],
    ['technician', 403],
    ['customer', 403],
    ['noModule', 403],
  ])('answers %s with %i (the users module)', async (caller, status) => {
    expect((await call(t, 'GET', '/api/user/all/0/10', { token: cast.tokens[caller] })).status).toBe(status);
  });

  it('lists users without secrets, by name, searched, paged; deleted ones only with trashed', async () => {
    const page = listResponseSchema(userRecordSchema).parse((await call(t, 'GET', '/api/user/all/0/100', { token: cast.tokens.office })).body);
    expect(page.list.map((user) => user.username)).toContain('tecnico');
    expect(JSON.stringify(page.list)).not.toContain('password');
    const technician = page.list.find((user) => user.username === 'tecnico')!;
    expect(technician.settings).toMatchObject({ role: { slug: 'tecnico-de-campo' }, type: { id: 2 }, user_type_id: 2 });
    expect(page.list.map((user) => user.name)).toEqual([...page.list.map((user) => user.name)].sort((a, b) => a.localeCompare(b, 'pt-BR')));

    const searched = listResponseSchema(userRecordSchema).parse(
      (await call(t, 'GET', '/api/user/all/0/10?search=escrit', { token: cast.tokens.office })).body,
    );
    expect(searched.list.map((user) => user.username)).toEqual(['escritorio']);
    const paged = listResponseSchema(userRecordSchema).parse((await call(t, 'GET', '/api/user/all/1/2', { token: cast.tokens.office })).body);
    expect(paged.list).toHaveLength(2);
    expect(paged.total_items).toBe(page.total_items);

    await t.db
      .update(users)
      .set({ deleted_at: new Date(t.clock.now()) })
      .where(eq(users.id, cast.userIds.noModule));
    try {
      const active = listResponseSchema(userRecordSchema).parse((await call(t, 'GET', '/api/user/all/0/100', { token: cast.tokens.office })).body);
      expect(active.list.map((user) => user.id)).not.toContain(cast.userIds.noModule);
      const trashed = listResponseSchema(userRecordSchema).parse(
        (await call(t, 'GET', '/api/user/all/0/100?trashed=true', { token: cast.tokens.office })).body,
      );
      expect(trashed.list.find((user) => user.id === cast.userIds.noModule)?.deleted_at).not.toBeNull();
      // A pull brings deleted users too (sellers of old quotations), paged by take.
      const pulled = pullResponseSchema(userRecordSchema).parse(
        (await call(t, 'GET', '/api/user/all/0/500?updated_since=1970-01-01T00:00:00.000Z', { token: cast.tokens.office })).body,
      );
      expect(pulled.list.map((user) => user.id)).toContain(cast.userIds.noModule);
      const first = pullResponseSchema(userRecordSchema).parse(
        (await call(t, 'GET', '/api/user/all/0/2?updated_since=1970-01-01T00:00:00.000Z', { token: cast.tokens.office })).body,
      );
      expect(first.list).toHaveLength(2);
    } finally {
      await t.db.update(users).set({ deleted_at: null }).where(eq(users.id, cast.userIds.noModule));
    }
  });
});
