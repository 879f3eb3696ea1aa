/**
 * The authentication constants and texts the login page needs, apart from
 * the zod schemas of auth.ts (which re-exports them): the login page loads
 * this module, and importing auth.ts would bring zod along (about 25 kB
 * gzip; see docs/decisions/first-load-margin.md).
 */

/**
 * The PWA is a first-party public client: it sends the documented
 * client_id/client_secret fields, but the secret is not a secret in a
 * browser, so the server only checks that client_id names a known client.
 */
export const PWA_CLIENT_ID = 'pwa';
export const PWA_CLIENT_SECRET = 'public';

/** Spec texts used by both sides. */
export const AUTH_MESSAGES = {
  badCredentials: 'E-mail e/ou senha estão incorretos.',
  invalidEmail: 'E-mail é inválido',
  resetLinkSent: 'Nós te enviamos um e-mail com um link de redefinição de senha!',
  passwordChanged: 'Senha alterada com sucesso!',
  passwordsDiffer: 'As senhas não combinam',
  typeNewPassword: 'Digite sua nova senha',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres.',
  invalidResetLink: 'Este link de redefinição de senha é inválido ou expirou.',
  invalidClient: 'Cliente inválido.',
  signedOut: 'Sessão encerrada.',
} as const;

/** Minimum length of a new password (checked by the server on reset and user saves). */
export const PASSWORD_MIN_LENGTH = 8;
