/**
 * What the first resources answer: the current user, user types and roles,
 * a user's customer links, and settings (read, upsert, unchanged values keep
 * their updated_at). Every body is parsed with the shared contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '@sync/contract/modules';
import { settingsMap, settingsResponseSchema } from '@sync/contract/settings';
import { currentUserSchema, rolesResponseSchema, userCustomersResponseSchema, userTypesResponseSchema } from '@sync/contract/user';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { createCast, type Cast } from './helpers/people';
import { call, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

describe('GET api/user', () => {
  it('gives administrators every module, with type 1 and no role', async () => {
    const user = currentUserSchema.parse((await call(t, 'GET', '/api/user', { token: cast.tokens.admin })).body);
    expect(user.settings.user_type_id).toBe(1);
    expect(user.settings.type).toMatchObject({ id: 1, name: 'Administrador', slug: 'admin' });
    expect(user.settings.role).toBeNull();
    expect(user.modules.map((m) => m.slug)).toEqual(MODULES.map((m) => m.slug));
    expect(new Date(user.updated_at).toISOString()).toBe(user.updated_at);
  });

  it("gives everyone else their role's active modules", async () => {
    const user = currentUserSchema.parse((await call(t, 'GET', '/api/user', { token: cast.tokens.technician })).body);
    expect(user.settings.user_type_id).toBe(2);
    expect(user.settings.role).toMatchObject({ name: 'Técnico de campo', slug: 'tecnico-de-campo' });
    expect(user.modules.map((m) => m.slug)).toEqual(['dashboard', 'customers', 'quotations', 'samples', 'products', 'equipment']);
    const none = currentUserSchema.parse((await call(t, 'GET', '/api/user', { token: cast.tokens.noModule })).body);
    expect(none.modules).toEqual([]);
  });
});

describe('user types, roles and customer links', () => {
  it('lists user types and roles', async () => {
    const types = userTypesResponseSchema.parse((await call(t, 'GET', '/api/user/type/all', { token: cast.tokens.customer })).body);
    expect(types).toEqual([
      { id: 1, name: 'Administrador', slug: 'admin' },
      { id: 2, name: 'Geral', slug: 'general' },
    ]);
    const roles = rolesResponseSchema.parse((await call(t, 'GET', '/api/user/role/all', { token: cast.tokens.customer })).body);
    expect(roles.map((r) => r.slug)).toEqual(['administrativo', 'cliente', 'sem-modulos', 'tecnico-de-campo']);
  });

  it("lists a customer-type user's customers", async () => {
    const reply = await call(t, 'GET', `/api/user-customers/${cast.userIds.customer}`, { token: cast.tokens.customer });
    expect(userCustomersResponseSchema.parse(reply.body)).toEqual([
      { user_id: cast.userIds.customer, customer_id: cast.customers.linked, customer: { id: cast.customers.linked, name: 'Cliente Vinculado Ltda' } },
    ]);
    const none = await call(t, 'GET', `/api/user-customers/${cast.userIds.technician}`, { token: cast.tokens.admin });
    expect(none.body).toEqual([]);
  });

  it('answers 404 for a user that does not exist and 400 for a non-numeric id', async () => {
    expect((await call(t, 'GET', '/api/user-customers/99999', { token: cast.tokens.admin })).status).toBe(404);
    const bad = await call(t, 'GET', '/api/user-customers/abc', { token: cast.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.userId).toEqual(['Identificador inválido.']);
  });
});

describe('settings', () => {
  const getAll = async () => settingsResponseSchema.parse((await call(t, 'GET', '/api/settings/all', { token: cast.tokens.technician })).body);

  it('starts with the default options, result thresholds included', async () => {
    const map = settingsMap((await getAll()).options);
    expect(JSON.parse(map.result_chemical!)).toEqual(defaultResultThresholds().chemical);
    expect(JSON.parse(map.result_noise!)).toEqual(defaultResultThresholds().noise);
    expect(map.message_sendMessage).toContain('{orcamento}');
    expect(map).toHaveProperty('company_cnpj', '');
    expect(map).toHaveProperty('settings_logo', '');
    expect(Array.isArray(JSON.parse(map.message_deadlines!))).toBe(true);
  });

  it('upserts what is sent; empty becomes blank, JSON values become text, unchanged values keep updated_at', async () => {
    const before = Object.fromEntries((await getAll()).options.map((o) => [o.option, o]));
    t.clock.advance(1000);
    const reply = await call(t, 'PUT', '/api/settings', {
      token: cast.tokens.office,
      json: {
        options: [
          { option: 'company_name', value: 'Higiene & Cia' },
          { option: 'company_instagram', value: '' },
          { option: 'company_site', value: null },
          { option: 'settings_timeAlert', value: 45 },
          { option: 'result_noise', value: { custom: true } },
          { option: 'company_newField', value: 'novo' },
        ],
      },
    });
    expect(reply.status).toBe(200);
    const after = Object.fromEntries(settingsResponseSchema.parse(reply.body).options.map((o) => [o.option, o]));
    expect(after.company_name!.value).toBe('Higiene & Cia');
    expect(after.company_site!.value).toBe('');
    expect(after.settings_timeAlert!.value).toBe('45');
    expect(JSON.parse(after.result_noise!.value)).toEqual({ custom: true });
    expect(after.company_newField!.value).toBe('novo');
    expect(after.company_instagram!.updated_at).toBe(before.company_instagram!.updated_at);
    expect(after.company_name!.updated_at).toBe(new Date(t.clock.now()).toISOString());
    expect(after.company_name!.created_at).toBe(before.company_name!.created_at);
  });

  it('refuses option names that are not prefix_field, in Portuguese', async () => {
    const reply = await call(t, 'PUT', '/api/settings', { token: cast.tokens.admin, json: { options: [{ option: 'semprefixo', value: 'x' }] } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors['options.0.option']).toEqual(['Nome de configuração inválido (use prefixo_campo)']);
  });
});
