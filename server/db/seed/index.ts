/**
 * First-start seed: reference lists, modules and role permissions, default
 * settings and the administrator. Runs at every start but does its work
 * only when the stored seed version is older than SEED_VERSION, so an
 * administrator's later edits (a permission switched off, a renamed role)
 * are never undone by a restart. Every step is also idempotent on its own
 * (insert ... on conflict do nothing), so an interrupted seed can re-run.
 *
 * To seed something new later: add a step, bump SEED_VERSION, and make the
 * step idempotent; installations already seeded run it once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MODULES, ADMIN_USER_TYPE_ID } from '@sync/contract/modules';
import { hashPassword } from '@server/auth/passwords';
import type { Db, Tx } from '../client';
import {
  appMeta,
  expositionTypes,
  modules,
  options,
  productTypes,
  quotationPaymentTypes,
  rolePermissions,
  roles,
  sampleTypes,
  users,
  userTypes,
} from '../schema';
import { defaultSettings } from './default-settings';
import { EXPOSITION_TYPES, PAYMENT_TYPES, PRODUCT_TYPES, ROLES, SAMPLE_TYPES, USER_TYPES } from './reference-data';

export const SEED_VERSION = 1;
const SEED_KEY = 'seed_version';

export type SeedOptions = { adminUsername: string; adminPassword?: string; adminEmail?: string };

export type SeedResult = {
  /** False when the database was already seeded at this version. */
  seeded: boolean;
  /** Set when this run created the administrator; the password is shown only now. */
  admin?: { username: string; password: string; generated: boolean };
};

/** Identity sequences do not move when ids are given explicitly; move them past the highest id. */
async function syncIdentity(tx: Tx, table: string) {
  await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from "${table}"), 1))`));
}

/** A password people can type: 16 characters from an unambiguous alphabet (about 90 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

async function seedReferenceData(tx: Tx) {
  await tx
    .insert(userTypes)
    .values([...USER_TYPES])
    .onConflictDoNothing();
  await syncIdentity(tx, 'user_types');
  for (const [table, name, rows] of [
    [sampleTypes, 'sample_types', SAMPLE_TYPES],
    [productTypes, 'product_types', PRODUCT_TYPES],
    [quotationPaymentTypes, 'quotation_payment_types', PAYMENT_TYPES],
    [expositionTypes, 'exposition_types', EXPOSITION_TYPES],
  ] as const) {
    await tx
      .insert(table)
      .values([...rows])
      .onConflictDoNothing();
    await syncIdentity(tx, name);
  }
}

async function seedModulesAndRoles(tx: Tx) {
  await tx
    .insert(modules)
    .values(MODULES.map((m) => ({ name: m.name, slug: m.slug, description: m.description })))
    .onConflictDoNothing();
  await tx
    .insert(roles)
    .values(ROLES.map((r) => ({ name: r.name, slug: r.slug })))
    .onConflictDoNothing();

  const moduleIds = new Map((await tx.select({ id: modules.id, slug: modules.slug }).from(modules)).map((m) => [m.slug, m.id]));
  const roleRows = await tx
    .select({ id: roles.id, slug: roles.slug })
    .from(roles)
    .where(
      inArray(
        roles.slug,
        ROLES.map((r) => r.slug),
      ),
    );
  const roleIds = new Map(roleRows.map((r) => [r.slug, r.id]));
  const grants = ROLES.flatMap((role) =>
    role.modules.map((slug) => ({ role_id: roleIds.get(role.slug)!, module_id: moduleIds.get(slug)!, active: true })),
  );
  if (grants.length > 0) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
}

async function seedSettings(tx: Tx) {
  await tx.insert(options).values(defaultSettings()).onConflictDoNothing();
}

/** Creates the administrator unless an active one exists. */
async function seedAdministrator(tx: Tx, opts: SeedOptions): Promise<SeedResult['admin']> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.user_type_id, ADMIN_USER_TYPE_ID), isNull(users.deleted_at)))
    .limit(1);
  if (existing) return undefined;
  const password = opts.adminPassword ?? generatePassword();
  const inserted = await tx
    .insert(users)
    .values({
      name: 'Administrador',
      username: opts.adminUsername,
      email: opts.adminEmail ?? `${opts.adminUsername.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'admin'}@localhost`,
      password_hash: await hashPassword(password),
      user_type_id: ADMIN_USER_TYPE_ID,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return undefined; // the username is taken by a non-administrator
  return { username: opts.adminUsername, password, generated: opts.adminPassword === undefined };
}

export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SEED_KEY)).for('update');
    if (row && Number(row.value) >= SEED_VERSION) return { seeded: false };

    await seedReferenceData(tx);
    await seedModulesAndRoles(tx);
    await seedSettings(tx);
    const admin = await seedAdministrator(tx, opts);

    await tx
      .insert(appMeta)
      .values({ key: SEED_KEY, value: String(SEED_VERSION) })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: String(SEED_VERSION), updated_at: sql`now()` } });
    return { seeded: true, admin };
  });
}
