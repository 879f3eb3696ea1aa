/**
 * Issue 11's whole journey of a quotation made offline, end to end in
 * Chromium (what quotations-offline.e2e.test.ts and
 * quotation-print-offline.e2e.test.ts do not cover: agent rows, services,
 * Duplicar, a queued e-mail, a reload offline, the device's PDF of a
 * quotation not synced yet, the company logo, a second device).
 *
 * The company has a logo (a stored file named by `settings_logo`). The
 * administrator's tablet, after one online visit to the quotations (the
 * logo is kept on the device then), goes offline and: creates a customer in
 * 'Adicionar novo cliente' and a quotation for it with 3 agent rows, 2
 * services and 1 other cost; approves it; duplicates it; queues an e-mail
 * (Enviar → E-mail); reloads (everything still there); prints the PDF
 * (customer, total, 'Novo, aguardando sincronização', the logo). Back
 * online the server has one customer, two quotations with the right totals
 * and exactly one e-mail. A second device (a fresh profile, the
 * administrator) finds the quotation by its server number and prints it:
 * the same document as `GET api/pdf/quotation/{id}`. Names carry a per-run
 * tag; every wait is on visible text or on the device's store.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readPdf } from '../server/helpers/pdf-text';
import { adminToken, apiCall, useCompanyLogo } from './support/api';
import { alertShown, baseUrl, connectivity, goOnline, launchChromium, newContext, recordForm, signInReadyForOffline } from './support/browser';
import { mailFiles, waitForMailMatching } from './support/mailbox';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const WAIT_MS = 30_000;
const CUSTOMER = `Metalúrgica Jornada ${RUN.toUpperCase()}`;
const EMAIL = `compras-${RUN}@metalurgica.example.com`;
/** Agents of the catalog: name, price; the quotation takes quantities 2, 1 and 3. */
const AGENTS = [
  { name: `Ruído contínuo ${RUN}`, price: 150.5, quantity: '2' },
  { name: `Calor ${RUN}`, price: 200, quantity: '1' },
  { name: `Poeira respirável ${RUN}`, price: 99.9, quantity: '3' },
] as const;
const SERVICES = [
  { name: 'Laudo técnico das condições ambientais', quantity: '1', value: '500,00' },
  { name: 'Treinamento de uso de EPI', quantity: '2', value: '120,00' },
] as const;
const COST = { name: 'Deslocamento ao cliente', quantity: '1', value: '80,30' };
/** 301,00 + 200,00 + 299,70 (agents) + 500,00 + 240,00 (services) + 80,30 (cost). */
const TOTAL = 1621;
const TOTAL_TEXT = 'R$ 1.621,00';

let browser: Browser;
let token: string;
let restoreLogo: (() => Promise<void>) | undefined;
const contexts: BrowserContext[] = [];

/** A device: a fresh profile that keeps every PDF its pages make, as they hand them to the new tab. */
async function device(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  contexts.push(context);
  context.setDefaultTimeout(WAIT_MS);
  await context.addInitScript(() => {
    const original = URL.createObjectURL.bind(URL);
    const kept: Blob[] = [];
    (window as unknown as { __pdfs: Blob[] }).__pdfs = kept;
    URL.createObjectURL = (object: Blob | MediaSource) => {
      if (object instanceof Blob && object.type === 'application/pdf') kept.push(object);
      return original(object);
    };
  });
  const page = await context.newPage();
  // Tablet first: a tablet in landscape.
  await page.setViewportSize({ width: 1024, height: 768 });
  return { context, page };
}

beforeAll(async () => {
  token = await adminToken();
  restoreLogo = await useCompanyLogo(token);
  const types = await apiCall<Array<{ id: number }> | { list: Array<{ id: number }> }>(token, 'GET', 'api/product/type');
  const typeId = (Array.isArray(types) ? types : types.list)[0]!.id;
  for (const agent of AGENTS) await apiCall(token, 'POST', 'api/product', { name: agent.name, price: agent.price, type_id: typeId });
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await restoreLogo?.();
});

/** The records of one store in the device's local database (the signed-in user's). */
function localRows(page: Page, store: string): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(async (name) => {
    const own = (await indexedDB.databases()).find((d) => d.name?.startsWith('higiene-'));
    if (!own?.name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(own.name!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains(name)) return [];
      return await new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        // Blobs do not cross to the test: only the plain fields.
        request.onsuccess = () =>
          resolve(
            (request.result as Array<Record<string, unknown>>).map((row) =>
              Object.fromEntries(Object.entries(row).filter(([, value]) => !(value instanceof Blob))),
            ),
          );
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

/** Picks a record in a local-record combobox (typed, then its option). */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Prints 'Imprimir → Orçamento' on the page's quotation and answers the PDF's bytes (the n-th the page made). */
async function printQuotation(context: BrowserContext, page: Page, nth: number): Promise<Uint8Array> {
  const printButton = page.getByRole('button', { name: 'Imprimir' });
  await expect.poll(() => printButton.isEnabled(), { timeout: WAIT_MS }).toBe(true);
  await printButton.click();
  const opened = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: 'Orçamento' }).click();
  const tab = await opened;
  await expect.poll(() => page.evaluate(() => (window as unknown as { __pdfs: Blob[] }).__pdfs.length), { timeout: 60_000 }).toBe(nth);
  const bytes = await page.evaluate(
    async (index) => Array.from(new Uint8Array(await (window as unknown as { __pdfs: Blob[] }).__pdfs[index]!.arrayBuffer())),
    nth - 1,
  );
  await tab.close();
  return new Uint8Array(bytes);
}

/** The PDF's text with its line breaks (long names wrap in the table cells) and no-break spaces as plain spaces. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

async function serverList<T>(path: string): Promise<T[]> {
  return (await apiCall<{ list: T[] }>(token, 'GET', path)).list;
}

describe("a quotation's journey offline, to the server and a second device", () => {
  it('made, approved, duplicated, e-mailed and printed offline; synced once; printed alike from the server on another device', {
    timeout: 420_000,
  }, async () => {
    const tablet = await device();
    const page = tablet.page;
    await signInReadyForOffline(page);
    // One online visit to the quotations keeps the company logo on the device.
    await page.goto('/admin/orcamentos/lista/1');
    await expect
      .poll(async () => (await localRows(page, 'files')).filter((file) => file.owner_resource === 'settings' && file.id !== null).length, {
        timeout: WAIT_MS,
      })
      .toBe(1);

    // ---- offline: the customer and the quotation ----
    await tablet.context.setOffline(true);
    await page.goto('/admin/orcamentos/novo');
    await connectivity(page)
      .filter({ hasText: /^Offline/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Orçamento / Adicionar', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Adicionar novo cliente' }).click();
    const modal = page.getByRole('dialog', { name: 'Adicionar Cliente' });
    await modal.locator('input[name="name"]').fill(CUSTOMER);
    await modal.locator('input[name="email"]').fill(EMAIL);
    await modal.locator('input[name="phone"]').fill('11987654321');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe(CUSTOMER);

    const form = recordForm(page);
    const agents = form.getByRole('region', { name: 'Agentes' });
    for (const [index, agent] of AGENTS.entries()) {
      if (index > 0) await agents.getByRole('button', { name: 'Adicionar linha' }).click();
      await choose(page, `Agente ${index + 1}`, agent.name);
      await agents.getByRole('textbox', { name: `Qtd. ${index + 1}`, exact: true }).fill(agent.quantity);
    }
    const services = form.getByRole('region', { name: 'Serviços' });
    for (const [index, service] of SERVICES.entries()) {
      if (index > 0) await services.getByRole('button', { name: 'Adicionar linha' }).click();
      await services.getByRole('textbox', { name: `Serviços: Descrição ${index + 1}` }).fill(service.name);
      await services.getByRole('textbox', { name: `Serviços: Qtd. ${index + 1}` }).fill(service.quantity);
      await services.getByRole('textbox', { name: `Serviços: Valor un. ${index + 1}` }).fill(service.value);
    }
    await form.getByRole('textbox', { name: 'Outros custos: Descrição 1' }).fill(COST.name);
    await form.getByRole('textbox', { name: 'Outros custos: Qtd. 1' }).fill(COST.quantity);
    await form.getByRole('textbox', { name: 'Outros custos: Valor un. 1' }).fill(COST.value);
    await form.getByTestId('quotation-total').filter({ hasText: '1.621,00' }).waitFor();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await alertShown(page, 'Orçamento salvo com sucesso');
    await page.getByRole('heading', { name: 'Orçamento / Editar', level: 2 }).waitFor();
    await page.getByText('Novo, aguardando sincronização').first().waitFor();
    const originalUrl = page.url();

    // ---- its status, a copy, an e-mail: all queued ----
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('approved');
    await alertShown(page, 'Status do orçamento alterado com sucesso');
    await page.getByRole('button', { name: 'Duplicar' }).click();
    await alertShown(page, 'Orçamento duplicado com sucesso');
    await page.waitForURL((url) => url.href !== originalUrl);
    await page.getByRole('heading', { name: 'Orçamento / Editar', level: 2 }).waitFor();
    await recordForm(page).getByTestId('quotation-total').filter({ hasText: '1.621,00' }).waitFor();

    await page.goto(originalUrl);
    await page.getByRole('heading', { name: 'Orçamento / Editar', level: 2 }).waitFor();
    const send = page.getByRole('button', { name: 'Enviar', exact: true });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await page.getByRole('menuitem', { name: 'E-mail' }).click();
    const mailModal = page.getByRole('dialog', { name: 'Enviar orçamento por e-mail' });
    await expect.poll(() => mailModal.locator('input[name="email"]').inputValue()).toBe(EMAIL);
    await mailModal.getByRole('button', { name: 'Enviar' }).click();
    await alertShown(page, 'Sem conexão: o envio foi guardado e será feito assim que a conexão voltar.');
    await mailModal.waitFor({ state: 'detached' });

    // ---- a reload offline: everything is still there ----
    await page.reload();
    await page.getByRole('heading', { name: 'Orçamento / Editar', level: 2 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe(CUSTOMER);
    await recordForm(page).getByTestId('quotation-total').filter({ hasText: '1.621,00' }).waitFor();
    expect(await page.getByRole('combobox', { name: `Agente 3`, exact: true }).inputValue()).toBe(AGENTS[2].name);
    expect(await page.getByRole('textbox', { name: 'Serviços: Descrição 2' }).inputValue()).toBe(SERVICES[1].name);
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe('approved');

    // ---- the PDF, made on the device offline ----
    const offlinePdf = await readPdf(await printQuotation(tablet.context, page, 1));
    const offlineText = plain(offlinePdf.text);
    expect(offlineText).toContain(CUSTOMER);
    expect(offlineText).toContain(TOTAL_TEXT);
    expect(offlineText).toContain('Novo, aguardando sincronização');
    for (const agent of AGENTS) expect(offlineText).toContain(agent.name);
    expect(offlineText).toContain(COST.name);
    // The logo kept on the device is on the first page.
    expect(offlinePdf.images[0]).toBe(1);

    await page.goto('/admin/orcamentos/lista/1');
    const rows = page.locator('[data-list-row]').filter({ hasText: CUSTOMER });
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(page, 'quotation-journey-offline');

    // ---- back online: one customer, two quotations, one e-mail ----
    const mailsBefore = mailFiles().length;
    await goOnline(tablet.context, page);
    for (const index of [0, 1])
      await rows
        .nth(index)
        .getByText(/^\d+\/\d{4}$/)
        .waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByText('Aguardando sincronização', { exact: true }).count(), { timeout: 60_000 }).toBe(0);
    await waitForMailMatching(new RegExp(EMAIL.replace(/[.]/g, '\\.')), mailsBefore, 60_000);

    const customers = await serverList<{ id: number; name: string }>(`api/customer/all/0/100?search=${encodeURIComponent(RUN)}`);
    expect(customers.map((customer) => customer.name)).toEqual([CUSTOMER]);
    const quotations = await serverList<Record<string, unknown>>(`api/quotation/all/0/100?search=${encodeURIComponent(RUN)}`);
    expect(quotations).toHaveLength(2);
    for (const quotation of quotations) {
      expect(quotation).toMatchObject({ customer_id: customers[0]!.id, total: TOTAL });
      expect(quotation.rows).toHaveLength(3);
      expect(quotation.services).toHaveLength(2);
      expect(quotation.costs).toHaveLength(1);
    }
    const original = quotations.find((quotation) => quotation.status === 'approved')!;
    const copy = quotations.find((quotation) => quotation.status === 'open')!;
    expect(original).toBeDefined();
    expect(copy).toBeDefined();
    expect(original.sent_mail_at).not.toBeNull();
    expect(copy.sent_mail_at ?? null).toBeNull();
    // Exactly one e-mail: none more arrives once the outbox is empty.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const mails = mailFiles()
      .slice(mailsBefore)
      .filter((file) => readFileSync(file, 'utf8').includes(EMAIL));
    expect(mails).toHaveLength(1);
    expect(readFileSync(mails[0]!, 'utf8')).toMatch(/application\/pdf/);

    // ---- a second device: the quotation by its server number, printed alike ----
    const office = await device();
    await signInReadyForOffline(office.page);
    await office.page.goto('/admin/orcamentos/lista/1');
    const number = String(original.reference_no);
    await office.page.getByPlaceholder('Procurar por algo...').fill(number);
    // The search is applied (into the URL) after a pause: wait for it, or it would leave the quotation opened before.
    await office.page.waitForURL((url) => url.searchParams.get('busca') === number);
    await office.page.locator('[data-list-row]').getByRole('link', { name: number, exact: true }).click();
    await office.page.getByRole('heading', { name: 'Orçamento / Editar', level: 2 }).waitFor();
    await expect.poll(() => office.page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe(CUSTOMER);
    const printed = await readPdf(await printQuotation(office.context, office.page, 1));
    const response = await fetch(`${baseUrl()}/api/pdf/quotation/${String(original.id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const fromServer = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(printed.pages).toEqual(fromServer.pages);
    expect(printed.images).toEqual(fromServer.images);
    expect(fromServer.images[0]).toBe(1);
    const serverText = plain(fromServer.text);
    expect(serverText).toContain(`Nº ${number}`);
    expect(serverText).toContain(CUSTOMER);
    expect(serverText).toContain(TOTAL_TEXT);
  });
});
