/**
 * The shell on a tablet (issue 8, section 1), as a new user meets it on a
 * touch screen in portrait (768×1024) and landscape (1024×768):
 * - no list clips a column: every column header (or, where rows are cards,
 *   every field label) and the Opções of the first row are on screen (a
 *   middle column may be reached in a scroll container, the first column and
 *   Opções never), and the page never scrolls sideways;
 *   row actions are at least 44 px high and 'Vencido' is never cut;
 * - in portrait the menu is behind the burger, opens from it and closes
 *   after a choice;
 * - a record saved on the device moves to its server id in the URL once
 *   synced, and that link opens it on another device;
 * - a customer-type user who types /admin/custos/novo gets 'Sem permissão',
 *   not a form.
 *
 * The records it needs are created through the API with a per-run tag (the
 * server is shared with other test files).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, PORTRAIT, recordForm, signIn, signInAs, tabletContext as newTablet, waitForFirstSync } from './support/browser';
import { adminToken, apiCall as api } from './support/api';
import { E2E_ADMIN } from './support/e2e-admin';
import { E2E_CUSTOMER_USER } from './support/e2e-users';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const LANDSCAPE = { width: 1024, height: 768 };

const LISTS = [
  { path: '/admin/clientes/lista/1', heading: 'Clientes', search: false },
  { path: '/admin/agentes/lista/1', heading: 'Agentes', search: true },
  { path: '/admin/servicos/lista/1', heading: 'Serviços', search: true },
  { path: '/admin/custos/lista/1', heading: 'Custos', search: true },
  { path: '/admin/equipamentos/lista/1', heading: 'Equipamentos', search: true },
] as const;

let browser: Browser;

/** A touch-screen profile (`pointer: coarse`) at a tablet's size, not a mobile browser. */
const tabletContext = (viewport: { width: number; height: number }): Promise<BrowserContext> =>
  newTablet(browser, viewport, { mobile: false, withoutServiceWorker: true });

// ---- records through the API ---------------------------------------------

/** One record per list, with long values, and an equipment whose calibration has expired. */
async function createRecords(): Promise<void> {
  const token = await adminToken();
  const types = await api<Array<{ id: number }> | { list: Array<{ id: number }> }>(token, 'GET', 'api/product/type');
  const typeId = (Array.isArray(types) ? types : types.list)[0]!.id;
  await api(token, 'POST', 'api/product', { name: `Tricloroetileno ${RUN}`, price: 1234.56, type_id: typeId });
  await api(token, 'POST', 'api/service', { name: `Avaliação quantitativa de ruído ocupacional ${RUN}`, price: 12345.67 });
  await api(token, 'POST', 'api/cost', { name: `Deslocamento ao cliente ${RUN}`, price: 1850 });
  await api(token, 'POST', 'api/equipment', {
    name: `Dosímetro de ruído ${RUN}`,
    serial_number: `SN-${RUN}-0001`,
    calibration_certificate: `RBC-${RUN}`,
    expiration_date: '2020-01-31',
  });
}

// ---- what "clipped" means ---------------------------------------------------

/** The first row of the list on the page: a table row or a card. */
const firstRow = (page: Page) => page.locator('main tbody tr, main [data-list-row]').first();

interface ClipReport {
  layout: string | null;
  checked: string[];
  clipped: string[];
  pageOverflow: number;
  smallActions: string[];
}

/**
 * In the page: the list's column headers (table) or the first card's field
 * labels (cards), and the first row's Opções. A field is on screen when it
 * lies inside the viewport and inside every box that clips it. In a table
 * that scrolls sideways, a middle column may be reached by scrolling, but
 * the first column and Opções must be on screen together, without scrolling
 * (a user never hunts for a row's actions).
 */
function inspectList(page: Page): Promise<ClipReport> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const onScreen = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      if (rect.left < -1 || rect.right > viewportWidth + 1) return false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (!clips(parent)) continue;
        const box = parent.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.right > box.right + 1) return false;
      }
      return true;
    };
    const reachableByScrolling = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && parent.scrollWidth > parent.clientWidth) {
          const box = parent.getBoundingClientRect();
          return onScreen(parent) && rect.right - box.left + parent.scrollLeft <= parent.scrollWidth + 1;
        }
      }
      return false;
    };
    // Read from the page's own structure (a table, or cards), not from how the list is built.
    const main = document.querySelector('main') ?? document.body;
    const table = main.querySelector('table');
    const layout = table ? 'table' : main.querySelector('[data-list-row]') ? 'cards' : null;
    const name = (element: Element) => (element.textContent ?? '').trim().slice(0, 40) || element.getAttribute('data-list-field') || '?';
    const mustShow: Element[] = [];
    const mayScroll: Element[] = [];
    let firstRow: Element | null = null;
    let options: Element | null = null;
    if (table) {
      const headers = Array.from(table.querySelectorAll('thead th'));
      firstRow = table.querySelector('tbody tr');
      const optionsIndex = headers.findIndex((header) => header.textContent?.trim() === 'Opções');
      options = optionsIndex >= 0 ? (firstRow?.children[optionsIndex] ?? null) : null;
      mustShow.push(...headers.slice(0, 1), ...(optionsIndex >= 0 ? [headers[optionsIndex]!] : []), ...(options ? [options] : []));
      mayScroll.push(...headers.filter((header) => !mustShow.includes(header)));
    } else {
      firstRow = main.querySelector('[data-list-row]');
      mustShow.push(...Array.from(firstRow?.querySelectorAll('[data-list-field]') ?? []));
      options = firstRow?.querySelector('[data-list-field="options"]') ?? null;
    }
    const actions = Array.from(options?.querySelectorAll('a, button') ?? []);
    return {
      layout,
      checked: [...mustShow, ...mayScroll].map(name),
      clipped: [
        ...mustShow.filter((element) => !onScreen(element)),
        ...mayScroll.filter((element) => !onScreen(element) && !reachableByScrolling(element)),
      ].map(name),
      pageOverflow: (document.scrollingElement?.scrollWidth ?? 0) - viewportWidth,
      smallActions: actions
        .filter((element) => element.getBoundingClientRect().height < 44 || !onScreen(element))
        .map((element) => `${name(element)} ${Math.round(element.getBoundingClientRect().height)}px`),
    };
  });
}

// ---- the tests --------------------------------------------------------------

beforeAll(async () => {
  browser = await launchChromium();
  await createRecords();
});

afterAll(async () => {
  await browser?.close();
});

describe('the shell on a tablet', () => {
  it.each([
    ['portrait', PORTRAIT],
    ['landscape', LANDSCAPE],
  ])('no list clips a column in %s', async (name, viewport) => {
    const context = await tabletContext(viewport);
    try {
      const page = await context.newPage();
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password);
      await waitForFirstSync(page);
      for (const list of LISTS) {
        await page.goto(list.search ? `${list.path}?busca=${RUN}` : list.path);
        await page.getByRole('heading', { name: list.heading, level: 2 }).waitFor();
        await firstRow(page).waitFor();
        const report = await inspectList(page);
        await screenshot(page, `tablet-${name}-${list.heading}`);
        expect(report.checked.length, `${list.heading}: nothing to check`).toBeGreaterThan(2);
        expect(report.clipped, `${list.heading} (${report.layout}) clips`).toEqual([]);
        expect(report.pageOverflow, `${list.heading}: the page scrolls sideways`).toBeLessThanOrEqual(0);
        expect(report.smallActions, `${list.heading}: row actions`).toEqual([]);
        expect(report.checked.join(' ')).toContain(list.heading === 'Clientes' ? 'Telefone' : 'Nome');
      }
      // The expired calibration reads 'Vencido' whole (not 'VE…' nor a dot).
      await page.goto(`/admin/equipamentos/lista/1?busca=${RUN}`);
      const badge = firstRow(page).locator('.mantine-Badge-root', { hasText: 'Vencido' });
      await badge.waitFor();
      const cut = await badge.locator('.mantine-Badge-label').evaluate((label) => label.scrollWidth > label.clientWidth + 1);
      expect(cut).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('opens the navigation from the burger menu in portrait, and moves a saved record to its server id', async () => {
    const context = await tabletContext(PORTRAIT);
    try {
      const page = await context.newPage();
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password);
      await waitForFirstSync(page);
      await page.goto('/admin/overview');
      await page.getByRole('heading', { name: 'Visão Global', level: 2 }).waitFor();

      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      const costs = menu.getByRole('link', { name: 'Custos', exact: true });
      const costsLink = page.locator('nav[aria-label="Menu principal"] a', { hasText: 'Custos' });
      const burger = page.getByRole('button', { name: 'Abrir menu' });
      /** Closed: off-screen, and out of reach of the keyboard and screen readers (not in the accessibility tree). */
      const menuClosed = async () => {
        const box = await costsLink.boundingBox();
        return (box === null || box.x + box.width <= 0) && (await costs.count()) === 0;
      };
      // Closed, the header keeps the sync status and the user menu.
      await expect.poll(menuClosed).toBe(true);
      await page.getByTestId('sync-status').waitFor();
      await page.getByTestId('user-menu').waitFor();
      expect((await burger.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      await burger.click();
      await expect.poll(async () => (await costs.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
      await screenshot(page, 'tablet-portrait-menu');
      await costs.click();
      await page.waitForURL('**/admin/custos/lista/1');
      await page.getByRole('heading', { name: 'Custos', level: 2 }).waitFor();
      await expect.poll(menuClosed).toBe(true);

      // A cost saved on the device opens by its local key, then by its server id once synced.
      await page.getByRole('link', { name: 'Novo custo' }).click();
      await recordForm(page).locator('input[name="name"]').fill(`Pedágio ${RUN}`);
      await recordForm(page).locator('input[name="price"]').fill('12,30');
      await recordForm(page).getByRole('button', { name: 'Salvar' }).click();
      await page.waitForURL(/\/admin\/custos\/[0-9a-f]{8}-/);
      await page.waitForURL(/\/admin\/custos\/\d+$/, { timeout: 60_000 });
      const link = new URL(page.url()).pathname;
      await expect(recordForm(page).locator('input[name="name"]').inputValue()).resolves.toBe(`Pedágio ${RUN}`);
      await page.goBack();
      await page.waitForURL('**/admin/custos/novo');

      // That link opens the cost on another device, straight after signing in (its first sync still running).
      const other = await tabletContext(LANDSCAPE);
      try {
        const otherPage = await other.newPage();
        await otherPage.goto(link);
        await signIn(otherPage);
        await otherPage.waitForURL(`**${link}`);
        await recordForm(otherPage).locator('input[name="name"]').waitFor();
        await expect(recordForm(otherPage).locator('input[name="name"]').inputValue()).resolves.toBe(`Pedágio ${RUN}`);
      } finally {
        await other.close();
      }
    } finally {
      await context.close();
    }
  });

  it("shows 'Sem permissão' to a customer-type user who types a costs path", async () => {
    const context = await tabletContext(PORTRAIT);
    try {
      const page = await context.newPage();
      await signInAs(page, E2E_CUSTOMER_USER.username, E2E_CUSTOMER_USER.password);
      await page.goto('/admin/custos/novo');
      await page.getByRole('heading', { name: 'Sem permissão', level: 2 }).waitFor();
      await page.getByText('Você não tem permissão para acessar esta área.').waitFor();
      await screenshot(page, 'tablet-no-permission');
      expect(await page.getByRole('form', { name: 'Dados cadastrais' }).count()).toBe(0);
      expect(await page.locator('input[name="price"]').count()).toBe(0);
      expect(page.url()).toMatch(/\/admin\/custos\/novo$/);

      await page.getByRole('link', { name: 'Voltar para a Visão Global' }).click();
      await page.waitForURL('**/admin/overview');
    } finally {
      await context.close();
    }
  });
});
