/**
 * Fastify type additions: what a route may declare in `config`, and the
 * signed-in caller on the request.
 */
import type { ModuleSlug } from '@sync/contract/modules';
import type { AuthContext } from './auth/current-user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No bearer token needed (sign-in, password recovery). API routes are private by default. */
    public?: boolean;
    /** The permission module this route belongs to; callers without it get 403 (admins always pass). */
    module?: ModuleSlug;
    /**
     * The route reads or writes customer data: customer-type users may only
     * read (GET/HEAD); any other method answers 403. Reads still have to be
     * narrowed with customerScope().
     */
    customerData?: boolean;
  }

  interface FastifyRequest {
    /** The signed-in caller; set on every private API route by the authentication hook. */
    auth: AuthContext | null;
  }
}
