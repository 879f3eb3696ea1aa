/**
 * Users end to end (issue 12): the administrator creates a field technician
 * (the new user's password e-mailed) and a customer-type user linked to one
 * customer through the 'Clientes' modal; each then signs in on a fresh
 * profile and sees their own menu and data: the technician the field
 * areas and no Usuários, the customer-type user sent to its one customer.
 * Names carry a per-run tag; every wait is on visible text or the URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, newContext, signIn, signInReadyForOffline } from './support/browser';
import { E2E_LINKED_CUSTOMER } from './support/e2e-users';
import { mailFiles, waitForMailMatching } from './support/mailbox';
import { screenshot } from './support/screenshots';

const RUN = Date.now().toString(36);
const WAIT_MS = 30_000;
const TECHNICIAN = { name: 'Tiago Técnico', username: `tiago${RUN}`, email: `tiago-${RUN}@e2e.example.com`, password: 'Senha-do-tiago-1' };
const CLIENT = { name: 'Clara Cliente', username: `clara${RUN}`, email: `clara-${RUN}@e2e.example.com`, password: 'Senha-da-clara-1' };

let browser: Browser;
let admin: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await newContext(browser);
  admin.setDefaultTimeout(WAIT_MS);
  page = await admin.newPage();
  await signInReadyForOffline(page);
});

afterAll(async () => {
  await browser?.close();
});

async function fillUser(target: Page, user: typeof TECHNICIAN, role: string) {
  await target.goto('/admin/usuarios/novo');
  await target.getByRole('heading', { name: 'Usuário / Adicionar' }).waitFor();
  await target.locator('input[name="name"]').fill(user.name);
  await target.locator('input[name="email"]').fill(user.email);
  await target.locator('input[name="phone"]').fill('11987654321');
  await target.locator('input[name="username"]').fill(user.username);
  await target.locator('input[name="password"]').fill(user.password);
  await target.locator('input[name="password_confirmation"]').fill(user.password);
  await target
    .getByRole('textbox', { name: 'Função' })
    .or(target.getByRole('combobox', { name: 'Função' }))
    .click();
  await target.getByRole('option', { name: role, exact: true }).click();
}

async function save(target: Page) {
  await target.getByRole('button', { name: 'Salvar' }).click();
  await target.getByText('Usuário salvo com sucesso').waitFor();
  await target.waitForURL(/\/admin\/usuarios\/\d+$/);
  await target.getByRole('heading', { name: 'Usuário / Editar' }).waitFor();
}

describe('users', () => {
  it('the administrator creates a technician and a customer-type user; each sees their own menu and data', { timeout: 300_000 }, async () => {
    // The technician, with the password e-mailed (on by default).
    const mailsBefore = mailFiles().length;
    await fillUser(page, TECHNICIAN, 'Técnico de campo');
    expect(await page.locator('input[name="phone"]').inputValue()).toBe('(11) 98765-4321');
    await save(page);
    await waitForMailMatching(new RegExp(`${TECHNICIAN.username}[\\s\\S]*Senha: ${TECHNICIAN.password}`), mailsBefore);

    // The customer-type user, linked to one customer before it exists.
    await fillUser(page, CLIENT, 'Cliente');
    await page.getByRole('switch', { name: 'Enviar senha por e-mail' }).click({ force: true });
    await page.getByRole('button', { name: 'Adicionar clientes' }).click();
    const modal = page.getByRole('dialog', { name: 'Clientes' });
    await modal.waitFor();
    const picker = modal.getByRole('textbox', { name: 'Selecione um cliente' }).or(modal.getByRole('combobox', { name: 'Selecione um cliente' }));
    await picker.click();
    await picker.fill(E2E_LINKED_CUSTOMER.name.slice(0, 8));
    await page.getByRole('option', { name: E2E_LINKED_CUSTOMER.name }).click();
    await modal.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Cliente adicionado com sucesso').waitFor();
    await modal.getByRole('button', { name: 'Fechar' }).click();
    await save(page);
    await page.getByRole('button', { name: 'Adicionar clientes' }).click();
    await page.getByRole('dialog', { name: 'Clientes' }).getByText(E2E_LINKED_CUSTOMER.name).waitFor();
    await screenshot(page, 'users-customer-modal');
    await page.keyboard.press('Escape');

    // Both in the list, with their Função.
    await page.goto(`/admin/usuarios/lista/1?busca=${RUN}`);
    const table = page.getByRole('table');
    await table.getByText(TECHNICIAN.email).waitFor();
    await table.getByText(CLIENT.email).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);

    // The technician on a fresh profile: the field areas, no Usuários.
    const techContext = await newContext(browser, { withoutServiceWorker: true });
    try {
      const techPage = await techContext.newPage();
      await techPage.goto('/public/login');
      await signIn(techPage, TECHNICIAN.username, TECHNICIAN.password);
      await techPage.waitForURL('**/admin/overview');
      const menu = techPage.getByRole('navigation', { name: 'Menu principal' });
      for (const area of ['Visão Global', 'Clientes', 'Orçamentos', 'Amostras', 'Perfil']) {
        await menu.getByRole('link', { name: area, exact: true }).waitFor();
      }
      expect(await menu.getByRole('link', { name: 'Usuários', exact: true }).count()).toBe(0);
      expect(await techPage.getByTestId('user-name').textContent()).toBe(TECHNICIAN.name);
    } finally {
      await techContext.close();
    }

    // The customer-type user on a fresh profile: sent to its one customer.
    const clientContext = await newContext(browser, { withoutServiceWorker: true });
    try {
      const clientPage = await clientContext.newPage();
      await clientPage.goto('/public/login');
      await signIn(clientPage, CLIENT.username, CLIENT.password);
      await clientPage.waitForURL(/\/admin\/clientes\/\d+$/);
      const name = clientPage.locator('input[name="name"]');
      await expect.poll(() => name.inputValue(), { timeout: WAIT_MS }).toBe(E2E_LINKED_CUSTOMER.name);
      const menu = clientPage.getByRole('navigation', { name: 'Menu principal' });
      expect(await menu.getByRole('link', { name: 'Usuários', exact: true }).count()).toBe(0);
      await screenshot(clientPage, 'users-customer-user');
    } finally {
      await clientContext.close();
    }
  });
});
