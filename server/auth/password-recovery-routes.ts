/**
 * Password recovery (spec sections 5 and 7), public calls:
 *
 * - `POST api/password/create {email}`: e-mails a single-use link
 *   `${PUBLIC_URL}/public/recover-password/{token}`, valid 60 minutes. The
 *   answer is the same whether or not the e-mail belongs to someone, so the
 *   call cannot be used to learn who has an account; only a malformed
 *   e-mail gets 'E-mail é inválido'. The e-mail is sent in the background
 *   for the same reason (equal response times).
 * - `GET api/password/find/{token}`: whether the link is still usable.
 * - `POST api/password/reset {email, password, password_confirmation, token}`:
 *   sets the password, spends the token, signs the user out everywhere and
 *   makes this browser a trusted device for sign-in (./device-trust.ts).
 *
 * Tokens are 256-bit random values stored as SHA-256 hashes. Asking again
 * sends another link and leaves the earlier ones working until they expire
 * or one of them is used (a reset spends them all), so a stranger asking
 * for someone's e-mail can never take a link away from its owner.
 *
 * Limits (docs/decisions/sign-in-protection-openapi.md): per requesting address, 5
 * requests per 15 minutes, then 429 to that address only; per e-mail, 3
 * e-mails per 30 minutes, then the request is answered as usual and nothing
 * is sent: the owner's mailbox still holds a link valid for at least 30
 * more minutes, and nobody can flood it.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  PASSWORD_MIN_LENGTH,
  messageResponseSchema,
  passwordCreateSchema,
  passwordFindResponseSchema,
  passwordResetSchema,
} from '@sync/contract/auth';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { passwordResets, users } from '../db/schema';
import { badRequest, notFound, tooManyRequests } from '../http/errors';
import { randomToken, sha256Hex } from '../lib/crypto';
import { passwordResetEmail, passwordResetLink } from '../mail/password-reset-email';
import { addressKey } from './address-key';
import { findUserByEmail } from './find-user';
import { hashPassword } from './passwords';
import { waitText } from './rate-limit';
import { access } from './access';

export const RESET_TOKEN_TTL_MINUTES = 60;

function tooManyResetsMessage(retryAfterSeconds: number): string {
  return `Muitos pedidos de redefinição de senha. Tente novamente em ${waitText(retryAfterSeconds)}.`;
}

/** The reset row behind a token, with its user, when still usable. */
async function findUsableReset(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(
      and(
        eq(passwordResets.token_hash, sha256Hex(token)),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, new Date(ctx.clock.now())),
        isNull(users.deleted_at),
      ),
    );
  return row;
}

function register(app: ZodApp, ctx: AppContext) {
  app.post(
    '/api/password/create',
    { config: { access: access.public() }, schema: { body: passwordCreateSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const { perAddress, perEmail } = ctx.limits.passwordReset;
      const address = addressKey(request.ip);
      const check = await perAddress.check(address);
      if (check.blocked) throw tooManyRequests(tooManyResetsMessage(check.retryAfterSeconds), check.retryAfterSeconds);
      await perAddress.record(address);
      // Never a refusal per e-mail: that would let anyone block someone else's recovery.
      if ((await perEmail.check(email)).blocked) {
        request.log.info('password reset e-mail not sent: that address got enough links recently');
        return { message: AUTH_MESSAGES.resetLinkSent };
      }
      await perEmail.record(email);

      const user = await findUserByEmail(ctx.db, email);
      if (user) {
        const token = randomToken(32);
        const nowMs = ctx.clock.now();
        await ctx.db.transaction(async (tx) => {
          // Expired links are of no use to anyone; the others keep working.
          await tx.delete(passwordResets).where(and(eq(passwordResets.user_id, user.id), lte(passwordResets.expires_at, new Date(nowMs))));
          await tx.insert(passwordResets).values({
            user_id: user.id,
            token_hash: sha256Hex(token),
            created_at: new Date(nowMs),
            expires_at: new Date(nowMs + RESET_TOKEN_TTL_MINUTES * 60_000),
          });
        });
        const message = passwordResetEmail({
          to: user.email,
          name: user.name,
          link: passwordResetLink(ctx.config.publicUrl, token),
          validMinutes: RESET_TOKEN_TTL_MINUTES,
        });
        ctx.background.run('password reset e-mail', () => ctx.mailer.send(message));
      } else {
        request.log.info('password reset asked for an unknown e-mail');
      }
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.get(
    '/api/password/find/:token',
    {
      config: { access: access.public() },
      schema: { params: z.object({ token: z.string().min(1).max(200) }), response: { 200: passwordFindResponseSchema } },
    },
    async (request) => {
      const found = await findUsableReset(ctx, request.params.token);
      if (!found) throw notFound(AUTH_MESSAGES.invalidResetLink);
      return { email: found.user.email, token: request.params.token };
    },
  );

  app.post(
    '/api/password/reset',
    { config: { access: access.public() }, schema: { body: passwordResetSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const { email, password, token } = request.body;
      if (password.length < PASSWORD_MIN_LENGTH) {
        throw badRequest(AUTH_MESSAGES.passwordTooShort, { password: [AUTH_MESSAGES.passwordTooShort] });
      }
      const found = await findUsableReset(ctx, token);
      if (!found || found.user.email.toLowerCase() !== email.toLowerCase()) {
        throw badRequest(AUTH_MESSAGES.invalidResetLink);
      }
      const passwordHash = await hashPassword(password);
      const now = new Date(ctx.clock.now());
      await ctx.db.transaction(async (tx) => {
        // Spend the token only if nobody spent it meanwhile (two tabs submitting at once).
        const spent = await tx
          .update(passwordResets)
          .set({ used_at: now })
          .where(and(eq(passwordResets.id, found.reset.id), isNull(passwordResets.used_at)))
          .returning({ id: passwordResets.id });
        if (spent.length === 0) throw badRequest(AUTH_MESSAGES.invalidResetLink);
        // The user's other links die with this one.
        await tx
          .update(passwordResets)
          .set({ used_at: now })
          .where(and(eq(passwordResets.user_id, found.user.id), isNull(passwordResets.used_at)));
        await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, found.user.id));
        await ctx.sessions.revokeUserSessions(found.user.id, 'password_reset', tx);
      });
      ctx.authCache.forgetUser(found.user.id);
      request.log.info({ userId: found.user.id }, 'password reset');
      // Whoever opened the e-mailed link owns the account: this browser becomes a trusted
      // device, so no stranger keeping the account's sign-in delayed can hold its owner back.
      const device = ctx.deviceTrust.deviceOf(request.headers.cookie, found.user.id);
      reply.header('set-cookie', ctx.deviceTrust.setCookie(found.user.id, device, request.protocol === 'https'));
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );
}

export const passwordRecoveryRoutes: RouteModule = { name: 'password-recovery', register };
