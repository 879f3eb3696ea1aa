/**
 * Where sign-in leads (spec section 2) and which redirect queries are
 * trusted.
 */
import { describe, expect, it } from 'vitest';
import type { CurrentUser, UserCustomer } from '@sync/contract/user';
import { customerRedirect, postLoginDestination, safeRedirectPath, type Destination } from '@/app/auth/post-login-destination';
import { makeAdmin, makeUser } from '../session/user-factory';

const staff = makeUser({}, 'tecnico');
const admin = makeAdmin();
const customerUser = makeUser({}, 'cliente');
const link = (id: number): UserCustomer => ({ user_id: 7, customer_id: id, customer: { id, name: `Cliente ${id}` } });

const cases: Array<[string, { redirect?: unknown; user: CurrentUser; customers: UserCustomer[] | null }, Destination]> = [
  ['redirect query wins', { redirect: '/admin/clientes/lista/1', user: staff, customers: [] }, { path: '/admin/clientes/lista/1' }],
  ['redirect wins for a customer too', { redirect: '/admin/perfil', user: customerUser, customers: [link(4)] }, { path: '/admin/perfil' }],
  [
    'redirect keeps its query',
    { redirect: '/admin/orcamentos/lista/2?search=x', user: staff, customers: [] },
    { path: '/admin/orcamentos/lista/2?search=x' },
  ],
  ['customer with several customers', { user: customerUser, customers: [link(4), link(9)] }, { path: '/admin/clientes/lista/1' }],
  ['customer with one customer', { user: customerUser, customers: [link(4)] }, { path: '/admin/clientes/4' }],
  ['customer with no customer', { user: customerUser, customers: [] }, { path: '/admin/overview' }],
  ['customer list failed to load', { user: customerUser, customers: null }, { path: '/admin/overview', problem: 'customers-unavailable' }],
  ['staff user', { user: staff, customers: [] }, { path: '/admin/overview' }],
  ['administrator', { user: admin, customers: [] }, { path: '/admin/overview' }],
  ['unsafe redirect ignored', { redirect: '//evil.example/admin', user: staff, customers: [] }, { path: '/admin/overview' }],
  ['empty redirect ignored', { redirect: '', user: customerUser, customers: [link(4)] }, { path: '/admin/clientes/4' }],
  // Issue 24: opening the app at / goes through /admin/overview to /public/login?redirect=/admin/overview.
  [
    'the default page as redirect: one customer',
    { redirect: '/admin/overview', user: customerUser, customers: [link(4)] },
    { path: '/admin/clientes/4' },
  ],
  [
    'the default page as redirect: several',
    { redirect: '/admin/overview/', user: customerUser, customers: [link(4), link(9)] },
    { path: '/admin/clientes/lista/1' },
  ],
  ['/admin as redirect', { redirect: '/admin', user: customerUser, customers: [link(4)] }, { path: '/admin/clientes/4' }],
  ['the default page with a query', { redirect: '/admin/overview?x=1', user: customerUser, customers: [link(4)] }, { path: '/admin/clientes/4' }],
  ['the default page for staff', { redirect: '/admin/overview', user: staff, customers: [] }, { path: '/admin/overview' }],
  ['a page below the overview is a choice', { redirect: '/admin/overviews', user: customerUser, customers: [link(4)] }, { path: '/admin/overviews' }],
];

describe('postLoginDestination', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    expect(postLoginDestination(input)).toEqual(expected);
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/admin/overview', '/admin/overview'],
    ['/admin/amostra/lista/3/2', '/admin/amostra/lista/3/2'],
    ['https://evil.example/admin', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['admin/overview', null],
    ['/public/login', null],
    ['/public/login?redirect=/admin', null],
    ['/admin/x\nLocation: y', null],
    [42, null],
    [undefined, null],
  ])('%j → %j', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });
});

describe('customerRedirect (after a 403)', () => {
  it.each([
    [[link(1), link(2), link(3)], '/admin/clientes/lista/1'],
    [[link(12)], '/admin/clientes/12'],
    [[], '/admin/overview'],
  ])('%#', (customers, path) => {
    expect(customerRedirect(customers).path).toBe(path);
  });
});
