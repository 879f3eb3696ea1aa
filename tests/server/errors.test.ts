/**
 * Errors on the wire: bad JSON and wrong types answer 400 with Portuguese
 * messages (never 500), unknown API paths answer 404 JSON, and a failure
 * inside a handler — a thrown error, or the database going away — answers a
 * generic 500 that leaks no stack, SQL or message, while the log keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@sync/contract/errors';
import type { RouteModule } from '@server/app-context';
import { HTTP_MESSAGES } from '@server/http/messages';
import { ADMIN, call, signIn, startTestApp, type TestApp } from './helpers/test-app';
import { access } from '@server/auth/access';

const SECRET_DETAIL = 'select password_hash from users where id = 1';

const failingRoutes: RouteModule = {
  name: 'failing',
  register(app) {
    app.get('/api/test/explode', { config: { access: access.signedIn() } }, async () => {
      throw new Error(`database said: ${SECRET_DETAIL}`);
    });
    app.get('/api/test/throws-string', { config: { access: access.signedIn() } }, async () => {
      throw 'a bare string';
    });
  },
};

let t: TestApp;
let token: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ extraRoutes: [failingRoutes], logLines });
  token = (await signIn(t, ADMIN.username, ADMIN.password)).access_token;
});
afterAll(() => t.close());

function expectNoInternals(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/select|password_hash|stack|\.ts:|node_modules|Error:/i);
}

describe('bad requests', () => {
  const token400 = (body: string, contentType = 'application/json') =>
    call(t, 'POST', '/oauth/token', { body, headers: { 'content-type': contentType } });

  it.each([
    ['malformed JSON', '{"grant_type": "password",'],
    ['an empty JSON body', ''],
    ['JSON that is not an object', '"texto"'],
    ['JSON null', 'null'],
    ['a prototype-poisoning body', '{"__proto__": {"admin": true}}'],
  ])('%s → 400 "Corpo da requisição inválido."', async (_what, body) => {
    const reply = await token400(body);
    expect(reply.status).toBe(400);
    expect(apiErrorSchema.parse(reply.body).message).toBe(HTTP_MESSAGES.invalidBody);
  });

  it('wrong types → 400 with a Portuguese message per field', async () => {
    const reply = await call(t, 'PUT', '/api/settings', {
      token,
      json: { options: [{ option: 42, value: 'x' }, { option: 'company_name', value: { deep: [1] } }, 'x'] },
    });
    expect(reply.status).toBe(400);
    const body = apiErrorSchema.parse(reply.body);
    expect(body.errors).toEqual({
      'options.0.option': ['Deve ser um texto.'],
      'options.2': ['Deve ser um objeto.'],
    });
    expect(body.message).toBe('Deve ser um texto.');
  });

  it('an unknown grant type → 400, not 500', async () => {
    const reply = await call(t, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'pwa' } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors.grant_type).toEqual(['Valor inválido. Use um destes: password, refresh_token.']);
  });

  it('an unsupported content type → 415 in Portuguese', async () => {
    const reply = await token400('grant_type=password', 'text/csv');
    expect(reply.status).toBe(415);
    expect(reply.body.message).toBe(HTTP_MESSAGES.unsupportedMediaType);
  });

  it('a body over the limit → 413 in Portuguese', async () => {
    const reply = await call(t, 'PUT', '/api/settings', {
      token,
      json: { options: [{ option: 'message_footer', value: 'x'.repeat(3 * 1024 * 1024) }] },
    });
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe(HTTP_MESSAGES.bodyTooLarge);
  });
});

describe('not found', () => {
  it.each(['/api/nada', '/api/user/1/2/3', '/oauth/nada', '/api'])('GET %s → 404 JSON', async (path) => {
    const reply = await call(t, 'GET', path, { token });
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual({ message: HTTP_MESSAGES.notFound });
  });

  it('POST to a GET-only API path → 404 JSON', async () => {
    const reply = await call(t, 'POST', '/api/user/type/all', { token, json: {} });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: HTTP_MESSAGES.notFound });
  });
});

describe('internal errors', () => {
  it.each(['/api/test/explode', '/api/test/throws-string'])('%s → generic 500, details only in the log', async (path) => {
    const reply = await call(t, 'GET', path, { token });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: HTTP_MESSAGES.internal });
    expectNoInternals(reply.body);
  });

  it('logs the real error', () => {
    expect(logLines.some((line) => line.includes(SECRET_DETAIL) && line.includes('"level":50'))).toBe(true);
  });

  it('the database going away → generic 500, no SQL', async () => {
    const other = await startTestApp();
    const otherToken = (await signIn(other, ADMIN.username, ADMIN.password)).access_token;
    await other.pglite.close();
    const reply = await call(other, 'GET', '/api/settings/all', { token: otherToken });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: HTTP_MESSAGES.internal });
    await other.app.close();
  });
});

describe('headers', () => {
  it('API answers are never cached and carry the hardening headers', async () => {
    const reply = await call(t, 'GET', '/api/user', { token });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('referrer-policy')).toBe('same-origin');
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(reply.headers.get('content-security-policy')).not.toMatch(/style-src|script-src/);
  });
});
