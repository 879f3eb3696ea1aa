/**
 * The current user and the small user lists every signed-in user needs:
 * `GET api/user` (settings, role, type, modules; administrators get every
 * module), `GET api/user/type/all`, `GET api/user/role/all`. The two lists
 * are read-only resources of the devices (server/sync/read-only-list.ts):
 * records with their timestamps, and the pull shape with `updated_since`.
 * User management (list, create, update, delete) is a later issue.
 */
import { asc } from 'drizzle-orm';
import { LOOKUP_PATHS, namedRecordSchema } from '../../sync/contract/lookups';
import { currentUserSchema } from '../../sync/contract/user';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { requireAuth } from '../auth/authenticate';
import { toCurrentUser } from '../auth/current-user';
import { roles, userTypes } from '../db/schema';
import { byName } from '../sync/list';
import { registerReadOnlyList } from '../sync/read-only-list';
import { namedSource } from './lookups';

function register(app: ZodApp, ctx: AppContext) {
  app.get('/api/user', { schema: { response: { 200: currentUserSchema } } }, async (request) =>
    toCurrentUser(requireAuth(request).user),
  );

  registerReadOnlyList(app, ctx, {
    ...namedSource('user_types', userTypes),
    path: `/${LOOKUP_PATHS.userTypes}`,
    item: namedRecordSchema,
    orderBy: [asc(userTypes.id)],
  });

  registerReadOnlyList(app, ctx, {
    ...namedSource('roles', roles),
    path: `/${LOOKUP_PATHS.roles}`,
    item: namedRecordSchema,
    orderBy: byName(roles.name, roles.id),
  });
}

export const userRoutes: RouteModule = { name: 'user', register };
