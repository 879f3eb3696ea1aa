/**
 * The catalog works offline end to end (issue 4): the administrator, with
 * the network cut after one online visit, creates and edits an agent, a
 * service, a cost and an equipment with a new category through the screens;
 * a reload while still offline finds all of it (header: pending changes);
 * back online the engine sends it all; then another user, on a fresh browser
 * profile, sees exactly those records, and the API holds each exactly once.
 *
 * Names carry a per-run tag so the test finds its own records on a server
 * other test files also write to. Every wait is on visible text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, connectivity, goOnline, launchChromium, newContext, recordForm, signIn, signInReadyForOffline } from './support/browser';
import { adminToken } from './support/api';
import { E2E_OFFICE_USER } from './support/e2e-users';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
/** A long story on a small shared machine: generous, but every wait still ends on visible text. */
const WAIT_MS = 30_000;
const TEST_TIMEOUT_MS = 300_000;
const RECORDS = {
  agent: { name: `Tolueno ${RUN}`, type: 'Químico', price: '80,00', editedPrice: '95,50', shownPrice: 'R$ 95,50' },
  service: { name: `Avaliação de ruído ${RUN}`, price: '900,00', editedPrice: '950,00', shownPrice: 'R$ 950,00' },
  cost: { name: `Deslocamento ${RUN}`, price: '150,00', editedPrice: '175,50', shownPrice: 'R$ 175,50' },
  category: { name: `Medidores ${RUN}` },
  equipment: { name: `Dosímetro ${RUN}`, serial: `SN-${RUN}`, expiry: '31/12/2027', editedExpiry: '30/06/2028' },
} as const;

let browser: Browser;
let admin: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await newContext(browser);
  admin.setDefaultTimeout(WAIT_MS);
  page = await admin.newPage();
  await signInReadyForOffline(page);
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

// ---- helpers -------------------------------------------------------------

async function openFromMenu(target: Page, label: string, heading: string) {
  await target.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: label, exact: true }).click();
  await target.getByRole('heading', { name: heading, level: 2 }).waitFor();
}

async function fill(form: Locator, field: string, value: string) {
  const input = form.locator(`input[name="${field}"]`);
  await input.fill(value);
}

/** Saves the record form and waits until the page is the record's edit page. */
async function saveAndWaitForEditPage(target: Page, editTitle: string) {
  await recordForm(target).getByRole('button', { name: 'Salvar' }).click();
  await target.getByRole('heading', { name: editTitle, level: 2 }).waitFor();
}

/** Saves an edit and waits for the success alert that belongs to this save. */
async function saveEdit(target: Page, savedText: string) {
  const alerts = target.getByRole('alert').filter({ hasText: savedText });
  const before = await alerts.count();
  await recordForm(target).getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(() => alerts.count(), { timeout: WAIT_MS }).toBeGreaterThan(before);
}

/** Opens a list filtered by this run's tag and returns the row that names `name`. */
async function rowInList(target: Page, path: string, heading: string, name: string): Promise<Locator> {
  await target.goto(`${path}?busca=${encodeURIComponent(RUN)}`);
  await target.getByRole('heading', { name: heading, level: 2 }).waitFor();
  const row = target.getByRole('row').filter({ has: target.getByRole('cell', { name, exact: true }) });
  await row.waitFor();
  return row;
}

async function chooseOption(target: Page, combobox: Locator, option: string) {
  await combobox.click();
  await target.getByRole('option', { name: option, exact: true }).click();
}

// ---- the offline work ----------------------------------------------------

async function createAndEditCost(target: Page) {
  const { cost } = RECORDS;
  await openFromMenu(target, 'Custos', 'Custos');
  await target.getByRole('link', { name: 'Novo custo' }).click();
  await target.getByRole('heading', { name: 'Custo / Adicionar', level: 2 }).waitFor();
  await fill(recordForm(target), 'name', cost.name);
  await fill(recordForm(target), 'price', cost.price);
  await saveAndWaitForEditPage(target, 'Custo / Editar');
  await fill(recordForm(target), 'price', cost.editedPrice);
  await saveEdit(target, 'Custo salvo com sucesso');
}

async function createAndEditService(target: Page) {
  const { service } = RECORDS;
  await openFromMenu(target, 'Serviços', 'Serviços');
  await target.getByRole('link', { name: 'Novo serviço' }).click();
  await target.getByRole('heading', { name: 'Serviço / Adicionar', level: 2 }).waitFor();
  await fill(recordForm(target), 'name', service.name);
  await fill(recordForm(target), 'price', service.price);
  await saveAndWaitForEditPage(target, 'Serviço / Editar');
  await fill(recordForm(target), 'price', service.editedPrice);
  await saveEdit(target, 'Serviço salvo com sucesso');
}

async function createAndEditEquipment(target: Page) {
  const { equipment, category } = RECORDS;
  await openFromMenu(target, 'Equipamentos', 'Equipamentos');
  await target.getByRole('link', { name: 'Novo equipamento' }).click();
  await target.getByRole('heading', { name: 'Equipamentos / Adicionar', level: 2 }).waitFor();
  const form = recordForm(target);
  await fill(form, 'name', equipment.name);
  await form.getByRole('button', { name: 'Nova categoria' }).click();
  const modal = target.getByRole('dialog', { name: 'Nova Categoria' });
  await modal.getByRole('textbox', { name: 'Nome' }).fill(category.name);
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await modal.waitFor({ state: 'detached' });
  await expect.poll(() => form.getByRole('combobox', { name: 'Categoria' }).inputValue(), { timeout: WAIT_MS }).toBe(category.name);
  await fill(form, 'serial_number', equipment.serial);
  await fill(form, 'expiration_date', equipment.expiry);
  await saveAndWaitForEditPage(target, 'Equipamentos / Editar');
  await fill(recordForm(target), 'expiration_date', equipment.editedExpiry);
  await saveEdit(target, 'Equipamento salvo com sucesso');
}

async function createAndEditAgent(target: Page) {
  const { agent } = RECORDS;
  await openFromMenu(target, 'Agentes', 'Agentes');
  await target.getByRole('link', { name: 'Novo agente' }).click();
  await target.getByRole('heading', { name: 'Agente / Adicionar', level: 2 }).waitFor();
  const form = recordForm(target);
  await fill(form, 'name', agent.name);
  await chooseOption(target, form.getByRole('combobox', { name: /^Tipo/ }), agent.type);
  await fill(form, 'price', agent.price);
  await saveAndWaitForEditPage(target, 'Agente / Editar');
  await fill(recordForm(target), 'price', agent.editedPrice);
  await saveEdit(target, 'Produto salvo com sucesso');
}

/** What any profile must show once synced (or, offline, on the device that made it). */
async function expectCatalogShown(target: Page) {
  const { agent, service, cost, equipment, category } = RECORDS;
  await expect((await rowInList(target, '/admin/custos/lista/1', 'Custos', cost.name)).textContent()).resolves.toContain(cost.shownPrice);
  await expect((await rowInList(target, '/admin/servicos/lista/1', 'Serviços', service.name)).textContent()).resolves.toContain(service.shownPrice);
  const agentText = await (await rowInList(target, '/admin/agentes/lista/1', 'Agentes', agent.name)).textContent();
  expect(agentText).toContain(agent.type);
  expect(agentText).toContain(agent.shownPrice);
  const equipmentRow = await rowInList(target, '/admin/equipamentos/lista/1', 'Equipamentos', equipment.name);
  const equipmentText = await equipmentRow.textContent();
  expect(equipmentText).toContain(category.name);
  expect(equipmentText).toContain(equipment.serial);
  expect(equipmentText).toContain(equipment.editedExpiry);
}

// ---- API checks ----------------------------------------------------------

async function apiGet<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

type Named = { id: number; name: string } & Record<string, unknown>;

async function listNamed(token: string, path: string, name: string): Promise<Named[]> {
  const body = await apiGet<{ list: Named[] } | Named[]>(token, path);
  const list = Array.isArray(body) ? body : body.list;
  return list.filter((record) => record.name === name);
}

// ---- the test ------------------------------------------------------------

describe('catalog offline, end to end', () => {
  it(
    'saves offline, survives a reload offline, syncs once back online, and another user sees exactly it',
    async () => {
      // Offline from here.
      await admin.setOffline(true);
      await page.goto('/admin/overview');
      await connectivity(page)
        .filter({ hasText: /^Offline$/ })
        .waitFor();

      await createAndEditCost(page);
      await createAndEditService(page);
      await createAndEditEquipment(page);
      await createAndEditAgent(page);

      // A reload while still offline: everything is on the device, waiting.
      await page.reload();
      await connectivity(page)
        .filter({ hasText: /^Offline · \d+ pendentes?$/ })
        .waitFor();
      const pending = Number(/(\d+)/.exec((await connectivity(page).textContent()) ?? '')?.[1]);
      expect(pending).toBeGreaterThan(0);
      await screenshot(page, 'header-offline');
      await expectCatalogShown(page);

      // The sync page lists what waits, in the user's words.
      await page.goto('/admin/sincronizacao');
      const waiting = page.getByRole('region', { name: 'Aguardando envio' });
      await waiting.getByTestId('sync-change').filter({ hasText: RECORDS.cost.name }).waitFor();
      for (const text of [RECORDS.agent.name, RECORDS.service.name, RECORDS.equipment.name, RECORDS.category.name, 'Criação', 'Categoria']) {
        await expect(waiting.textContent()).resolves.toContain(text);
      }
      await screenshot(page, 'sync-page-offline');

      // 'Sair' warns that changes are unsent; the user stays.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Sair' }).click();
      const warning = page.getByRole('dialog', { name: 'Alterações não sincronizadas' });
      await warning.filter({ hasText: `Há ${pending} alterações ainda não sincronizadas.` }).waitFor();
      await screenshot(page, 'sign-out-warning');
      await warning.getByRole('button', { name: 'Cancelar' }).click();
      await warning.waitFor({ state: 'detached' });

      // Back online: the engine sends everything.
      await goOnline(admin, page);
      await page.getByTestId('sync-empty').filter({ hasText: 'Tudo sincronizado.' }).waitFor();
      await screenshot(page, 'sync-page-synced');

      // The server holds each record exactly once, as edited.
      const token = await adminToken();
      const search = encodeURIComponent(RUN);
      const [costs, services, agents, equipment, categories] = await Promise.all([
        listNamed(token, `api/cost/all/0/100?search=${search}`, RECORDS.cost.name),
        listNamed(token, `api/service/all/0/100?search=${search}`, RECORDS.service.name),
        listNamed(token, `api/product/all/0/100?search=${search}`, RECORDS.agent.name),
        listNamed(token, `api/equipment/all/0/100?search=${search}`, RECORDS.equipment.name),
        listNamed(token, 'api/equipment/categories', RECORDS.category.name),
      ]);
      expect(costs).toHaveLength(1);
      expect(costs[0]).toMatchObject({ price: 175.5 });
      expect(services).toHaveLength(1);
      expect(services[0]).toMatchObject({ price: 950 });
      expect(agents).toHaveLength(1);
      expect(agents[0]).toMatchObject({ price: 95.5, type_id: 2 });
      expect(categories).toHaveLength(1);
      expect(equipment).toHaveLength(1);
      expect(equipment[0]).toMatchObject({
        serial_number: RECORDS.equipment.serial,
        expiration_date: '2028-06-30',
        category_id: categories[0]!.id,
      });

      // Another user on a fresh profile sees exactly those records.
      const other = await newContext(browser, { withoutServiceWorker: true });
      other.setDefaultTimeout(WAIT_MS);
      try {
        const otherPage = await other.newPage();
        await otherPage.goto('/public/login');
        await signIn(otherPage, E2E_OFFICE_USER.username, E2E_OFFICE_USER.password);
        await otherPage.waitForURL('**/admin/overview');
        expect(await otherPage.getByTestId('user-name').textContent()).toBe(E2E_OFFICE_USER.name);
        await expectCatalogShown(otherPage);
        await otherPage.goto('/admin/sincronizacao');
        await otherPage.getByTestId('sync-empty').waitFor();
      } finally {
        await other.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
