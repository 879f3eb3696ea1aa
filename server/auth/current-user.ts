/**
 * Who is calling: the signed-in user with role, type, modules and (for
 * customer-type users) linked customer ids, loaded once per request by the
 * authentication hook, and its wire form for `GET api/user`.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ADMIN_USER_TYPE_ID, CUSTOMER_ROLE_SLUG, type ModuleSlug } from '@sync/contract/modules';
import type { CurrentUser } from '@sync/contract/user';
import type { Db } from '../db/client';
import { authSessions, modules, rolePermissions, roles, userCustomers, users, userTypes } from '../db/schema';

export type Named = { id: number; name: string; slug: string };

export type AuthUser = {
  id: number;
  name: string;
  email: string;
  username: string;
  phone: string | null;
  store_activated: boolean;
  position: string | null;
  registration_code: string | null;
  /** Professional council (issue 28): all three or none; a reviewer has them. */
  council_type: string | null;
  council_number: string | null;
  council_uf: string | null;
  image_id: number | null;
  updated_at: Date;
  role: Named | null;
  type: Named;
  modules: Named[];
  /** User type 1. */
  isAdmin: boolean;
  /** Role slug 'cliente': sees only linked customers, never edits customer data. */
  isCustomer: boolean;
  /** Linked customers of a customer-type user; empty for everyone else. */
  customerIds: number[];
};

export type AuthContext = { user: AuthUser; sessionId: string };

/** What a request needs of its user: not the password hash, not the settings. */
const AUTH_USER_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  phone: users.phone,
  store_activated: users.store_activated,
  position: users.position,
  registration_code: users.registration_code,
  council_type: users.council_type,
  council_number: users.council_number,
  council_uf: users.council_uf,
  image_id: users.image_id,
  updated_at: users.updated_at,
  user_type_id: users.user_type_id,
  role_id: users.role_id,
};

/**
 * Loads an active (not deleted) user; with `sessionId`, only while that
 * sign-in session is still valid. Returns null otherwise.
 */
export async function loadAuthUser(db: Db, userId: number, sessionId?: string): Promise<AuthUser | null> {
  const conditions = [eq(users.id, userId), isNull(users.deleted_at)];
  let query = db
    .select({ user: AUTH_USER_COLUMNS, role: roles, type: userTypes })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.user_type_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .$dynamic();
  if (sessionId !== undefined) {
    query = query.innerJoin(authSessions, and(eq(authSessions.id, sessionId), eq(authSessions.user_id, users.id), isNull(authSessions.revoked_at)));
  }
  const [row] = await query.where(and(...conditions));
  if (!row) return null;
  const { user, role, type } = row;
  const isAdmin = user.user_type_id === ADMIN_USER_TYPE_ID;
  const isCustomer = !isAdmin && role?.slug === CUSTOMER_ROLE_SLUG;

  const moduleColumns = { id: modules.id, name: modules.name, slug: modules.slug };
  let granted: Named[] = [];
  if (isAdmin) {
    granted = await db.select(moduleColumns).from(modules).orderBy(asc(modules.id));
  } else if (user.role_id !== null) {
    granted = await db
      .select(moduleColumns)
      .from(rolePermissions)
      .innerJoin(modules, eq(modules.id, rolePermissions.module_id))
      .where(and(eq(rolePermissions.role_id, user.role_id), eq(rolePermissions.active, true)))
      .orderBy(asc(modules.id));
  }

  const customerIds = isCustomer
    ? (
        await db
          .select({ id: userCustomers.customer_id })
          .from(userCustomers)
          .where(eq(userCustomers.user_id, user.id))
          .orderBy(asc(userCustomers.customer_id))
      ).map((r) => r.id)
    : [];

  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    phone: user.phone,
    store_activated: user.store_activated,
    position: user.position,
    registration_code: user.registration_code,
    council_type: user.council_type,
    council_number: user.council_number,
    council_uf: user.council_uf,
    image_id: user.image_id,
    updated_at: user.updated_at,
    role: role ? { id: role.id, name: role.name, slug: role.slug } : null,
    type: { id: type.id, name: type.name, slug: type.slug },
    modules: granted,
    isAdmin,
    isCustomer,
    customerIds,
  };
}

export function hasModuleSlug(user: AuthUser, slug: ModuleSlug): boolean {
  return user.isAdmin || user.modules.some((m) => m.slug === slug);
}

/** `GET api/user` body (sync/contract/user.ts). */
export function toCurrentUser(user: AuthUser): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    phone: user.phone,
    store_activated: user.store_activated,
    deleted_at: null,
    settings: {
      position: user.position,
      registration_code: user.registration_code,
      council_type: user.council_type,
      council_number: user.council_number,
      council_uf: user.council_uf,
      phone: user.phone,
      role_id: user.role?.id ?? null,
      role: user.role,
      user_type_id: user.type.id,
      type: user.type,
      image_id: user.image_id,
      // Image URLs arrive with the files resource; until then no user has one.
      image: null,
    },
    modules: user.modules,
    updated_at: user.updated_at.toISOString(),
  };
}
