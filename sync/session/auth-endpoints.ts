/**
 * The few calls the session makes by itself, with plain `fetch`: the OAuth
 * grants and revocation (`oauth/*`), and loading the signed-in user right
 * after the password grant. They sit below the API client (which depends on
 * the session for its tokens), so they cannot go through it.
 *
 * Answers are checked with the hand-written readers of session-shapes.ts
 * (each tested against its contract zod schema), not with zod itself: this
 * module is on the login page, and zod is not.
 */
import type { TokenRequest, TokenResponse } from '../contract/auth';
import { PWA_CLIENT_ID, PWA_CLIENT_SECRET } from '../contract/auth-texts';
import type { CurrentUser, UserCustomer } from '../contract/user';
import { ApiRequestError, API_ERROR_MESSAGES, apiErrorFromResponse, networkError } from '../http/api-error';
import { ShapeMismatch, type Reader } from '../http/json-shape';
import { readCurrentUser, readTokenResponse, readUserCustomers } from './session-shapes';

export interface AuthTransport {
  /** Origin (and optional path prefix) the API is served from. */
  baseUrl: string;
  fetch: typeof fetch;
}

/** Revocation is best effort; an unreachable server must not hold sign-out up. */
const REVOKE_TIMEOUT_MS = 5_000;

async function send<T>(transport: AuthTransport, path: string, init: RequestInit, reader: Reader<T>): Promise<T> {
  let response: Response;
  try {
    response = await transport.fetch(new URL(path, transport.baseUrl), init);
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ApiRequestError('invalid-response', API_ERROR_MESSAGES.invalidResponse, { status: response.status, cause: error });
  }
  try {
    return reader(body);
  } catch (error) {
    if (!(error instanceof ShapeMismatch)) throw error;
    throw new ApiRequestError('invalid-response', API_ERROR_MESSAGES.invalidResponse, { status: response.status, cause: error });
  }
}

function postToken(transport: AuthTransport, request: TokenRequest): Promise<TokenResponse> {
  return send(
    transport,
    '/oauth/token',
    { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(request) },
    readTokenResponse,
  );
}

export function requestPasswordGrant(transport: AuthTransport, username: string, password: string): Promise<TokenResponse> {
  return postToken(transport, {
    grant_type: 'password',
    username,
    password,
    client_id: PWA_CLIENT_ID,
    client_secret: PWA_CLIENT_SECRET,
  });
}

export function requestRefreshGrant(transport: AuthTransport, refreshToken: string): Promise<TokenResponse> {
  return postToken(transport, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: PWA_CLIENT_ID,
    client_secret: PWA_CLIENT_SECRET,
  });
}

/** Asks the server to forget a refresh token; never throws. */
export async function revokeToken(transport: AuthTransport, token: string): Promise<void> {
  try {
    await transport.fetch(new URL('/oauth/revoke', transport.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    });
  } catch {
    // Offline or slow: the token simply expires on the server later.
  }
}

function bearer(accessToken: string): HeadersInit {
  return { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
}

export function fetchCurrentUser(transport: AuthTransport, accessToken: string): Promise<CurrentUser> {
  return send(transport, '/api/user', { headers: bearer(accessToken) }, readCurrentUser);
}

export function fetchUserCustomers(transport: AuthTransport, accessToken: string, userId: number): Promise<UserCustomer[]> {
  return send(transport, `/api/user-customers/${userId}`, { headers: bearer(accessToken) }, readUserCustomers);
}

/**
 * The token endpoint refused the grant (bad password, unknown, expired or
 * revoked refresh token). Anything else — no answer, 5xx — is transient.
 */
export function isGrantRefused(error: unknown): boolean {
  return error instanceof ApiRequestError && error.kind === 'http' && (error.status === 400 || error.status === 401);
}
