/**
 * Authentication hook: every `/api/` request needs `Authorization: Bearer
 * <access token>` unless its route says `config: { public: true }`. The
 * token must be valid, unexpired, and its session not revoked; the user is
 * then loaded once (or taken from the short-lived auth cache) and kept on
 * `request.auth`.
 */
import type { FastifyRequest } from 'fastify';
import type { AppPlugin } from '../app-context';
import { isApiPath } from '../http/error-handler';
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
      if (!isApiPath(request.url) || request.routeOptions.config.public) return;
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
