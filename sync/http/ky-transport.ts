/**
 * The part of the API client that needs ky, loaded with the first request
 * (api-client.ts imports it with `import()`, so the login page, which never
 * calls the API client, does not load ky): the configured ky instance (the
 * bearer header, the refresh-and-retry on 401, the 403 listeners) and the
 * mapping of whatever ky or fetch threw to an ApiRequestError.
 */
import ky, { isHTTPError, isKyError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import type { Session } from '../session/session';
import type { ForbiddenEvent } from './api-client';
import { ApiRequestError, API_ERROR_MESSAGES, apiErrorFromBody, networkError } from './api-error';

export interface KyInstanceConfig {
  session: Session;
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs: number;
  forbiddenListeners: ReadonlySet<(event: ForbiddenEvent) => void>;
}

/** Maps whatever ky or fetch threw to an ApiRequestError. */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (isHTTPError(error)) return apiErrorFromBody(error.response.status, error.data);
  if (isNetworkError(error) || isTimeoutError(error)) return networkError(error);
  // Runtimes ky does not recognise still reject fetch with a TypeError when offline.
  if (error instanceof TypeError && !isKyError(error)) return networkError(error);
  if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return networkError(error);
  }
  return new ApiRequestError('http', API_ERROR_MESSAGES.unexpected, { cause: error });
}

export function createKyInstance(config: KyInstanceConfig): KyInstance {
  const { session, forbiddenListeners } = config;
  return ky.create({
    prefix: config.baseUrl,
    fetch: config.fetch,
    timeout: config.timeoutMs,
    // No automatic retries: only the forced one after a token refresh.
    retry: { limit: 1, methods: [], statusCodes: [], retryOnTimeout: false },
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (session.getState().hasTokens && session.isAccessTokenExpired()) {
            await session.refreshTokens();
          }
          const token = session.getAccessToken();
          if (token) request.headers.set('authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async ({ request, response, retryCount, options: requestOptions }) => {
          if (response.status === 401 && retryCount === 0 && session.getState().hasTokens) {
            const token = await session.refreshTokens();
            const headers = new Headers(request.headers);
            headers.set('authorization', `Bearer ${token}`);
            return ky.retry({ request: new Request(request, { headers }), delay: 0, code: 'TOKEN_REFRESHED' });
          }
          if (response.status === 403 && !requestOptions.context.skipForbiddenHandler) {
            const event = { url: request.url, method: request.method };
            for (const listener of [...forbiddenListeners]) listener(event);
          }
          return undefined;
        },
      ],
    },
  });
}
