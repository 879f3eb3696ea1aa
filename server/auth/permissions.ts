/**
 * Server-side permissions (spec section 6), the mechanism every resource
 * reuses:
 *
 * - every route declares its access in `config.access` (./access.ts); the
 *   hook here enforces the matched route's declaration: modules (admins
 *   always pass), administrators only, and customer-type users refused
 *   unless the route opens to them;
 * - routes open to customer-type users as `read-own` narrow every answer
 *   with `customerScope(auth)` and `customerScopeFilter(...)` /
 *   `assertCustomerInScope(...)`.
 */
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ModuleSlug } from '@sync/contract/modules';
import type { AppPlugin } from '../app-context';
import { forbidden, unauthorized } from '../http/errors';
import { HTTP_MESSAGES } from '../http/messages';
import { decideAccess } from './access';
import { requireAuth } from './authenticate';
import { hasModuleSlug, type AuthContext } from './current-user';

export function hasModule(auth: AuthContext, slug: ModuleSlug): boolean {
  return hasModuleSlug(auth.user, slug);
}

export type CustomerScope = 'all' | readonly number[];

/** Which customers the caller may see: all of them, or only the linked ones (customer-type users). */
export function customerScope(auth: AuthContext): CustomerScope {
  return auth.user.isCustomer ? auth.user.customerIds : 'all';
}

/** A WHERE condition restricting `customerIdColumn` to the scope (undefined = no restriction). */
export function customerScopeFilter(scope: CustomerScope, customerIdColumn: AnyColumn): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length === 0 ? sql`false` : inArray(customerIdColumn, [...scope]);
}

export function isCustomerInScope(scope: CustomerScope, customerId: number): boolean {
  return scope === 'all' || scope.includes(customerId);
}

/** The user a pull's deleted ids are narrowed to: customer-type users only (everyone else reads every id). */
export function deletionViewer(request: FastifyRequest): number | undefined {
  const auth = requireAuth(request);
  return auth.user.isCustomer ? auth.user.id : undefined;
}

/** 403 when a customer-type user asks for a customer that is not theirs (the PWA then redirects to their own). */
export function assertCustomerInScope(auth: AuthContext, customerId: number): void {
  if (!isCustomerInScope(customerScope(auth), customerId)) throw forbidden();
}

/** Enforces the matched route's `config.access` (./access.ts) on every request that matched a route. */
export const permissionsPlugin: AppPlugin = {
  name: 'permissions',
  install(app) {
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const declared = request.routeOptions.config.access;
      const decision = decideAccess(declared, request.method, request.auth?.user ?? null);
      if (decision === 'allow') return;
      if (decision === 'unauthenticated') throw unauthorized(HTTP_MESSAGES.unauthenticated);
      if (decision === 'customer-read-only') throw forbidden(HTTP_MESSAGES.customerReadOnly);
      if (decision === 'admins-only' && declared?.kind === 'admin') throw forbidden(declared.message ?? HTTP_MESSAGES.adminsOnly);
      throw forbidden();
    });
  },
};
