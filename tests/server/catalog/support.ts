/**
 * Shared pieces of the catalog and sync server tests: a cast of callers
 * (one role per catalog module, a role without modules, a customer-type
 * user, the administrator), a small JSON client bound to a token, and
 * factories for valid records.
 */
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ModuleSlug } from '@sync/contract/modules';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { modules, rolePermissions, roles } from '@server/db/schema';
import { ADMIN, call, signIn, type Reply, type TestApp } from '../helpers/test-app';

export const CATALOG_CALLERS = [
  'anonymous',
  'noModule',
  'products',
  'services',
  'costs',
  'equipment',
  'quotations',
  'samples',
  'admin',
  'customer',
] as const;
export type CatalogCaller = (typeof CATALOG_CALLERS)[number];

const PASSWORD = 'senha-de-teste-1';

/** A role (department) with exactly these modules. */
export async function roleWith(t: TestApp, slug: string, moduleSlugs: readonly ModuleSlug[]): Promise<number> {
  const [role] = await t.db
    .insert(roles)
    .values({ name: `Papel ${slug}`, slug })
    .returning({ id: roles.id });
  if (moduleSlugs.length === 0) return role!.id;
  const found = await t.db
    .select({ id: modules.id })
    .from(modules)
    .where(inArray(modules.slug, [...moduleSlugs]));
  await t.db.insert(rolePermissions).values(found.map((m) => ({ role_id: role!.id, module_id: m.id, active: true })));
  return role!.id;
}

/** Signs in a new user of the given role. */
export async function userWithRole(t: TestApp, username: string, roleSlug: string): Promise<{ id: number; token: string }> {
  const id = await insertUser(t.db, { name: username, username, email: `${username}@empresa.com.br`, password: PASSWORD, roleSlug });
  return { id, token: (await signIn(t, username, PASSWORD)).access_token };
}

/** Signs in one user per kind of caller; `anonymous` has no token. */
export async function catalogCast(t: TestApp): Promise<Record<CatalogCaller, string | undefined>> {
  const tokens: Partial<Record<CatalogCaller, string | undefined>> = { anonymous: undefined };
  for (const caller of ['noModule', 'products', 'services', 'costs', 'equipment', 'quotations', 'samples'] as const) {
    const slug = `papel-${caller.toLowerCase()}`;
    await roleWith(t, slug, caller === 'noModule' ? [] : [caller]);
    const username = `user-${caller.toLowerCase()}`;
    await insertUser(t.db, { name: caller, username, email: `${username}@empresa.com.br`, password: PASSWORD, roleSlug: slug });
    tokens[caller] = (await signIn(t, username, PASSWORD)).access_token;
  }
  // The seeded 'cliente' role has the samples module, which alone would open agents and equipment.
  const customerId = await insertCustomer(t.db, { name: 'Cliente Vinculado Ltda', type: 'corporate' });
  const customerUser = await insertUser(t.db, {
    name: 'Cliente',
    username: 'cliente',
    email: 'cliente@cliente.com.br',
    password: PASSWORD,
    roleSlug: 'cliente',
  });
  await linkUserToCustomer(t.db, customerUser, customerId);
  tokens.customer = (await signIn(t, 'cliente', PASSWORD)).access_token;
  tokens.admin = (await signIn(t, ADMIN.username, ADMIN.password)).access_token;
  return tokens as Record<CatalogCaller, string | undefined>;
}

export async function adminToken(t: TestApp): Promise<string> {
  return (await signIn(t, ADMIN.username, ADMIN.password)).access_token;
}

export type Api = {
  get<T = any>(path: string, headers?: Record<string, string>): Promise<Reply<T>>;
  post<T = any>(path: string, json: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  put<T = any>(path: string, json: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  del<T = any>(path: string, headers?: Record<string, string>): Promise<Reply<T>>;
};

export function api(t: TestApp, token: string | undefined): Api {
  return {
    get: (path, headers) => call(t, 'GET', path, { token, headers }),
    post: (path, json, headers) => call(t, 'POST', path, { token, json, headers }),
    put: (path, json, headers) => call(t, 'PUT', path, { token, json, headers }),
    del: (path, headers) => call(t, 'DELETE', path, { token, headers }),
  };
}

/** The body of a 2xx reply, failing the test with the server's answer otherwise. */
export function ok<T>(reply: Reply<T>, status?: number): T {
  if (status !== undefined ? reply.status !== status : reply.status < 200 || reply.status >= 300) {
    expect.fail(`expected ${status ?? '2xx'}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return reply.body;
}

export const TYPE_IDS = { vibration: 1, chemical: 2, noise: 3, heat: 4 } as const;
