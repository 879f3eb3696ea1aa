/**
 * Authentication on the wire (spec section 7): the OAuth2 password and
 * refresh_token grants at `POST oauth/token`, token revocation at sign-out
 * (`POST oauth/revoke`, an extension), and password recovery under
 * `api/password/*`.
 *
 * The client id, the spec's texts and the password length live in
 * auth-texts.ts (no zod there: the login page imports them) and are
 * re-exported here.
 */
import { z } from 'zod';
import { text, TEXT_LIMITS, trimmedText } from './fields';

export { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, PWA_CLIENT_ID, PWA_CLIENT_SECRET } from './auth-texts';

const clientFields = {
  client_id: text(TEXT_LIMITS.token).min(1),
  client_secret: text(TEXT_LIMITS.token).optional(),
  scope: text(TEXT_LIMITS.token).optional(),
};

export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  username: trimmedText(TEXT_LIMITS.line).min(1, 'Usuário é obrigatório'),
  // A password may hold any character but U+0000 and lone surrogates, line breaks too (nothing shows it; refusing one would lock its owner out).
  password: text(TEXT_LIMITS.password, { multiline: true }).min(1, 'Senha é obrigatória'),
  ...clientFields,
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: text(TEXT_LIMITS.token).min(1),
  ...clientFields,
});

export const tokenRequestSchema = z.discriminatedUnion('grant_type', [passwordGrantSchema, refreshGrantSchema]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const revokeRequestSchema = z.object({ token: text(TEXT_LIMITS.token).min(1) });

export const passwordCreateSchema = z.object({
  email: trimmedText(TEXT_LIMITS.email).email('E-mail é inválido'),
});

export const passwordFindResponseSchema = z.object({ email: z.string(), token: z.string() });

export const passwordResetSchema = z
  .object({
    email: trimmedText(TEXT_LIMITS.email).email('E-mail é inválido'),
    token: text(TEXT_LIMITS.token).min(1),
    password: text(TEXT_LIMITS.password, { multiline: true }).min(1, 'Digite sua nova senha'),
    password_confirmation: text(TEXT_LIMITS.password, { multiline: true }).min(1, 'Digite sua nova senha'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'As senhas não combinam',
    path: ['password_confirmation'],
  });

export const messageResponseSchema = z.object({ message: z.string() });
