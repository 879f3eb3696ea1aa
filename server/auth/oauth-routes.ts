/**
 * `POST oauth/token` (spec section 7): the password grant (username or
 * e-mail) and the refresh_token grant, answering
 * `{ token_type, access_token, refresh_token, expires_in }`; and
 * `POST oauth/revoke` (extension, RFC 7009) for sign-out.
 *
 * The PWA is a public client: `client_id` must be 'pwa'; `client_secret` is
 * accepted and ignored (a secret shipped to browsers protects nothing).
 * Failed sign-ins slow the account down and are limited per address, except
 * from the account's trusted devices (server/auth/sign-in-guard.ts); when
 * blocked the answer is 429 with Retry-After, before any password check. A
 * successful password grant sets the device cookie (./device-trust.ts).
 */
import {
  AUTH_MESSAGES,
  PWA_CLIENT_ID,
  messageResponseSchema,
  revokeRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@sync/contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { HttpError, tooManyRequests, unauthorized } from '../http/errors';
import { HTTP_MESSAGES } from '../http/messages';
import { addressKey } from './address-key';
import { findUsersByLogin } from './find-user';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { waitText } from './rate-limit';
import { accountKeys, type SignInAttempt } from './sign-in-guard';
import { access } from './access';

export function tooManySignInsMessage(retryAfterSeconds: number): string {
  return `Muitas tentativas de acesso. Tente novamente em ${waitText(retryAfterSeconds)}.`;
}

async function passwordGrant(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, username: string, password: string) {
  const candidates = await findUsersByLogin(ctx.db, username);
  const cookies = request.headers.cookie;
  const device = candidates.map((c) => ctx.deviceTrust.deviceOf(cookies, c.id)).find((d) => d !== undefined);
  const attempt: SignInAttempt = {
    address: addressKey(request.ip),
    accounts: accountKeys(
      username,
      candidates.map((c) => c.id),
    ),
    device,
  };
  const check = await ctx.limits.signIn.check(attempt);
  if (check.blocked) throw tooManyRequests(tooManySignInsMessage(check.retryAfterSeconds), check.retryAfterSeconds);

  let userId: number | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.password_hash, password)) {
      userId = candidate.id;
      break;
    }
  }
  if (candidates.length === 0) await verifyAgainstDummy(password);

  if (userId === undefined) {
    await ctx.limits.signIn.failed(attempt, check.trusted === true);
    throw unauthorized(AUTH_MESSAGES.badCredentials);
  }
  await ctx.limits.signIn.succeeded(attempt, accountKeys(username, [userId])[0]!);
  const tokens = await ctx.sessions.startSession(userId, request.headers['user-agent']);
  // This browser is now one the user signed in from: strangers' failures no longer hold it back.
  reply.header('set-cookie', ctx.deviceTrust.setCookie(userId, ctx.deviceTrust.deviceOf(cookies, userId), request.protocol === 'https'));
  return tokens;
}

function register(app: ZodApp, ctx: AppContext) {
  app.post(
    '/oauth/token',
    {
      config: { access: access.public() },
      schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.client_id !== PWA_CLIENT_ID) {
        throw new HttpError(401, AUTH_MESSAGES.invalidClient);
      }
      if (body.grant_type === 'password') {
        return passwordGrant(ctx, request, reply, body.username, body.password);
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
      config: { access: access.public() },
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
