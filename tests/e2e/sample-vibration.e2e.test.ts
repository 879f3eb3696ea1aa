/**
 * The vibration sample end to end (issue 23), in Chromium on a touch tablet
 * in portrait (768×1024):
 * - prepared through the API: an approved quotation with a whole-body
 *   ('Vibração de corpo inteiro (VCI)') and a hand-arm ('Vibração de mãos e
 *   braços (VMB)') agent row and its plan (two samples);
 * - the administrator's tablet syncs, goes offline and fills both: the type
 *   proposed from the agent with the rule's method and criterion, the
 *   times, each axis's acceleration (and VDV for whole body); the arep,
 *   AREN, VDVR and the band's consideration computed on the device; no tab
 *   wider than the screen; Salvar, then Imprimir, offline (the PDF made on
 *   the device);
 * - back online, one sync sends both (the page says 'Sincronizada', nothing
 *   is left pending); the office's PDF (`GET
 *   api/pdf/sample/{id}`, what another device or an e-mail gets) has the
 *   same text as the tablet's.
 * Every wait is on visible text, a role or a test id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { readPdf } from '../server/helpers/pdf-text';
import { adminToken, apiCall, approvedPlan } from './support/api';
import { baseUrl, connectivity, launchChromium, signInReadyForOffline } from './support/browser';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const WAIT_MS = 30_000;
const POLL = { timeout: WAIT_MS };
const COMPANY = `Mineração Vibração ${RUN.toUpperCase()}`;
const WHOLE_BODY = 'Vibração de corpo inteiro (VCI)';
const HAND_ARM = 'Vibração de mãos e braços (VMB)';

type WireSample = { id: number; agent_name: string; result: { rows: Array<Record<string, unknown>> }; memory_field: Record<string, unknown> };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let quotationId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  token = await adminToken();
  const customer = await apiCall<{ id: number }>(token, 'POST', 'api/customer', {
    name: COMPANY,
    type: 'corporate',
    email: `contato-${RUN}@mineracao.example.com`,
    phone: '(31) 3333-5555',
  });
  const row = (name: string) => ({ product_id: null, name, product_type_id: 1, sector: 'Lavra', function: 'Operador', quantity: 1, value: 450 });
  quotationId = await approvedPlan(token, {
    customer_id: customer.id,
    valid_at: '2026-12-31',
    rows: [row(WHOLE_BODY), row(HAND_ARM)],
    services: [],
    costs: [],
    equipments: [],
    deadlines: [],
    discount: null,
    discount_type: 'pct',
    total: 900,
    parcel: 1,
  });
  const { list } = await apiCall<{ list: WireSample[] }>(token, 'GET', `api/sample/all/0/10?quotation_id=${quotationId}`);
  for (const sample of list) ids[sample.agent_name] = sample.id;
  expect(Object.keys(ids).sort()).toEqual([WHOLE_BODY, HAND_ARM].sort());

  browser = await launchChromium();
  context = await browser.newContext({ baseURL: baseUrl(), locale: 'pt-BR', viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });
  context.setDefaultTimeout(WAIT_MS);
  // Keeps every PDF the page makes, as it hands it to the new tab.
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

const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
/** A select's input (not its list of options, labelled the same). */
const select = (name: string) => page.locator('input').and(page.getByLabel(name, { exact: true }));

async function expectValue(field: Locator, value: string): Promise<void> {
  await expect.poll(() => field.inputValue(), POLL).toBe(value);
}

/** Opens a tab and checks nothing on it is wider than the portrait screen. */
async function openTab(name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), POLL).toBe('true');
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.content, `${name}: nothing clipped at 768 px`).toBeLessThanOrEqual(widths.screen);
}

async function openSample(agent: string): Promise<void> {
  await page.goto(`/admin/amostra/${ids[agent]}`);
  await page.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
  await page.getByText(agent).first().waitFor();
}

async function saveAndPrint(): Promise<string[]> {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('alert').filter({ hasText: 'Amostragem salva com sucesso' }).first().waitFor();
  await page.getByText('Pendente de envio', { exact: true }).waitFor();
  const before = await page.evaluate(() => (window as unknown as { __pdfs: Blob[] }).__pdfs.length);
  const print = page.getByRole('button', { name: 'Imprimir' });
  await expect.poll(() => print.isEnabled(), POLL).toBe(true);
  const opened = context.waitForEvent('page');
  await print.click();
  const tab = await opened;
  await expect.poll(() => page.evaluate(() => (window as unknown as { __pdfs: Blob[] }).__pdfs.length), { timeout: 60_000 }).toBe(before + 1);
  const bytes = await page.evaluate(
    async (index) => Array.from(new Uint8Array(await (window as unknown as { __pdfs: Blob[] }).__pdfs[index]!.arrayBuffer())),
    before,
  );
  await tab.close();
  return (await readPdf(new Uint8Array(bytes))).pages;
}

async function serverPages(id: number): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/pdf/sample/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await readPdf(new Uint8Array(await response.arrayBuffer()))).pages;
}

const printed: Record<string, string[]> = {};

describe('vibration samples on a tablet, offline', () => {
  it('the tablet syncs the plan and goes offline', { timeout: 120_000 }, async () => {
    await signInReadyForOffline(page);
    await page.goto(`/admin/amostra/lista/${quotationId}/1`);
    for (const agent of [WHOLE_BODY, HAND_ARM]) await page.locator('[data-list-row]').filter({ hasText: agent }).waitFor();
    await context.setOffline(true);
    await connectivity(page)
      .filter({ hasText: /^Offline/ })
      .waitFor();
  });

  it('whole body: NHO 09 from the agent, AREN and VDVR computed, the band proposed; saved and printed offline', { timeout: 120_000 }, async () => {
    await openSample(WHOLE_BODY);
    await openTab('Caracterização');
    await textbox('Funcionário').fill('Paulo Motorista');
    await openTab('Memória de campo');
    await expectValue(select('Tipo de vibração'), 'Corpo inteiro');
    await expectValue(select('Método'), 'NHO 09');
    await expectValue(select('Critério'), 'AREN/VDVR');
    await textbox('Data').fill('03/03/2026');
    await textbox('Tempo de exposição (HH:mm)').fill('06:00');
    await textbox('Tempo de amostragem (HH:mm)').fill('01:00');
    for (const [label, value] of [
      ['Componente de exposição', 'Transporte de minério'],
      ['Aceleração x (m/s²)', '0,30'],
      ['Aceleração y (m/s²)', '0,25'],
      ['Aceleração z (m/s²)', '0,60'],
      ['VDV x (m/s^1,75)', '2'],
      ['VDV y (m/s^1,75)', '2'],
      ['VDV z (m/s^1,75)', '6'],
    ] as const) {
      await textbox(label).fill(value);
    }
    await expectValue(page.getByTestId('vibration-arep-0'), '0,81');
    await expectValue(page.getByTestId('vibration-vdv-exp-0'), '9,61');
    await screenshot(page, 'vibration-whole-body-memory');
    await openTab('Resultado');
    await expectValue(page.getByTestId('vibration-result-aren').getByRole('textbox', { name: 'Resultado' }), '0,70');
    await expectValue(page.getByTestId('vibration-result-vdvr').getByRole('textbox', { name: 'Resultado' }), '9,61');
    await page.getByTestId('vibration-basis-aren').filter({ hasText: 'NHO 09 (2013): AREN de 1 componente, exposição diária 06:00' }).waitFor();
    await openTab('Classificação de risco');
    await page.getByTestId('vibration-aren').filter({ hasText: 'Faixa 2: de 0,5 a < 0,9 m/s² (Acima do nível de ação)' }).waitFor();
    await expectValue(select('Consideração técnica'), 'Acima do nível de ação');
    await openTab('Validação da medição');
    await screenshot(page, 'vibration-whole-body-offline');
    printed[WHOLE_BODY] = await saveAndPrint();
    const text = printed[WHOLE_BODY].join('\n');
    expect(text).toContain('Tipo de vibração Corpo inteiro');
    expect(text).toContain('Faixa do VDVR Faixa 2: de 9,1 a < 16,4 m/s^1,75 (Acima do nível de ação)');
  });

  it('hands and arms: NHO 10 from the agent, AREN only on the hand-arm bands; saved and printed offline', { timeout: 120_000 }, async () => {
    await openSample(HAND_ARM);
    await openTab('Memória de campo');
    await expectValue(select('Tipo de vibração'), 'Mãos e braços');
    await expectValue(select('Método'), 'NHO 10');
    await expectValue(select('Critério'), 'AREN');
    expect(await page.getByRole('textbox', { name: 'VDV z (m/s^1,75)' }).count()).toBe(0);
    await textbox('Data').fill('03/03/2026');
    await textbox('Tempo de exposição (HH:mm)').fill('04:00');
    await textbox('Tempo de amostragem (HH:mm)').fill('00:20');
    await textbox('Aceleração x (m/s²)').fill('3');
    await textbox('Aceleração y (m/s²)').fill('4');
    await textbox('Aceleração z (m/s²)').fill('0');
    await expectValue(page.getByTestId('vibration-arep-0'), '5,00');
    await openTab('Resultado');
    // 5 × sqrt(240 / 480) = 3,54: hand-arm band 3.
    await expectValue(page.getByTestId('vibration-result-aren').getByRole('textbox', { name: 'Resultado' }), '3,54');
    expect(await page.getByTestId('vibration-result-vdvr').count()).toBe(0);
    await openTab('Classificação de risco');
    await expectValue(select('Consideração técnica'), 'Região de incerteza');
    await screenshot(page, 'vibration-hand-arm-offline');
    printed[HAND_ARM] = await saveAndPrint();
    expect(printed[HAND_ARM].join('\n')).toContain('Faixa do AREN Faixa 3: de 3,5 a < 5 m/s² (Região de incerteza)');
  });

  it('one sync sends both; the office prints the same text', { timeout: 120_000 }, async () => {
    await context.setOffline(false);
    // The page's own badge: sent, with nothing left pending on the device.
    await page.locator('[data-sync-state="sent"]').filter({ hasText: 'Sincronizada' }).waitFor({ timeout: 90_000 });
    await connectivity(page)
      .filter({ hasText: /^Online$/ })
      .waitFor({ timeout: 60_000 });
    const whole = await apiCall<WireSample>(token, 'GET', `api/sample/${ids[WHOLE_BODY]}`);
    expect(whole.memory_field).toMatchObject({ vibration_type: 'corpo', method: 'NHO 09', criterion: 'AREN/VDVR' });
    expect(whole.result.rows.map((row) => [row.criterion, row.result])).toEqual([
      ['AREN', '0,70'],
      ['VDVR', '9,61'],
    ]);
    for (const agent of [WHOLE_BODY, HAND_ARM]) {
      expect(await serverPages(ids[agent]!), agent).toEqual(printed[agent]);
    }
  });
});
