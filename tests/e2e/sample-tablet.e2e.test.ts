/**
 * The sample screens on a tablet (issue 21), in Chromium at 768×1024 and
 * 1024×768 with touch, and at 1366×768 with a mouse:
 * - Salvar and 'Verificar' are in the bar at the bottom of the viewport,
 *   44 px tall, Salvar once on the page; the bar stays at the bottom of the
 *   screen while the long form scrolls, is not cut at either side, and at
 *   the end of the page covers no field; a field focused near the end is
 *   scrolled clear of it; Salvar pressed there saves;
 * - the samples list names the quotation by its number ('{id}/{year}'),
 *   and its links (the sample's number) are 44 px touch targets.
 * Prepared through the API as the administrator: an approved quotation
 * with one heat row and its plan (one sample).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall, customerWithPlan } from './support/api';
import { launchChromium, newContext, signInAs, WAIT_MS } from './support/browser';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const COMPANY = `Fundição Tablet ${RUN.toUpperCase()}`;
const AGENT = `Calor do forno ${RUN}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let quotationId: number;
let reference = '';
let sampleId: number;

beforeAll(async () => {
  const token = await adminToken();
  quotationId = await customerWithPlan(token, { name: COMPANY, email: `contato-${RUN}@tablet.example.com`, phone: '(11) 3333-7777' }, [
    { name: AGENT, product_type_id: 4, sector: 'Fundição', function: 'Forneiro', quantity: 1, value: 300 },
  ]);
  reference = (await apiCall<{ reference_no: string }>(token, 'GET', `api/quotation/${quotationId}`)).reference_no;
  const samples = await apiCall<{ list: Array<{ id: number }> }>(token, 'GET', `api/sample/all/0/10?quotation_id=${quotationId}`);
  sampleId = samples.list[0]!.id;
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

type Box = { top: number; bottom: number; left: number; right: number; height: number };

/** The bar's and its buttons' boxes, the viewport, and the element before the bar (the page's last content). */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box | null => {
      if (!element) return null;
      const r = element.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    };
    const bar = document.querySelector('[data-testid="sample-action-bar"]');
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      scrollHeight: document.documentElement.scrollHeight,
      bar: box(bar),
      before: box(bar?.previousElementSibling ?? null),
      buttons: [...(bar?.querySelectorAll('button') ?? [])].map((button) => ({ text: button.textContent, ...box(button)! })),
    };
  });
}

async function scrollTo(page: Page, where: 'top' | 'middle' | 'end') {
  await page.evaluate((to) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: to === 'top' ? 0 : to === 'middle' ? max / 2 : max, behavior: 'instant' });
  }, where);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe('the sample screens on a tablet', () => {
  it.each([
    ['portrait tablet', 768, 1024, true],
    ['landscape tablet', 1024, 768, true],
    ['desktop', 1366, 768, false],
  ])('%s (%i×%i): Salvar in reach at the end of the form, nothing covered', { timeout: 180_000 }, async (name, width, height, touch) => {
    const context = await newContext(browser, { viewport: { width, height }, touch, mobile: touch, timeoutMs: WAIT_MS, withoutServiceWorker: true });
    contexts.push(context);
    const page = await context.newPage();
    await signInAs(page);

    // The list: the quotation by its number, the sample's number a 44 px target.
    await page.goto(`/admin/amostra/lista/${quotationId}/1`);
    await page.getByRole('heading', { name: `Amostras Ativos do Orçamento ID ${reference}` }).waitFor();
    const row = page.locator('[data-list-row]').filter({ hasText: AGENT });
    await row.waitFor();
    const number = await row.getByRole('link', { name: '1', exact: true }).boundingBox();
    expect(number!.height).toBeGreaterThanOrEqual(44);
    expect(number!.width).toBeGreaterThanOrEqual(44);
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    // The sample page, on its longest tab.
    await page.goto(`/admin/amostra/${sampleId}`);
    await page.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
    await page.getByTestId('sample-quotation').filter({ hasText: reference }).waitFor();
    await page.getByRole('tab', { name: 'Memória de campo', exact: true }).click();
    await page.getByRole('textbox', { name: 'Tarefa' }).first().waitFor();
    const bar = page.getByRole('toolbar', { name: 'Ações da amostra' });
    await bar.waitFor();
    expect(await page.getByRole('button', { name: 'Salvar', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Verificar', exact: true }).count()).toBe(1);

    const first = await layout(page);
    expect(first.scrollHeight, 'a form longer than the screen').toBeGreaterThan(first.viewport.height + 200);
    for (const where of ['top', 'middle', 'end'] as const) {
      await scrollTo(page, where);
      const now = await layout(page);
      // At the bottom of the screen, whole: not cut at either side, the buttons 44 px and inside the screen.
      expect(Math.abs(now.bar!.bottom - now.viewport.height), `${where}: the bar at the bottom`).toBeLessThanOrEqual(1);
      expect(now.bar!.left).toBeGreaterThanOrEqual(0);
      expect(now.bar!.right).toBeLessThanOrEqual(now.viewport.width + 0.5);
      expect(now.buttons.map((button) => button.text)).toEqual(['Verificar', 'Finalizar', 'Salvar']);
      for (const button of now.buttons) {
        expect(button.height).toBeGreaterThanOrEqual(44);
        expect(button.left).toBeGreaterThanOrEqual(0);
        expect(button.right).toBeLessThanOrEqual(now.viewport.width);
        expect(button.bottom).toBeLessThanOrEqual(now.viewport.height);
      }
      // At the end, the last of the page is above the bar, not under it.
      if (where === 'end') expect(now.before!.bottom).toBeLessThanOrEqual(now.bar!.top + 0.5);
    }
    await screenshot(page, `sample-tablet-${width}x${height}-end`);

    // A field focused from the top of the page is scrolled clear of the bar.
    await scrollTo(page, 'top');
    const lastField = page.getByRole('textbox').last();
    await lastField.focus();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const field = (await lastField.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(field.y + field.height, `${name}: the focused field above the bar`).toBeLessThanOrEqual(barBox.y + 0.5);

    // Salvar, pressed at the end of the form, saves.
    await scrollTo(page, 'end');
    await page.getByRole('textbox', { name: 'Tarefa' }).first().fill(`Vazamento ${width}`);
    await bar.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Amostragem salva com sucesso' }).first().waitFor();
  });
});
