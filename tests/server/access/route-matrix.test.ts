/**
 * The authorization matrix, generated from the route table (issue 20):
 * every registered route × every kind of caller, the expected answer
 * computed from the route's own declaration (decideAccess), never listed
 * by hand, so a route added later is covered as it is registered. The
 * callers: the administrator, office staff with every module, a technician
 * without the quotations and users modules, a department with no modules,
 * a customer-type user without and then with the quotations module, a
 * deleted user's token, and no token.
 *
 * What the hooks decide is checked exactly: 401 with the sign-in message,
 * 403 with the refusal's own message. Where the declaration lets the
 * caller in, the answer is the handler's (validation, 404 for the ids the
 * test makes up), never the hooks' 401/403.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import { decideAccess, type Caller as AccessCaller } from '@server/auth/access';
import { insertUser } from '@server/db/demo/records';
import { modules, rolePermissions, roles } from '@server/db/schema';
import { HTTP_MESSAGES } from '@server/http/messages';
import { fillPath } from '../fuzz/cases';
import { createCast, type Cast } from '../helpers/people';
import { routeRecorder, type RegisteredRoute } from '../helpers/route-table';
import { call, signIn, startTestApp, type TestApp } from '../helpers/test-app';

const recorder = routeRecorder();
let t: TestApp;
let cast: Cast;
const tokens: Record<string, string | undefined> = {};

async function grant(roleSlug: string, slugs: string[]): Promise<void> {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, roleSlug));
  const rows = await t.db.select({ id: modules.id }).from(modules).where(inArray(modules.slug, slugs));
  await t.db.insert(rolePermissions).values(rows.map((m) => ({ role_id: role!.id, module_id: m.id, active: true })));
}

beforeAll(async () => {
  t = await startTestApp({ extraPlugins: [recorder.plugin], env: {} });
  cast = await createCast(t);
  await t.db.insert(roles).values({ name: 'Técnico sem orçamentos', slug: 'tecnico-sem-orcamentos' });
  await grant('tecnico-sem-orcamentos', ['dashboard', 'customers', 'samples', 'products', 'equipment']);
  await insertUser(t.db, {
    name: 'Técnica',
    username: 'tecnica',
    email: 'tecnica@empresa.com.br',
    password: 'senha-de-teste-1',
    roleSlug: 'tecnico-sem-orcamentos',
  });
  const gone = await insertUser(t.db, {
    name: 'Saiu',
    username: 'saiu',
    email: 'saiu@empresa.com.br',
    password: 'senha-de-teste-1',
    roleSlug: 'administrativo',
  });
  Object.assign(tokens, {
    anonymous: undefined,
    admin: cast.tokens.admin,
    office: cast.tokens.office,
    noModule: cast.tokens.noModule,
    customer: cast.tokens.customer,
    technicianWithoutQuotations: (await signIn(t, 'tecnica', 'senha-de-teste-1')).access_token,
    deletedUser: (await signIn(t, 'saiu', 'senha-de-teste-1')).access_token,
  });
  const deleted = await call(t, 'DELETE', `/api/user/${gone}`, { token: cast.tokens.admin });
  expect(deleted.status).toBeLessThan(300);
});
afterAll(() => t?.close());

/** The caller as the access decision sees it, from its own `GET api/user`. */
async function callerOf(token: string | undefined): Promise<AccessCaller | null> {
  if (!token) return null;
  const reply = await call(t, 'GET', '/api/user', { token });
  if (reply.status !== 200) return null;
  return {
    isAdmin: reply.body.settings.user_type_id === 1,
    isCustomer: reply.body.settings.user_type_id !== 1 && reply.body.settings.role?.slug === CUSTOMER_ROLE_SLUG,
    modules: reply.body.modules,
  };
}

const HOOK_MESSAGES = new Set<string>([HTTP_MESSAGES.forbidden, HTTP_MESSAGES.customerReadOnly, HTTP_MESSAGES.adminsOnly]);

/** Handlers that refuse on their own rules after the hooks let the caller in (the message says which rule). */
function handlerRefusal(route: RegisteredRoute, message: string): boolean {
  return !HOOK_MESSAGES.has(message) || route.access?.kind === 'admin';
}

async function walk(callers: string[]): Promise<{ problems: string[]; counts: Record<string, number> }> {
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  for (const who of callers) {
    const caller = await callerOf(tokens[who]);
    for (const route of recorder.routes) {
      const decision = decideAccess(route.access, route.method, caller);
      const write = route.method !== 'GET';
      const reply = await call(t, route.method, fillPath(route), { token: tokens[who], ...(write ? { json: {} } : {}) });
      const where = `${who}: ${route.method} ${route.url} (${decision}) → ${reply.status} ${JSON.stringify(reply.body)?.slice(0, 100)}`;
      counts[`${decision} ${reply.status}`] = (counts[`${decision} ${reply.status}`] ?? 0) + 1;
      const message = (reply.body as { message?: string } | undefined)?.message ?? '';
      if (decision === 'unauthenticated') {
        if (reply.status !== 401) problems.push(where);
      } else if (decision === 'forbidden') {
        if (reply.status !== 403 || message !== HTTP_MESSAGES.forbidden) problems.push(where);
      } else if (decision === 'customer-read-only') {
        if (reply.status !== 403 || message !== HTTP_MESSAGES.customerReadOnly) problems.push(where);
      } else if (decision === 'admins-only') {
        const expected = route.access?.kind === 'admin' ? (route.access.message ?? HTTP_MESSAGES.adminsOnly) : '';
        if (reply.status !== 403 || message !== expected) problems.push(where);
      } else if (reply.status === 401 || reply.status >= 500 || (reply.status === 403 && !handlerRefusal(route, message))) {
        problems.push(where);
      }
    }
  }
  return { problems, counts };
}

describe('authorization matrix (route table × callers)', () => {
  it('the hooks decide as each route declares, for every caller', async () => {
    const { problems, counts } = await walk(['anonymous', 'deletedUser', 'admin', 'office', 'technicianWithoutQuotations', 'noModule', 'customer']);
    console.info(`matrix: ${recorder.routes.length} routes × 7 callers; ${JSON.stringify(counts)}`);
    expect(problems.slice(0, 40)).toEqual([]);
  }, 300_000);

  it("a deleted user's token opens nothing", async () => {
    const reply = await call(t, 'GET', '/api/user', { token: tokens.deletedUser });
    expect(reply.status).toBe(401);
  });

  it('a customer-type user given the quotations module reads quotations, never writes them', async () => {
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, CUSTOMER_ROLE_SLUG));
    const quotations = await call(t, 'GET', '/api/access-control/modules', { token: tokens.admin });
    const quotationModule = (quotations.body as Array<{ id: number; slug: string }>).find((m) => m.slug === 'quotations')!;
    const granted = await call(t, 'POST', `/api/access-control/role/${role!.id}/permissions`, {
      token: tokens.admin,
      json: { permissions: [{ module_id: quotationModule.id, active: true }] },
    });
    expect(granted.status).toBe(200);
    const me = await callerOf(tokens.customer);
    expect(me?.modules.map((m) => m.slug)).toContain('quotations');
    const { problems } = await walk(['customer']);
    expect(problems.slice(0, 40)).toEqual([]);
  }, 300_000);
});
