/**
 * The current user and the small user lists every signed-in user needs:
 * `GET api/user` (settings, role, type, modules; administrators get every
 * module), `GET api/user/type/all` (`GET api/user/role/all` is in ./roles.ts). The lists
 * are read-only resources of the devices (server/sync/read-only-list.ts):
 * records with their timestamps, and the pull shape with `updated_since`.
 * `GET api/user/all/{skip}/{take}` (search, trashed) lists the users for
 * callers with the `users` module; devices keep it read-only as well.
 * Creating, updating and deleting users, their images and the profile
 * call live in server/routes/users/.
 */
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { LOOKUP_PATHS, namedRecordSchema } from '@sync/contract/lookups';
import { currentUserSchema } from '@sync/contract/user';
import { USER_LIST_PATH, userListFiltersSchema, userRecordSchema, type UserRecord } from '@sync/contract/user-list';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { requireAuth } from '../auth/authenticate';
import { access } from '../auth/access';
import { customers, roles, storedFiles, userCustomers, users, userTypes } from '../db/schema';
import { currentUserAnswer } from './users/current-user-answer';
import { userImageUrl } from './users/user-image-url';
import { syncFields } from '../lib/wire';
import { byName, type ListSource } from '../sync/list';
import { registerReadOnlyList } from '../sync/read-only-list';
import { namedSource } from './lookups';

const named = (row: { id: number; name: string; slug: string }) => ({ id: row.id, name: row.name, slug: row.slug });

/** Users as the list answers them: no password, settings with role and type. */
export const userSource: ListSource<UserRecord> = {
  resource: 'users',
  table: users,
  async load(db, ids) {
    const rows = await db
      .select({
        user: users,
        type: userTypes,
        role: roles,
        image: { id: storedFiles.id, name: storedFiles.original_name, key: storedFiles.storage_key },
      })
      .from(users)
      .innerJoin(userTypes, eq(userTypes.id, users.user_type_id))
      .leftJoin(roles, eq(roles.id, users.role_id))
      .leftJoin(storedFiles, eq(storedFiles.id, users.image_id))
      .where(inArray(users.id, [...ids]));
    const links = await db
      .select({ user_id: userCustomers.user_id, id: customers.id, name: customers.name })
      .from(userCustomers)
      .innerJoin(customers, eq(customers.id, userCustomers.customer_id))
      .where(inArray(userCustomers.user_id, [...ids]))
      .orderBy(asc(customers.name), asc(customers.id));
    return rows.map(({ user, type, role, image }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      phone: user.phone,
      store_activated: user.store_activated,
      deleted_at: user.deleted_at?.toISOString() ?? null,
      settings: {
        position: user.position,
        registration_code: user.registration_code,
        council_type: user.council_type,
        council_number: user.council_number,
        council_uf: user.council_uf,
        phone: user.phone,
        role_id: user.role_id,
        role: role ? named(role) : null,
        user_type_id: user.user_type_id,
        type: named(type),
        image_id: user.image_id,
        image: image ? { id: image.id, name: image.name, url: userImageUrl(image.key) } : null,
      },
      customers: links.filter((link) => link.user_id === user.id).map(({ id, name }) => ({ id, name })),
      ...syncFields(user),
    }));
  },
};

function register(app: ZodApp, ctx: AppContext) {
  app.get(
    '/api/user',
    { config: { access: access.signedIn({ customerUsers: 'self' }) }, schema: { response: { 200: currentUserSchema } } },
    async (request) => currentUserAnswer(ctx.db, requireAuth(request).user),
  );

  registerReadOnlyList(app, ctx, {
    ...namedSource('user_types', userTypes),
    access: access.signedIn({ customerUsers: 'self' }),
    path: `/${LOOKUP_PATHS.userTypes}`,
    item: namedRecordSchema,
    orderBy: [asc(userTypes.id)],
  });

  registerReadOnlyList(app, ctx, {
    ...userSource,
    path: `/${USER_LIST_PATH.replace('{skip}', ':skip').replace('{take}', ':take')}`,
    item: userRecordSchema,
    access: access.module('users'),
    orderBy: byName(users.name, users.id),
    filters: {
      schema: userListFiltersSchema,
      search: [users.name, users.email, users.username],
      where: (query) => (query.trashed === 'true' || query.trashed === '1' ? undefined : isNull(users.deleted_at)),
    },
  });
}

export const userRoutes: RouteModule = { name: 'user', register };
