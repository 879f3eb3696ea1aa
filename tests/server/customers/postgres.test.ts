/**
 * The customers API on a real PostgreSQL, where requests run on separate
 * connections in parallel (PGlite serializes everything): uploads and
 * address writes to one customer serialize on its row lock (each file
 * once, exactly one 'Endereço Principal', the customer's updated_at moving
 * every time), parallel edits with one If-Match give one 200 and one 409,
 * a duplicated upload with one Idempotency-Key stores one file, and a
 * deleted customer's bytes go. Runs when TEST_DATABASE_URL points at a
 * server (CI starts one); each run uses a throwaway database.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, CustomerFile } from '@sync/contract/customers';
import { call, type TestApp } from '../helpers/test-app';
import { startPostgresApp, TEST_DATABASE_URL, type PostgresTestApp } from '../helpers/postgres-app';
import { adminToken } from '../catalog/support';
import { createCustomer, eventually, upload, validCustomer } from './support';

describe.skipIf(!TEST_DATABASE_URL)('customers on PostgreSQL', () => {
  let pgApp: PostgresTestApp;
  let t: TestApp;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    pgApp = await startPostgresApp('customers');
    dataDir = pgApp.dataDir;
    // Only what the shared helpers use of a TestApp.
    t = pgApp as unknown as TestApp;
    token = await adminToken(t);
  });

  afterAll(async () => {
    await pgApp?.close();
  });

  const storedFiles = () => readdirSync(join(dataDir, 'files')).filter((name) => /^[a-f0-9]{32}$/.test(name));

  it('serializes parallel uploads and address writes on the customer', async () => {
    const customer = await createCustomer(t, token);
    const uploads = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(t, token, customer.id, { name: `Arquivo ${i}`, data: `conteúdo ${i}` })),
    );
    expect(uploads.map((r) => r.status)).toEqual(Array(6).fill(201));
    const addresses = await Promise.all(
      Array.from({ length: 4 }, () => call(t, 'POST', `/api/customer/${customer.id}/address`, { token, json: { street: 'Rua' } })),
    );
    expect(addresses.map((r) => r.status)).toEqual(Array(4).fill(201));

    const current = (await call<Customer>(t, 'GET', `/api/customer/${customer.id}`, { token })).body;
    expect(current.files.map((f) => f.name).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `Arquivo ${i}`));
    expect(current.addresses.filter((a) => a.label === 'Endereço Principal')).toHaveLength(1);
    expect(current.addresses.filter((a) => a.label === 'Novo Endereço')).toHaveLength(3);
    // Ten writes within one millisecond of the manual clock: each moved the customer by at least 1 ms.
    expect(Date.parse(current.updated_at) - Date.parse(customer.updated_at)).toBeGreaterThanOrEqual(10);
  });

  it('gives one 200 and one 409 to two edits with the same If-Match', async () => {
    const customer = await createCustomer(t, token);
    const edits = await Promise.all(
      ['Primeiro', 'Segundo'].map((name) =>
        call(t, 'PUT', `/api/customer/${customer.id}`, { token, json: validCustomer({ name }), headers: { 'if-match': customer.updated_at } }),
      ),
    );
    expect(edits.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('stores one file for a duplicated upload with the same Idempotency-Key', async () => {
    const customer = await createCustomer(t, token);
    const headers = { 'idempotency-key': 'pg-upload-duplicado' };
    const replies = await Promise.all([upload(t, token, customer.id, { headers }), upload(t, token, customer.id, { headers })]);
    const statuses = replies.map((r) => r.status).sort();
    // The second waits for the first and replays it (or, if the first takes too long, is told to retry).
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const files = (await call<CustomerFile[]>(t, 'GET', `/api/customer/${customer.id}/files`, { token })).body;
    expect(files).toHaveLength(1);
  });

  it('removes the bytes of a deleted customer', async () => {
    const customer = await createCustomer(t, token);
    const before = storedFiles().length;
    await Promise.all([upload(t, token, customer.id, { name: 'Um' }), upload(t, token, customer.id, { name: 'Dois' })]);
    expect(storedFiles()).toHaveLength(before + 2);
    expect((await call(t, 'DELETE', `/api/customer/${customer.id}`, { token })).status).toBe(204);
    await eventually(() => storedFiles().length === before);
  });
});
