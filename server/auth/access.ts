/**
 * The access model of every route (docs/access-model.md): what a route
 * declares in `config.access`, and the one pure decision the request hooks
 * take from the matched route's declaration. Nothing here reads the URL:
 * however a request is spelled (absolute form, percent-encoded, dot
 * segments), the router's match is what is judged.
 *
 * - `public`: no token (sign-in, password recovery, the app's files).
 * - `signed-in`: any valid session.
 * - `modules`: a valid session whose role grants one of the modules
 *   (administrators always pass).
 * - `admin`: administrators (user type 1) only.
 *
 * Customer-type users (role slug 'cliente') are refused by default on every
 * private route, whatever modules their role grants. A route opens to them
 * by saying how:
 * - `read-own`: reads only, and the handler narrows every answer to their
 *   linked customers (customerScope); a write answers 403;
 * - `self`: the route only ever touches the caller's own account, or data
 *   that belongs to no customer (lookups, the company's settings).
 */
import type { ReadAccess } from '@sync/contract/access';
import type { ModuleSlug } from '@sync/contract/modules';
import type { AuthUser } from './current-user';

export type CustomerUsers = 'refused' | 'read-own' | 'self';

export type RouteAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in'; readonly customerUsers: CustomerUsers; readonly changesNothing?: boolean }
  | { readonly kind: 'modules'; readonly modules: readonly ModuleSlug[]; readonly customerUsers: CustomerUsers; readonly changesNothing?: boolean }
  | { readonly kind: 'admin'; readonly message?: string };

type Options = {
  /** How customer-type users may use the route (default: refused). */
  customerUsers?: CustomerUsers;
  /** A POST that only reads (a zip of files): counts as a read for `read-own`. */
  changesNothing?: boolean;
};

function withOptions(options: Options) {
  return { customerUsers: options.customerUsers ?? 'refused', ...(options.changesNothing ? { changesNothing: true } : {}) } as const;
}

/** The declarations a route puts in `config.access`. */
export const access = {
  public: (): RouteAccess => ({ kind: 'public' }),
  signedIn: (options: Options = {}): RouteAccess => ({ kind: 'signed-in', ...withOptions(options) }),
  module: (slug: ModuleSlug, options: Options = {}): RouteAccess => ({ kind: 'modules', modules: [slug], ...withOptions(options) }),
  /** One of several modules (the catalog is read by the screens that pick from it). */
  anyModule: (slugs: readonly ModuleSlug[], options: Options = {}): RouteAccess => ({ kind: 'modules', modules: slugs, ...withOptions(options) }),
  /** Administrators only; `message` is the 403's text (the screens' own wording). */
  /**
   * The read of a list the device pulls, from its rule in
   * sync/contract/access.ts (the device pulls by the same rule): its modules
   * (none: every signed-in user), and customer-type users refused when the
   * rule says `customers: false`, else let in as `customerUsers` says.
   */
  readRule: (rule: ReadAccess, customerUsers: 'read-own' | 'self'): RouteAccess => {
    const options = { customerUsers: rule.customers === false ? 'refused' : customerUsers } as const;
    return rule.modules ? { kind: 'modules', modules: rule.modules, ...withOptions(options) } : { kind: 'signed-in', ...withOptions(options) };
  },
  admin: (message?: string): RouteAccess => (message ? { kind: 'admin', message } : { kind: 'admin' }),
} as const;

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden' | 'customer-read-only' | 'admins-only';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the caller needs of the user for a decision. */
export type Caller = Pick<AuthUser, 'isAdmin' | 'isCustomer' | 'modules'>;

/**
 * The decision for a caller (null: no valid session) on a route with this
 * declaration and method. A route without a declaration is refused.
 */
export function decideAccess(declared: RouteAccess | undefined, method: string, caller: Caller | null): AccessDecision {
  if (!declared) return caller ? 'forbidden' : 'unauthenticated';
  if (declared.kind === 'public') return 'allow';
  if (!caller) return 'unauthenticated';
  if (declared.kind === 'admin') return caller.isAdmin ? 'allow' : 'admins-only';
  if (caller.isAdmin) return 'allow';
  if (declared.kind === 'modules' && !declared.modules.some((slug) => caller.modules.some((m) => m.slug === slug))) return 'forbidden';
  if (!caller.isCustomer) return 'allow';
  switch (declared.customerUsers) {
    case 'self':
      return 'allow';
    case 'read-own':
      return READ_METHODS.has(method) || declared.changesNothing ? 'allow' : 'customer-read-only';
    default:
      return 'forbidden';
  }
}
