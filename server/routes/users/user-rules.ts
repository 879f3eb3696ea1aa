/**
 * The checks a user write makes against the database (spec section 5 and
 * the decisions in docs/decisions/users.md): e-mail and username unique
 * (case-insensitive, deleted users included, as the unique indexes are),
 * the user type and department existing, administrators without a
 * department, and who may touch administrators. Failures are 400 with the
 * field's Portuguese message, or 403.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ADMIN_USER_TYPE_ID, CUSTOMER_ROLE_SLUG, GENERAL_USER_TYPE_ID } from '@sync/contract/modules';
import { USER_MESSAGES } from '@sync/contract/user-input';
import type { AuthContext } from '@server/auth/current-user';
import type { Db, Tx } from '@server/db/client';
import { roles, users, userTypes } from '@server/db/schema';
import { badRequest, forbidden, type FieldErrors } from '@server/http/errors';

type Reader = Db | Tx;

/** 400 naming each of e-mail and username already used by another user. */
export async function assertUnique(db: Reader, input: { email: string; username?: string }, exceptId?: number): Promise<void> {
  const notSelf = (condition: SQL) => (exceptId === undefined ? condition : and(condition, ne(users.id, exceptId))!);
  const errors: FieldErrors = {};
  const [email] = await db
    .select({ id: users.id })
    .from(users)
    .where(notSelf(sql`lower(${users.email}) = lower(${input.email})`))
    .limit(1);
  if (email) errors.email = [USER_MESSAGES.emailTaken];
  if (input.username !== undefined) {
    const [username] = await db
      .select({ id: users.id })
      .from(users)
      .where(notSelf(sql`lower(${users.username}) = lower(${input.username})`))
      .limit(1);
    if (username) errors.username = [USER_MESSAGES.usernameTaken];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
}

/** A unique index refused the write (two saves at once): the same answer as assertUnique's. */
export function uniqueViolation(error: unknown): Error | null {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  if (cause?.code !== '23505') return null;
  const constraint = String(cause.constraint ?? (error as Error).message ?? '');
  if (constraint.includes('username')) return badRequest(USER_MESSAGES.usernameTaken, { username: [USER_MESSAGES.usernameTaken] });
  return badRequest(USER_MESSAGES.emailTaken, { email: [USER_MESSAGES.emailTaken] });
}

/** The type and department a write leaves: checked to exist; administrators have no department. */
export async function resolveAccess(
  db: Reader,
  requested: { user_type_id?: number; role_id?: number | null },
  current?: { user_type_id: number; role_id: number | null },
): Promise<{ user_type_id: number; role_id: number | null }> {
  const typeId = requested.user_type_id ?? current?.user_type_id ?? GENERAL_USER_TYPE_ID;
  const [type] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.id, typeId));
  if (!type) throw badRequest(USER_MESSAGES.unknownType, { user_type_id: [USER_MESSAGES.unknownType] });
  if (typeId === ADMIN_USER_TYPE_ID) return { user_type_id: typeId, role_id: null };
  const roleId = requested.role_id === undefined ? (current?.role_id ?? null) : requested.role_id;
  if (roleId !== null) {
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
    if (!role) throw badRequest(USER_MESSAGES.unknownRole, { role_id: [USER_MESSAGES.unknownRole] });
  }
  return { user_type_id: typeId, role_id: roleId };
}

/** Only administrators create, change or delete administrators, or make someone one. */
export function assertMayTouch(auth: AuthContext, target: { user_type_id: number } | null, next?: { user_type_id: number }): void {
  if (auth.user.isAdmin) return;
  if (target?.user_type_id === ADMIN_USER_TYPE_ID || next?.user_type_id === ADMIN_USER_TYPE_ID) throw forbidden(USER_MESSAGES.adminsOnly);
}

/** Nobody changes their own type or department through the users calls (the profile never can). */
export function assertNotOwnAccess(
  auth: AuthContext,
  targetId: number,
  current: { user_type_id: number; role_id: number | null },
  next: { user_type_id: number; role_id: number | null },
): void {
  if (auth.user.id !== targetId) return;
  if (current.user_type_id !== next.user_type_id || current.role_id !== next.role_id) throw forbidden(USER_MESSAGES.ownAccess);
}

/** The active user behind an id with their type and role slug, or null. */
export async function findActiveUser(db: Reader, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      password_hash: users.password_hash,
      user_type_id: users.user_type_id,
      role_id: users.role_id,
      image_id: users.image_id,
      role_slug: roles.slug,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, id), sql`${users.deleted_at} is null`));
  return row ?? null;
}

/** Customer-type: not an administrator, department 'cliente'. */
export function isCustomerType(user: { user_type_id: number; role_slug: string | null }): boolean {
  return user.user_type_id !== ADMIN_USER_TYPE_ID && user.role_slug === CUSTOMER_ROLE_SLUG;
}
