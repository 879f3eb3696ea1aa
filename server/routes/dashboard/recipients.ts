/**
 * Who an alert about a record goes to: every active user who may read the
 * record's list (the rule of sync/contract/access.ts, as the devices pull
 * by), a customer-type user only for a record of a customer linked to them,
 * and never the user who caused the event when it is known
 * (docs/decisions/dashboard.md).
 */
import { eq, isNull } from 'drizzle-orm';
import { mayRead, type ReadAccess } from '@sync/contract/access';
import { ADMIN_USER_TYPE_ID, CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import type { Db, Tx } from '@server/db/client';
import { modules, rolePermissions, roles, userCustomers, users } from '@server/db/schema';

export async function recipientsOf(db: Db | Tx, rule: ReadAccess, customerId: number | null, actorId?: number): Promise<number[]> {
  const [people, grants, links] = await Promise.all([
    db
      .select({ id: users.id, type: users.user_type_id, role_id: users.role_id, role_slug: roles.slug })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.role_id))
      .where(isNull(users.deleted_at)),
    db
      .select({ role_id: rolePermissions.role_id, slug: modules.slug })
      .from(rolePermissions)
      .innerJoin(modules, eq(modules.id, rolePermissions.module_id))
      .where(eq(rolePermissions.active, true)),
    customerId === null
      ? Promise.resolve([])
      : db.select({ user_id: userCustomers.user_id }).from(userCustomers).where(eq(userCustomers.customer_id, customerId)),
  ]);
  const linked = new Set(links.map((link) => link.user_id));
  return people
    .filter((person) => {
      if (person.id === actorId) return false;
      const isAdmin = person.type === ADMIN_USER_TYPE_ID;
      const isCustomer = !isAdmin && person.role_slug === CUSTOMER_ROLE_SLUG;
      const granted = grants.filter((grant) => grant.role_id === person.role_id).map((grant) => grant.slug);
      if (!mayRead({ isAdmin, isCustomer, modules: granted }, rule)) return false;
      return !isCustomer || linked.has(person.id);
    })
    .map((person) => person.id);
}
