/**
 * Who may call the customer calls, as a table: every call × anonymous, a
 * role without modules, the field technician (customers module), the
 * administrator, and a customer-type user, on the customer linked to that
 * user and on another one. Customer-type users read only their linked
 * customer (list, one, files, download, zip) and never write; and what
 * they list, search and pull holds only that customer, deleted ids included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@sync/contract/customers';
import { linkUserToCustomer } from '@server/db/demo/records';
import { HTTP_MESSAGES } from '@server/http/messages';
import { createCast, type Cast } from '../helpers/people';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { binary, createCustomer, upload, uploaded, validCustomer } from './support';

type Caller = 'anonymous' | 'noModule' | 'technician' | 'admin' | 'customer';
type Target = 'linked' | 'other';
const CALLERS: Caller[] = ['anonymous', 'noModule', 'technician', 'admin', 'customer'];

let t: TestApp;
let cast: Cast;
let adminToken: string;
const fileOf: Record<Target, number> = { linked: 0, other: 0 };

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
  adminToken = cast.tokens.admin!;
  for (const target of ['linked', 'other'] as const) {
    fileOf[target] = (await uploaded(t, adminToken, cast.customers[target], { name: `Arquivo ${target}` })).id;
  }
});
afterAll(() => t.close());

/** A fresh file or customer for calls that destroy what they touch. */
async function freshFile(customerId: number) {
  return (await uploaded(t, adminToken, customerId, { name: 'Descartável' })).id;
}

type Request = (token: string | undefined, customerId: number, target: Target) => Promise<number>;

const json =
  (method: string, path: (id: number, target: Target) => string | Promise<string>, body?: unknown): Request =>
  async (token, id, target) =>
    (await call(t, method, await path(id, target), { token, json: body })).status;

const OPERATIONS: Record<string, Request> = {
  list: json('GET', () => '/api/customer/all/0/10'),
  pull: json('GET', () => `/api/customer/all/0/10?updated_since=${encodeURIComponent('2000-01-01T00:00:00.000Z')}`),
  one: json('GET', (id) => `/api/customer/${id}`),
  files: json('GET', (id) => `/api/customer/${id}/files`),
  download: async (token, id, target) => (await binary(t, 'GET', `/api/customer/${id}/file/${fileOf[target]}/download`, token)).status,
  zip: async (token, id, target) =>
    (await binary(t, 'POST', `/api/customer/${id}/files/download-multiple`, token, { file_ids: [fileOf[target]] })).status,
  create: json('POST', () => '/api/customer', validCustomer({ name: 'Novo pela matriz' })),
  update: json('PUT', (id) => `/api/customer/${id}`, validCustomer({ name: 'Cliente Vinculado Ltda' })),
  delete: json('DELETE', async () => `/api/customer/${(await createCustomer(t, adminToken, { name: 'Para excluir' })).id}`),
  addAddress: json('POST', (id) => `/api/customer/${id}/address`, { street: 'Rua da Matriz' }),
  // A fresh customer each time: a second POST would update the one contact (200).
  addContact: json('POST', async () => `/api/customer/${(await createCustomer(t, adminToken, { name: 'Sem contato' })).id}/contact`, {
    name: 'Contato da matriz',
  }),
  upload: async (token, id) => (await upload(t, token, id, { name: 'Enviado pela matriz' })).status,
  renameFile: json('PUT', (id, target) => `/api/customer/${id}/file/${fileOf[target]}`, { name: 'Renomeado' }),
  deleteFile: json('DELETE', async (id) => `/api/customer/${id}/file/${await freshFile(id)}`),
  notify: json('POST', (id) => `/api/customer/${id}/send/email`, { email: 'cliente@exemplo.com.br' }),
};

const READ = { anonymous: 401, noModule: 403, technician: 200, admin: 200 } as const;
const WRITE = (ok: number) => ({ anonymous: 401, noModule: 403, technician: ok, admin: ok, customer: 403 }) as const;

const MATRIX: Array<[string, Target, Record<Caller, number>]> = [
  ['list', 'linked', { ...READ, customer: 200 }],
  ['pull', 'linked', { ...READ, customer: 200 }],
  ['one', 'linked', { ...READ, customer: 200 }],
  ['one', 'other', { ...READ, customer: 403 }],
  ['files', 'linked', { ...READ, customer: 200 }],
  ['files', 'other', { ...READ, customer: 403 }],
  ['download', 'linked', { ...READ, customer: 200 }],
  ['download', 'other', { ...READ, customer: 403 }],
  ['zip', 'linked', { ...READ, customer: 200 }],
  ['zip', 'other', { ...READ, customer: 403 }],
  ['create', 'linked', WRITE(201)],
  ['update', 'linked', WRITE(200)],
  ['update', 'other', WRITE(200)],
  ['delete', 'other', WRITE(204)],
  ['addAddress', 'linked', WRITE(201)],
  ['addContact', 'other', WRITE(201)],
  ['upload', 'linked', WRITE(201)],
  ['renameFile', 'linked', WRITE(200)],
  ['deleteFile', 'linked', WRITE(204)],
  ['notify', 'linked', WRITE(200)],
];

describe.each(MATRIX)('%s on the %s customer', (operation, target, expected) => {
  it.each(CALLERS)('%s', async (caller) => {
    const status = await OPERATIONS[operation]!(cast.tokens[caller], cast.customers[target], target);
    expect(status).toBe(expected[caller]);
  });
});

describe('what a customer-type user sees', () => {
  it('lists, searches and pulls only the linked customer, and counts only it', async () => {
    const token = cast.tokens.customer;
    const page = (await call(t, 'GET', '/api/customer/all/0/10', { token })).body;
    expect(page.list.map((c: Customer) => c.id)).toEqual([cast.customers.linked]);
    expect(page.total_items).toBe(1);
    const search = (await call(t, 'GET', '/api/customer/all/0/10?search=outro', { token })).body;
    expect(search).toEqual({ list: [], total_items: 0 });
    const pull = (await call(t, 'GET', `/api/customer/all/0/10?updated_since=${encodeURIComponent('2000-01-01T00:00:00.000Z')}`, { token })).body;
    expect(pull.list.map((c: Customer) => c.id)).toEqual([cast.customers.linked]);
    expect(pull.total_items).toBe(1);
    const linked = pull.list[0] as Customer;
    expect(linked.files.map((f) => f.id)).toContain(fileOf.linked);
  });

  it('learns only the deleted ids of customers and files it could see when they were deleted', async () => {
    t.clock.advance(1000); // past the deletions of the tests above
    const since = encodeURIComponent(new Date(t.clock.now()).toISOString());
    const admin = (method: string, path: string) => call(t, method, path, { token: adminToken });
    // A second customer linked to the customer-type user, and a stranger's customer; both deleted below.
    const mine = await createCustomer(t, adminToken, { name: 'Filial Vinculada' });
    await linkUserToCustomer(t.db, cast.userIds.customer, mine.id);
    const theirs = await createCustomer(t, adminToken, { name: 'Cliente Alheio' });
    const myFile = await freshFile(cast.customers.linked);
    const theirFile = await freshFile(cast.customers.other);
    const myCustomersFile = await freshFile(mine.id);
    const theirCustomersFile = await freshFile(theirs.id);
    for (const path of [
      `/api/customer/${cast.customers.linked}/file/${myFile}`,
      `/api/customer/${cast.customers.other}/file/${theirFile}`,
      `/api/customer/${mine.id}`,
      `/api/customer/${theirs.id}`,
    ]) {
      expect((await admin('DELETE', path)).status).toBe(204);
    }

    const pull = (token: string | undefined, path: string) => call(t, 'GET', `${path}?updated_since=${since}`, { token });
    const asCustomer = (await pull(cast.tokens.customer, '/api/customer/all/0/10')).body;
    expect(asCustomer.deleted_ids).toEqual([mine.id]);
    const customerFiles = (await pull(cast.tokens.customer, `/api/customer/${cast.customers.linked}/files`)).body;
    expect(customerFiles.deleted_ids).toEqual([myFile, myCustomersFile].sort((a, b) => a - b));

    // The office reads every customer, so it learns every id.
    const asAdmin = (await pull(adminToken, '/api/customer/all/0/10')).body;
    expect(asAdmin.deleted_ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const adminFiles = (await pull(adminToken, `/api/customer/${cast.customers.linked}/files`)).body;
    expect(adminFiles.deleted_ids).toEqual(expect.arrayContaining([myFile, theirFile, myCustomersFile, theirCustomersFile]));
  });

  it('gets 403 for a customer that does not exist (nothing to learn from a 404)', async () => {
    const reply = await call(t, 'GET', '/api/customer/999999', { token: cast.tokens.customer });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: HTTP_MESSAGES.forbidden });
  });

  it('is told why a write is refused', async () => {
    const reply = await call(t, 'PUT', `/api/customer/${cast.customers.linked}`, { token: cast.tokens.customer, json: validCustomer() });
    expect(reply.body).toEqual({ message: HTTP_MESSAGES.customerReadOnly });
  });
});
