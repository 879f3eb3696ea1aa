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
 * - the administrator changes a chemical result threshold and the
 *   technician's device, after its next sync while online, still has the new
 *   value in its local settings once offline.
 *
 * The users themselves are seeded (tests/e2e/support/e2e-users.ts): this
 * branch has no user creation call or screen yet, so the technician starts in
 * 'Técnico de campo' and the customer-type user comes linked to its customer.
 * The threshold is changed through `PUT api/settings` because the settings
 * screen is not on this branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall } from './support/api';
import { launchChromium, newContext, signIn } from './support/browser';
import { E2E_CUSTOMER_USER, E2E_LINKED_CUSTOMER, E2E_TECHNICIAN_USER } from './support/e2e-users';
import { screenshot } from './support/screenshots';

const RUN = String(Date.now()).slice(-6);
/** Typed in lowercase: the screen capitalises it ('de' stays lowercase). */
const TYPED_NAME = `amostragem de campo ${RUN}`;
const DEPARTMENT = `Amostragem de Campo ${RUN}`;
const WAIT_MS = 30_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  context.setDefaultTimeout(WAIT_MS);
  contexts.push(context);
  return { context, page: await context.newPage() };
}

async function signInAs(page: Page, username?: string, password?: string): Promise<void> {
  await page.goto('/public/login');
  await signIn(page, username, password);
  await page.waitForURL(/\/admin\//);
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

describe('access control (issue 12)', () => {
  let technician: Page;
  let technicianContext: BrowserContext;

  it('the administrator creates a department with only the samples module and puts the technician in it', async () => {
    const { page } = await freshPage();
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
    ({ context: technicianContext, page: technician } = await freshPage());
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

  it("a chemical threshold the administrator changes is on the technician's device after its next sync, offline too", async () => {
    const token = await adminToken();
    const before = await chemicalThresholds(technician);
    expect(before).not.toBeNull();
    const settings = await apiCall<{ options: Array<{ option: string; value: string }> }>(token, 'GET', 'api/settings/all');
    const chemical = JSON.parse(settings.options.find((o) => o.option === 'result_chemical')!.value);
    const moved = Math.round(((chemical.risks.risk1.max ?? 0.1) + 0.05) * 1000) / 1000;
    chemical.risks.risk1.max = moved;
    chemical.risks.risk2.min = moved;
    await apiCall(token, 'PUT', 'api/settings', { options: [{ option: 'result_chemical', value: JSON.stringify(chemical) }] });

    // Online: the next sync brings it.
    await syncNow(technician);
    await expect.poll(async () => (await chemicalThresholds(technician))?.risks.risk1?.max, { timeout: WAIT_MS }).toBe(moved);

    // Offline: the device still has it (reloaded from the service worker and the local store).
    await technicianContext.setOffline(true);
    await technician.reload();
    await menu(technician).first().waitFor();
    const offline = await chemicalThresholds(technician);
    expect(offline?.risks.risk1?.max).toBe(moved);
    expect(offline?.risks.risk2?.min).toBe(moved);
  });
});
