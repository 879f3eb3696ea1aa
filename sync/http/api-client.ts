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
 *
 * Ky itself is fetched with the first request, not with the app: the login
 * page signs in through the session's plain `fetch` calls and never needs
 * it (about 8 kB gzip off the first load; docs/decisions/first-load-margin.md).
 * Offline the service worker has its chunk; a chunk that cannot be fetched
 * fails the request as a network error.
 */
import type { KyInstance, Options } from 'ky';
import type { z } from 'zod';
import type { Session } from '../session/session';
import { ApiRequestError, API_ERROR_MESSAGES, networkError } from './api-error';

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
  /** The configured ky instance (loaded on first use), for the sync engine only; screens use functions built on `request`. */
  ky(): Promise<KyInstance>;
}

function withoutUndefined(params: NonNullable<ApiRequestOptions['searchParams']>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Record<string, string | number | boolean>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session } = options;
  const forbiddenListeners = new Set<(event: ForbiddenEvent) => void>();

  let instance: Promise<KyInstance> | null = null;
  const loadInstance = (): Promise<KyInstance> => {
    instance ??= import('./ky-transport').then(({ createKyInstance }) =>
      createKyInstance({ session, baseUrl: options.baseUrl, fetch: options.fetch, timeoutMs: API_TIMEOUT_MS, forbiddenListeners }),
    );
    // A failed fetch of the chunk is retried at the next request.
    instance.catch(() => {
      instance = null;
    });
    return instance;
  };

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

    let send: KyInstance;
    let transport: typeof import('./ky-transport');
    try {
      [send, transport] = await Promise.all([loadInstance(), import('./ky-transport')]);
    } catch (error) {
      throw networkError(error);
    }
    let response: Response;
    try {
      response = await send(path, kyOptions);
    } catch (error) {
      throw transport.toApiRequestError(error);
    }
    if (schema === null) return;
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw error instanceof SyntaxError
        ? new ApiRequestError('invalid-response', API_ERROR_MESSAGES.invalidResponse, { status: response.status, cause: error })
        : transport.toApiRequestError(error);
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
    ky: loadInstance,
  };
}
