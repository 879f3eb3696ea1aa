/**
 * `GET api/user-customers/{userId}`: the customers linked to a user (spec
 * section 7). Anyone may read their own links (the PWA needs them right
 * after sign-in to redirect customer-type users); reading someone else's
 * needs the users module. Adding and removing links is a later issue.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { userCustomersResponseSchema } from '@sync/contract/user';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { requireAuth } from '../auth/authenticate';
import { hasModule } from '../auth/permissions';
import { customers, userCustomers, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { idParamSchema } from '@sync/contract/fields';
import { access } from '../auth/access';

/** Why another user's links are refused (the caller's own are always readable). */
const OTHER_USERS_LINKS = 'Sem o módulo Usuários, só é possível ver os clientes vinculados à sua própria conta.';

const paramsSchema = z.object({ userId: idParamSchema });

function register(app: ZodApp, ctx: AppContext) {
  app.get(
    '/api/user-customers/:userId',
    {
      config: { access: access.signedIn({ customerUsers: 'self' }) },
      schema: { params: paramsSchema, response: { 200: userCustomersResponseSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { userId } = request.params;
      if (userId !== auth.user.id) {
        // Another user's links: the users module, and never a customer-type user (their own only).
        if (auth.user.isCustomer || !hasModule(auth, 'users')) throw forbidden(OTHER_USERS_LINKS);
        const [exists] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deleted_at)));
        if (!exists) throw notFound('Usuário não encontrado.');
      }
      const rows = await ctx.db
        .select({ user_id: userCustomers.user_id, customer_id: userCustomers.customer_id, name: customers.name })
        .from(userCustomers)
        .innerJoin(customers, eq(customers.id, userCustomers.customer_id))
        .where(eq(userCustomers.user_id, userId))
        .orderBy(asc(customers.name), asc(customers.id));
      return rows.map((r) => ({ user_id: r.user_id, customer_id: r.customer_id, customer: { id: r.customer_id, name: r.name } }));
    },
  );
}

export const userCustomerRoutes: RouteModule = { name: 'user-customers', register };
