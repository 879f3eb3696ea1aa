/**
 * The built PWA served by the API server, from a temporary dist/ fixture:
 * hashed assets cached for a year, the shell files revalidated, client-side
 * routes answered with index.html, and API paths never answered with HTML.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '@server/http/messages';
import { ADMIN, call, signIn, startTestApp, type TestApp } from './helpers/test-app';

const INDEX = '<!doctype html><html><head><title>Higiene</title></head><body><div id="root"></div></body></html>';

function makeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'ho-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js");');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Higiene"}');
  writeFileSync(join(dist, 'assets', 'index-B4xk2f9a.js'), 'console.log("app");');
  writeFileSync(join(dist, 'assets', 'index-C9dd1e2f.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return dist;
}

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { DIST_DIR: makeDist() } });
});
afterAll(() => t.close());

describe('static files', () => {
  it.each([
    ['/assets/index-B4xk2f9a.js', 'public, max-age=31536000, immutable', /javascript/],
    ['/assets/index-C9dd1e2f.css', 'public, max-age=31536000, immutable', /text\/css/],
    ['/', 'no-cache', /text\/html/],
    ['/index.html', 'no-cache', /text\/html/],
    ['/sw.js', 'no-cache', /javascript/],
    ['/registerSW.js', 'no-cache', /javascript/],
    ['/manifest.webmanifest', 'no-cache', /manifest\+json/],
    ['/icons/icon-192.png', 'no-cache', /image\/png/],
  ])('GET %s → 200, Cache-Control "%s"', async (path, cacheControl, type) => {
    const reply = await call(t, 'GET', path);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe(cacheControl);
    expect(reply.headers.get('content-type')).toMatch(type);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/admin/overview', '/admin/clientes/lista/1', '/public/login?redirect=%2Fadmin', '/public/recover-password/abc123'])(
    'GET %s (a client-side route) → index.html, revalidated',
    async (path) => {
      const reply = await call(t, 'GET', path);
      expect(reply.status).toBe(200);
      expect(reply.body).toBe(INDEX);
      expect(reply.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it.each(['/assets/index-OLD.js', '/favicon.ico'])('GET %s (a missing file) → 404, not the app', async (path) => {
    const reply = await call(t, 'GET', path);
    expect(reply.status).toBe(404);
    expect(reply.body).not.toBe(INDEX);
  });

  it('API paths stay JSON next to the app', async () => {
    // No route matches: 404 for everyone (the not-found handler reads nothing; the OpenAPI document is public anyway).
    const anonymous = await call(t, 'GET', '/api/nada');
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toEqual({ message: HTTP_MESSAGES.notFound });
    const token = (await signIn(t, ADMIN.username, ADMIN.password)).access_token;
    const unknown = await call(t, 'GET', '/api/nada', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: HTTP_MESSAGES.notFound });
    const post = await call(t, 'POST', '/admin/overview', { json: {} });
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ message: HTTP_MESSAGES.notFound });
  });
});
