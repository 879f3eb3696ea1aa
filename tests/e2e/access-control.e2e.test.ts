/**
 * Issue 12's access control, end to end in Chromium:
 * - the administrator creates a department with only the samples module
 *   ('Controle de acesso' in 'Configurações': Tipos, Módulos) and puts a
 *   technician in it (Usuários); the separate access-control page sends the
 *   administrator back to /admin/settings;
 * - the technician and a customer-type user linked to one customer each sign
 *   in on a fresh browser profile and see exactly their menu and their data
 *   (what their device pulled), and neither reaches access control;
 * - a module the administrator switches on for the technician's department
 *   reaches the technician's menu on the next sync;
 * - the administrator changes a chemical and a noise threshold on the
 *   settings screen (Configurações → Resultados); after its next sync the
 *   technician's device, offline, has the new chemical value in its local
 *   settings and computes a noise sample's conclusion and colour with the
 *   new noise level: the dose typed falls in another level under the old
 *   threshold, so a device still on the old one fails the test;
 * - the customer-type user sees that sample (its linked customer's) read
 *   only: no Salvar, fields disabled.
 *
 * The users themselves are seeded (tests/e2e/support/e2e-users.ts): the
 * technician starts in 'Técnico de campo' and the customer-type user comes
 * linked to its customer. The noise sample's quotation and plan are made
 * through the API (approved quotation with one noise agent row, then
 * `POST api/sample/quotation`): the samples screens are issue 13's test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SAMPLE_REVIEW_MESSAGES } from '@sync/contract/samples/review';
import { adminToken, apiCall, approvedPlan, createUser, userToken } from './support/api';
import { launchChromium, newContext, signIn, signInAs, WAIT_MS, waitForShellOffline } from './support/browser';
import { E2E_CUSTOMER_USER, E2E_LINKED_CUSTOMER, E2E_TECHNICIAN_USER } from './support/e2e-users';
import { screenshot } from './support/screenshots';

const RUN = String(Date.now()).slice(-6);
/** Typed in lowercase: the screen capitalises it ('de' stays lowercase). */
const TYPED_NAME = `amostragem de campo ${RUN}`;
const DEPARTMENT = `Amostragem de Campo ${RUN}`;
/** The product type 'Ruído': an agent row of this type plans a noise sample. */
const NOISE_TYPE_ID = 3;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A fresh profile; only the technician's goes offline and needs the service worker. */
async function freshPage({ offline = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { timeoutMs: WAIT_MS, withoutServiceWorker: !offline });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

async function alertShown(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');

async function menuLabels(page: Page): Promise<string[]> {
  await menu(page).first().waitFor();
  return (await menu(page).allTextContents()).map((label) => label.trim());
}

/**
 * Asks for a sync from the sync page, reached through the menu (no page
 * load: a reload would re-read the user on its own, and the test is about
 * what the sync run brings).
 */
async function syncNow(page: Page): Promise<void> {
  await menu(page).filter({ hasText: 'Sincronização' }).click();
  await page.waitForURL('**/admin/sincronizacao');
  const last = page.getByTestId('last-sync');
  await last.filter({ hasText: /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/ }).waitFor();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
}

/** The records of one list in the device's local store (the signed-in user's database). */
function localRecords(page: Page, store: string): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(async (name) => {
    const databases = await indexedDB.databases();
    const own = databases.find((d) => d.name?.startsWith('higiene-'));
    if (!own?.name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(own.name!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains(name)) return [];
      return await new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result as Array<Record<string, unknown>>);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

async function chemicalThresholds(page: Page): Promise<{ risks: Record<string, { min: number | null; max: number | null }> } | null> {
  const settings = await localRecords(page, 'settings');
  const option = settings.find((record) => record.option === 'result_chemical');
  return option ? JSON.parse(String(option.value)) : null;
}

type Bounds = { min: number | null; max: number | null };
type NoiseLevel = { min: number | null; max: number | null; technicalConsiderations: string; bgColor: string };
type NoiseLevels = Record<'level1' | 'level2' | 'level3' | 'level4', NoiseLevel>;
type SavedThresholds = {
  chemical: { risks: Record<'risk1' | 'risk2' | 'risk3' | 'risk4', Bounds> };
  noise: { nho: NoiseLevels; nr15: NoiseLevels };
};

/** `result_chemical` and `result_noise` as the server keeps them. */
async function savedThresholds(token: string): Promise<SavedThresholds> {
  const settings = await apiCall<{ options: Array<{ option: string; value: string }> }>(token, 'GET', 'api/settings/all');
  const option = (name: string) => JSON.parse(settings.options.find((o) => o.option === name)!.value);
  return { chemical: option('result_chemical'), noise: option('result_noise') };
}

async function noiseThresholds(page: Page): Promise<SavedThresholds['noise'] | null> {
  const settings = await localRecords(page, 'settings');
  const option = settings.find((record) => record.option === 'result_noise');
  return option ? JSON.parse(String(option.value)) : null;
}

describe('access control (issue 12)', () => {
  let admin: Page;
  let technician: Page;
  let technicianContext: BrowserContext;
  let customerUser: Page;
  let thresholdsBefore: SavedThresholds;
  let movedChemical: number;
  let movedNoise: number;
  let typedDose: number;
  let noiseSampleId: string;

  it('the administrator creates a department with only the samples module and puts the technician in it', async () => {
    const { page } = await freshPage();
    admin = page;
    await signInAs(page);
    // The separate access-control page sends an administrator to Configurações.
    await page.goto('/admin/controle-de-acesso');
    await page.waitForURL('**/admin/settings');
    await page.getByRole('tab', { name: 'Controle de acesso' }).click();

    // Tipos
    const name = page.getByRole('textbox', { name: 'Nome do departamento' });
    await name.fill(TYPED_NAME);
    await expect.poll(() => name.inputValue()).toBe(DEPARTMENT);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await alertShown(page, 'Departamento salvas com sucesso');
    await page.getByRole('cell', { name: DEPARTMENT, exact: true }).waitFor();

    // Módulos: only Amostras on.
    await page.getByRole('tab', { name: 'Módulos' }).click();
    await page.getByText('Selecione um departamento', { exact: true }).last().waitFor();
    await page.getByRole('combobox', { name: 'Departamento' }).click();
    await page.getByRole('option', { name: DEPARTMENT }).click();
    const samplesSwitch = page.getByRole('switch', { name: 'Amostras' });
    await samplesSwitch.waitFor({ state: 'attached' });
    expect(await samplesSwitch.isChecked()).toBe(false);
    await samplesSwitch.click({ force: true });
    await alertShown(page, 'Permissões salvas com sucesso');
    await expect.poll(() => samplesSwitch.isChecked()).toBe(true);
    for (const other of ['Clientes', 'Orçamentos', 'Custos', 'Configurações']) {
      expect(await page.getByRole('switch', { name: other }).isChecked()).toBe(false);
    }

    // Usuários: the technician moves to the new department.
    await page.getByRole('tab', { name: 'Usuários' }).click();
    const selector = page.getByRole('combobox', { name: `Departamento de ${E2E_TECHNICIAN_USER.name}` });
    await selector.click();
    await page.getByRole('option', { name: DEPARTMENT }).click();
    await alertShown(page, 'Departamento alterado com sucesso');
    await expect.poll(() => selector.inputValue()).toBe(DEPARTMENT);
    await screenshot(page, 'access-control-users');
  });

  it('the technician, on a fresh profile, sees only the samples area and pulls no customer', async () => {
    ({ context: technicianContext, page: technician } = await freshPage({ offline: true }));
    await signInAs(technician, E2E_TECHNICIAN_USER.username, E2E_TECHNICIAN_USER.password);
    expect(await menuLabels(technician)).toEqual(['Visão Global', 'Amostras', 'Sincronização', 'Perfil']);
    await syncNow(technician);
    expect(await localRecords(technician, 'customers')).toEqual([]);
    expect(await localRecords(technician, 'quotations')).toEqual([]);
    await technician.goto('/admin/clientes/lista/1');
    await technician.getByTestId('no-permission').waitFor();
    await technician.goto('/admin/controle-de-acesso');
    await technician.getByText('Somente administradores acessam o controle de acesso.').waitFor();
    await technician.goto('/admin/settings');
    await technician.getByTestId('no-permission').waitFor();
  });

  it('the customer-type user, on a fresh profile, goes to its one customer and has only that customer', async () => {
    const { page } = await freshPage();
    customerUser = page;
    await page.goto('/public/login');
    await signIn(page, E2E_CUSTOMER_USER.username, E2E_CUSTOMER_USER.password);
    await page.waitForURL(/\/admin\/clientes\/\d+$/);
    expect(await menuLabels(page)).toEqual(['Visão Global', 'Clientes', 'Amostras', 'Sincronização', 'Perfil']);
    await syncNow(page);
    await expect.poll(async () => (await localRecords(page, 'customers')).map((c) => c.name)).toEqual([E2E_LINKED_CUSTOMER.name]);
    expect(await localRecords(page, 'costs')).toEqual([]);
    await page.goto('/admin/controle-de-acesso');
    await page.getByText('Somente administradores acessam o controle de acesso.').waitFor();
  });

  it("a module switched on for the technician's department reaches the technician's menu on the next sync", async () => {
    const token = await adminToken();
    const roles = await apiCall<Array<{ id: number; name: string }>>(token, 'GET', 'api/user/role/all');
    const department = roles.find((role) => role.name === DEPARTMENT)!;
    const modules = await apiCall<Array<{ module_id: number; slug: string }>>(token, 'GET', `api/access-control/role/${department.id}/permissions`);
    const equipment = modules.find((m) => m.slug === 'equipment')!;
    await apiCall(token, 'POST', `api/access-control/role/${department.id}/permissions`, {
      permissions: [{ module_id: equipment.module_id, active: true }],
    });
    await syncNow(technician);
    await expect
      .poll(() => menuLabels(technician), { timeout: WAIT_MS })
      .toEqual(['Visão Global', 'Amostras', 'Equipamentos', 'Sincronização', 'Perfil']);
  });

  it('the administrator changes a chemical and a noise threshold on the settings screen', async () => {
    const token = await adminToken();
    const before = await savedThresholds(token);
    thresholdsBefore = before;
    const risk1Max = before.chemical.risks.risk1.max ?? 0.1;
    movedChemical = Math.round((risk1Max + 0.05) * 1000) / 1000;
    const oldBound = before.noise.nho.level2.max ?? 80;
    // The dose typed on the device lies between the old and the new bound: level 3 before, level 2 after.
    movedNoise = oldBound + 10;
    typedDose = oldBound + 5;
    expect(before.noise.nho.level3.min).toBe(oldBound);
    expect(typedDose).toBeLessThan(before.noise.nho.level3.max ?? Number.POSITIVE_INFINITY);
    expect(before.noise.nho.level3.technicalConsiderations).not.toBe(before.noise.nho.level2.technicalConsiderations);
    expect(before.noise.nho.level3.bgColor).not.toBe(before.noise.nho.level2.bgColor);

    await admin.goto('/admin/settings');
    await admin.getByRole('tab', { name: 'Resultados', exact: true }).click();
    const results = admin.getByRole('tabpanel', { name: 'Resultados', exact: true });
    const typed = (value: number) => String(value).replace('.', ',');
    await results.getByRole('textbox', { name: 'Máximo Baixo', exact: true }).fill(typed(movedChemical));
    await results.getByRole('textbox', { name: 'Mínimo Médio', exact: true }).fill(typed(movedChemical));
    await results.getByRole('textbox', { name: 'Máximo NHO Nível 2', exact: true }).fill(typed(movedNoise));
    await results.getByRole('textbox', { name: 'Mínimo NHO Nível 3', exact: true }).fill(typed(movedNoise));
    await results.getByRole('button', { name: 'Salvar', exact: true }).click();
    await alertShown(admin, 'Configurações salvas com sucesso');
    await screenshot(admin, 'access-control-results-thresholds');

    const after = await savedThresholds(token);
    expect(after.chemical.risks.risk1.max).toBe(movedChemical);
    expect(after.chemical.risks.risk2.min).toBe(movedChemical);
    expect(after.noise.nho.level2.max).toBe(movedNoise);
    expect(after.noise.nho.level3.min).toBe(movedNoise);
    // Nothing else moved.
    expect(after.noise.nr15).toEqual(before.noise.nr15);
    expect(after.chemical.risks.risk3).toEqual(before.chemical.risks.risk3);
  });

  it("the technician's device, after its next sync and then offline, has the new thresholds and computes a noise sample with them", async () => {
    const token = await adminToken();
    // An approved quotation for the customer-type user's customer, with one noise agent row, and its sampling plan.
    const customerId = Number((await localRecords(customerUser, 'customers'))[0]!.id);
    const quotationId = await approvedPlan(token, {
      customer_id: customerId,
      rows: [{ name: `Ruído contínuo ${RUN}`, product_type_id: NOISE_TYPE_ID, quantity: 1, value: 300 }],
      total: 300,
    });

    // Online: the next sync brings the thresholds and the sample.
    await syncNow(technician);
    await expect.poll(async () => (await chemicalThresholds(technician))?.risks.risk1?.max, { timeout: WAIT_MS }).toBe(movedChemical);
    await expect.poll(async () => (await noiseThresholds(technician))?.nho.level2?.max, { timeout: WAIT_MS }).toBe(movedNoise);
    await expect
      .poll(async () => (await localRecords(technician, 'samples')).filter((s) => s.quotation_id === quotationId).length, { timeout: WAIT_MS })
      .toBe(1);
    const sample = (await localRecords(technician, 'samples')).find((s) => s.quotation_id === quotationId)!;
    noiseSampleId = String(sample.id);

    // Offline: the device still has them (reloaded from the service worker and the local store). A device
    // used online has its service worker installed; on a fast run the shell may still be downloading here.
    await waitForShellOffline(technician);
    await technicianContext.setOffline(true);
    await technician.reload();
    await menu(technician).first().waitFor();
    const offline = await chemicalThresholds(technician);
    expect(offline?.risks.risk1?.max).toBe(movedChemical);
    expect(offline?.risks.risk2?.min).toBe(movedChemical);

    // Offline, the noise sample: a measured time of 8 h, then the measured dose.
    await technician.goto(`/admin/amostra/${noiseSampleId}`);
    await technician.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
    await technician.getByRole('tab', { name: 'Memória de campo', exact: true }).click();
    await technician.getByRole('textbox', { name: 'Hora inicial', exact: true }).fill('08:00');
    await technician.getByRole('textbox', { name: 'Hora final', exact: true }).fill('16:00');
    await technician.getByRole('tab', { name: 'Resultado', exact: true }).click();
    const nho = technician.getByTestId('noise-result-nho');
    await nho.getByRole('textbox', { name: 'Dose medida (%)', exact: true }).fill(String(typedDose));

    const level2 = thresholdsBefore.noise.nho.level2;
    await expect.poll(() => technician.getByTestId('nho-dose8').inputValue()).toBe(`${typedDose},0`);
    const conclusion = technician.getByTestId('nho-conclusion');
    await expect.poll(() => conclusion.textContent()).toBe(level2.technicalConsiderations);
    expect(await conclusion.getAttribute('data-color')).toBe(level2.bgColor);
    expect(await technician.getByTestId('nho-conclusion-criterion').textContent()).toBe(
      `Configurações > Resultados (NHO 01): nível 2, de ${level2.min} a < ${movedNoise} %`,
    );
    await screenshot(technician, 'access-control-noise-offline');

    // Saved offline, the sample on the device keeps that conclusion.
    await technician.getByRole('button', { name: 'Salvar', exact: true }).click();
    await alertShown(technician, 'Amostragem salva com sucesso');
    await expect
      .poll(async () => {
        const saved = (await localRecords(technician, 'samples')).find((s) => String(s.id) === noiseSampleId);
        return (saved?.result as { nho?: { dose8?: string; conclusion?: string; bgColor?: string } } | undefined)?.nho;
      })
      .toMatchObject({ dose8: `${typedDose},0`, conclusion: level2.technicalConsiderations, bgColor: level2.bgColor });
  });

  it("once online again the technician's sample reaches the server, and the customer-type user sees it read-only", async () => {
    await technicianContext.setOffline(false);
    await syncNow(technician);
    const token = await adminToken();
    await expect
      .poll(async () => (await apiCall<{ result: { nho: { dose8: string } } }>(token, 'GET', `api/sample/${noiseSampleId}`)).result.nho.dose8, {
        timeout: WAIT_MS,
      })
      .toBe(`${typedDose},0`);

    // Before approval (issue 28) the customer sees no results: the tab is not there, and the page says why.
    await syncNow(customerUser);
    await customerUser.goto(`/admin/amostra/${noiseSampleId}`);
    await customerUser.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
    await customerUser.getByText(SAMPLE_REVIEW_MESSAGES.resultsHidden).first().waitFor();
    expect(await customerUser.getByRole('tab', { name: 'Resultado', exact: true }).count()).toBe(0);

    // The office finalizes it and a reviewer (council data on the profile) approves it.
    await apiCall(token, 'PUT', `api/sample/${noiseSampleId}/finalize`, {});
    const reviewer = {
      name: `Revisora ${RUN}`,
      username: `revisora.ac.${RUN}`,
      email: `revisora.ac.${RUN}@e2e.example.com`,
      password: 'Senha-e2e-revisora',
    };
    await createUser(token, reviewer, 'administrativo', { council_type: 'CREA', council_number: '5060001', council_uf: 'SP' });
    const approved = await apiCall<{ status: string }>(
      await userToken(reviewer.username, reviewer.password),
      'PUT',
      `api/sample/${noiseSampleId}/review`,
      {
        action: 'approve',
      },
    );
    expect(approved.status).toBe('aprovada');

    await syncNow(customerUser);
    await customerUser.goto(`/admin/amostra/${noiseSampleId}`);
    await customerUser.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
    await customerUser.getByRole('tab', { name: 'Resultado', exact: true }).click();
    const dose = customerUser.getByTestId('noise-result-nho').getByRole('textbox', { name: 'Dose medida (%)', exact: true });
    await expect.poll(() => dose.inputValue()).toBe(String(typedDose));
    expect(await dose.isDisabled()).toBe(true);
    await expect.poll(() => customerUser.getByTestId('nho-conclusion').textContent()).toBe(thresholdsBefore.noise.nho.level2.technicalConsiderations);
    await customerUser.getByRole('tab', { name: 'Memória de campo', exact: true }).click();
    expect(await customerUser.getByRole('textbox', { name: 'Hora inicial', exact: true }).isDisabled()).toBe(true);
    expect(await customerUser.getByRole('button', { name: 'Salvar', exact: true }).count()).toBe(0);
  });
});
