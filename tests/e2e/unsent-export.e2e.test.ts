/**
 * 'Exportar dados não enviados' and 'Importar dados', end to end, in
 * Chromium (docs/decisions/unsent-data-export.md):
 * - prepared through the API: a user of its own in 'Administrativo' (every
 *   module, not an administrator), a customer with an approved quotation and
 *   its one-sample plan, and another customer's open quotation;
 * - on a tablet profile, offline: a new cost (a create), the sample's
 *   Funcionário saved (an update) with a photo (an upload), and the open
 *   quotation set to Pendente (a command); then 'Exportar dados não
 *   enviados' on the sync page downloads one JSON file;
 * - on a fresh desktop profile of the same user, online: 'Importar dados'
 *   with that file says what it added, the sync sends it ('Tudo
 *   sincronizado.'), and the server has the cost once, the sample's value
 *   with one photo, the quotation Pendente and marked as sent;
 * - the tablet comes back online: its own copies of the same writes replay,
 *   it ends with nothing to send, and the server still has each write once.
 * Every wait is on visible text, a role or a test id.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall, createUser, customerWithPlan } from './support/api';
import {
  alertShown,
  goOffline,
  goOnline,
  launchChromium,
  newContext,
  POLL,
  recordForm,
  signInAs,
  signInReadyForOffline,
  tabletContext,
  waitForFirstSync,
} from './support/browser';
import { openTab, saveSample, textbox } from './support/sample-page';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const USER = { name: `Ana Exporta ${RUN}`, username: `ana.${RUN}`, email: `ana.${RUN}@e2e.example.com`, password: 'Senha-e2e-exporta' };
const PLAN_COMPANY = `Caldeiraria Exporta ${RUN.toUpperCase()}`;
const OPEN_COMPANY = `Tecelagem Exporta ${RUN.toUpperCase()}`;
const AGENT = `Ruído exportado ${RUN}`;
const COST = `Pedágio exportado ${RUN}`;
const PHOTO = `caldeira-${RUN}.jpg`;

type WireSample = { id: number; employee: string | null; files: Array<{ name: string }> };
type WireQuotation = { id: number; status: string; sent_at: string | null };

let browser: Browser;
const contexts: BrowserContext[] = [];
let token: string;
let planId: number;
let sampleId: number;
let openQuotationId: number;
let exportedPath: string;

beforeAll(async () => {
  browser = await launchChromium();
  token = await adminToken();
  await createUser(token, USER, 'administrativo');
  planId = await customerWithPlan(token, { name: PLAN_COMPANY, email: `plano-${RUN}@e2e.example.com`, phone: '(11) 3333-4444' }, [
    { name: AGENT, product_type_id: 3, sector: 'Caldeiraria', function: 'Caldeireiro', quantity: 1, value: 300 },
  ]);
  const { list } = await apiCall<{ list: WireSample[] }>(token, 'GET', `api/sample/all/0/100?quotation_id=${planId}`);
  expect(list).toHaveLength(1);
  sampleId = list[0]!.id;
  const customer = await apiCall<{ id: number }>(token, 'POST', 'api/customer', {
    name: OPEN_COMPANY,
    type: 'corporate',
    email: `aberto-${RUN}@e2e.example.com`,
    phone: '1144445555',
  });
  openQuotationId = (
    await apiCall<{ id: number }>(token, 'POST', 'api/quotation', {
      customer_id: customer.id,
      valid_at: '2026-12-31',
      rows: [{ product_id: null, name: 'Poeira total', quantity: 1, value: 200 }],
      services: [],
      costs: [],
      equipments: [],
      deadlines: [],
      discount: null,
      discount_type: 'pct',
      total: 200,
      parcel: 1,
    })
  ).id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function serverCosts(): Promise<Array<{ name: string; price: number }>> {
  return (await apiCall<{ list: Array<{ name: string; price: number }> }>(token, 'GET', `api/cost/all/0/100?search=${encodeURIComponent(RUN)}`)).list;
}

/** Each write of the tablet's offline work on the server, once. */
async function expectEachWriteOnce(): Promise<void> {
  expect((await serverCosts()).map((cost) => [cost.name, cost.price])).toEqual([[COST, 12.5]]);
  const sample = await apiCall<WireSample>(token, 'GET', `api/sample/${sampleId}`);
  expect(sample.employee).toBe('Rita Caldeireira');
  expect(sample.files.map((file) => file.name)).toEqual([PHOTO]);
  const quotation = await apiCall<WireQuotation>(token, 'GET', `api/quotation/${openQuotationId}`);
  expect(quotation.status).toBe('pending');
  expect(quotation.sent_at).not.toBeNull();
}

async function syncPageSettled(page: Page): Promise<void> {
  await page.goto('/admin/sincronizacao');
  await page.getByTestId('sync-empty').filter({ hasText: 'Tudo sincronizado.' }).waitFor({ timeout: 90_000 });
}

describe('unsent data exported on one browser profile and imported on another', () => {
  let tablet: Page;
  let tabletProfile: BrowserContext;

  it('the tablet works offline: a cost, the sample with a photo, a status change', { timeout: 240_000 }, async () => {
    tabletProfile = await tabletContext(browser);
    contexts.push(tabletProfile);
    tablet = await tabletProfile.newPage();
    await signInReadyForOffline(tablet, USER.username, USER.password);
    await tablet.goto(`/admin/amostra/lista/${planId}/1`);
    await tablet.locator('[data-list-row]').filter({ hasText: AGENT }).waitFor();
    await goOffline(tabletProfile, tablet);

    await tablet.goto('/admin/custos/novo');
    await tablet.getByRole('heading', { name: 'Custo / Adicionar', level: 2 }).waitFor();
    await recordForm(tablet).locator('input[name="name"]').fill(COST);
    await recordForm(tablet).locator('input[name="price"]').fill('12,50');
    await recordForm(tablet).getByRole('button', { name: 'Salvar' }).click();
    await tablet.getByRole('heading', { name: 'Custo / Editar', level: 2 }).waitFor();

    await tablet.goto(`/admin/amostra/lista/${planId}/1`);
    await tablet.locator('[data-list-row]').filter({ hasText: AGENT }).getByRole('link', { name: 'Editar' }).click();
    await tablet.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
    await openTab(tablet, 'Caracterização');
    await textbox(tablet, 'Funcionário').fill('Rita Caldeireira');
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 180, g: 70, b: 30 } } })
      .jpeg()
      .toBuffer();
    await tablet.getByTestId('photo-files-input').setInputFiles([{ name: PHOTO, mimeType: 'image/jpeg', buffer: jpeg }]);
    await expect.poll(() => tablet.getByTestId('photo-thumbnail').count(), POLL).toBe(1);
    await saveSample(tablet);
    await tablet.getByText('Pendente de envio', { exact: true }).waitFor();

    await tablet.goto(`/admin/orcamentos/lista/1?busca=${encodeURIComponent(RUN)}`);
    const row = tablet.locator('[data-list-row]').filter({ hasText: OPEN_COMPANY });
    await row.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await tablet.getByText('Deseja marcar esse orçamento como enviado para o cliente?').waitFor();
    await tablet.getByRole('button', { name: 'Sim' }).click();
    await alertShown(tablet, 'Status do orçamento alterado com sucesso');
    await row.getByText('Aguardando sincronização', { exact: true }).waitFor();
  });

  it("exports the tablet's unsent data, offline, to one JSON file", { timeout: 120_000 }, async () => {
    await tablet.goto('/admin/sincronizacao');
    await tablet.getByRole('region', { name: 'Aguardando envio' }).waitFor();
    const card = tablet.getByRole('region', { name: 'Dados não enviados' });
    const [download] = await Promise.all([
      tablet.waitForEvent('download'),
      card.getByRole('button', { name: 'Exportar dados não enviados' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^dados-nao-enviados-ana\\.${RUN}-\\d{2}-\\d{2}-\\d{4}-\\d{4}\\.json$`));
    exportedPath = join(mkdtempSync(join(tmpdir(), 'ho-unsent-')), download.suggestedFilename());
    await download.saveAs(exportedPath);
    await card
      .getByTestId('unsent-transfer-outcome')
      .filter({ hasText: `Arquivo ${download.suggestedFilename()} gerado com` })
      .waitFor();
    await screenshot(tablet, 'unsent-exported-offline');

    const file = JSON.parse(readFileSync(exportedPath, 'utf8')) as {
      user: { username: string };
      entries: Array<{ resource: string; op: string; idempotency_key: string }>;
      files: Array<{ name: string }>;
    };
    expect(file.user.username).toBe(USER.username);
    expect(file.entries.map((entry) => `${entry.resource} ${entry.op}`).sort()).toEqual([
      'costs create',
      'quotations command',
      'sample_files create',
      'samples update',
    ]);
    expect(file.files.map((row) => row.name)).toEqual([PHOTO]);
    // Still here too: exporting is not sending.
    await tablet.getByRole('region', { name: 'Aguardando envio' }).waitFor();
  });

  it('a fresh profile of the same user imports the file and the sync sends each write once', { timeout: 240_000 }, async () => {
    const desk = await newContext(browser, { timeoutMs: 30_000, withoutServiceWorker: true });
    contexts.push(desk);
    const page = await desk.newPage();
    await signInAs(page, USER.username, USER.password);
    await waitForFirstSync(page);
    await page.getByTestId('unsent-import-input').setInputFiles(exportedPath);
    await page
      .getByTestId('unsent-transfer-outcome')
      .filter({ hasText: 'Dados importados: 4 alterações e 1 foto ou arquivo. Serão enviados ao servidor na próxima sincronização.' })
      .waitFor();
    // The page may still say 'Tudo sincronizado.' from before the import: wait for the server, then the page.
    await expect.poll(async () => (await serverCosts()).length, { timeout: 90_000 }).toBe(1);
    await expect
      .poll(async () => (await apiCall<WireQuotation>(token, 'GET', `api/quotation/${openQuotationId}`)).status, { timeout: 90_000 })
      .toBe('pending');
    await expect.poll(async () => (await apiCall<WireSample>(token, 'GET', `api/sample/${sampleId}`)).files.length, { timeout: 90_000 }).toBe(1);
    await page.getByTestId('sync-empty').filter({ hasText: 'Tudo sincronizado.' }).waitFor({ timeout: 90_000 });
    await screenshot(page, 'unsent-imported-synced');
    await expectEachWriteOnce();

    // The same file again: nothing added.
    await page.getByTestId('unsent-import-input').setInputFiles(exportedPath);
    await page.getByTestId('unsent-transfer-outcome').filter({ hasText: 'Nada foi importado.' }).waitFor();
    await expectEachWriteOnce();
  });

  it('the tablet back online replays its copies: nothing twice, nothing left to send', { timeout: 240_000 }, async () => {
    await goOnline(tabletProfile, tablet);
    await syncPageSettled(tablet);
    expect(await tablet.getByRole('region', { name: 'Recusadas pelo servidor' }).count()).toBe(0);
    await expectEachWriteOnce();
  });
});
