/**
 * Review and approval end to end (issue 28), in Chromium:
 * - prepared through the API: an approved quotation with one noise row and
 *   its plan, a technician, and a reviewer (office, council CREA/SP);
 * - the technician, on a tablet in portrait, fills the sample and finalizes
 *   it offline: it is read-only at once; back online it reaches review;
 * - the reviewer, on a desktop, returns it with a reason;
 * - the technician reads the reason, fixes the field and finalizes again;
 * - the reviewer approves it: the report (the server's PDF, the one
 *   template the tablet prints too) shows the approver, the council, the
 *   date and a code, and the public verification page says 'Confere';
 * - the history lists the return with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readPdf } from '../server/helpers/pdf-text';
import { adminToken, apiCall, createTechnician, createUser, customerWithPlan } from './support/api';
import { baseUrl, goOffline, goOnline, launchChromium, newContext, POLL, signInReadyForOffline, tabletContext } from './support/browser';
import { saveSample, textbox } from './support/sample-page';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const COMPANY = `Fundição Revisão ${RUN.toUpperCase()}`;
const AGENT = `Ruído de forno ${RUN}`;
const TECHNICIAN = {
  name: `Técnico Revisão ${RUN}`,
  username: `tecnico.rev.${RUN}`,
  email: `tecnico.rev.${RUN}@e2e.example.com`,
  password: 'Senha-e2e-revisao',
};
const REVIEWER = {
  name: `Engenheira Revisora ${RUN}`,
  username: `revisora.${RUN}`,
  email: `revisora.${RUN}@e2e.example.com`,
  password: 'Senha-e2e-revisora',
};
const COUNCIL = { council_type: 'CREA', council_number: '5063123', council_uf: 'SP' };
const REASON = 'Falta a matrícula do funcionário.';

type WireSample = {
  id: number;
  status: string;
  status_reason: string | null;
  caracterization: Record<string, unknown>;
  approval: { code: string } | null;
};

let browser: Browser;
const contexts: BrowserContext[] = [];
let token: string;
let quotationId: number;
let tablet: Page;
let tabletContextRef: BrowserContext;
let desk: Page;
let samplePath = '';

const sampleOnServer = async (): Promise<WireSample> => {
  const { list } = await apiCall<{ list: WireSample[] }>(token, 'GET', `api/sample/all/0/10?quotation_id=${quotationId}`);
  expect(list).toHaveLength(1);
  return list[0]!;
};
const stateBadge = (page: Page) => page.getByTestId('sample-state');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function syncedOn(page: Page): Promise<void> {
  await page.goto('/admin/sincronizacao');
  await page.getByText('Tudo sincronizado.').waitFor({ timeout: 60_000 });
}

beforeAll(async () => {
  browser = await launchChromium();
  token = await adminToken();
  quotationId = await customerWithPlan(token, { name: COMPANY, email: `contato-${RUN}@revisao.example.com`, phone: '(11) 3333-7777' }, [
    { name: AGENT, product_type_id: 3, sector: 'Fundição', function: 'Forneiro', quantity: 1, value: 300 },
  ]);
  await createTechnician(token, TECHNICIAN);
  await createUser(token, REVIEWER, 'administrativo', COUNCIL);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('a sample finalized offline, returned, fixed and approved, with a report that verifies', () => {
  it('the technician finalizes offline on a tablet: read-only at once, in review once synced', { timeout: 240_000 }, async () => {
    tabletContextRef = await tabletContext(browser);
    contexts.push(tabletContextRef);
    tablet = await tabletContextRef.newPage();
    await signInReadyForOffline(tablet, TECHNICIAN.username, TECHNICIAN.password);
    await tablet.goto(`/admin/amostra/lista/${quotationId}/1`);
    const row = tablet.locator('[data-list-row]').filter({ hasText: AGENT });
    await row.waitFor();
    await goOffline(tabletContextRef, tablet);

    await row.getByRole('link', { name: 'Editar' }).click();
    await tablet.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
    samplePath = new URL(tablet.url()).pathname;
    await textbox(tablet, 'Funcionário').fill('Carlos Forneiro');
    await saveSample(tablet);

    await tablet.getByRole('button', { name: 'Finalizar', exact: true }).click();
    const confirm = dialog(tablet, 'Finalizar amostra');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Finalizar', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => stateBadge(tablet).first().textContent(), POLL).toContain('Finalizada');
    expect(await textbox(tablet, 'Funcionário').isEditable()).toBe(false);
    await screenshot(tablet, 'sample-review-finalized-offline');

    await goOnline(tabletContextRef, tablet);
    await syncedOn(tablet);
    await expect.poll(async () => (await sampleOnServer()).status, POLL).toBe('em_revisao');
  });

  it('the reviewer, on a desktop, returns it with a reason', { timeout: 180_000 }, async () => {
    const context = await newContext(browser, { viewport: { width: 1366, height: 768 }, timeoutMs: 30_000 });
    contexts.push(context);
    desk = await context.newPage();
    await signInReadyForOffline(desk, REVIEWER.username, REVIEWER.password);
    await desk.goto(samplePath);
    await expect.poll(() => stateBadge(desk).first().textContent(), POLL).toContain('Em revisão');

    await desk.getByRole('button', { name: 'Devolver', exact: true }).click();
    const modal = dialog(desk, 'Devolver amostra');
    await modal.waitFor();
    // A reason is required.
    await modal.getByRole('button', { name: 'Devolver', exact: true }).click();
    await modal.getByText('Informe o motivo.').waitFor();
    await modal.getByRole('textbox', { name: 'Motivo' }).fill(REASON);
    await modal.getByRole('button', { name: 'Devolver', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => stateBadge(desk).first().textContent(), POLL).toContain('Devolvida');
    expect(await sampleOnServer()).toMatchObject({ status: 'devolvida', status_reason: REASON });
  });

  it('the technician reads the reason, fixes the field and finalizes again', { timeout: 180_000 }, async () => {
    await syncedOn(tablet);
    await tablet.goto(samplePath);
    await tablet.getByText(REASON).first().waitFor();
    await expect.poll(() => stateBadge(tablet).first().textContent(), POLL).toContain('Devolvida');
    await textbox(tablet, 'Matrícula').fill('7788');
    await saveSample(tablet);
    await tablet.getByRole('button', { name: 'Finalizar', exact: true }).click();
    const confirm = dialog(tablet, 'Finalizar amostra');
    await confirm.getByRole('button', { name: 'Finalizar', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await screenshot(tablet, 'sample-review-returned-fixed');
    await syncedOn(tablet);
    await expect.poll(async () => (await sampleOnServer()).status, POLL).toBe('em_revisao');
    expect((await sampleOnServer()).caracterization).toMatchObject({ employee: 'Carlos Forneiro', register: '7788' });
  });

  it('the reviewer approves: the report shows the approval and its code verifies', { timeout: 180_000 }, async () => {
    await desk.goto('/admin/sincronizacao');
    await desk.getByText('Tudo sincronizado.').waitFor({ timeout: 60_000 });
    await desk.goto(samplePath);
    await expect.poll(() => stateBadge(desk).first().textContent(), POLL).toContain('Em revisão');
    await desk.getByRole('button', { name: 'Aprovar', exact: true }).click();
    const modal = dialog(desk, 'Aprovar amostra');
    await modal.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => stateBadge(desk).first().textContent(), POLL).toContain('Aprovada');
    await screenshot(desk, 'sample-review-approved');

    const sample = await sampleOnServer();
    expect(sample.status).toBe('aprovada');
    const code = sample.approval!.code;
    const response = await fetch(`${baseUrl()}/api/pdf/sample/${sample.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const { text } = await readPdf(new Uint8Array(await response.arrayBuffer()));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(REVIEWER.name);
    expect(flat).toContain('CREA 5063123/SP');
    expect(flat).toContain(code);

    const verify = await fetch(`${baseUrl()}/api/sample/verify/${code}`);
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ verdict: 'confere', approver_name: REVIEWER.name });

    // The public page, in a profile nobody signed in to.
    const stranger = await newContext(browser, { viewport: { width: 768, height: 1024 }, withoutServiceWorker: true });
    contexts.push(stranger);
    const page = await stranger.newPage();
    await page.goto(`/verificar/${code}`);
    await page.getByText('Confere', { exact: true }).waitFor();
    await page.getByText(REVIEWER.name).waitFor();
    await screenshot(page, 'sample-review-verified');
  });

  it('the history lists the return with its reason', { timeout: 120_000 }, async () => {
    await desk.goto(samplePath);
    const history = desk.getByRole('region', { name: 'Histórico' });
    await history.getByText(REASON).first().waitFor();
    expect(await history.getByText(/Devolver/).count()).toBeGreaterThan(0);
    expect(await history.getByText(/Aprovar/).count()).toBeGreaterThan(0);
  });
});
