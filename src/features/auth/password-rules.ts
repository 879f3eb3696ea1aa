/**
 * Checks of the new-password forms (spec section 5): both fields are needed
 * ('Digite sua nova senha'); they must be equal ('As senhas não combinam').
 */
import { AUTH_MESSAGES } from '@sync/contract/auth';

export interface NewPasswordErrors {
  password?: string;
  confirmation?: string;
}

export function validateNewPassword(password: string, confirmation: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = AUTH_MESSAGES.typeNewPassword;
  if (!confirmation) errors.confirmation = AUTH_MESSAGES.typeNewPassword;
  if (errors.password || errors.confirmation) return errors;
  if (password !== confirmation) errors.confirmation = AUTH_MESSAGES.passwordsDiffer;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
