/**
 * Chromium for the browser tests (flags in chromium-flags.ts), the test
 * server's address, the profiles (desktop, tablet) and the steps most tests
 * share; the sample page's own steps are in sample-page.ts.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-flags';
import { E2E_ADMIN } from './e2e-admin';
import { waitForPrecache } from './precache-status';
import { e2eServer } from './test-server';

export function baseUrl(): string {
  return e2eServer().baseUrl;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** How long a step waits on a busy machine (also `expect.poll`'s default in vitest.e2e.config.ts; POLL says it where a file passes it). */
export const WAIT_MS = 30_000;
export const POLL = { timeout: WAIT_MS };
/** A tablet in portrait. */
export const PORTRAIT = { width: 768, height: 1024 };

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** A touch screen (`pointer: coarse`). */
  touch?: boolean;
  /** A mobile browser (meta viewport, touch events). */
  mobile?: boolean;
  /** Each step's timeout: 15 s unless given. */
  timeoutMs?: number;
  /**
   * A profile that stays online and is not about the installed app: the service worker is never registered.
   * Installing it downloads the whole shell into the cache, about 3 of the 8 CPU-seconds a profile costs
   * Chromium (bench/test-suite.md, "Stop 37").
   */
  withoutServiceWorker?: boolean;
}

/** A fresh profile (cookies, storage, service workers) on the test server, a 1280×800 desktop unless told otherwise. */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'pt-BR',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.touch ? { hasTouch: true } : {}),
    ...(options.mobile ? { isMobile: true } : {}),
    ...(options.withoutServiceWorker ? { serviceWorkers: 'block' as const } : {}),
  });
  context.setDefaultTimeout(options.timeoutMs ?? 15_000);
  return context;
}

/** A touch-screen profile at a tablet's size (portrait unless given), each step waiting up to WAIT_MS. */
export function tabletContext(browser: Browser, viewport = PORTRAIT, { mobile = true, withoutServiceWorker = false } = {}): Promise<BrowserContext> {
  return newContext(browser, { viewport, touch: true, mobile, timeoutMs: WAIT_MS, withoutServiceWorker });
}

export const passwordField = (page: Page) => page.locator('input[name="password"]');

export async function signIn(page: Page, username: string = E2E_ADMIN.username, password: string = E2E_ADMIN.password) {
  await passwordField(page).waitFor();
  await page.locator('input[name="username"]').fill(username);
  await passwordField(page).fill(password);
  await passwordField(page).press('Enter');
}

/**
 * Resolves once a service worker controls the page (first visits are claimed at once). Within the step's
 * timeout: a profile without one (`withoutServiceWorker`) fails here, not at the test's timeout.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { polling: 100 });
}

/** The app can go offline: the worker in control and all of the app precached, as on a device used online. */
export async function waitForShellOffline(page: Page): Promise<void> {
  await waitForServiceWorkerControl(page);
  await waitForPrecache(page);
}

/** From the login page into the app (the administrator unless told). */
export async function signInAs(page: Page, username?: string, password?: string): Promise<void> {
  await page.goto('/public/login');
  await signIn(page, username, password);
  await page.waitForURL(/\/admin\//);
}

/** Waits, on the sync page, for the device's first complete sync (the lists read the local store). */
export async function waitForFirstSync(page: Page): Promise<void> {
  await page.goto('/admin/sincronizacao');
  await page
    .getByTestId('last-sync')
    .filter({ hasText: /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/ })
    .waitFor();
}

/**
 * Signs the administrator in online and waits until the app can go offline:
 * the worker in control, the shell precached, the first sync done.
 */
export async function signInReadyForOffline(page: Page, username?: string, password?: string): Promise<void> {
  await signInAs(page, username, password);
  await waitForShellOffline(page);
  await waitForFirstSync(page);
}

/** An alert (Mantine notification or inline) with `text` is on screen. */
export async function alertShown(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** The record form of an edit page, and the header's connectivity status. */
export const recordForm = (page: Page) => page.getByRole('form', { name: 'Dados cadastrais' });
export const connectivity = (page: Page) => page.getByTestId('connectivity');

/** Takes the profile offline: the header says so (with the pending count, if any). */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await connectivity(page)
    .filter({ hasText: /^Offline/ })
    .waitFor();
}

/** Back online: the header says 'Online' once the engine has reached the server and sent what waited. */
export async function goOnline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false);
  await connectivity(page)
    .filter({ hasText: /^Online$/ })
    .waitFor({ timeout: 90_000 });
}
