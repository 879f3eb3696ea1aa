/**
 * The one error type callers of the API see. It carries the server's
 * Portuguese message (the `{ message, errors? }` body of the contract) so a
 * screen can show it as is, and a `kind` so code can tell "the server said
 * no" from "the server could not be reached" — a distinction the offline
 * behaviour depends on (a network failure never signs anyone out).
 */
import type { ApiError } from '../contract/errors';
import { array, object, optional, readShape, record, string, type Reader } from './json-shape';

/**
 * `apiErrorSchema` (sync/contract/errors.ts) without zod: error bodies are
 * read on the login page (tested against the schema in
 * tests/unit/session/json-shapes.test.ts).
 */
export const readApiErrorBody: Reader<ApiError> = object({ message: string, errors: optional(record(array(string))) });

export type ApiErrorKind =
  /** No answer: offline, DNS, connection refused, aborted by timeout. */
  | 'network'
  /** The server answered with a 4xx/5xx status. */
  | 'http'
  /** The refresh token was refused: the session is over, sign in again. */
  | 'session-expired'
  /** The server answered 2xx with a body that does not match the contract. */
  | 'invalid-response';

export const API_ERROR_MESSAGES = {
  network: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
  unexpected: 'Ocorreu um erro inesperado. Tente novamente.',
  sessionExpired: 'Sua sessão expirou. Entre novamente.',
  invalidResponse: 'O servidor enviou uma resposta inesperada.',
} as const;

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  /** Validation messages per field, when the server sent them. */
  readonly errors: Record<string, string[]> | undefined;

  constructor(kind: ApiErrorKind, message: string, options: { status?: number | null; errors?: Record<string, string[]>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.status = options.status ?? null;
    this.errors = options.errors;
  }

  get isNetwork(): boolean {
    return this.kind === 'network';
  }
}

export function isApiRequestError(value: unknown): value is ApiRequestError {
  return value instanceof ApiRequestError;
}

/** Builds the error for a non-2xx status from its (already parsed) body. */
export function apiErrorFromBody(status: number, body: unknown): ApiRequestError {
  const parsed = readShape(readApiErrorBody, body);
  const message = parsed?.message.trim() ? parsed.message : API_ERROR_MESSAGES.unexpected;
  return new ApiRequestError('http', message, { status, errors: parsed?.errors });
}

/** Builds the error for a non-2xx response from its `{ message, errors? }` body. */
export async function apiErrorFromResponse(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to a generic message.
  }
  return apiErrorFromBody(response.status, body);
}

export function networkError(cause: unknown): ApiRequestError {
  return new ApiRequestError('network', API_ERROR_MESSAGES.network, { cause });
}

export function sessionExpiredError(cause?: unknown): ApiRequestError {
  return new ApiRequestError('session-expired', API_ERROR_MESSAGES.sessionExpired, { status: 401, cause });
}

/**
 * Flattens an error into the lines a danger alert shows: the message, then
 * the per-field messages (spec section 8 joins them by line breaks).
 */
export function errorMessageLines(error: unknown): string[] {
  if (error instanceof ApiRequestError) {
    const fieldLines = Object.values(error.errors ?? {}).flat();
    return [error.message, ...fieldLines.filter((line) => line !== error.message)];
  }
  if (error instanceof Error && error.message) return [error.message];
  return [API_ERROR_MESSAGES.unexpected];
}
