/**
 * Linking customers to a customer-type user (spec section 7), with the
 * `users` module:
 *
 *   POST   api/user-customers/                          form: user_id, customer_id → 201 { message, link }
 *   DELETE api/user-customers/{user_id}/{customer_id}   → { message }
 *
 * (`GET api/user-customers/{userId}` is in ../user-customers.ts.) Only
 * customer-type users (department 'cliente') have links; a link already
 * there is refused ('Cliente já foi adicionado'). A change forgets the user
 * in the auth cache, so the customers they may read change at once, and
 * moves the user's `updated_at`: the users list carries the links, and a
 * pull brings them.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { idParamSchema } from '@sync/contract/fields';
import { userCustomerSchema } from '@sync/contract/user';
import { USER_MESSAGES, userCustomerInputSchema, messageAnswerSchema } from '@sync/contract/user-input';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Db, Tx } from '@server/db/client';
import { customers, userCustomers, users } from '@server/db/schema';
import { badRequest, notFound } from '@server/http/errors';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { bumpCustomer } from '../customers/parent';
import { parseFields, readUserBody } from './user-body';
import { findActiveUser, isCustomerType } from './user-rules';
import { USERS_ACCESS } from './access';

const linkParams = z.object({ userId: idParamSchema, customerId: idParamSchema });
const linkAnswerSchema = messageAnswerSchema.extend({ link: userCustomerSchema });

/** The links are part of the user record: a change is a new version of the user. */
async function touchUser(db: Db | Tx, userId: number, now: Date) {
  await db
    .update(users)
    .set({ updated_at: nextUpdatedAt(users.updated_at, now) })
    .where(eq(users.id, userId));
}

export function registerCustomerLinks(app: ZodApp, ctx: AppContext) {
  app.post('/api/user-customers', { config: USERS_ACCESS, schema: { response: { 201: linkAnswerSchema } } }, async (request, reply) => {
    const body = await readUserBody(request, ctx.config.uploadLimitMb);
    const input = parseFields(userCustomerInputSchema, body.fields);
    const user = await findActiveUser(ctx.db, input.user_id);
    if (!user) throw notFound(USER_MESSAGES.notFound);
    if (!isCustomerType(user)) throw badRequest(USER_MESSAGES.notCustomerUser, { user_id: [USER_MESSAGES.notCustomerUser] });
    const [customer] = await ctx.db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.id, input.customer_id));
    if (!customer) throw notFound(USER_MESSAGES.customerNotFound);
    const now = writeTime(ctx.clock);
    const added = await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(userCustomers)
        .values({ user_id: user.id, customer_id: customer.id, created_at: now, updated_at: now })
        .onConflictDoNothing()
        .returning({ id: userCustomers.id });
      if (inserted.length === 0) return false;
      await touchUser(tx, user.id, now);
      // The customer is new to that user: a new version makes their devices' next pull bring it (others merge a version-only change).
      await bumpCustomer(tx, customer.id, now);
      return true;
    });
    if (!added) throw badRequest(USER_MESSAGES.customerAlreadyAdded, { customer_id: [USER_MESSAGES.customerAlreadyAdded] });
    ctx.authCache.forgetUser(user.id);
    return reply.code(201).send({
      message: USER_MESSAGES.customerAdded,
      link: { user_id: user.id, customer_id: customer.id, customer: { id: customer.id, name: customer.name } },
    });
  });

  app.delete(
    '/api/user-customers/:userId/:customerId',
    { config: USERS_ACCESS, schema: { params: linkParams, response: { 200: messageAnswerSchema } } },
    async (request) => {
      const { userId, customerId } = request.params;
      const removed = await ctx.db
        .delete(userCustomers)
        .where(and(eq(userCustomers.user_id, userId), eq(userCustomers.customer_id, customerId)))
        .returning({ id: userCustomers.id });
      if (removed.length === 0) throw notFound(USER_MESSAGES.linkNotFound);
      await touchUser(ctx.db, userId, writeTime(ctx.clock));
      ctx.authCache.forgetUser(userId);
      return { message: USER_MESSAGES.customerRemoved };
    },
  );
}
