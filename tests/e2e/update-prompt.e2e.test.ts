/**
 * The update prompt (src/app/pwa/update-prompt.tsx): once a page is
 * controlled by the service worker, a new deploy (a different sw.js) makes
 * the browser install the new worker and leave it waiting; the user sees
 * 'Nova versão disponível', the page is NOT reloaded behind their back
 * (what they typed stays), and only 'Recarregar' activates the new worker
 * and reloads the page under it.
 *
 * How the new deploy is made: a small HTTP proxy in this test process sits
 * in front of the real server (its own port, so its own origin and service
 * worker registration) and forwards every request untouched, except /sw.js,
 * which it serves with a few lines appended: a message listener answering
 * which deploy it is ('deploy-1', then 'deploy-2' once the test "deploys").
 * The browser sees a byte-different sw.js from the same URL, exactly as
 * after a real release, and the test can ask the controlling worker which
 * version it is. dist/sw.js itself is never written: every worker's server
 * serves the same dist/ of the shared checkout, and
 * another e2e file or run (its own server on the same dist/) or a `vite build` at
 * the same time would see a modified file, or have its fresh sw.js
 * overwritten by a "restore"; a killed run would also leave it modified.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchChromium, waitForServiceWorkerControl } from './support/browser';

const WHICH_DEPLOY = 'E2E_WHICH_DEPLOY';

/** The lines a deploy appends to the real sw.js: tells the page which deploy the worker is. */
function deployMarker(deploy: string): string {
  return (
    `\n;self.addEventListener('message', (event) => {` +
    ` if (event.data && event.data.type === '${WHICH_DEPLOY}' && event.ports[0]) event.ports[0].postMessage('${deploy}');` +
    ` });\n`
  );
}

interface DeployProxy {
  url: string;
  deploy(name: string): void;
  /** Deploy names of the sw.js bodies served, in order. */
  swServed: string[];
  close(): Promise<void>;
}

/** Forwards everything to `upstream`; /sw.js gets the current deploy's marker appended. */
async function startDeployProxy(upstream: string): Promise<DeployProxy> {
  const target = new URL(upstream);
  let current = 'deploy-1';
  const swServed: string[] = [];
  const server: Server = createServer((req, res) => {
    const isSw = (req.url ?? '').split('?')[0] === '/sw.js';
    const headers = { ...req.headers, host: target.host };
    if (isSw) {
      // Always the full, uncompressed body, so it can be appended to.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const outgoing = forward({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (incoming) => {
      if (!isSw || incoming.statusCode !== 200) {
        res.writeHead(incoming.statusCode ?? 502, incoming.headers);
        incoming.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const deploy = current;
        swServed.push(deploy);
        const body = Buffer.concat([...chunks, Buffer.from(deployMarker(deploy))]);
        const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...kept } = incoming.headers;
        res.writeHead(200, { ...kept, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    outgoing.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy(name) {
      current = name;
    },
    swServed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Which deploy the worker controlling the page says it is (null: no controller or no answer). */
function controllerDeploy(page: Page): Promise<string | null> {
  return page.evaluate(async (type) => {
    const controller = navigator.serviceWorker.controller;
    if (!controller) return null;
    return new Promise<string | null>((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(null), 5_000);
      channel.port1.onmessage = (event) => {
        clearTimeout(timer);
        resolve(String(event.data));
      };
      controller.postMessage({ type }, [channel.port2]);
    });
  }, WHICH_DEPLOY);
}

let proxy: DeployProxy;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  proxy = await startDeployProxy(baseUrl());
  browser = await launchChromium();
  // As newContext() in support/browser.ts, but on the proxy's origin.
  context = await browser.newContext({ baseURL: proxy.url, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await proxy?.close();
});

describe('update prompt', () => {
  it('shows a waiting new version and reloads into it only when the user clicks Recarregar', async () => {
    const page = await context.newPage();
    await page.goto('/public/login');
    await waitForServiceWorkerControl(page);
    expect(await controllerDeploy(page)).toBe('deploy-1');
    expect(await page.getByText('Nova versão disponível').count()).toBe(0);

    // A new release: the next navigation makes the browser fetch sw.js again.
    proxy.deploy('deploy-2');
    await page.reload();
    await page.locator('input[name="username"]').waitFor();
    // The user starts typing; any reload from now on would lose both.
    await page.locator('input[name="username"]').fill('digitando-ainda');
    await page.evaluate(() => {
      (window as unknown as { e2eMarker?: string }).e2eMarker = 'same page';
      navigator.serviceWorker.addEventListener('controllerchange', () => sessionStorage.setItem('e2e.controllerchange', 'yes'));
    });
    let mainFrameNavigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) mainFrameNavigations += 1;
    });

    await page.getByText('Nova versão disponível', { exact: true }).waitFor({ timeout: 45_000 });
    expect(await page.getByText('Recarregue para usar a versão mais recente do aplicativo.', { exact: true }).isVisible()).toBe(true);
    expect(proxy.swServed).toContain('deploy-2');

    // The new worker waits; nothing reloads on its own (a moment to let a wrong reload happen).
    await page.waitForTimeout(2_000);
    const waiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting?.state ?? null, marker: (window as unknown as { e2eMarker?: string }).e2eMarker };
    });
    expect(waiting).toEqual({ waiting: 'installed', marker: 'same page' });
    expect(mainFrameNavigations).toBe(0);
    expect(await page.locator('input[name="username"]').inputValue()).toBe('digitando-ainda');
    expect(await controllerDeploy(page)).toBe('deploy-1');

    const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 30_000 });
    await page.getByRole('button', { name: 'Recarregar', exact: true }).click();
    await reloaded;
    await page.waitForLoadState('load');
    await page.locator('input[name="username"]').waitFor();

    expect(mainFrameNavigations).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/public/login');
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        marker: (window as unknown as { e2eMarker?: string }).e2eMarker ?? null,
        controllerChanged: sessionStorage.getItem('e2e.controllerchange'),
        waiting: registration?.waiting ?? null,
        active: registration?.active?.state ?? null,
      };
    });
    expect(after).toEqual({ marker: null, controllerChanged: 'yes', waiting: null, active: 'activated' });
    expect(await controllerDeploy(page)).toBe('deploy-2');
    expect(await page.locator('input[name="username"]').inputValue()).toBe('');
    expect(await page.getByText('Nova versão disponível').count()).toBe(0);
  });
});
