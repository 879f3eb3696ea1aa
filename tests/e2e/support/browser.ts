/**
 * Chromium for the browser tests (flags in chromium-flags.ts), the test
 * server's address, and the steps most tests share.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-flags';
import { E2E_ADMIN } from './e2e-admin';

export function baseUrl(): string {
  return inject('e2eBaseUrl');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh profile (cookies, storage, service workers) on the test server. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  return context;
}

export const passwordField = (page: Page) => page.locator('input[name="password"]');

export async function signIn(page: Page, username: string = E2E_ADMIN.username, password: string = E2E_ADMIN.password) {
  await passwordField(page).waitFor();
  await page.locator('input[name="username"]').fill(username);
  await passwordField(page).fill(password);
  await passwordField(page).press('Enter');
}

/** Resolves once a service worker controls the page (first visits are claimed at once). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
}

/** Waits until the service worker has finished precaching (its install completed). */
export async function waitForPrecache(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const keys = await caches.keys();
    for (const key of keys) {
      const cache = await caches.open(key);
      if ((await cache.keys()).some((request) => request.url.endsWith('/index.html') || request.url.includes('index.html'))) {
        return true;
      }
    }
    return false;
  });
}

/**
 * Signs the administrator in online and waits until the app can go offline:
 * the worker in control, the shell precached, the first sync done.
 */
export async function signInReadyForOffline(page: Page, username?: string, password?: string): Promise<void> {
  await page.goto('/public/login');
  await signIn(page, username, password);
  await page.waitForURL(/\/admin\//);
  await waitForServiceWorkerControl(page);
  await waitForPrecache(page);
  await page.goto('/admin/sincronizacao');
  await page
    .getByTestId('last-sync')
    .filter({ hasText: /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/ })
    .waitFor();
}

/** The record form of an edit page, and the header's connectivity status. */
export const recordForm = (page: Page) => page.getByRole('form', { name: 'Dados cadastrais' });
export const connectivity = (page: Page) => page.getByTestId('connectivity');
