/**
 * Pre-compressed static files: a dist/ fixture compressed by the build's own
 * step (scripts/build/precompress.ts), served by the real server. Each
 * Accept-Encoding gets the right encoding and the same bytes once decoded,
 * always with `Vary: Accept-Encoding`; hashed assets stay cached for a year
 * and the service worker and index.html are revalidated, compressed or not.
 * Raw node:http requests, because fetch would decode the body and hide the
 * encoding.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/build/precompress';
import { startTestApp, type TestApp } from './helpers/test-app';

const INDEX = `<!doctype html><html><head><title>Higiene</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const APP_JS = `export const rows = [${Array.from({ length: 300 }, (_, i) => `{id:${i},name:"linha ${i}"}`).join(',')}];`;
const APP_CSS = Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px;color:#123456}`).join('\n');
const SW = `self.addEventListener("fetch", () => {});\n${'// precache list\n'.repeat(100)}`;
const TINY = 'console.log(1);';
/** A TrueType font's tables compress like these repeated glyph records do; WOFF2 would not. */
const FONT = Buffer.concat(Array.from({ length: 400 }, (_, i) => Buffer.from([0, 1, 0, 0, i % 7, 0x20, 0x40, (i * 3) % 255])));

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ho-dist-gz-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'sw.js'), SW);
  writeFileSync(join(dist, 'assets', 'index-B4xk2f9a.js'), APP_JS);
  writeFileSync(join(dist, 'assets', 'index-C9dd1e2f.css'), APP_CSS);
  writeFileSync(join(dist, 'assets', 'tiny-D1e2f3a4.js'), TINY);
  writeFileSync(join(dist, 'assets', 'index-B4xk2f9a.js.map'), `{"version":3,"mappings":"${'A'.repeat(4000)}"}`);
  writeFileSync(join(dist, 'assets', 'Roboto-Regular-HRLVdr_s.ttf'), FONT);
  precompressDirectory(dist);
  t = await startTestApp({ env: { DIST_DIR: dist } });
});
afterAll(() => t.close());

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawGet(path: string, acceptEncoding: string | null): Promise<RawReply> {
  const url = new URL(path, t.baseUrl);
  const headers: Record<string, string> = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(reply: RawReply): string {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(reply.body).toString('utf8');
  return reply.body.toString('utf8');
}

describe('the build step', () => {
  it('writes .br and .gz copies of text files, not of source maps or tiny files', () => {
    expect(existsSync(join(dist, 'assets', 'index-B4xk2f9a.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'index-B4xk2f9a.js.gz'))).toBe(true);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'sw.js.gz'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'index-B4xk2f9a.js.map.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'tiny-D1e2f3a4.js.br'))).toBe(false);
  });

  it('writes copies of TrueType fonts too (the PDF fonts are 626 kB raw), served compressed', async () => {
    expect(existsSync(join(dist, 'assets', 'Roboto-Regular-HRLVdr_s.ttf.br'))).toBe(true);
    const reply = await rawGet('/assets/Roboto-Regular-HRLVdr_s.ttf', 'gzip, deflate, br');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.body.length).toBeLessThan(FONT.length / 2);
    expect(brotliDecompressSync(reply.body).equals(FONT)).toBe(true);
  });
});

describe('Content-Encoding follows Accept-Encoding', () => {
  const files: [string, string, RegExp][] = [
    ['/assets/index-B4xk2f9a.js', APP_JS, /javascript/],
    ['/assets/index-C9dd1e2f.css', APP_CSS, /text\/css/],
    ['/index.html', INDEX, /text\/html/],
    ['/sw.js', SW, /javascript/],
  ];
  const cases: [string | null, string | undefined][] = [
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [null, undefined],
  ];
  for (const [path, content, type] of files) {
    it.each(cases)(`GET ${path}, Accept-Encoding %s → %s`, async (accept, encoding) => {
      const reply = await rawGet(path, accept);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers['content-type']).toMatch(type);
      expect(String(reply.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(decode(reply)).toBe(content);
      if (encoding) expect(reply.body.length).toBeLessThan(Buffer.byteLength(content));
    });
  }

  it('a client-side route gets index.html compressed too, revalidated', async () => {
    const reply = await rawGet('/public/login', 'gzip, deflate, br');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(String(reply.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(decode(reply)).toBe(INDEX);
  });

  it('a file without copies is sent plain whatever the client accepts', async () => {
    const reply = await rawGet('/assets/tiny-D1e2f3a4.js', 'br, gzip');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.toString('utf8')).toBe(TINY);
  });
});

describe('caching is the same compressed or not', () => {
  it.each([
    ['/assets/index-B4xk2f9a.js', 'public, max-age=31536000, immutable'],
    ['/assets/index-C9dd1e2f.css', 'public, max-age=31536000, immutable'],
    ['/sw.js', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/', 'no-cache'],
  ])('GET %s → Cache-Control "%s" for br, gzip and plain', async (path, cacheControl) => {
    for (const accept of ['br', 'gzip', null]) {
      const reply = await rawGet(path, accept);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe(cacheControl);
    }
  });
});
