/**
 * Authentication hook: every route declares its access in `config.access`
 * (server/auth/access.ts); every route that is not `public` needs
 * `Authorization: Bearer <access token>`. The decision reads the matched
 * route's declaration, never the URL, so no spelling of a path (absolute
 * form, percent-encoding, dot segments) reaches a private handler without a
 * token. A route without a declaration never starts (route-declarations.ts)
 * and would be refused here all the same. The token must be valid,
 * unexpired, and its session not revoked; the user is then loaded once (or
 * taken from the short-lived auth cache) and kept on `request.auth`.
 *
 * Requests that matched no route go to the not-found handler, which answers
 * 404 or the app's index.html and reads nothing else (which paths exist is
 * no secret: the OpenAPI document is public).
 */
import type { FastifyRequest } from 'fastify';
import type { AppPlugin } from '../app-context';
import { unauthorized } from '../http/errors';
import { HTTP_MESSAGES } from '../http/messages';
import type { AuthContext } from './current-user';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The signed-in caller of a private route (the hook guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const authenticationPlugin: AppPlugin = {
  name: 'authentication',
  install(app, ctx) {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.access?.kind === 'public') return;
      const token = bearerToken(request);
      if (!token) throw unauthorized(HTTP_MESSAGES.unauthenticated);
      const check = ctx.sessions.verifyAccess(token);
      if (!check.ok) throw unauthorized(check.reason === 'expired' ? HTTP_MESSAGES.sessionExpired : HTTP_MESSAGES.unauthenticated);
      const userId = Number(check.claims.sub);
      const user = Number.isSafeInteger(userId) ? await ctx.authCache.get(userId, check.claims.sid) : null;
      if (!user) throw unauthorized(HTTP_MESSAGES.sessionExpired);
      request.auth = { user, sessionId: check.claims.sid };
    });
  },
};
