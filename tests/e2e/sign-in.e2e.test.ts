/**
 * Signing in through the real login page against the real server: the
 * overview after sign-in, the spec's message for a wrong password, and a
 * deep link opened while signed out that comes back after sign-in.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, newContext, passwordField, signIn } from './support/browser';
import { screenshot } from './support/screenshots';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

describe('sign-in', () => {
  it('opens the overview with the user in the header', async () => {
    await page.goto('/');
    await page.waitForURL('**/public/login?redirect=*');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await screenshot(page, 'login');

    await signIn(page);

    await page.waitForURL('**/admin/overview');
    await page.getByRole('heading', { name: 'Visão Global' }).waitFor();
    expect(await page.getByTestId('user-name').textContent()).toBe('Administrador');
    expect(await page.getByTestId('connectivity').textContent()).toBe('Online');
    // An administrator sees every area in the menu.
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const area of ['Visão Global', 'Clientes', 'Orçamentos', 'Amostras', 'Configurações', 'Perfil']) {
      await menu.getByRole('link', { name: area, exact: true }).waitFor();
    }
    // The identity cookie names the signed-in user.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'ho_user_id')?.value).toMatch(/^\d+$/);
    await screenshot(page, 'overview');
  });

  it('shows the spec message and clears the password when the password is wrong', async () => {
    await page.goto('/public/login');
    await signIn(page, 'admin', 'senha-errada');

    await page.getByText('E-mail e/ou senha estão incorretos.').waitFor();
    expect(await passwordField(page).inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/public/login');
  });

  it('asks for both fields before calling the server', async () => {
    await page.goto('/public/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Usuário é obrigatório').waitFor();
    await page.getByText('Senha é obrigatória').waitFor();
  });

  it('returns to a deep link after signing in', async () => {
    await page.goto('/admin/clientes/lista/1');

    await page.waitForURL('**/public/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/clientes/lista/1');

    await signIn(page);

    await page.waitForURL('**/admin/clientes/lista/1');
    await page.getByRole('heading', { name: 'Clientes' }).waitFor();
    // The customers list itself (built in issue 5), not a placeholder.
    await page.getByRole('link', { name: 'Novo cliente' }).waitFor();
  });

  it('signs out from the user menu', async () => {
    await page.goto('/public/login');
    await signIn(page);
    await page.waitForURL('**/admin/overview');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();

    await page.waitForURL('**/public/login');
    expect((await context.cookies()).some((c) => c.name === 'ho_user_id')).toBe(false);
    await page.goto('/admin/overview');
    await page.waitForURL('**/public/login?redirect=*');
  });

  it('goes to the login page, remembering the page, when the server refuses the refresh token', async () => {
    await page.goto('/public/login');
    await signIn(page);
    await page.waitForURL('**/admin/overview');
    await page.evaluate(() => {
      const tokens = JSON.parse(localStorage.getItem('ho.session.tokens') ?? '{}') as Record<string, unknown>;
      const revoked = { ...tokens, refreshToken: 'revogado', accessTokenExpiresAt: 0 };
      localStorage.setItem('ho.session.tokens', JSON.stringify(revoked));
    });

    await page.goto('/admin/perfil');

    await page.waitForURL('**/public/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/perfil');
    await page.getByText('Sua sessão expirou. Entre novamente.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ho.session.user'))).toBeNull();
  });

  it('sends unknown admin paths to the overview and unknown public paths to the login', async () => {
    await page.goto('/public/nao-existe');
    await page.waitForURL((url) => url.pathname === '/public/login');
    await signIn(page);
    await page.waitForURL('**/admin/overview');

    await page.goto('/admin/nao-existe/de-jeito-nenhum');
    await page.waitForURL((url) => url.pathname === '/admin/overview');
    await page.getByRole('heading', { name: 'Visão Global' }).waitFor();
  });
});
