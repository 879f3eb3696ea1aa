/**
 * The account calls the app shell makes through the API client (spec
 * section 7): the current user and the user's customers (for a user reset
 * after a 403), and the password recovery calls of the public pages.
 * Responses are parsed with the contract schemas.
 */
import { messageResponseSchema, passwordFindResponseSchema } from '../contract/auth';
import { currentUserSchema, userCustomersResponseSchema, type CurrentUser, type UserCustomer } from '../contract/user';
import type { ApiClient } from './api-client';

export function getCurrentUser(api: ApiClient, options: { skipForbiddenHandler?: boolean } = {}): Promise<CurrentUser> {
  return api.get('api/user', currentUserSchema, options);
}

export function getUserCustomers(api: ApiClient, userId: number, options: { skipForbiddenHandler?: boolean } = {}): Promise<UserCustomer[]> {
  return api.get(`api/user-customers/${userId}`, userCustomersResponseSchema, options);
}

/** Sends the reset link to an e-mail (the 'Esqueceu a senha' modal). */
export function requestPasswordReset(api: ApiClient, email: string): Promise<{ message: string }> {
  return api.request('post', 'api/password/create', messageResponseSchema, { json: { email } });
}

/** Checks a reset token; answers the e-mail it was issued for. */
export function findPasswordReset(api: ApiClient, token: string): Promise<{ email: string; token: string }> {
  return api.get(`api/password/find/${encodeURIComponent(token)}`, passwordFindResponseSchema);
}

export interface PasswordResetInput {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
}

export function resetPassword(api: ApiClient, input: PasswordResetInput): Promise<{ message: string }> {
  return api.request('post', 'api/password/reset', messageResponseSchema, { json: input });
}
