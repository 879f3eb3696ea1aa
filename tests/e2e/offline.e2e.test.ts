/**
 * Offline: after one sign-in, the service worker serves the app and the
 * stored session opens the admin area with no network at all — a reload of
 * an admin page and a deep link typed while offline both render the layout
 * and the user's name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, newContext, signIn, waitForServiceWorkerControl } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  context = await newContext(browser);
  page = await context.newPage();
  await page.goto('/public/login');
  await signIn(page);
  await page.waitForURL('**/admin/overview');
  await waitForServiceWorkerControl(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('offline', () => {
  it('reloads an admin page with the layout and the user name', async () => {
    await page.goto('/admin/perfil');
    await page.getByRole('heading', { name: 'Perfil do usuário' }).waitFor();

    await context.setOffline(true);
    await page.reload();

    await page.getByRole('heading', { name: 'Perfil do usuário' }).waitFor();
    expect(await page.getByTestId('user-name').textContent()).toBe('Administrador');
    expect(await page.getByTestId('connectivity').textContent()).toBe('Offline');
    expect(new URL(page.url()).pathname).toBe('/admin/perfil');
    await context.setOffline(false);
  });

  it('opens a deep link typed while offline', async () => {
    await context.setOffline(true);

    // Page 1: a later page is clamped to the last one, and how many samples this worker's server holds depends on the files it ran before.
    await page.goto('/admin/amostra/lista/3/1');

    await page.getByRole('heading', { name: 'Amostras' }).waitFor();
    expect(await page.getByTestId('user-name').textContent()).toBe('Administrador');
    expect(new URL(page.url()).pathname).toBe('/admin/amostra/lista/3/1');
    await context.setOffline(false);
  });

  it('keeps the session when the identity cookie has expired', async () => {
    await context.setOffline(true);
    await context.clearCookies();

    await page.goto('/admin/overview');

    await page.getByRole('heading', { name: 'Visão Global' }).waitFor();
    // The guard wrote the cookie again (sliding 6 h).
    expect((await context.cookies()).find((c) => c.name === 'ho_user_id')?.value).toMatch(/^\d+$/);
    await context.setOffline(false);
  });

  it('refreshes a token that expired offline once back online, without signing out', async () => {
    await context.setOffline(true);
    await page.goto('/admin/overview');
    await page.getByTestId('connectivity').filter({ hasText: 'Offline' }).waitFor();
    const before = await page.evaluate(() => {
      const tokens = JSON.parse(localStorage.getItem('ho.session.tokens') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('ho.session.tokens', JSON.stringify({ ...tokens, accessTokenExpiresAt: 0 }));
      return tokens.accessToken as string;
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Visão Global' }).waitFor();

    await context.setOffline(false);

    await page.getByTestId('connectivity').filter({ hasText: 'Online' }).waitFor();
    await page.waitForFunction(
      (old) => (JSON.parse(localStorage.getItem('ho.session.tokens') ?? '{}') as { accessToken?: string }).accessToken !== old,
      before,
    );
    expect(new URL(page.url()).pathname).toBe('/admin/overview');
    expect(await page.getByTestId('user-name').textContent()).toBe('Administrador');
  });
});
