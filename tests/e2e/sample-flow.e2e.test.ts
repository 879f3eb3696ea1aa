/**
 * FIELD-UX items 3 and 9 end to end, in Chromium on a touch tablet in
 * portrait (768×1024), offline:
 * - prepared through the API as the administrator: an approved quotation
 *   with one noise row, its plan (one sample), and a technician of its own;
 * - the technician opens the sample, goes offline, fills part of it (the
 *   tab marks follow) and saves it incomplete;
 * - 'Verificar' lists what is still blank by tab and jumps to a field (its
 *   tab opens and the field has the focus);
 * - 'Duplicar amostra' offline opens a copy with the kept fields (GHE,
 *   function, sector, the task) and without the cleared ones (the worker,
 *   the times), typed and saved for the next worker;
 * - back online, the server has both samples of the row: the plan's and the
 *   copy (no plan unit), each with its own worker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall, createTechnician, customerWithPlan } from './support/api';
import { goOffline, goOnline, launchChromium, POLL, signInReadyForOffline, tabletContext } from './support/browser';
import { openTab, sampleTab as tab, saveSample as save, textbox } from './support/sample-page';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const COMPANY = `Metalúrgica Duplicar ${RUN.toUpperCase()}`;
const AGENT = `Ruído de prensa ${RUN}`;
const TECHNICIAN = {
  name: `Técnico Duplicar ${RUN}`,
  username: `tecnico.dup.${RUN}`,
  email: `tecnico.dup.${RUN}@e2e.example.com`,
  password: 'Senha-e2e-duplicar',
};

type WireSample = {
  id: number;
  sample_no: number;
  quotation_row_id: string | null;
  plan_unit: number | null;
  employee: string | null;
  caracterization: Record<string, unknown>;
  memory_field: Record<string, unknown>;
};

let browser: Browser;
const contexts: BrowserContext[] = [];
let token: string;
let quotationId: number;

async function prepare(): Promise<void> {
  token = await adminToken();
  quotationId = await customerWithPlan(token, { name: COMPANY, email: `contato-${RUN}@duplicar.example.com`, phone: '(11) 3333-5555' }, [
    { name: AGENT, product_type_id: 3, sector: 'Prensas', function: 'Prensista', quantity: 1, value: 300 },
  ]);
  await createTechnician(token, TECHNICIAN);
}

beforeAll(async () => {
  browser = await launchChromium();
  await prepare();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const markOf = (page: Page, name: string) => tab(page, name).getByTestId('tab-mark').textContent();

describe('check and duplicate a sample offline, end to end', () => {
  let page: Page;
  let context: BrowserContext;
  let sourcePath = '';
  let copyPath = '';

  it('fills part of the sample offline: the tab marks follow, and it saves incomplete', { timeout: 180_000 }, async () => {
    context = await tabletContext(browser);
    contexts.push(context);
    page = await context.newPage();
    await signInReadyForOffline(page, TECHNICIAN.username, TECHNICIAN.password);
    await page.goto(`/admin/amostra/lista/${quotationId}/1`);
    const row = page.locator('[data-list-row]').filter({ hasText: AGENT });
    await row.waitFor();
    await goOffline(context, page);

    await row.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
    sourcePath = new URL(page.url()).pathname;
    // The plan's sample starts with its quotation row's function and sector: only the worker is missing.
    await expect.poll(() => markOf(page, 'Caracterização'), POLL).toBe('Falta 1');
    expect(await textbox(page, 'Função').inputValue()).toBe('Prensista');
    expect(await textbox(page, 'Setor').inputValue()).toBe('Prensas');
    await textbox(page, 'Funcionário').fill('Ana Operadora');
    await textbox(page, 'Matrícula').fill('4521');
    await textbox(page, 'GHE').fill('GHE 07');
    await textbox(page, 'Função').fill('Prensista');
    await textbox(page, 'Setor').fill('Prensas');
    await expect.poll(() => markOf(page, 'Caracterização'), POLL).toBe('Completa');

    await openTab(page, 'Memória de campo');
    await textbox(page, 'Hora inicial').fill('08:00');
    await textbox(page, 'Tarefa').fill('Operação da prensa');
    await expect.poll(() => markOf(page, 'Memória de campo'), POLL).toBe('Faltam 6');
    await save(page);
    await screenshot(page, 'sample-flow-marks-offline');
  });

  it("'Verificar' lists what is blank by tab and jumps to a field", { timeout: 120_000 }, async () => {
    await page.getByRole('button', { name: 'Verificar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Campos obrigatórios' });
    await dialog.waitFor();
    const memory = dialog.getByRole('group', { name: 'Memória de campo' });
    expect(await memory.getByRole('button').allTextContents()).toEqual([
      'Instrumento',
      'Calibrador',
      'Data',
      'Hora final',
      'Calibração inicial (dB)',
      'Calibração final (dB)',
    ]);
    expect(await dialog.getByRole('group', { name: 'Caracterização' }).count()).toBe(0);
    expect(await dialog.getByRole('group', { name: 'Validação da medição' }).getByRole('button').count()).toBe(4);
    await screenshot(page, 'sample-flow-check-offline');

    await memory.getByRole('button', { name: 'Hora final' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => tab(page, 'Memória de campo').getAttribute('aria-selected'), POLL).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-field')), POLL).toBe('memory_field.final_time');
    await textbox(page, 'Hora final').fill('12:00');
    await expect.poll(() => markOf(page, 'Memória de campo'), POLL).toBe('Faltam 5');
  });

  it("'Duplicar amostra' offline opens a copy with the kept fields and not the cleared ones", { timeout: 120_000 }, async () => {
    await save(page);
    await page.getByRole('button', { name: 'Duplicar amostra' }).click();
    await page.getByRole('alert').filter({ hasText: 'Amostra duplicada. Preencha o funcionário, os horários e as leituras.' }).first().waitFor();
    await expect.poll(() => new URL(page.url()).pathname, POLL).not.toBe(sourcePath);
    copyPath = new URL(page.url()).pathname;
    await openTab(page, 'Caracterização');
    await expect.poll(() => textbox(page, 'GHE').inputValue(), POLL).toBe('GHE 07');
    expect(await textbox(page, 'Função').inputValue()).toBe('Prensista');
    expect(await textbox(page, 'Setor').inputValue()).toBe('Prensas');
    expect(await textbox(page, 'Funcionário').inputValue()).toBe('');
    expect(await textbox(page, 'Matrícula').inputValue()).toBe('');
    await openTab(page, 'Memória de campo');
    expect(await textbox(page, 'Tarefa').inputValue()).toBe('Operação da prensa');
    expect(await textbox(page, 'Hora inicial').inputValue()).toBe('');
    expect(await textbox(page, 'Hora final').inputValue()).toBe('');

    await openTab(page, 'Caracterização');
    await textbox(page, 'Funcionário').fill('Bruno Operador');
    await save(page);
    await screenshot(page, 'sample-flow-duplicate-offline');
  });

  it('back online, the server has both samples of the row, each with its own worker', { timeout: 180_000 }, async () => {
    await goOnline(context, page);
    await page.goto('/admin/sincronizacao');
    await page.getByText('Tudo sincronizado.').waitFor({ timeout: 60_000 });

    const { list } = await apiCall<{ list: WireSample[] }>(token, 'GET', `api/sample/all/0/100?quotation_id=${quotationId}`);
    const byWorker = Object.fromEntries(list.map((sample) => [sample.employee, sample]));
    expect(Object.keys(byWorker).sort()).toEqual(['Ana Operadora', 'Bruno Operador']);
    const source = byWorker['Ana Operadora']!;
    const copy = byWorker['Bruno Operador']!;
    const quotation = await apiCall<{ rows: Array<{ row_id: string }> }>(token, 'GET', `api/quotation/${quotationId}`);
    const rowId = quotation.rows[0]!.row_id;
    expect(source).toMatchObject({ quotation_row_id: rowId, plan_unit: 1 });
    expect(source.memory_field).toMatchObject({ initial_time: '08:00', final_time: '12:00', task: 'Operação da prensa' });
    expect(copy).toMatchObject({ quotation_row_id: rowId, plan_unit: null, sample_no: 2 });
    expect(copy.caracterization).toMatchObject({ ghe: 'GHE 07', function: 'Prensista', sector: 'Prensas', employee: 'Bruno Operador' });
    expect(copy.caracterization.register).toBeUndefined();
    expect(copy.memory_field).toMatchObject({ task: 'Operação da prensa', initial_time: '', final_time: '' });
    expect(copyPath).not.toBe(sourcePath);
  });
});
