/**
 * The demo customers (`npm run seed:demo`) are valid for the customers
 * API: they pass the contract, their CPF/CNPJ check digits are right (so
 * saving one unchanged from the screen works), each has addresses and a
 * contact, and the demo customer-type user sees only its own customer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customerSchema, documentProblem, type Customer } from '@sync/contract/customers';
import { listResponseSchema } from '@sync/contract/list';
import { seedDemo } from '@server/db/demo';
import { DEMO_PASSWORD } from '@server/db/demo/users';
import { signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';

let t: TestApp;
let admin: Api;
let customers: Customer[];

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  admin = api(t, await adminToken(t));
  customers = listResponseSchema(customerSchema).parse(ok(await admin.get('/api/customer/all/0/100'))).list;
});
afterAll(() => t.close());

it('has customers with valid documents, addresses and a contact, which save unchanged', async () => {
  expect(customers.length).toBeGreaterThanOrEqual(4);
  for (const customer of customers) {
    expect(documentProblem(customer.type, customer.document), customer.name).toBeNull();
    expect(customer.addresses.length, customer.name).toBeGreaterThan(0);
    expect(customer.contact?.name, customer.name).toBeTruthy();
    const { name, type, document, email, phone, comment } = customer;
    ok(await admin.put(`/api/customer/${customer.id}`, { name, type, document, email, phone, comment }));
  }
  expect(customers.map((c) => c.type)).toContain('individual');
});

it('lets the demo customer-type user see only its customer', async () => {
  const carla = api(t, (await signIn(t, 'carla', DEMO_PASSWORD)).access_token);
  const page = ok(await carla.get('/api/customer/all/0/10'));
  expect(page.list.map((c: Customer) => c.name)).toEqual(['Metalúrgica Horizonte Ltda']);
  expect(page.total_items).toBe(1);
});
