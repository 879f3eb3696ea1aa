/**
 * Printing a quotation offline, end to end (issue 11): a quotation with a
 * rich-text detail is made on the server; the administrator's tablet syncs
 * it, goes offline, reloads the quotation's page (the service worker serves
 * the app, the lazy PDF chunk and the fonts) and prints 'Imprimir →
 * Orçamento': the PDF opens in a new tab, made on the device, and its text
 * holds the customer, the totals in R$ and the bold word drawn in the bold
 * font. Then the server's PDF of the same quotation (`GET
 * api/pdf/quotation/{id}`, what a second device or an e-mail gets) has the
 * same text. The PDF Blob is caught as the page hands it to the new tab.
 *
 * The company has a logo (issue 21): the tablet keeps it from sign-in on,
 * with no printable page (quotation or sample) opened online before, and
 * the first print offline has it, as the server's PDF does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readPdf } from '../server/helpers/pdf-text';
import { adminToken, apiCall, useCompanyLogo } from './support/api';
import { baseUrl, connectivity, launchChromium, newContext, signInReadyForOffline } from './support/browser';

const RUN = `e2e${Date.now().toString(36)}`;
const CUSTOMER = `Cerâmica Impressão ${RUN.toUpperCase()}`;

let browser: Browser;
let tablet: BrowserContext;
let page: Page;
let token = '';
let restoreLogo: (() => Promise<void>) | undefined;

/** The logo copies kept in the device's local database (the signed-in user's `files` rows owned by the settings). */
function keptLogos(target: Page): Promise<number> {
  return target.evaluate(async () => {
    const own = (await indexedDB.databases()).find((d) => d.name?.startsWith('higiene-'));
    if (!own?.name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(own.name!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('files')) return 0;
      const rows = await new Promise<Array<{ owner_resource?: string; id?: number | null }>>((resolve, reject) => {
        const request = db.transaction('files').objectStore('files').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return rows.filter((row) => row.owner_resource === 'settings' && row.id != null).length;
    } finally {
      db.close();
    }
  });
}

beforeAll(async () => {
  token = await adminToken();
  restoreLogo = await useCompanyLogo(token);
  browser = await launchChromium();
  tablet = await newContext(browser);
  tablet.setDefaultTimeout(30_000);
  // Keeps every PDF the page makes, as it hands it to the new tab.
  await tablet.addInitScript(() => {
    const original = URL.createObjectURL.bind(URL);
    const kept: Blob[] = [];
    (window as unknown as { __pdfs: Blob[] }).__pdfs = kept;
    URL.createObjectURL = (object: Blob | MediaSource) => {
      if (object instanceof Blob && object.type === 'application/pdf') kept.push(object);
      return original(object);
    };
  });
  page = await tablet.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
});

afterAll(async () => {
  await tablet?.close();
  await browser?.close();
  await restoreLogo?.();
});

describe('printing a quotation offline', () => {
  it('prints the quotation from the device offline, with the logo kept at sign-in, and the server prints the same document', {
    timeout: 300_000,
  }, async () => {
    const customer = await apiCall<{ id: number }>(token, 'POST', 'api/customer', {
      name: CUSTOMER,
      type: 'individual',
      email: `contato-${RUN}@ceramica.example.com`,
      phone: '(11) 98765-4321',
    });
    const details = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Inclui ' },
            { type: 'text', text: 'Dosimetria', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' de ruído ≤ 85 dB(A).' },
          ],
        },
      ],
    };
    const quotation = await apiCall<{ id: number; reference_no: string }>(token, 'POST', 'api/quotation', {
      customer_id: customer.id,
      rows: [{ name: 'Ruído contínuo', quantity: 2, value: 300 }],
      costs: [{ name: 'Deslocamento', quantity: 1, value: 150.5 }],
      details,
      total: 750.5,
    });

    await signInReadyForOffline(page);
    // Kept from sign-in on: no printable page (nor the quotations list) was opened.
    await expect.poll(() => keptLogos(page), { timeout: 30_000 }).toBe(1);
    await page.goto('/admin/orcamentos/lista/1');
    await page.locator('[data-list-row]').filter({ hasText: CUSTOMER }).getByRole('link', { name: quotation.reference_no, exact: true }).waitFor();

    await tablet.setOffline(true);
    await page.goto(`/admin/orcamentos/${quotation.id}`);
    await connectivity(page)
      .filter({ hasText: /^Offline/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Orçamento / Editar', level: 2 }).waitFor();
    const printButton = page.getByRole('button', { name: 'Imprimir' });
    // Enabled once the print sources are read from the device (the logo's copy among them).
    await expect.poll(() => printButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await printButton.click();
    const opened = tablet.waitForEvent('page');
    await page.getByRole('menuitem', { name: 'Orçamento' }).click();
    const tab = await opened;
    await expect.poll(() => page.evaluate(() => (window as unknown as { __pdfs: Blob[] }).__pdfs.length), { timeout: 60_000 }).toBe(1);
    const bytes = await page.evaluate(async () =>
      Array.from(new Uint8Array(await (window as unknown as { __pdfs: Blob[] }).__pdfs[0]!.arrayBuffer())),
    );
    await tab.close();

    const printed = await readPdf(new Uint8Array(bytes));
    const text = printed.text.replace(/\u00a0/g, ' ');
    expect(text).toContain(CUSTOMER);
    expect(text).toContain(`Nº ${quotation.reference_no}`);
    expect(text).toContain('R$ 750,50');
    expect(text).toContain('setecentos e cinquenta reais e cinquenta centavos');
    expect(text).toContain('≤ 85 dB(A)');
    expect(printed.runs.find((run) => run.text === 'Dosimetria')?.font).toMatch(/\+Roboto-Medium$/);
    expect(text).toContain(`Página 1 de ${printed.pageCount}`);
    // The logo kept on the device is on the first page.
    expect(printed.images[0]).toBe(1);

    await tablet.setOffline(false);
    const response = await fetch(`${baseUrl()}/api/pdf/quotation/${quotation.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const fromServer = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(fromServer.pages).toEqual(printed.pages);
    expect(fromServer.images).toEqual(printed.images);
  });
});
