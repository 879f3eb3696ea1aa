/**
 * The HTTP client for the REST API (ky 2). It
 * - prefixes paths with the API origin (callers write the spec's paths,
 *   `api/user`, `api/customer/all/0/10`),
 * - refreshes an access token that is known to be expired before sending,
 * - adds the bearer header,
 * - on a 401 refreshes the tokens (single-flight, in the session) and retries
 *   the request once; a refused refresh ends the session,
 * - tells listeners about 403 answers (the app applies the spec's customer
 *   redirect / user reset),
 * - turns every failure into an `ApiRequestError` carrying the server's
 *   Portuguese message, and parses answers with the contract's zod schemas.
 *
 * Ky's own retries stay off (the sync engine owns retry policy); the one
 * forced retry after a refresh is the only second attempt.
 */
import ky, { isHTTPError, isKyError, isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import type { Session } from '../session/session';
import { ApiRequestError, API_ERROR_MESSAGES, apiErrorFromBody, networkError } from './api-error';

export const API_TIMEOUT_MS = 30_000;

export interface ApiClientOptions {
  session: Session;
  /** API origin, e.g. `location.origin`. */
  baseUrl: string;
  fetch?: typeof fetch;
}

export interface ApiRequestOptions {
  searchParams?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the 403 listeners (the call made by the 403 handling itself). */
  skipForbiddenHandler?: boolean;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ForbiddenEvent {
  url: string;
  method: string;
}

export interface ApiClient {
  /** Sends a request and parses the JSON answer with `schema` (null: ignore the body). */
  request<T>(method: HttpMethod, path: string, schema: z.ZodType<T>, options?: ApiRequestOptions): Promise<T>;
  request(method: HttpMethod, path: string, schema: null, options?: ApiRequestOptions): Promise<void>;
  get<T>(path: string, schema: z.ZodType<T>, options?: ApiRequestOptions): Promise<T>;
  onForbidden(listener: (event: ForbiddenEvent) => void): () => void;
  /** The configured ky instance, for the sync engine only; screens use functions built on `request`. */
  readonly ky: KyInstance;
}

function withoutUndefined(params: NonNullable<ApiRequestOptions['searchParams']>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Record<string, string | number | boolean>;
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

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session } = options;
  const forbiddenListeners = new Set<(event: ForbiddenEvent) => void>();

  const instance = ky.create({
    prefix: options.baseUrl,
    fetch: options.fetch,
    timeout: API_TIMEOUT_MS,
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

  async function request<T>(
    method: HttpMethod,
    path: string,
    schema: z.ZodType<T> | null,
    requestOptions: ApiRequestOptions = {},
  ): Promise<T | void> {
    const kyOptions: Options = {
      method,
      headers: { accept: 'application/json', ...requestOptions.headers },
      signal: requestOptions.signal,
      context: { skipForbiddenHandler: requestOptions.skipForbiddenHandler ?? false },
    };
    if (requestOptions.searchParams) kyOptions.searchParams = withoutUndefined(requestOptions.searchParams);
    if (requestOptions.json !== undefined) kyOptions.json = requestOptions.json;
    else if (requestOptions.body !== undefined) kyOptions.body = requestOptions.body;

    let response: Response;
    try {
      response = await instance(path, kyOptions);
    } catch (error) {
      throw toApiRequestError(error);
    }
    if (schema === null) return;
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw error instanceof SyntaxError
        ? new ApiRequestError('invalid-response', API_ERROR_MESSAGES.invalidResponse, { status: response.status, cause: error })
        : toApiRequestError(error);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiRequestError('invalid-response', API_ERROR_MESSAGES.invalidResponse, { cause: parsed.error });
    }
    return parsed.data;
  }

  return {
    request: request as ApiClient['request'],
    get: (path, schema, requestOptions) => request('get', path, schema, requestOptions) as Promise<never>,
    onForbidden(listener) {
      forbiddenListeners.add(listener);
      return () => void forbiddenListeners.delete(listener);
    },
    ky: instance,
  };
}
