/**
 * The current user and the small user lists every signed-in user needs:
 * `GET api/user` (settings, role, type, modules; administrators get every
 * module), `GET api/user/type/all`, `GET api/user/role/all`.
 * User management (list, create, update, delete) is a later issue.
 */
import { asc } from 'drizzle-orm';
import { currentUserSchema, rolesResponseSchema, userTypesResponseSchema } from '../../sync/contract/user';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { requireAuth } from '../auth/authenticate';
import { toCurrentUser } from '../auth/current-user';
import { roles, userTypes } from '../db/schema';

function register(app: ZodApp, ctx: AppContext) {
  app.get('/api/user', { schema: { response: { 200: currentUserSchema } } }, async (request) =>
    toCurrentUser(requireAuth(request).user),
  );

  app.get('/api/user/type/all', { schema: { response: { 200: userTypesResponseSchema } } }, async () =>
    ctx.db.select({ id: userTypes.id, name: userTypes.name, slug: userTypes.slug }).from(userTypes).orderBy(asc(userTypes.id)),
  );

  app.get('/api/user/role/all', { schema: { response: { 200: rolesResponseSchema } } }, async () =>
    ctx.db.select({ id: roles.id, name: roles.name, slug: roles.slug }).from(roles).orderBy(asc(roles.name)),
  );
}

export const userRoutes: RouteModule = { name: 'user', register };
