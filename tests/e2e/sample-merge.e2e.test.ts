/**
 * Field-level merge of a sample, end to end (issue 21), in Chromium on a
 * touch tablet in portrait (768×1024), as the administrator:
 * - two devices, different fields of the same tab: the tablet, offline,
 *   types the Matrícula and saves; the office (the API, another device)
 *   changes the Equipamento meanwhile. Back online, both are on the server
 *   and nothing is asked ('Tudo sincronizado.');
 * - two tabs of the same browser on one sample: one saves the GHE while the
 *   other has the Matrícula typed; the second tab shows what came in, keeps
 *   what it typed, and its Salvar keeps the first tab's GHE;
 * - the same field on both devices: the sync page asks once, one question
 *   labelled 'Caracterização — Matrícula' with both values; 'Manter a minha'
 *   sends the tablet's, the office's Equipamento stays.
 * Every wait is on visible text, a role or a test id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall, customerWithPlan } from './support/api';
import { goOffline as offline, launchChromium, POLL, signInReadyForOffline, tabletContext } from './support/browser';
import { expectValue, saveSample as save, textbox } from './support/sample-page';

const RUN = `merge${Date.now().toString(36)}`;
const COMPANY = `Fundição Mescla ${RUN.toUpperCase()}`;

type WireSample = Record<string, unknown> & { id: number; caracterization: Record<string, unknown> };

let browser: Browser;
let context: BrowserContext;
let tablet: Page;
let token: string;
let sampleIds: number[];

beforeAll(async () => {
  browser = await launchChromium();
  token = await adminToken();
  const quotationId = await customerWithPlan(token, { name: COMPANY, email: `contato-${RUN}@fundicao.example.com`, phone: '(11) 3333-4444' }, [
    { name: `Ruído ${RUN}`, product_type_id: 3, sector: 'Fundição', function: 'Forneiro', quantity: 3, value: 100 },
  ]);
  const { list } = await apiCall<{ list: Array<{ id: number; sample_no: number }> }>(
    token,
    'GET',
    `api/sample/all/0/100?quotation_id=${quotationId}`,
  );
  sampleIds = list.sort((a, b) => a.sample_no - b.sample_no).map((sample) => sample.id);
  expect(sampleIds).toHaveLength(3);
  context = await tabletContext(browser);
  tablet = await context.newPage();
  await signInReadyForOffline(tablet);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openSample(page: Page, id: number): Promise<void> {
  await page.goto(`/admin/amostra/${id}`);
  await page.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
  await expectValue(textbox(page, 'Empresa'), COMPANY);
}

async function serverSample(id: number): Promise<WireSample> {
  return apiCall<WireSample>(token, 'GET', `api/sample/${id}`);
}

/** The office, on another device: the sample saved through the API with `changes` in its caracterization. */
async function officeSaves(id: number, changes: Record<string, unknown>): Promise<void> {
  const sample = await serverSample(id);
  const input = ['quotation_id', 'quotation_row_id', 'plan_unit', 'type_id', 'sample_no', 'agent_name', 'chemical_agent'];
  const blocks = ['caracterization', 'memory_field', 'result', 'risk_classification', 'validation'];
  const body: Record<string, unknown> = Object.fromEntries([...input, ...blocks].map((field) => [field, sample[field]]));
  body.caracterization = { ...sample.caracterization, ...changes };
  await apiCall(token, 'PUT', `api/sample/${id}`, body);
}

const goOffline = (page: Page) => offline(context, page);

/** Back online: the sync runs (the 'online' event) and the sync page is opened to see its outcome. */
async function backOnline(page: Page): Promise<void> {
  await context.setOffline(false);
  await page.goto('/admin/sincronizacao');
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
}

describe('a sample edited in two places', () => {
  it('two devices, different fields of one tab, one offline: both kept, nothing asked', { timeout: 60_000 }, async () => {
    const id = sampleIds[0]!;
    await openSample(tablet, id);
    await goOffline(tablet);
    await textbox(tablet, 'Matrícula').fill('M-2231');
    await save(tablet);
    await officeSaves(id, { equipment: 'Forno 3' });

    await backOnline(tablet);
    await tablet.getByText('Tudo sincronizado.').waitFor();
    expect((await serverSample(id)).caracterization).toMatchObject({ register: 'M-2231', equipment: 'Forno 3' });
    await openSample(tablet, id);
    await expectValue(textbox(tablet, 'Equipamento'), 'Forno 3');
    await expectValue(textbox(tablet, 'Matrícula'), 'M-2231');
  });

  it('two tabs on one device: the other tab’s saved field comes in, what is typed stays, both are saved', { timeout: 60_000 }, async () => {
    const id = sampleIds[1]!;
    const second = await context.newPage();
    try {
      await openSample(tablet, id);
      await openSample(second, id);
      await textbox(tablet, 'Matrícula').fill('M-7');
      await textbox(second, 'GHE').fill('GHE 02');
      await save(second);

      const notice = tablet.getByTestId('draft-merged');
      await notice.filter({ hasText: 'Caracterização — GHE' }).waitFor();
      await expectValue(textbox(tablet, 'GHE'), 'GHE 02');
      await expectValue(textbox(tablet, 'Matrícula'), 'M-7');
      await save(tablet);
      await expect.poll(async () => (await serverSample(id)).caracterization, { timeout: 45_000 }).toMatchObject({ register: 'M-7', ghe: 'GHE 02' });
    } finally {
      await second.close();
    }
  });

  it('the same field on both devices: one question, labelled, with both values', { timeout: 60_000 }, async () => {
    const id = sampleIds[2]!;
    await openSample(tablet, id);
    await goOffline(tablet);
    await textbox(tablet, 'Matrícula').fill('M-TABLET');
    await save(tablet);
    await officeSaves(id, { register: 'M-OFFICE', equipment: 'Prensa 9' });

    await backOnline(tablet);
    const card = tablet.getByTestId('sync-change');
    await card.waitFor();
    expect(await card.count()).toBe(1);
    const rows = card.getByTestId('conflict-versions').locator('tbody tr');
    await expect.poll(() => rows.count(), POLL).toBe(1);
    expect(await rows.first().textContent()).toBe('Caracterização — MatrículaM-TABLETM-OFFICE');
    await card.getByRole('button', { name: 'Manter a minha' }).click();
    await tablet.getByText('Tudo sincronizado.').waitFor();
    expect((await serverSample(id)).caracterization).toMatchObject({ register: 'M-TABLET', equipment: 'Prensa 9' });
  });
});
