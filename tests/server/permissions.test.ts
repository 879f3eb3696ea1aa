/**
 * The permission matrix: every endpoint that exists, called by every kind
 * of caller (anonymous, a role without modules, a field technician, an
 * office user with every module, the administrator, a customer-type user),
 * plus the customer scoping mechanism later resources reuse, exercised
 * through a small test-only resource.
 */
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '@server/app-context';
import { requireAuth } from '@server/auth/authenticate';
import { access } from '@server/auth/access';
import { assertCustomerInScope, customerScope } from '@server/auth/permissions';
import { HTTP_MESSAGES } from '@server/http/messages';
import { createCast, type Caller, type Cast } from './helpers/people';
import { call, startTestApp, type TestApp } from './helpers/test-app';

const customerData = access.module('customers', { customerUsers: 'read-own' });

/** A stand-in for the customer resource of a later issue, built only from the shared mechanism. */
const probeRoutes: RouteModule = {
  name: 'probe',
  register(app) {
    app.get('/api/probe/customers', { config: { access: customerData } }, async (request) => ({
      scope: customerScope(requireAuth(request)),
    }));
    app.get(
      '/api/probe/customers/:id',
      { config: { access: customerData }, schema: { params: z.object({ id: z.coerce.number().int() }) } },
      async (request) => {
        assertCustomerInScope(requireAuth(request), request.params.id);
        return { id: request.params.id };
      },
    );
    app.put('/api/probe/customers/:id', { config: { access: customerData } }, async () => ({ saved: true }));
    app.get('/api/probe/equipment', { config: { access: access.module('equipment') } }, async () => ({ ok: true }));
  },
};

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await startTestApp({ extraRoutes: [probeRoutes] });
  cast = await createCast(t);
});
afterAll(() => t.close());

/** Paths may name cast members: {user:customer}, {customer:linked}. */
type Row = [method: string, path: string, expected: Record<Caller, number>, body?: unknown];

function resolvePath(path: string, c: Cast): string {
  return path
    .replace(/\{user:(\w+)\}/g, (_m, who: keyof Cast['userIds']) => String(c.userIds[who]))
    .replace(/\{customer:(\w+)\}/g, (_m, which: keyof Cast['customers']) => String(c.customers[which]));
}

const everyoneSignedIn = { anonymous: 401, noModule: 200, technician: 200, office: 200, admin: 200, customer: 200 };

const MATRIX: Row[] = [
  ['GET', '/api/user', everyoneSignedIn],
  ['GET', '/api/user/type/all', everyoneSignedIn],
  ['GET', '/api/user/role/all', everyoneSignedIn],
  ['GET', '/api/settings/all', everyoneSignedIn],
  [
    'PUT',
    '/api/settings',
    { anonymous: 401, noModule: 403, technician: 403, office: 200, admin: 200, customer: 403 },
    { options: [{ option: 'company_site', value: 'https://empresa.com.br' }] },
  ],
  ['GET', '/api/user-customers/{user:customer}', { anonymous: 401, noModule: 403, technician: 403, office: 200, admin: 200, customer: 200 }],
  ['GET', '/api/user-customers/{user:technician}', { anonymous: 401, noModule: 403, technician: 200, office: 200, admin: 200, customer: 403 }],
  // No route: the not-found handler answers everyone alike, and reads nothing.
  ['GET', '/api/nao-existe', { anonymous: 404, noModule: 404, technician: 404, office: 404, admin: 404, customer: 404 }],
  ['GET', '/api/probe/customers', { anonymous: 401, noModule: 403, technician: 200, office: 200, admin: 200, customer: 200 }],
  ['GET', '/api/probe/customers/{customer:linked}', { anonymous: 401, noModule: 403, technician: 200, office: 200, admin: 200, customer: 200 }],
  ['GET', '/api/probe/customers/{customer:other}', { anonymous: 401, noModule: 403, technician: 200, office: 200, admin: 200, customer: 403 }],
  ['PUT', '/api/probe/customers/{customer:linked}', { anonymous: 401, noModule: 403, technician: 200, office: 200, admin: 200, customer: 403 }, {}],
  ['GET', '/api/probe/equipment', { anonymous: 401, noModule: 403, technician: 200, office: 200, admin: 200, customer: 403 }],
];

const CALLERS: Caller[] = ['anonymous', 'noModule', 'technician', 'office', 'admin', 'customer'];
const cases = MATRIX.flatMap(([method, path, expected, body]) => CALLERS.map((caller) => ({ method, path, caller, status: expected[caller], body })));

describe('permission matrix', () => {
  it.each(cases)('$method $path as $caller → $status', async ({ method, path, caller, status, body }) => {
    const reply = await call(t, method, resolvePath(path, cast), { token: cast.tokens[caller], json: body });
    expect(reply.status).toBe(status);
    if (status >= 400) {
      expect(Object.keys(reply.body)).toEqual(['message']);
      const expectedMessage = { 401: HTTP_MESSAGES.unauthenticated, 403: undefined, 404: HTTP_MESSAGES.notFound }[status as 401 | 403 | 404];
      if (expectedMessage) expect(reply.body.message).toBe(expectedMessage);
    }
  });
});

describe('customer-type users', () => {
  it('see only their linked customers', async () => {
    const scoped = await call(t, 'GET', '/api/probe/customers', { token: cast.tokens.customer });
    expect(scoped.body).toEqual({ scope: [cast.customers.linked] });
    const everything = await call(t, 'GET', '/api/probe/customers', { token: cast.tokens.technician });
    expect(everything.body).toEqual({ scope: 'all' });
  });

  it('are told why a write on customer data is refused', async () => {
    const reply = await call(t, 'PUT', `/api/probe/customers/${cast.customers.linked}`, { token: cast.tokens.customer, json: {} });
    expect(reply.body).toEqual({ message: HTTP_MESSAGES.customerReadOnly });
  });

  it('get their modules and role from GET api/user', async () => {
    const reply = await call(t, 'GET', '/api/user', { token: cast.tokens.customer });
    expect(reply.body.settings.role.slug).toBe('cliente');
    expect(reply.body.settings.user_type_id).toBe(2);
    expect(reply.body.modules.map((m: { slug: string }) => m.slug)).toEqual(['dashboard', 'customers', 'samples']);
  });
});
