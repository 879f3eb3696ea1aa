/**
 * `POST oauth/token` (spec section 7): the password grant (username or
 * e-mail) and the refresh_token grant, answering
 * `{ token_type, access_token, refresh_token, expires_in }`; and
 * `POST oauth/revoke` (extension, RFC 7009) for sign-out.
 *
 * The PWA is a public client: `client_id` must be 'pwa'; `client_secret` is
 * accepted and ignored (a secret shipped to browsers protects nothing).
 * Failed sign-ins are limited per username + address and per address; when
 * blocked the answer is 429 with Retry-After, before any password check.
 */
import {
  AUTH_MESSAGES,
  PWA_CLIENT_ID,
  messageResponseSchema,
  revokeRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../../sync/contract/auth';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { HttpError, tooManyRequests, unauthorized } from '../http/errors';
import { HTTP_MESSAGES } from '../http/messages';
import { findUsersByLogin } from './find-user';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { minutesFrom } from './rate-limit';

export function tooManySignInsMessage(retryAfterSeconds: number): string {
  const minutes = minutesFrom(retryAfterSeconds);
  return `Muitas tentativas de acesso. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

async function passwordGrant(ctx: AppContext, username: string, password: string, address: string, userAgent?: string) {
  const userKey = `${username.trim().toLowerCase()}|${address}`;
  for (const [limiter, key] of [
    [ctx.limits.signInPerUser, userKey],
    [ctx.limits.signInPerAddress, address],
  ] as const) {
    const check = limiter.check(key);
    if (check.blocked) throw tooManyRequests(tooManySignInsMessage(check.retryAfterSeconds), check.retryAfterSeconds);
  }

  const candidates = await findUsersByLogin(ctx.db, username);
  let userId: number | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.password_hash, password)) {
      userId = candidate.id;
      break;
    }
  }
  if (candidates.length === 0) await verifyAgainstDummy(password);

  if (userId === undefined) {
    ctx.limits.signInPerUser.record(userKey);
    ctx.limits.signInPerAddress.record(address);
    throw unauthorized(AUTH_MESSAGES.badCredentials);
  }
  ctx.limits.signInPerUser.clear(userKey);
  return ctx.sessions.startSession(userId, userAgent);
}

function register(app: ZodApp, ctx: AppContext) {
  app.post(
    '/oauth/token',
    {
      config: { public: true },
      schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      if (body.client_id !== PWA_CLIENT_ID) {
        throw new HttpError(401, AUTH_MESSAGES.invalidClient);
      }
      if (body.grant_type === 'password') {
        return passwordGrant(ctx, body.username, body.password, request.ip, request.headers['user-agent']);
      }
      const result = await ctx.sessions.refresh(body.refresh_token);
      if (!result.ok) {
        request.log.info({ reason: result.reason }, 'refresh token refused');
        throw unauthorized(HTTP_MESSAGES.sessionExpired);
      }
      return result.tokens;
    },
  );

  app.post(
    '/oauth/revoke',
    {
      config: { public: true },
      schema: { body: revokeRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const { token } = request.body;
      const access = ctx.sessions.verifyAccess(token);
      if (access.ok) await ctx.sessions.revokeSession(access.claims.sid, 'logout');
      else await ctx.sessions.revokeByRefreshToken(token);
      // RFC 7009: the answer is the same whether or not the token was known.
      return { message: AUTH_MESSAGES.signedOut };
    },
  );
}

export const oauthRoutes: RouteModule = { name: 'oauth', register };
