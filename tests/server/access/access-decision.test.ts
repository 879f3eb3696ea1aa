/**
 * The one access decision (server/auth/access.ts) as a table: every kind of
 * declaration × every kind of caller × read and write. The route-walking
 * tests (./every-route-spelling.test.ts, ./route-matrix.test.ts) prove the
 * hooks apply it to every registered route.
 */
import { describe, expect, it } from 'vitest';
import { access, decideAccess, type AccessDecision, type Caller, type RouteAccess } from '@server/auth/access';

const named = (slug: string) => ({ id: 1, name: slug, slug });

const CALLERS: Record<string, Caller | null> = {
  anonymous: null,
  admin: { isAdmin: true, isCustomer: false, modules: [] },
  office: { isAdmin: false, isCustomer: false, modules: [named('customers'), named('quotations'), named('settings')] },
  noModule: { isAdmin: false, isCustomer: false, modules: [] },
  customerWithModules: { isAdmin: false, isCustomer: true, modules: [named('customers'), named('quotations')] },
  customerNoModule: { isAdmin: false, isCustomer: true, modules: [] },
};

type Row = [declaration: string, RouteAccess | undefined, method: string, expected: Record<keyof typeof CALLERS, AccessDecision>];

const TABLE: Row[] = [
  [
    'public',
    access.public(),
    'POST',
    { anonymous: 'allow', admin: 'allow', office: 'allow', noModule: 'allow', customerWithModules: 'allow', customerNoModule: 'allow' },
  ],
  [
    'none declared',
    undefined,
    'GET',
    {
      anonymous: 'unauthenticated',
      admin: 'forbidden',
      office: 'forbidden',
      noModule: 'forbidden',
      customerWithModules: 'forbidden',
      customerNoModule: 'forbidden',
    },
  ],
  [
    'signed-in',
    access.signedIn(),
    'GET',
    {
      anonymous: 'unauthenticated',
      admin: 'allow',
      office: 'allow',
      noModule: 'allow',
      customerWithModules: 'forbidden',
      customerNoModule: 'forbidden',
    },
  ],
  [
    'signed-in, self',
    access.signedIn({ customerUsers: 'self' }),
    'POST',
    { anonymous: 'unauthenticated', admin: 'allow', office: 'allow', noModule: 'allow', customerWithModules: 'allow', customerNoModule: 'allow' },
  ],
  [
    'module',
    access.module('customers'),
    'GET',
    {
      anonymous: 'unauthenticated',
      admin: 'allow',
      office: 'allow',
      noModule: 'forbidden',
      customerWithModules: 'forbidden',
      customerNoModule: 'forbidden',
    },
  ],
  [
    'module, read-own, read',
    access.module('quotations', { customerUsers: 'read-own' }),
    'GET',
    {
      anonymous: 'unauthenticated',
      admin: 'allow',
      office: 'allow',
      noModule: 'forbidden',
      customerWithModules: 'allow',
      customerNoModule: 'forbidden',
    },
  ],
  [
    'module, read-own, write',
    access.module('quotations', { customerUsers: 'read-own' }),
    'PUT',
    {
      anonymous: 'unauthenticated',
      admin: 'allow',
      office: 'allow',
      noModule: 'forbidden',
      customerWithModules: 'customer-read-only',
      customerNoModule: 'forbidden',
    },
  ],
  [
    'module, read-own, POST that changes nothing',
    access.module('customers', { customerUsers: 'read-own', changesNothing: true }),
    'POST',
    {
      anonymous: 'unauthenticated',
      admin: 'allow',
      office: 'allow',
      noModule: 'forbidden',
      customerWithModules: 'allow',
      customerNoModule: 'forbidden',
    },
  ],
  [
    'any module of several',
    access.anyModule(['equipment', 'settings']),
    'GET',
    {
      anonymous: 'unauthenticated',
      admin: 'allow',
      office: 'allow',
      noModule: 'forbidden',
      customerWithModules: 'forbidden',
      customerNoModule: 'forbidden',
    },
  ],
  [
    'admin',
    access.admin(),
    'GET',
    {
      anonymous: 'unauthenticated',
      admin: 'allow',
      office: 'admins-only',
      noModule: 'admins-only',
      customerWithModules: 'admins-only',
      customerNoModule: 'admins-only',
    },
  ],
  [
    'read rule without modules, read-own',
    access.readRule({}, 'read-own'),
    'GET',
    { anonymous: 'unauthenticated', admin: 'allow', office: 'allow', noModule: 'allow', customerWithModules: 'allow', customerNoModule: 'allow' },
  ],
  [
    'read rule closed to customers',
    access.readRule({ modules: ['customers'], customers: false }, 'read-own'),
    'GET',
    {
      anonymous: 'unauthenticated',
      admin: 'allow',
      office: 'allow',
      noModule: 'forbidden',
      customerWithModules: 'forbidden',
      customerNoModule: 'forbidden',
    },
  ],
];

const cases = TABLE.flatMap(([declaration, declared, method, expected]) =>
  Object.entries(expected).map(([caller, decision]) => ({ declaration, declared, method, caller, decision })),
);

describe('decideAccess', () => {
  it.each(cases)('$declaration, $method by $caller → $decision', ({ declared, method, caller, decision }) => {
    expect(decideAccess(declared, method, CALLERS[caller]!)).toBe(decision);
  });
});
