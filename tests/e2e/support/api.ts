/**
 * The test server's REST API, for tests that prepare or check records
 * without the screens: the administrator's access token (password grant, as
 * the PWA signs in) and a JSON call that fails the test on a non-2xx answer.
 */
import { expect } from 'vitest';
import { baseUrl } from './browser';
import { E2E_ADMIN } from './e2e-admin';

export async function adminToken(): Promise<string> {
  const response = await fetch(`${baseUrl()}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: 'pwa',
      client_secret: 'public',
      username: E2E_ADMIN.username,
      password: E2E_ADMIN.password,
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** `path` is relative to the server ('api/cost'). */
export async function apiCall<T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** An approved quotation made from `quotation` (the `POST api/quotation` body) with its sampling plan; its id. */
export async function approvedPlan(token: string, quotation: Record<string, unknown>): Promise<number> {
  const { id } = await apiCall<{ id: number }>(token, 'POST', 'api/quotation', quotation);
  await apiCall(token, 'PUT', `api/quotation/${id}/status`, { status: 'approved' });
  await apiCall(token, 'POST', 'api/sample/quotation', { quotationId: id });
  return id;
}
