/**
 * The test server's REST API, for tests that prepare or check records
 * without the screens: the administrator's access token (password grant, as
 * the PWA signs in), a JSON call that fails the test on a non-2xx answer,
 * and the records several files start from (a customer with an approved
 * quotation and its sampling plan, a technician, the company logo).
 */
import { expect } from 'vitest';
import { baseUrl } from './browser';
import { E2E_ADMIN } from './e2e-admin';

export function adminToken(): Promise<string> {
  return userToken(E2E_ADMIN.username, E2E_ADMIN.password);
}

/** Any user's access token (password grant, as the PWA signs in). */
export async function userToken(username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'pwa', client_secret: 'public', username, password }),
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

/** An agent row of a quotation (the product type decides the sample type: 3 noise, 4 heat). */
export interface PlanRow {
  name: string;
  product_type_id: number;
  sector?: string;
  function?: string;
  quantity: number;
  value: number;
}

/**
 * A customer of the test's own (the seeded ones are counted by other files:
 * the customer-type user's scope) with an approved quotation of `rows` and
 * its sampling plan; the quotation's id.
 */
export async function customerWithPlan(token: string, customer: { name: string; email: string; phone: string }, rows: PlanRow[]): Promise<number> {
  const { id } = await apiCall<{ id: number }>(token, 'POST', 'api/customer', { ...customer, type: 'corporate' });
  return approvedPlan(token, {
    customer_id: id,
    valid_at: '2026-12-31',
    rows: rows.map((row) => ({ product_id: null, ...row })),
    services: [],
    costs: [],
    equipments: [],
    deadlines: [],
    discount: null,
    discount_type: 'pct',
    total: rows.reduce((sum, row) => sum + row.quantity * row.value, 0),
    parcel: 1,
  });
}

/** A field technician of the test's own, in 'Técnico de campo' (independent of the seeded one, which other files move). */
/** A user of department `roleSlug` ('tecnico-de-campo', 'administrativo'), with any extra fields of the users form (council data). */
export async function createUser(
  token: string,
  user: { name: string; username: string; email: string; password: string },
  roleSlug: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: number }> {
  const roles = await apiCall<Array<{ id: number; slug: string }>>(token, 'GET', 'api/user/role/all');
  const answer = await apiCall<{ user: { id: number } }>(token, 'POST', 'api/user', {
    ...user,
    phone: '11987654321',
    user_type_id: 2,
    role_id: roles.find((role) => role.slug === roleSlug)!.id,
    password_confirmation: user.password,
    send_password: false,
    ...extra,
  });
  return answer.user;
}

export async function createTechnician(
  token: string,
  technician: { name: string; username: string; email: string; password: string },
): Promise<void> {
  await createUser(token, technician, 'tecnico-de-campo');
}

async function setLogo(token: string, value: string): Promise<void> {
  await apiCall(token, 'PUT', 'api/settings', { options: [{ option: 'settings_logo', value }] });
}

/** A real 1×1 PNG. */
const LOGO_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

/**
 * Uploads a 1×1 PNG as the company logo (settings_logo); gives back what
 * puts the previous logo back, for afterAll (the server is shared by the
 * other files).
 */
export async function useCompanyLogo(token: string): Promise<() => Promise<void>> {
  const settings = await apiCall<{ options: Array<{ option: string; value: string }> }>(token, 'GET', 'api/settings/all');
  const previous = settings.options.find((option) => option.option === 'settings_logo')?.value ?? '';
  const form = new FormData();
  form.append('file', new Blob([LOGO_PNG], { type: 'image/png' }), 'logo.png');
  const uploaded = await fetch(`${baseUrl()}/api/file`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(uploaded.status).toBe(201);
  await setLogo(token, ((await uploaded.json()) as { path: string }).path);
  return () => setLogo(token, previous);
}
