/**
 * API answers compressed (issue 26; server/http/compression.ts): a list
 * above 1 kB comes in brotli or gzip as the client accepts, and decodes to
 * the same JSON as the plain answer; a small answer, a client that accepts
 * nothing, and a compressed request body are left alone. Raw node:http
 * requests, because fetch would decode the body and hide the encoding.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '@server/http/compression';
import { ADMIN, call, signIn, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await signIn(t, ADMIN.username, ADMIN.password)).access_token;
  for (let i = 0; i < 40; i++) {
    const created = await call(t, 'POST', '/api/product', { token, json: { name: `Agente de teste número ${i}`, price: 100 + i, type_id: 2 } });
    expect(created.status).toBe(201);
  }
});
afterAll(() => t.close());

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, t.baseUrl), { method, headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(reply: RawReply): string {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(reply.body).toString('utf8');
  return reply.body.toString('utf8');
}

const LIST = '/api/product/all/0/100';

describe('a list above the threshold', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ])('Accept-Encoding %s → %s, the same JSON once decoded', async (accept, encoding) => {
    const plain = await raw('GET', LIST, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const reply = await raw('GET', LIST, { 'accept-encoding': accept });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(JSON.parse(decoded(reply))).toEqual(JSON.parse(plain.body.toString('utf8')));
    if (encoding) {
      expect(reply.body.length).toBeLessThan(plain.body.length / 4);
      expect(String(reply.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });
});

describe('left alone', () => {
  it('an answer under the threshold', async () => {
    const reply = await raw('GET', '/api/product/all/0/1', { 'accept-encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('a gzip request body is not inflated: refused in Portuguese, nothing created', async () => {
    const before = (await call(t, 'GET', '/api/product/all/0/1', { token })).body.total_items;
    const body = gzipSync(JSON.stringify({ name: 'Agente comprimido', price: 1, type_id: 2 }));
    const reply = await raw('POST', '/api/product', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(JSON.parse(reply.body.toString('utf8')).message).toMatch(/[ãáéíóúçõ]|inválid/i);
    expect((await call(t, 'GET', '/api/product/all/0/1', { token })).body.total_items).toBe(before);
  });
});
