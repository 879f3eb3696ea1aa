/**
 * Fastify type additions: what a route declares in `config`, and the
 * signed-in caller on the request.
 */
import type { RouteAccess } from './auth/access';
import type { AuthContext } from './auth/current-user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (server/auth/access.ts, docs/access-model.md).
     * Every route declares it; a route without one fails the server's start.
     */
    access?: RouteAccess;
    /** The route may not be one of a batch call's writes (the batch call itself). */
    notInBatch?: boolean;
  }

  interface FastifyRequest {
    /** The signed-in caller; set on every private route by the authentication hook. */
    auth: AuthContext | null;
  }
}
