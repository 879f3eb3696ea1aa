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
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, CustomerFile } from '../../../sync/contract/customers';
import { buildApp } from '../../../server/app';
import type { ZodApp } from '../../../server/app-context';
import { manualClock } from '../../../server/clock';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { runMigrations } from '../../../server/db/migrate';
import { seedDatabase } from '../../../server/db/seed';
import { createFileMailer } from '../../../server/mail/mailer';
import { ADMIN, call, type TestApp } from '../helpers/test-app';
import { adminToken } from '../catalog/support';
import { createCustomer, eventually, upload, validCustomer } from './support';

const url = process.env.TEST_DATABASE_URL;
const databaseName = `ho_customers_${process.pid}_${Date.now()}`;

function withDatabase(base: string, name: string): string {
  const parsed = new URL(base);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

describe.skipIf(!url)('customers on PostgreSQL', () => {
  let admin: pg.Client;
  let database: Database;
  let app: ZodApp;
  let t: TestApp;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    database = await openDatabase({ kind: 'postgres', url: withDatabase(url!, databaseName) });
    await runMigrations(database);
    await seedDatabase(database.db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password, adminEmail: ADMIN.email });
    dataDir = mkdtempSync(join(tmpdir(), 'ho-pg-customers-'));
    const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), LOG_LEVEL: 'silent' });
    const clock = manualClock(Date.now());
    app = await buildApp({ db: database.db, config, clock, mailer: createFileMailer(join(dataDir, 'mail'), config.mailFrom), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    // Only what the shared helpers use of a TestApp.
    t = { baseUrl: `http://127.0.0.1:${address.port}`, clock, config, db: database.db } as unknown as TestApp;
    token = await adminToken(t);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin?.query(`drop database if exists ${databaseName}`);
    await admin?.end();
  });

  const storedFiles = () => readdirSync(join(dataDir, 'files')).filter((name) => /^[a-f0-9]{32}$/.test(name));

  it('serializes parallel uploads and address writes on the customer', async () => {
    const customer = await createCustomer(t, token);
    const uploads = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(t, token, customer.id, { name: `Arquivo ${i}`, data: `conteúdo ${i}` })));
    expect(uploads.map((r) => r.status)).toEqual(Array(6).fill(201));
    const addresses = await Promise.all(Array.from({ length: 4 }, () => call(t, 'POST', `/api/customer/${customer.id}/address`, { token, json: { street: 'Rua' } })));
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
