/**
 * A chemical sample end to end (issue 22), in Chromium on a touch tablet in
 * portrait (768×1024):
 * - prepared through the API: three chemical agents in the catalog (code,
 *   CAS, method), an approved quotation with one chemical row and its plan;
 * - the administrator's tablet syncs, opens the quotation's samples and
 *   goes offline; fills the sample: three agent rows (each agent chosen
 *   from the catalog on the device, its flow and times: total time and
 *   volume computed), three results (the risk level and colour from the
 *   settings), the flow check, the worker and one photo; nothing on the
 *   tabs is clipped at 768 px, the touch targets are 44 px; Salvar;
 * - prints offline (the PDF made on the device);
 * - back online the sample and its photo are sent once;
 * - the office prints it from the server (`GET api/pdf/sample/{id}`): the
 *   same text as the tablet's print.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chemicalRiskLevel } from '@/domain/chemical-risk';
import { parseChemicalThresholds } from '@/domain/result-thresholds-parse';
import { readPdf } from '../server/helpers/pdf-text';
import { adminToken, apiCall, approvedPlan } from './support/api';
import { baseUrl, connectivity, launchChromium, signInReadyForOffline } from './support/browser';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const WAIT_MS = 30_000;
const POLL = { timeout: WAIT_MS };
const COMPANY = `Química Tablet ${RUN.toUpperCase()}`;
const ROW_AGENT = `Solventes ${RUN}`;
/** The catalog's agents and what the technician types for each: flow, times; the laboratory's result and the TWA. */
const AGENTS = [
  {
    name: `Tolueno ${RUN}`,
    code: 'TOL',
    cas: '108-88-3',
    flow: '1,5',
    initial: '08:00',
    final: '12:00',
    total: '04:00',
    volume: '360',
    result: '20',
    twa: '20',
  },
  {
    name: `Xileno ${RUN}`,
    code: 'XIL',
    cas: '1330-20-7',
    flow: '0,2',
    initial: '13:00',
    final: '17:00',
    total: '04:00',
    volume: '48',
    result: '10',
    twa: '100',
  },
  {
    name: `Acetona ${RUN}`,
    code: 'ACE',
    cas: '67-64-1',
    flow: '1',
    initial: '08:00',
    final: '10:30',
    total: '02:30',
    volume: '150',
    result: '50',
    twa: '500',
  },
] as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let quotationId: number;
let sampleId: number;
let offlineText = '';

type WireSample = {
  memory_field: { agents: Array<Record<string, unknown>> };
  result: { agents: Array<Record<string, unknown>> };
  risk_classification: { classifications: Array<Record<string, unknown>> };
  validation: Record<string, unknown>;
  files: Array<{ name: string }>;
};

beforeAll(async () => {
  token = await adminToken();
  for (const agent of AGENTS) {
    await apiCall(token, 'POST', 'api/product', { name: agent.name, price: 90, type_id: 2, code: agent.code, cas: agent.cas, method: 'NIOSH 1501' });
  }
  const customer = await apiCall<{ id: number }>(token, 'POST', 'api/customer', {
    name: COMPANY,
    type: 'corporate',
    email: `contato-${RUN}@quimica.example.com`,
    phone: '(11) 3333-8888',
  });
  quotationId = await approvedPlan(token, {
    customer_id: customer.id,
    valid_at: '2026-12-31',
    rows: [{ product_id: null, name: ROW_AGENT, product_type_id: 2, sector: 'Pintura', function: 'Pintor', quantity: 1, value: 270 }],
    services: [],
    costs: [],
    equipments: [],
    deadlines: [],
    discount: null,
    discount_type: 'pct',
    total: 270,
    parcel: 1,
  });
  const { list } = await apiCall<{ list: Array<{ id: number }> }>(token, 'GET', `api/sample/all/0/10?quotation_id=${quotationId}`);
  sampleId = list[0]!.id;
  browser = await launchChromium();
  context = await browser.newContext({ baseURL: baseUrl(), locale: 'pt-BR', viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });
  context.setDefaultTimeout(WAIT_MS);
  // The PDFs the page makes, caught as it hands them to the new tab.
  await context.addInitScript(() => {
    const original = URL.createObjectURL.bind(URL);
    const kept: Blob[] = [];
    (window as unknown as { __pdfs: Blob[] }).__pdfs = kept;
    URL.createObjectURL = (object: Blob | MediaSource) => {
      if (object instanceof Blob && object.type === 'application/pdf') kept.push(object);
      return original(object);
    };
  });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

async function openTab(name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), POLL).toBe('true');
}

async function pick(scope: Locator, label: string, option: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (await input.isEditable()) await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Nothing of the open tab beyond the screen's sides, no sideways scroll, its fields and list buttons 44 px tall. */
async function expectNothingClipped(tab: string): Promise<void> {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const panel = document.querySelector('[role="tabpanel"]:not([hidden])') ?? document.body;
    const visible = [...panel.querySelectorAll('input:not([type="hidden"]), textarea, button, label')].filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    });
    const name = (element: Element) => element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent?.slice(0, 30) ?? '?';
    return {
      overflow: document.documentElement.scrollWidth - width,
      clipped: visible
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          return rect.left < -1 || rect.right > width + 1;
        })
        .map(name),
      small: visible
        .filter((element) => element.matches('input[type="text"], input:not([type]), [aria-label="Adicionar linha"], [aria-label="Remover linha"]'))
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map(name),
    };
  });
  expect(report.overflow, `${tab}: no sideways scroll`).toBeLessThanOrEqual(1);
  expect(report.clipped, `${tab}: clipped`).toEqual([]);
  expect(report.small, `${tab}: under 44 px`).toEqual([]);
}

async function printedOnDevice(): Promise<string> {
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const tab = await opened;
  await expect.poll(() => page.evaluate(() => (window as unknown as { __pdfs: Blob[] }).__pdfs.length), { timeout: 60_000 }).toBe(1);
  const bytes = await page.evaluate(async () => Array.from(new Uint8Array(await (window as unknown as { __pdfs: Blob[] }).__pdfs[0]!.arrayBuffer())));
  await tab.close();
  return (await readPdf(new Uint8Array(bytes))).text;
}

/** The PDF's text with its line breaks (long names wrap in the table cells) as plain spaces. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('a chemical sample of three agents on a tablet', () => {
  it('filled offline with a photo, printed offline, synced once, printed alike by the office from the server', { timeout: 240_000 }, async () => {
    const settings = await apiCall<{ options: Array<{ option: string; value: string }> }>(token, 'GET', 'api/settings/all');
    const thresholds = parseChemicalThresholds(settings.options.find((o) => o.option === 'result_chemical')?.value);
    const expected = AGENTS.map((agent) => chemicalRiskLevel({ result: agent.result, twa: agent.twa, calculation_base: 'TWA' }, thresholds));

    await signInReadyForOffline(page);
    await page.goto(`/admin/amostra/lista/${quotationId}/1`);
    await page.locator('[data-list-row]').filter({ hasText: ROW_AGENT }).waitFor();
    await context.setOffline(true);
    await connectivity(page)
      .filter({ hasText: /^Offline/ })
      .waitFor();
    await page.locator('[data-list-row]').filter({ hasText: ROW_AGENT }).getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();

    // Caracterização: the worker and a photo.
    await textbox(page, 'Funcionário').fill('Rita Pintora');
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    await page.getByTestId('photo-files-input').setInputFiles([{ name: `cabine-${RUN}.jpg`, mimeType: 'image/jpeg', buffer: photo }]);
    await expect.poll(() => page.getByTestId('photo-thumbnail').getAttribute('data-state'), { timeout: 60_000 }).toBe('local');

    // Memória de campo: three agents from the catalog, their flows and times.
    await openTab('Memória de campo');
    await textbox(page, 'Data').fill('03/11/2026');
    const agents = page.getByRole('list', { name: 'Agentes' });
    for (const [index, agent] of AGENTS.entries()) {
      if (index > 0) await agents.getByRole('button', { name: 'Adicionar linha' }).click();
      const row = page.getByTestId(`chemical-agent-row-${index}`);
      await pick(row, 'Agente', agent.name);
      await expect.poll(() => textbox(row, 'CAS').inputValue(), POLL).toBe(agent.cas);
      await textbox(row, 'Vazão da bomba (L/min)').fill(agent.flow);
      await textbox(row, 'Hora inicial').fill(agent.initial);
      await textbox(row, 'Hora final').fill(agent.final);
      await expect.poll(() => textbox(row, 'Tempo total (HH:mm)').inputValue(), POLL).toBe(agent.total);
      await expect.poll(() => textbox(row, 'Volume (L)').inputValue(), POLL).toBe(agent.volume);
    }
    await page.getByText('Agente atualizado na aba Resultado.').waitFor();
    await expectNothingClipped('Memória de campo');

    // Resultado: the laboratory's results; the risk level and colour from the settings.
    await openTab('Resultado');
    for (const [index, agent] of AGENTS.entries()) {
      const card = page.getByTestId(`chemical-result-${index}`);
      await card.getByText(agent.name).first().waitFor();
      await textbox(card, 'Resultado').fill(agent.result);
      await pick(card, 'Unidade', 'ppm');
      await textbox(card, 'TWA').fill(agent.twa);
      const conclusion = page.getByTestId(`chemical-result-${index}-conclusion`);
      await conclusion.filter({ hasText: expected[index]!.conclusion }).waitFor();
      expect(await conclusion.getAttribute('data-color')).toBe(expected[index]!.color);
    }
    await expectNothingClipped('Resultado');
    await screenshot(page, 'sample-chemical-result-offline');

    await openTab('Classificação de risco');
    await page.getByTestId('chemical-classification-2').getByText(AGENTS[2].name).waitFor();
    await expectNothingClipped('Classificação de risco');

    await openTab('Validação da medição');
    await textbox(page, 'Vazão inicial (L/min)').fill('1,00');
    await textbox(page, 'Vazão final (L/min)').fill('0,97');
    await expect.poll(() => page.getByTestId('chemical-variation').inputValue(), POLL).toBe('-3');
    await expectNothingClipped('Validação da medição');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Amostragem salva com sucesso' }).first().waitFor();
    await page.getByText('Pendente de envio', { exact: true }).waitFor();

    // Printed offline, on the device.
    offlineText = await printedOnDevice();
    for (const agent of AGENTS) expect(plain(offlineText)).toContain(agent.name);
    expect(plain(offlineText)).toContain(`Resultado ${AGENTS[0].result} ppm`);
    expect(plain(offlineText)).toContain('Variação da vazão (%) -3');

    // Back online: sent once, with its photo.
    await context.setOffline(false);
    await connectivity(page)
      .filter({ hasText: /^Online$/ })
      .waitFor({ timeout: 90_000 });
    await page.locator('[data-sync-state="sent"]').filter({ hasText: 'Sincronizada' }).waitFor({ timeout: 60_000 });
    await openTab('Caracterização');
    await expect.poll(() => page.getByTestId('photo-thumbnail').getAttribute('data-state'), { timeout: 60_000 }).toBe('uploaded');
    const stored = await apiCall<WireSample>(token, 'GET', `api/sample/${sampleId}`);
    expect(stored.files.map((file) => file.name)).toEqual([`cabine-${RUN}.jpg`]);
    expect(stored.memory_field.agents.map((row) => [row.agent, row.agent_code, row.total_time, row.volume])).toEqual(
      AGENTS.map((agent) => [agent.name, agent.code, agent.total, agent.volume]),
    );
    expect(stored.result.agents.map((row) => [row.agent_chemical, row.result, row.unity, row.risk_level])).toEqual(
      AGENTS.map((agent, index) => [agent.name, agent.result, 'ppm', expected[index]!.level]),
    );
    expect(stored.validation).toMatchObject({ variation: '-3' });

    // The office prints it from the server: the same text.
    const response = await fetch(`${baseUrl()}/api/pdf/sample/${sampleId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const serverText = (await readPdf(new Uint8Array(await response.arrayBuffer()))).text;
    expect(serverText).toBe(offlineText);
  });
});
