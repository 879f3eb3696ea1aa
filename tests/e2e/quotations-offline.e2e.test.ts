/**
 * Quotations offline, end to end (issue 11): the administrator, with the
 * network cut after one online visit, creates a quotation for a customer
 * made in 'Adicionar novo cliente' (neither on the server), with one other
 * cost; the list shows it without a number ('Novo, aguardando
 * sincronização') and its status changed to Pendente (marked as sent)
 * waiting; back online the engine creates the customer, the quotation and
 * sends the status change: the list shows the server's number, the server
 * holds one quotation, Pendente, marked as sent, with the total of its line.
 * In a tablet's portrait viewport (768 px). Names carry a per-run tag;
 * every wait is on visible text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { alertShown, baseUrl, connectivity, goOnline, launchChromium, newContext, recordForm, signInReadyForOffline } from './support/browser';
import { adminToken } from './support/api';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const WAIT_MS = 30_000;
const CUSTOMER = `Padaria Offline ${RUN.toUpperCase()}`;

let browser: Browser;
let admin: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await newContext(browser);
  admin.setDefaultTimeout(WAIT_MS);
  page = await admin.newPage();
  // Tablet first: a tablet in portrait.
  await page.setViewportSize({ width: 768, height: 1024 });
  await signInReadyForOffline(page);
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

describe('quotations offline, end to end', () => {
  it('creates a quotation for a new customer offline, changes its status, and both sync once with the server number', {
    timeout: 300_000,
  }, async () => {
    await admin.setOffline(true);
    await page.goto('/admin/orcamentos/novo');
    await connectivity(page)
      .filter({ hasText: /^Offline/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Orçamento / Adicionar', level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Adicionar novo cliente' }).click();
    const modal = page.getByRole('dialog', { name: 'Adicionar Cliente' });
    await modal.locator('input[name="name"]').fill(CUSTOMER);
    await modal.locator('input[name="email"]').fill(`contato-${RUN}@padaria.example.com`);
    await modal.locator('input[name="phone"]').fill('11987654321');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe(CUSTOMER);

    const form = recordForm(page);
    await form.getByRole('textbox', { name: 'Outros custos: Descrição 1' }).fill('Deslocamento');
    await form.getByRole('textbox', { name: 'Outros custos: Qtd. 1' }).fill('2');
    await form.getByRole('textbox', { name: 'Outros custos: Valor un. 1' }).fill('125,50');
    await form.getByTestId('quotation-total').filter({ hasText: '251,00' }).waitFor();
    await screenshot(page, 'quotation-form-offline');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await alertShown(page, 'Orçamento salvo com sucesso');
    await page.getByRole('heading', { name: 'Orçamento / Editar', level: 2 }).waitFor();
    await page.getByText('Novo, aguardando sincronização').first().waitFor();

    await page.goto('/admin/orcamentos/lista/1');
    // A table row on a wide screen, a card on a tablet in portrait: both are list rows.
    const row = page.locator('[data-list-row]').filter({ hasText: CUSTOMER });
    await row.getByText('Novo, aguardando sincronização').waitFor();
    await row.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await page.getByText('Deseja marcar esse orçamento como enviado para o cliente?').waitFor();
    await page.getByRole('button', { name: 'Sim' }).click();
    await alertShown(page, 'Status do orçamento alterado com sucesso');
    await screenshot(page, 'quotation-list-offline');
    await row.getByText('Aguardando sincronização', { exact: true }).waitFor();

    await goOnline(admin, page);
    await row.getByText(/^\d+\/\d{4}$/).waitFor({ timeout: 60_000 });
    await expect.poll(() => row.getByText('Aguardando sincronização', { exact: true }).count(), { timeout: 60_000 }).toBe(0);
    expect(await row.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('pending');

    const token = await adminToken();
    const response = await fetch(`${baseUrl()}/api/quotation/all/0/100?search=${encodeURIComponent(RUN)}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const { list } = (await response.json()) as { list: Array<Record<string, unknown>> };
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      customer_name: CUSTOMER,
      status: 'pending',
      total: 251,
      costs: [expect.objectContaining({ name: 'Deslocamento', quantity: 2, value: 125.5 })],
    });
    expect(list[0]!.sent_at).not.toBeNull();
  });
});
