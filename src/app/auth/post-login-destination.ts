/**
 * Where the browser goes after signing in (spec section 2), and the
 * "customer redirect" also applied after a 403 (spec section 6):
 * 1. the `redirect` query, when it is a safe in-app path;
 * 2. a customer-type user (role slug 'cliente') with several customers →
 *    /admin/clientes/lista/1; with exactly one → /admin/clientes/{id};
 * 3. everyone else → /admin/overview.
 * A customer-type user whose customer list could not be loaded goes to the
 * overview with a problem the caller shows as a danger alert.
 *
 * A redirect to the default page (/admin, /admin/overview) is no choice of
 * the user's: opening the app at its address goes / → /admin/overview → the
 * guard's /public/login?redirect=/admin/overview, which used to keep every
 * customer-type user off their customer's page (issue 24; decision
 * docs/decisions/access-control.md, 2026-11-29). So it does not count as a
 * redirect query.
 */
import type { CurrentUser, UserCustomer } from '@sync/contract/user';
import { isCustomerUser } from '@sync/session/session-user';

export const OVERVIEW_PATH = '/admin/overview';
export const CUSTOMER_LIST_PATH = '/admin/clientes/lista/1';

export interface Destination {
  path: string;
  /** Set when the customer redirect failed; the caller shows a danger alert. */
  problem?: 'customers-unavailable';
}

/**
 * Accepts only same-origin absolute paths: not `//host` or `/\host`
 * (protocol-relative), not a scheme, and not the public area (going back to
 * the login page after logging in would be a loop).
 */
export function safeRedirectPath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const path = raw.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(path)) return null;
  if (path === '/public' || path.startsWith('/public/') || path.startsWith('/public?')) return null;
  return path;
}

/** The paths that only name the default page (with or without a trailing slash, query or fragment). */
const DEFAULT_PAGES = new Set(['/admin', OVERVIEW_PATH]);

function isDefaultPage(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return DEFAULT_PAGES.has(pathname);
}

export function customerRedirect(customers: readonly UserCustomer[] | null): Destination {
  if (customers === null) return { path: OVERVIEW_PATH, problem: 'customers-unavailable' };
  if (customers.length > 1) return { path: CUSTOMER_LIST_PATH };
  const only = customers[0];
  if (only) return { path: `/admin/clientes/${only.customer_id}` };
  return { path: OVERVIEW_PATH };
}

export function postLoginDestination(input: { redirect?: unknown; user: CurrentUser; customers: readonly UserCustomer[] | null }): Destination {
  const redirect = safeRedirectPath(input.redirect);
  if (redirect && !isDefaultPage(redirect)) return { path: redirect };
  if (isCustomerUser(input.user)) return customerRedirect(input.customers);
  return { path: OVERVIEW_PATH };
}
