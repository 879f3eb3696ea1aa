/**
 * Errors a handler throws to answer a 4xx with the wire error body
 * `{ message, errors? }` (sync/contract/errors.ts). Anything else that is
 * thrown becomes a generic 500 (server/http/error-handler.ts).
 */
import { HTTP_MESSAGES } from './messages';

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: { errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, { errors });

export const unauthorized = (message: string = HTTP_MESSAGES.unauthenticated) =>
  new HttpError(401, message, { headers: { 'www-authenticate': 'Bearer' } });

export const forbidden = (message: string = HTTP_MESSAGES.forbidden) => new HttpError(403, message);

export const notFound = (message: string = HTTP_MESSAGES.notFound) => new HttpError(404, message);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
