/**
 * The schema, migrations and seed against a fresh database: PGlite always,
 * and PostgreSQL when TEST_DATABASE_URL is set (CI starts one; each run uses
 * its own throwaway database inside it). The same checks run on both, so
 * the one pg-core schema is proven on both drivers.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '@sync/contract/modules';
import { settingsMap } from '@sync/contract/settings';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { verifyPassword } from '@server/auth/passwords';
import { openDatabase, type Database } from '@server/db/client';
import { insertCustomer, insertUser } from '@server/db/demo/records';
import { seedDemo } from '@server/db/demo';
import { runMigrations } from '@server/db/migrate';
import {
  customerContacts,
  customers,
  expositionTypes,
  modules,
  options,
  productTypes,
  quotationPaymentTypes,
  rolePermissions,
  roles,
  sampleTypes,
  userCustomers,
  users,
  userTypes,
} from '@server/db/schema';
import { seedDatabase } from '@server/db/seed';
import { deletedIdsSince, recordDeletions } from '@server/sync/deletions';

function databaseChecks(open: () => Promise<{ database: Database; dispose(): Promise<void> }>) {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await open());
  });
  afterAll(() => dispose?.());

  it('migrates from scratch, and a second run applies nothing', async () => {
    await runMigrations(database);
    await runMigrations(database);
    const tables = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(Number((tables as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBeGreaterThanOrEqual(19);
  });

  it('seeds once: the administrator with a generated password, then nothing on later starts', async () => {
    const first = await seedDatabase(database.db, { adminUsername: 'chefe' });
    expect(first.seeded).toBe(true);
    expect(first.admin).toMatchObject({ username: 'chefe', generated: true });
    expect(first.admin!.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'chefe'));
    expect(admin!.user_type_id).toBe(1);
    expect(await verifyPassword(admin!.password_hash, first.admin!.password)).toBe(true);

    expect(await seedDatabase(database.db, { adminUsername: 'chefe' })).toEqual({ seeded: false });
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it('gives the spec its fixed ids and moves the sequences past them', async () => {
    const db = database.db;
    expect(await db.select({ id: userTypes.id, slug: userTypes.slug }).from(userTypes).orderBy(userTypes.id)).toEqual([
      { id: 1, slug: 'admin' },
      { id: 2, slug: 'general' },
    ]);
    const [vibration] = await db.select().from(productTypes).where(eq(productTypes.id, 1));
    expect(vibration).toMatchObject({ name: 'Vibração', slug: 'vibration', price: null });
    expect((await db.select().from(sampleTypes)).map((r) => r.slug).sort()).toEqual(['chemical', 'heat', 'noise', 'vibration']);
    expect((await db.select().from(expositionTypes).where(eq(expositionTypes.id, 1)))[0]!.name).toBe('Contínua');
    expect((await db.select().from(quotationPaymentTypes)).map((r) => r.name)).toEqual(['Boleto', 'PIX', 'Transferência', 'Cartão']);
    const [added] = await db.insert(productTypes).values({ name: 'Poeira', slug: 'poeira', price: 12.5 }).returning();
    expect(added).toMatchObject({ id: 5, price: 12.5 });
  });

  it('seeds the modules, the customer role and its permissions', async () => {
    const db = database.db;
    expect((await db.select().from(modules)).map((m) => m.slug)).toEqual(MODULES.map((m) => m.slug));
    const clientModules = await db
      .select({ slug: modules.slug })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.role_id))
      .innerJoin(modules, eq(modules.id, rolePermissions.module_id))
      .where(eq(roles.slug, 'cliente'));
    expect(clientModules.map((m) => m.slug).sort()).toEqual(['customers', 'dashboard', 'samples']);
  });

  it('seeds the default settings', async () => {
    const map = settingsMap(await database.db.select().from(options));
    expect(JSON.parse(map.result_chemical!)).toEqual(defaultResultThresholds().chemical);
    expect(Object.keys(map).filter((k) => k.startsWith('company_'))).toHaveLength(20);
    expect(map.settings_warranty).toBe('90');
  });

  it('keeps timestamps with milliseconds and bumps updated_at on every update', async () => {
    const db = database.db;
    const id = await insertCustomer(db, { name: 'Relógio Ltda', email: 'r@r.com.br' });
    const [before] = await db.select().from(customers).where(eq(customers.id, id));
    expect(before!.created_at).toBeInstanceOf(Date);
    expect(before!.updated_at.getTime()).toBe(before!.created_at.getTime());
    await new Promise((resolve) => setTimeout(resolve, 15));
    await db.update(customers).set({ phone: '1133334444' }).where(eq(customers.id, id));
    const [after] = await db.select().from(customers).where(eq(customers.id, id));
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    expect(after!.created_at.getTime()).toBe(before!.created_at.getTime());
    // An individual's contact is the customer themself.
    expect((await db.select().from(customerContacts).where(eq(customerContacts.customer_id, id)))[0]!.name).toBe('Relógio Ltda');
  });

  it('remembers deletions for incremental pulls', async () => {
    const db = database.db;
    const at = new Date();
    await recordDeletions(db, 'customer', [41, 42], at);
    await recordDeletions(db, 'product', [41], at);
    expect(await deletedIdsSince(db, 'customer', new Date(at.getTime() - 60_000))).toEqual([41, 42]);
    expect(await deletedIdsSince(db, 'customer', new Date(at.getTime() + 1))).toEqual([]);
  });

  it('refuses a second user with the same e-mail or username in another case', async () => {
    const db = database.db;
    await insertUser(db, { name: 'A', username: 'maria', email: 'maria@x.com.br', password: 'senha-123' });
    await expect(insertUser(db, { name: 'B', username: 'outra', email: 'MARIA@x.com.br', password: 'senha-123' })).rejects.toThrow();
    await expect(insertUser(db, { name: 'C', username: 'Maria', email: 'c@x.com.br', password: 'senha-123' })).rejects.toThrow();
  });

  it('adds the demo data once', async () => {
    const state = await seedDemo(database.db);
    expect(Object.keys(state!.customers)).toHaveLength(4);
    expect(await seedDemo(database.db)).toBeNull();
    const links = await database.db
      .select({ user: users.username, customer: customers.name })
      .from(userCustomers)
      .innerJoin(users, eq(users.id, userCustomers.user_id))
      .innerJoin(customers, eq(customers.id, userCustomers.customer_id));
    expect(links).toEqual([{ user: 'carla', customer: 'Metalúrgica Horizonte Ltda' }]);
  });
}

describe('PGlite', () => {
  databaseChecks(async () => {
    const database = await openDatabase({ kind: 'memory' });
    return { database, dispose: () => database.close() };
  });
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL (TEST_DATABASE_URL)', () => {
  databaseChecks(async () => {
    const name = `ho_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      database,
      async dispose() {
        await database.close();
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      },
    };
  });
});
