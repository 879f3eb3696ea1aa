/**
 * The OpenAPI document at GET /api/openapi.json: served without a token,
 * generated from the routes' zod schemas, and complete: every API route
 * registered in the app (recorded here by an onRoute hook of the test's
 * own) is in it, with security, the error shape and the sync extensions.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppPlugin } from '@server/app-context';
import { OPENAPI_PATH } from '@server/http/openapi';
import { call, startTestApp, type TestApp } from './helpers/test-app';

type Operation = {
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, any> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, any> }> }>;
  security?: unknown[];
  tags?: string[];
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, any>; security: unknown[] };

const registered: Array<{ method: string; url: string; public: boolean }> = [];
const recordRoutes: AppPlugin = {
  name: 'record-routes',
  install(app) {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods)
        registered.push({ method: method.toLowerCase(), url: route.url, public: route.config?.access?.kind === 'public' });
    });
  },
};

let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  t = await startTestApp({ extraPlugins: [recordRoutes] });
  const reply = await call<Doc>(t, 'GET', OPENAPI_PATH);
  expect(reply.status).toBe(200);
  doc = reply.body;
  if (process.env.OPENAPI_DUMP) writeFileSync(process.env.OPENAPI_DUMP, JSON.stringify(doc, null, 2));
});
afterAll(() => t.close());

const openapiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
const apiRoutes = () => registered.filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/oauth/')) && r.method !== 'head');
const operation = (method: string, url: string) => doc.paths[openapiPath(url)]?.[method];

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document served without a token', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('lists every API route the app registered', () => {
    expect(apiRoutes().length).toBeGreaterThan(50);
    const missing = apiRoutes()
      .filter((r) => operation(r.method, r.url) === undefined)
      .map((r) => `${r.method.toUpperCase()} ${r.url}`);
    expect(missing).toEqual([]);
    // And nothing else: the PWA's files are not API.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/') || p.startsWith('/oauth/'))).toBe(true);
  });

  it('names every operation once, for client generators', () => {
    const ids = apiRoutes().map((r) => (operation(r.method, r.url) as Operation & { operationId?: string }).operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists every path parameter of every path, required', () => {
    for (const route of apiRoutes()) {
      const names = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]).sort();
      const params = (operation(route.method, route.url)!.parameters ?? []).filter((p) => p.in === 'path');
      expect(params.map((p) => p.name).sort(), `${route.method} ${route.url}`).toEqual(names);
      expect(params.every((p) => p.required)).toBe(true);
    }
  });

  it('asks for the bearer token everywhere except on the public calls', () => {
    for (const route of apiRoutes()) {
      const op = operation(route.method, route.url)!;
      if (route.public) expect(op.security, route.url).toEqual([]);
      else expect(op.security, route.url).toBeUndefined(); // the document's default: bearerAuth
    }
    expect(
      apiRoutes()
        .filter((r) => r.public)
        .map((r) => r.url),
    ).toEqual(expect.arrayContaining(['/oauth/token', '/api/password/create', '/api/password/reset']));
    expect(operation('get', OPENAPI_PATH)!.security).toEqual([]);
  });

  it('describes the error shape { message, errors? } on every operation', () => {
    for (const route of apiRoutes()) {
      const op = operation(route.method, route.url)!;
      for (const code of ['4XX', '5XX']) {
        const schema = op.responses[code]?.content?.['application/json']?.schema;
        expect(schema?.required, `${code} of ${route.method} ${route.url}`).toEqual(['message']);
        expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(['errors', 'message']);
      }
    }
  });

  it('documents the sync headers on every signed-in write and every versioned update or delete', () => {
    const header = (op: Operation, name: string) => op.parameters?.find((p) => p.in === 'header' && p.name === name);
    for (const route of apiRoutes()) {
      const op = operation(route.method, route.url)!;
      const write = ['post', 'put', 'delete'].includes(route.method) && route.url.startsWith('/api/') && !route.public;
      expect(Boolean(header(op, 'idempotency-key')), `Idempotency-Key on ${route.method} ${route.url}`).toBe(write);
      if (header(op, 'if-match')) expect(op.responses['409']).toBeDefined();
    }
    // Every record-level update and delete of the syncable resources takes If-Match.
    for (const [method, url] of [
      ['put', '/api/product/:id'],
      ['delete', '/api/product/:id'],
      ['put', '/api/customer/:id'],
      ['delete', '/api/customer/:id'],
      ['put', '/api/customer/:id/address/:childId'],
      ['delete', '/api/customer/:id/file/:fileId'],
      ['put', '/api/equipment/categories/:id'],
      ['delete', '/api/service/:id/equipment/:lineId'],
    ] as const) {
      const op = operation(method, url);
      expect(op, `${method} ${url}`).toBeDefined();
      expect(header(op!, 'if-match')?.description, `If-Match on ${method} ${url}`).toMatch(/409/);
      expect(JSON.stringify(op!.responses['409']!.content!['application/json']!.schema)).toContain('"current"');
    }
  });

  it('documents updated_since and after_id, and the pull answer, on the list calls', () => {
    const list = operation('get', '/api/customer/all/:skip/:take')!;
    const query = Object.fromEntries((list.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]));
    expect(query.updated_since?.description).toMatch(/deleted_ids/);
    expect(query.after_id?.description).toBeDefined();
    const answer = JSON.stringify(list.responses['200']!.content!['application/json']!.schema);
    for (const field of ['deleted_ids', 'server_time', 'total_items']) expect(answer).toContain(field);
  });

  it('carries the bodies and answers of the zod schemas', () => {
    const create = operation('post', '/api/customer')!;
    const body = create.requestBody!.content['application/json']!.schema;
    expect(body.required).toEqual(expect.arrayContaining(['name']));
    expect(create.responses['201']!.content!['application/json']!.schema.properties).toHaveProperty('updated_at');
    const token = operation('post', '/oauth/token')!;
    expect(JSON.stringify(token.requestBody!.content['application/json']!.schema)).toContain('refresh_token');
    expect(operation('delete', '/api/customer/:id')!.responses['204']).toBeDefined();
    const upload = operation('post', '/api/customer/:id/file')!;
    expect(upload.requestBody!.content['multipart/form-data']!.schema.properties.file.format).toBe('binary');
    const zip = operation('post', '/api/customer/:id/files/download-multiple')!;
    expect(zip.responses['200']!.content!['application/zip']!.schema.format).toBe('binary');
    expect(zip.requestBody!.content['application/json']!.schema.properties).toHaveProperty('file_ids');
  });
});
