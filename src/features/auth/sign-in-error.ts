/**
 * The message the login form shows for a failed sign-in: the spec's
 * 'E-mail e/ou senha estão incorretos.' when the server refused the
 * credentials, the connection message when it could not be reached, and
 * the server's own message for anything else (too many attempts, ...).
 */
import { AUTH_MESSAGES } from '@sync/contract/auth-texts';
import { API_ERROR_MESSAGES, isApiRequestError } from '@sync/react';

export function signInErrorMessage(error: unknown): string {
  if (!isApiRequestError(error)) return AUTH_MESSAGES.badCredentials;
  if (error.kind === 'network') return API_ERROR_MESSAGES.network;
  if (error.kind === 'http' && (error.status === 400 || error.status === 401)) return AUTH_MESSAGES.badCredentials;
  return error.message;
}
