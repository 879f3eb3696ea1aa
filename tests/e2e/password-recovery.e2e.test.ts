/**
 * Password recovery end to end: 'Esqueceu a senha' sends an e-mail (read
 * from the server's mail folder), its link opens the recover-password page,
 * which checks the fields, changes the password and leads back to the
 * login; a bad link says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, newContext, signIn } from './support/browser';
import { E2E_ADMIN } from './support/e2e-admin';
import { mailFiles, waitForMailMatching } from './support/mailbox';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  context = await newContext(browser, { withoutServiceWorker: true });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('password recovery', () => {
  it('sends a link, sets the new password and signs in with it', async () => {
    const known = mailFiles().length;
    await page.goto('/public/login');
    await page.getByRole('button', { name: 'Esqueceu a senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esqueceu a senha' });
    await dialog.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await dialog.getByRole('button', { name: 'Enviar' }).click();

    await page.waitForURL('**/public/login?forgot=true');
    await page.getByText('Nós te enviamos um e-mail com um link de redefinição de senha!').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const [, path] = await waitForMailMatching(/https?:\/\/[^\s"<>]+(\/public\/recover-password\/[A-Za-z0-9_%-]+)/, known);
    await page.goto(path!);
    await page.getByText(`Crie uma nova senha para ${E2E_ADMIN.email}.`).waitFor();

    const fields = page.locator('input[type="password"]');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    expect(await page.getByText('Digite sua nova senha').count()).toBe(2);

    await fields.nth(0).fill(E2E_ADMIN.password);
    await fields.nth(1).fill(`${E2E_ADMIN.password}-x`);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('As senhas não combinam').waitFor();

    // The same password again keeps the other browser tests' credentials valid.
    await fields.nth(1).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();

    await page.getByText('Senha alterada com sucesso!').waitFor();
    await page.waitForURL((url) => url.pathname === '/public/login');
    await signIn(page);
    await page.waitForURL('**/admin/overview');
  });

  it('says plainly when a link is invalid or expired', async () => {
    await page.goto('/public/recover-password/nao-e-um-token-valido');
    await page.getByText('Este link de redefinição de senha é inválido ou expirou.', { exact: false }).waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
  });
});
