/**
 * Server-side permissions (spec section 6), the mechanism every resource
 * reuses:
 *
 * - a route declares its module, `config: { module: 'customers' }`, or adds
 *   `preHandler: requireModule('customers')`; callers without the module get
 *   403 and administrators (user type 1) always pass;
 * - a route touching customer data declares `config: { customerData: true }`:
 *   customer-type users (role slug 'cliente') may read it but never write;
 * - reads of customer data are narrowed with `customerScope(auth)` and
 *   `customerScopeFilter(...)` / `assertCustomerInScope(...)`.
 */
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ModuleSlug } from '@sync/contract/modules';
import type { AppPlugin } from '../app-context';
import { forbidden } from '../http/errors';
import { HTTP_MESSAGES } from '../http/messages';
import { requireAuth } from './authenticate';
import { hasModuleSlug, type AuthContext } from './current-user';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function hasModule(auth: AuthContext, slug: ModuleSlug): boolean {
  return hasModuleSlug(auth.user, slug);
}

export function assertModule(auth: AuthContext, slug: ModuleSlug): void {
  if (!hasModule(auth, slug)) throw forbidden();
}

/** preHandler factory for routes that prefer explicit hooks to route config. */
export function requireModule(slug: ModuleSlug) {
  return async (request: FastifyRequest) => assertModule(requireAuth(request), slug);
}

/** preHandler refusing customer-type users (writes on customer data). */
export async function refuseCustomerWrites(request: FastifyRequest) {
  if (requireAuth(request).user.isCustomer) throw forbidden(HTTP_MESSAGES.customerReadOnly);
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

/** 403 when a customer-type user asks for a customer that is not theirs (the PWA then redirects to their own). */
export function assertCustomerInScope(auth: AuthContext, customerId: number): void {
  if (!isCustomerInScope(customerScope(auth), customerId)) throw forbidden();
}

/** Enforces the route config (`module`, `customerData`) on every private route. */
export const permissionsPlugin: AppPlugin = {
  name: 'permissions',
  install(app) {
    app.addHook('onRequest', async (request) => {
      const { module, customerData } = request.routeOptions.config;
      if (!request.auth) return; // public route, or not an API route
      if (module) assertModule(request.auth, module);
      if (customerData && request.auth.user.isCustomer && !READ_METHODS.has(request.method)) {
        throw forbidden(HTTP_MESSAGES.customerReadOnly);
      }
    });
  },
};
