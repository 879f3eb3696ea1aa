/**
 * Public face of the HTTP module (UI-free): the API client, its error type,
 * the request-activity counter, and the account calls of the app shell.
 */
export { createApiClient, API_TIMEOUT_MS } from './api-client';
export { toApiRequestError } from './ky-transport';
export type { ApiClient, ApiClientOptions, ApiRequestOptions, ForbiddenEvent, HttpMethod } from './api-client';
export {
  ApiRequestError,
  API_ERROR_MESSAGES,
  apiErrorFromBody,
  apiErrorFromResponse,
  errorMessageLines,
  isApiRequestError,
  networkError,
  sessionExpiredError,
} from './api-error';
export type { ApiErrorKind } from './api-error';
export { createRequestActivity, trackFetch } from './activity';
export type { RequestActivity } from './activity';
export {
  getCurrentUser,
  getUserCustomers,
  requestPasswordReset,
  findPasswordReset,
  resetPassword,
} from './account-api';
export type { PasswordResetInput } from './account-api';
