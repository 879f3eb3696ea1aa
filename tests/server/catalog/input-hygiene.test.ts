/**
 * Whatever a client sends, the catalog answers a 4xx with a Portuguese
 * message, never a 500: broken JSON, wrong types, numbers the database
 * cannot hold, text PostgreSQL refuses (U+0000), ids that are not ids,
 * unreadable If-Match and Idempotency-Key headers, unknown query values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok } from './support';

let t: TestApp;
let token: string;
let product: number;

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  product = ok(await api(t, token).post('/api/product', { name: 'Tolueno', price: 1, type_id: 2 })).id;
});
afterAll(() => t.close());

type Case = [
  what: string,
  method: string,
  path: () => string,
  options: { body?: string; json?: unknown; headers?: Record<string, string> },
  status: number,
];

const CASES: Case[] = [
  ['broken JSON', 'POST', () => '/api/product', { body: '{"name": "Tolueno",', headers: { 'content-type': 'application/json' } }, 400],
  ['an empty JSON body', 'POST', () => '/api/cost', { body: '', headers: { 'content-type': 'application/json' } }, 400],
  ['a JSON array', 'POST', () => '/api/cost', { json: [{ name: 'x', price: 1 }] }, 400],
  ['a JSON string', 'POST', () => '/api/service', { json: 'Laudo' }, 400],
  ['text/plain', 'POST', () => '/api/cost', { body: 'name=x', headers: { 'content-type': 'text/plain' } }, 400],
  ['an unknown media type', 'POST', () => '/api/cost', { body: '<cost/>', headers: { 'content-type': 'application/xml' } }, 415],
  ['a name as a number', 'POST', () => '/api/product', { json: { name: 5, price: 1, type_id: 2 } }, 400],
  ['a price as an object', 'POST', () => '/api/service', { json: { name: 'x', price: { value: 1 } } }, 400],
  ['a price beyond numeric(14,2)', 'POST', () => '/api/cost', { json: { name: 'x', price: 1e13 } }, 400],
  ['a type id beyond integer', 'POST', () => '/api/product', { json: { name: 'x', price: 1, type_id: 2 ** 40 } }, 400],
  ['a category id beyond integer', 'POST', () => '/api/equipment', { json: { name: 'x', category_id: 2 ** 31 } }, 400],
  ['an equipment id as text', 'POST', () => `/api/product/${product}/equipment`, { json: { equipment_id: 'um' } }, 400],
  ['a quantity beyond integer', 'POST', () => `/api/product/${product}/equipment`, { json: { equipment_id: 1, quantity: 2 ** 40 } }, 400],
  ['U+0000 in a name', 'POST', () => '/api/cost', { json: { name: 'a\u0000b', price: 1 } }, 400],
  ['U+0000 in a search', 'GET', () => '/api/cost/all/0/10?search=a%00b', {}, 400],
  ['an id that is not a number', 'GET', () => '/api/product/abc', {}, 400],
  ['an id beyond integer', 'GET', () => '/api/product/99999999999', {}, 400],
  ['a negative skip', 'GET', () => '/api/product/all/-10/10', {}, 400],
  ['a take of 0', 'GET', () => '/api/product/all/0/0', {}, 400],
  ['a take of a million', 'GET', () => '/api/product/all/0/1000000', {}, 400],
  ['an unknown equipment type', 'GET', () => '/api/equipment/all/0/10?type=sensor', {}, 400],
  ['updated_since that is no timestamp', 'GET', () => '/api/product/all/0/10?updated_since=ontem', {}, 400],
  ['after_id beyond integer', 'GET', () => '/api/product/all/0/10?updated_since=2026-01-01T00:00:00Z&after_id=99999999999', {}, 400],
  [
    'If-Match that is no timestamp',
    'PUT',
    () => `/api/product/${product}`,
    { json: { name: 'x', price: 1, type_id: 2 }, headers: { 'if-match': 'ontem' } },
    400,
  ],
  ['an Idempotency-Key with spaces', 'POST', () => '/api/cost', { json: { name: 'x', price: 1 }, headers: { 'idempotency-key': 'a b' } }, 400],
  [
    'an Idempotency-Key of 300 characters',
    'POST',
    () => '/api/cost',
    { json: { name: 'x', price: 1 }, headers: { 'idempotency-key': 'k'.repeat(300) } },
    400,
  ],
];

describe('bad input answers 4xx with a message, never 500', () => {
  const cases = CASES.map(([what, method, path, options, status]) => ({ what, method, path, options, status }));
  it.each(cases)('$what → $status', async ({ method, path, options, status }) => {
    const reply = await call(t, method, path(), { token, ...options });
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(typeof reply.body.message).toBe('string');
    expect(reply.body.message).not.toMatch(/error|sql|postgres|stack/i);
  });

  it('left nothing behind', async () => {
    const costs = ok(await api(t, token).get('/api/cost/all/0/10'));
    expect(costs.total_items).toBe(0);
  });
});
