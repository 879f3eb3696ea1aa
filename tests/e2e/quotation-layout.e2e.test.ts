/**
 * The quotation's line tables as office staff and technicians see them
 * (issue 24), in Chromium, on a quotation with two agents, a service and a
 * cost (long agent name, function and price, as real ones are):
 * - at 1366×768 with a mouse, the agent lines fit their card: no sideways
 *   scroll, and each line's Valor un., Total and its icons inside the card;
 * - on a tablet in portrait (768×1024), every table with a Total keeps it
 *   in view (with the line's icons), before and after scrolling the table
 *   sideways to either end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall } from './support/api';
import { launchChromium, newContext, PORTRAIT, signInAs, tabletContext, waitForFirstSync } from './support/browser';

const RUN = `e2e${Date.now().toString(36)}`;
const TABLES_WITH_TOTAL = ['Agentes', 'Serviços', 'Outros custos'] as const;

let browser: Browser;
let quotationId: number;

beforeAll(async () => {
  browser = await launchChromium();
  const token = await adminToken();
  const customer = await apiCall<{ id: number }>(token, 'POST', 'api/customer', {
    name: `Metalúrgica Largura ${RUN}`,
    email: `largura-${RUN}@metalurgica.example.com`,
    phone: '1133224455',
  });
  const quotation = await apiCall<{ id: number }>(token, 'POST', 'api/quotation', {
    customer_id: customer.id,
    rows: [
      {
        name: 'Ruído contínuo ou intermitente',
        sector: 'Produção e montagem',
        function: 'Operador de máquinas',
        daily_exposition: '8 h',
        quantity: 12,
        value: 12_345.67,
      },
      { name: 'Tolueno', sector: 'Pintura', function: 'Pintor', daily_exposition: '6 h', quantity: 1, value: 350 },
    ],
    services: [{ name: 'Laudo técnico de condições ambientais', quantity: 1, value: 8_000 }],
    costs: [{ name: 'Deslocamento', quantity: 3, value: 1_250.5 }],
    total: 0,
  });
  quotationId = quotation.id;
});

afterAll(async () => {
  await browser?.close();
});

interface CellBox {
  left: number;
  right: number;
}

interface TableLayout {
  /** The scrolling box around the table. */
  box: CellBox & { scrollWidth: number; clientWidth: number };
  /** The section (the card's content width). */
  section: CellBox;
  total: CellBox | null;
  value: CellBox | null;
  remove: CellBox | null;
}

/** Where the table under `title` and its first line's cells are, on screen. */
function layoutOf(page: Page, title: string): Promise<TableLayout> {
  return page.evaluate((name) => {
    const section = document.querySelector(`section[aria-label="${name}"]`)!;
    const table = section.querySelector('table')!;
    const box = table.parentElement!.parentElement!;
    const rect = (element: Element | null) => {
      if (!element) return null;
      const r = element.getBoundingClientRect();
      return { left: Math.round(r.left), right: Math.round(r.right) };
    };
    return {
      box: { ...rect(box)!, scrollWidth: box.scrollWidth, clientWidth: box.clientWidth },
      section: rect(section)!,
      total: rect(section.querySelector('[data-testid$="-total-0"]')),
      value: rect(section.querySelector('input[aria-label$="Valor un. 1"]')),
      remove: rect(section.querySelector('button[aria-label="Remover linha"]')),
    };
  }, title);
}

const inside = (cell: CellBox | null, box: CellBox) => cell !== null && cell.left >= box.left - 1 && cell.right <= box.right + 1;

async function openQuotation(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInAs(page);
  await waitForFirstSync(page);
  await page.goto(`/admin/orcamentos/${quotationId}`);
  await page.getByTestId('rows-total-0').filter({ hasText: '148.148,04' }).waitFor();
  return page;
}

describe('the quotation tables fit their screens', () => {
  it('at 1366×768 the agent lines fit the card: no sideways scroll, Valor un., Total and the icons in view', { timeout: 180_000 }, async () => {
    const context = await newContext(browser, { viewport: { width: 1366, height: 768 }, timeoutMs: 30_000, withoutServiceWorker: true });
    try {
      const page = await openQuotation(context);
      const agents = await layoutOf(page, 'Agentes');
      expect(agents.box.scrollWidth, 'the agents table scrolls sideways').toBeLessThanOrEqual(agents.box.clientWidth);
      expect(agents.box.right).toBeLessThanOrEqual(agents.section.right + 1);
      for (const cell of ['value', 'total', 'remove'] as const) expect(inside(agents[cell], agents.box), cell).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('on a tablet in portrait every Total stays in view, at either end of the sideways scroll', { timeout: 180_000 }, async () => {
    const context = await tabletContext(browser, PORTRAIT, { withoutServiceWorker: true });
    try {
      const page = await openQuotation(context);
      for (const title of TABLES_WITH_TOTAL) {
        for (const end of ['start', 'end'] as const) {
          await page.evaluate(
            ([name, to]) => {
              const box = document.querySelector(`section[aria-label="${name}"] table`)!.parentElement!.parentElement!;
              box.scrollLeft = to === 'start' ? 0 : box.scrollWidth;
            },
            [title, end] as const,
          );
          const layout = await layoutOf(page, title);
          expect(layout.box.right, `${title}: the table box is inside the screen`).toBeLessThanOrEqual(PORTRAIT.width);
          expect(inside(layout.total, layout.box), `${title} (${end}): Total in view`).toBe(true);
          expect(inside(layout.remove, layout.box), `${title} (${end}): icons in view`).toBe(true);
        }
      }
    } finally {
      await context.close();
    }
  });
});
