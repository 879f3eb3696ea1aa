/**
 * The installable app: a valid Portuguese manifest whose icons exist with
 * the sizes it declares, and a service worker that takes control of the
 * page on the first visit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchChromium, newContext, waitForServiceWorkerControl } from './support/browser';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('manifest', () => {
  it('describes an installable Portuguese app', async () => {
    const html = await (await fetch(`${baseUrl()}/public/login`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');

    const response = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };

    expect(manifest).toMatchObject({
      name: 'Higiene Ocupacional',
      short_name: expect.any(String),
      lang: 'pt-BR',
      display: 'standalone',
      start_url: '/admin/overview',
      scope: '/',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    expect(String(manifest.description)).not.toBe('');

    const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

    for (const icon of manifest.icons) {
      const iconResponse = await fetch(new URL(icon.src, baseUrl()));
      expect(iconResponse.status, icon.src).toBe(200);
      expect(iconResponse.headers.get('content-type')).toContain('image/png');
      const { width, height } = pngSize(new Uint8Array(await iconResponse.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('service worker', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('controls the page from the first visit and precaches the shell', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/public/login');

    await waitForServiceWorkerControl(page);

    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const cached: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) cached.push(new URL(request.url).pathname);
      }
      return {
        controlled: navigator.serviceWorker.controller !== null,
        scope: registration?.scope,
        script: registration?.active?.scriptURL,
        cached,
      };
    });
    expect(state.controlled).toBe(true);
    expect(state.scope).toBe(`${baseUrl()}/`);
    expect(state.script).toBe(`${baseUrl()}/sw.js`);
    expect(state.cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']));
    expect(state.cached.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    await context.close();
  });

  it('leaves API calls to the network', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/public/login');
    await waitForServiceWorkerControl(page);

    const status = await page.evaluate(async () => (await fetch('/api/user')).status);

    expect(status).toBe(401);
    await context.close();
  });
});
