/**
 * browser-image-compression's worker script offline (STACK.md pitfall 4):
 * a Vite build of a page that takes the library URL the photo area uses
 * (src/ui/photos/compression-library-url.ts), with the PWA's own service
 * worker options (scripts/build/pwa-options.ts). The build emits the
 * library's script as a hashed asset, the page points at it, the service
 * worker precaches it, and the real server serves it as JavaScript.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viteAliases } from '../../path-aliases';
import { pwaOptions } from '../../scripts/build/pwa-options';
import { startTestApp, type TestApp } from './helpers/test-app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LIBRARY = readFileSync(join(ROOT, 'node_modules/browser-image-compression/dist/browser-image-compression.js'), 'utf8');

let root: string;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ho-photo-build-'));
  dist = join(root, 'dist');
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/entry.ts"></script></body></html>',
  );
  writeFileSync(
    join(root, 'entry.ts'),
    `import { compressionLibraryUrl } from '${join(ROOT, 'src/ui/photos/compression-library-url.ts')}';\ndocument.body.dataset.lib = compressionLibraryUrl();\n`,
  );
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    resolve: { alias: viteAliases },
    plugins: [VitePWA(pwaOptions)],
    build: { outDir: dist, emptyOutDir: true, target: 'es2022' },
  });
  t = await startTestApp({ env: { DIST_DIR: dist } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

function libraryAsset(): string {
  const names = readdirSync(join(dist, 'assets')).filter((name) => /^browser-image-compression.*\.js$/.test(name));
  expect(names).toHaveLength(1);
  return `assets/${names[0]}`;
}

describe('the image-compression worker script in the build', () => {
  it('is emitted as-is under assets/, and the page points at it', () => {
    const asset = libraryAsset();
    expect(readFileSync(join(dist, asset), 'utf8')).toBe(LIBRARY);
    const entry = readdirSync(join(dist, 'assets')).filter((name) => name.startsWith('index') && name.endsWith('.js'));
    const code = entry.map((name) => readFileSync(join(dist, 'assets', name), 'utf8')).join('\n');
    expect(code).toContain(`/${asset}`);
    expect(code).not.toContain('cdn.jsdelivr.net/npm/browser-image-compression');
  });

  it('is precached by the service worker', () => {
    const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
    const asset = libraryAsset();
    expect(sw).toContain(`"${asset}"`);
  });

  it('is served by the server as JavaScript', async () => {
    const asset = libraryAsset();
    const reply = await fetch(new URL(`/${asset}`, t.baseUrl));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/javascript/);
    expect(await reply.text()).toBe(LIBRARY);
  });
});
