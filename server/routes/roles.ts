/**
 * Access control, administrators only (spec core-administration sections 2,
 * 6 and 7; contract sync/contract/access-control.ts):
 *
 * - `GET api/user/role/all`: the roles list every signed-in user reads (a
 *   read-only resource of the devices), each role with its active module ids;
 * - departments: `POST api/access-control/role`, `PUT|DELETE .../role/{id}`
 *   (slug derived from the name; a department with users is not deleted);
 * - permissions: `GET|POST .../role/{roleId}/permissions` (switches modules
 *   on or off; modules not named keep their state);
 * - `GET api/access-control/user`, `POST .../user/{id}` ({ role_id }).
 *
 * Every write takes effect on the very next call of the users it touches:
 * the auth cache forgets them (server/auth/auth-cache.ts), and the records
 * the devices pull (the role, the users embedding its name) move their
 * `updated_at` forward so the next sync brings them.
 */
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCESS_CONTROL_MESSAGES as MESSAGES,
  permissionsInputSchema,
  permissionsResponseSchema,
  roleInputSchema,
  roleRecordSchema,
  userRoleInputSchema,
  type RoleRecord,
} from '@sync/contract/access-control';
import { ADMIN_USER_TYPE_ID, CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import { idParamSchema } from '@sync/contract/fields';
import { LOOKUP_PATHS } from '@sync/contract/lookups';
import { userRecordSchema } from '@sync/contract/user-list';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Db, Tx } from '../db/client';
import { modules, rolePermissions, roles, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { slugify } from '../lib/slug';
import { syncFields } from '../lib/wire';
import { recordDeletions } from '../sync/deletions';
import { byName, type ListSource } from '../sync/list';
import { registerReadOnlyList } from '../sync/read-only-list';
import { nextUpdatedAt, writeTime } from '../sync/versioning';
import { userSource } from './user';
import { access } from '../auth/access';

/** Roles with the ids of their active modules. */
export const roleSource: ListSource<RoleRecord> = {
  resource: 'roles',
  table: roles,
  async load(db, ids) {
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(roles)
      .where(inArray(roles.id, [...ids]));
    const switches = await db
      .select({ role_id: rolePermissions.role_id, module_id: rolePermissions.module_id })
      .from(rolePermissions)
      .where(and(inArray(rolePermissions.role_id, [...ids]), eq(rolePermissions.active, true)))
      .orderBy(asc(rolePermissions.module_id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      modules: switches.filter((s) => s.role_id === r.id).map((s) => s.module_id),
      ...syncFields(r),
    }));
  },
};

/** Administrators only, whatever their modules. */
const adminsOnly = { access: access.admin(MESSAGES.adminsOnly) };

const idParams = z.object({ id: idParamSchema });
const roleIdParams = z.object({ roleId: idParamSchema });

/** The slug of a name, refused when empty or taken by another role. */
async function slugFor(tx: Tx, name: string, exceptId: number | null): Promise<string> {
  const slug = slugify(name);
  if (slug === '') throw badRequest(MESSAGES.nameWithoutLetters, { name: [MESSAGES.nameWithoutLetters] });
  const conditions = [eq(roles.slug, slug), ...(exceptId === null ? [] : [ne(roles.id, exceptId)])];
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(...conditions));
  if (taken) throw new HttpError(409, MESSAGES.roleExists, { errors: { name: [MESSAGES.roleExists] } });
  return slug;
}

async function lockRole(tx: Tx, id: number) {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!row) throw notFound(MESSAGES.roleNotFound);
  return row;
}

async function usersOfRole(db: Db | Tx, roleId: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role_id, roleId));
  return rows.map((r) => r.id);
}

async function oneRole(db: Db | Tx, id: number): Promise<RoleRecord> {
  const [record] = await roleSource.load(db as Db, [id]);
  if (!record) throw notFound(MESSAGES.roleNotFound);
  return record;
}

function register(app: ZodApp, ctx: AppContext) {
  /** Every session of these users reloads its user (role, modules) on its next call. */
  const forget = (userIds: readonly number[]) => {
    for (const id of userIds) ctx.authCache.forgetUser(id);
  };

  registerReadOnlyList(app, ctx, {
    ...roleSource,
    access: access.signedIn({ customerUsers: 'self' }),
    path: `/${LOOKUP_PATHS.roles}`,
    item: roleRecordSchema,
    orderBy: byName(roles.name, roles.id),
  });

  app.post(
    '/api/access-control/role',
    { config: adminsOnly, schema: { body: roleInputSchema, response: { 201: roleRecordSchema } } },
    async (request, reply) => {
      const now = writeTime(ctx.clock);
      const record = await ctx.db.transaction(async (tx) => {
        const slug = await slugFor(tx, request.body.name, null);
        const [row] = await tx.insert(roles).values({ name: request.body.name, slug, created_at: now, updated_at: now }).returning({ id: roles.id });
        return oneRole(tx, row!.id);
      });
      return reply.code(201).send(record);
    },
  );

  app.put(
    '/api/access-control/role/:id',
    { config: adminsOnly, schema: { params: idParams, body: roleInputSchema, response: { 200: roleRecordSchema } } },
    async (request) => {
      const { id } = request.params;
      const now = writeTime(ctx.clock);
      const { record, members } = await ctx.db.transaction(async (tx) => {
        const current = await lockRole(tx, id);
        const slug = await slugFor(tx, request.body.name, id);
        // The 'cliente' slug is what makes a user customer-type: a rename must not take it away silently.
        if (current.slug === CUSTOMER_ROLE_SLUG && slug !== CUSTOMER_ROLE_SLUG) {
          throw badRequest(MESSAGES.customerRoleKeepsSlug, { name: [MESSAGES.customerRoleKeepsSlug] });
        }
        await tx
          .update(roles)
          .set({ name: request.body.name, slug, updated_at: nextUpdatedAt(roles.updated_at, now) })
          .where(eq(roles.id, id));
        // Users embed their role's name and slug: they move forward so devices pull them again.
        await tx
          .update(users)
          .set({ updated_at: nextUpdatedAt(users.updated_at, now) })
          .where(eq(users.role_id, id));
        return { record: await oneRole(tx, id), members: await usersOfRole(tx, id) };
      });
      forget(members);
      return record;
    },
  );

  app.delete('/api/access-control/role/:id', { config: adminsOnly, schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    const now = writeTime(ctx.clock);
    await ctx.db.transaction(async (tx) => {
      await lockRole(tx, id);
      // Deleting a department in use would leave its users with nothing, shown as 'Administrador'.
      if ((await usersOfRole(tx, id)).length > 0) throw new HttpError(409, MESSAGES.roleInUse);
      await tx.delete(roles).where(eq(roles.id, id));
      await recordDeletions(tx, roleSource.resource, [id], now);
    });
    return reply.code(204).send();
  });

  app.get(
    '/api/access-control/role/:roleId/permissions',
    { config: adminsOnly, schema: { params: roleIdParams, response: { 200: permissionsResponseSchema } } },
    async (request) => {
      const role = await oneRole(ctx.db, request.params.roleId);
      const all = await ctx.db.select().from(modules).orderBy(asc(modules.id));
      return all.map((m) => ({ module_id: m.id, name: m.name, description: m.description, slug: m.slug, active: role.modules.includes(m.id) }));
    },
  );

  app.post(
    '/api/access-control/role/:roleId/permissions',
    { config: adminsOnly, schema: { params: roleIdParams, body: permissionsInputSchema, response: { 200: roleRecordSchema } } },
    async (request) => {
      const { roleId } = request.params;
      const now = writeTime(ctx.clock);
      const { record, members } = await ctx.db.transaction(async (tx) => {
        await lockRole(tx, roleId);
        const wanted = [...new Set(request.body.permissions.map((p) => p.module_id))];
        const known = await tx.select({ id: modules.id }).from(modules).where(inArray(modules.id, wanted));
        if (known.length !== wanted.length) throw badRequest(MESSAGES.moduleNotFound);
        for (const { module_id, active } of request.body.permissions) {
          await tx
            .insert(rolePermissions)
            .values({ role_id: roleId, module_id, active, created_at: now, updated_at: now })
            .onConflictDoUpdate({ target: [rolePermissions.role_id, rolePermissions.module_id], set: { active, updated_at: now } });
        }
        // The role carries its module ids: it moves forward so every device pulls it.
        await tx
          .update(roles)
          .set({ updated_at: nextUpdatedAt(roles.updated_at, now) })
          .where(eq(roles.id, roleId));
        return { record: await oneRole(tx, roleId), members: await usersOfRole(tx, roleId) };
      });
      forget(members);
      return record;
    },
  );

  app.get('/api/access-control/user', { config: adminsOnly, schema: { response: { 200: z.array(userRecordSchema) } } }, async () => {
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(isNull(users.deleted_at))
      .orderBy(...byName(users.name, users.id));
    const records = await userSource.load(
      ctx.db,
      rows.map((r) => r.id),
    );
    const byId = new Map(records.map((r) => [r.id, r]));
    return rows.map((r) => byId.get(r.id)!);
  });

  app.post(
    '/api/access-control/user/:id',
    { config: adminsOnly, schema: { params: idParams, body: userRoleInputSchema, response: { 200: userRecordSchema } } },
    async (request) => {
      const { id } = request.params;
      const { role_id } = request.body;
      const now = writeTime(ctx.clock);
      const record = await ctx.db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, user_type_id: users.user_type_id })
          .from(users)
          .where(and(eq(users.id, id), isNull(users.deleted_at)))
          .for('update');
        if (!user) throw notFound(MESSAGES.userNotFound);
        if (user.user_type_id === ADMIN_USER_TYPE_ID) throw badRequest(MESSAGES.adminHasNoRole);
        const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, role_id));
        if (!role) throw badRequest(MESSAGES.roleNotFound, { role_id: [MESSAGES.roleNotFound] });
        await tx
          .update(users)
          .set({ role_id, updated_at: nextUpdatedAt(users.updated_at, now) })
          .where(eq(users.id, id));
        const [updated] = await userSource.load(tx as unknown as Db, [id]);
        return updated!;
      });
      forget([id]);
      return record;
    },
  );
}

export const roleRoutes: RouteModule = { name: 'roles', register };
