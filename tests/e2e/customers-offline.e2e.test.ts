/**
 * Customers offline, end to end (issue 5): the administrator, with the
 * network cut after one online visit, creates a company with its contact,
 * an address (the postcode lookup cannot answer offline, the fields stay
 * for typing) and two attached files; a reload while still offline finds
 * all of it; back online the engine creates the customer, the address and
 * uploads the files, each once, bytes identical. Then another user on a
 * fresh profile downloads both files and the zip of both (entries read
 * back), and downloads one again offline from the copy kept on the device.
 * Finally a customer-type user sees only the customer linked to it,
 * read-only.
 *
 * The postcode service is the one thing outside this machine: its requests
 * are aborted in the browser. Names carry a per-run tag. Every wait is on
 * visible text.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readZip } from '../server/customers/support';
import {
  alertShown,
  baseUrl,
  connectivity,
  goOnline,
  launchChromium,
  newContext,
  recordForm,
  signIn,
  signInReadyForOffline,
  waitForServiceWorkerControl,
} from './support/browser';
import { E2E_ADMIN } from './support/e2e-admin';
import { E2E_CUSTOMER_USER, E2E_LINKED_CUSTOMER, E2E_OFFICE_USER } from './support/e2e-users';
import { mailFiles, waitForMailMatching } from './support/mailbox';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const WAIT_MS = 30_000;
const TEST_TIMEOUT_MS = 300_000;
const CUSTOMER = {
  // Upper case: the name is capitalised as typed (the tag's first letter would change).
  name: `Metalúrgica Offline ${RUN.toUpperCase()}`,
  cnpj: '45721839000157',
  email: `contato-${RUN}@metalurgica.example.com`,
  phone: '11987654321',
  contact: 'Ana Souza',
  address: { zipcode: '01310100', street: 'Avenida Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', state: 'SP - São Paulo' },
} as const;

function pdfBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 7919 + 13) % 256;
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}
const FILES = [
  { name: 'laudo-ruido', fileName: 'laudo-ruido.pdf', mimeType: 'application/pdf', buffer: pdfBytes(180_000) },
  { name: 'medicoes', fileName: 'medicoes.csv', mimeType: 'text/csv', buffer: Buffer.from('ponto;dB(A)\n1;85,2\n2;91,7\n', 'utf8') },
] as const;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let browser: Browser;
let admin: BrowserContext;
let page: Page;

/** The postcode service is outside the machine: never reached from the tests. */
async function blockPostcodeService(context: BrowserContext) {
  await context.route(/viacep\.com\.br/, (route) => route.abort());
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await newContext(browser);
  admin.setDefaultTimeout(WAIT_MS);
  await blockPostcodeService(admin);
  page = await admin.newPage();
  await signInReadyForOffline(page);
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

// ---- helpers -------------------------------------------------------------

const activePanel = (target: Page) => target.getByRole('tabpanel');
const filesTable = (target: Page) => target.getByRole('table', { name: 'Anexos' });
const fileRow = (target: Page, name: string) =>
  filesTable(target)
    .getByRole('row')
    .filter({ has: target.getByText(name, { exact: true }) });

async function download(target: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([target.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

async function apiToken(username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'pwa', client_secret: 'public', username, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface ServerCustomer {
  id: number;
  name: string;
  document: string | null;
  contact: { name: string | null } | null;
  addresses: Array<Record<string, unknown>>;
  files: Array<{ id: number; name: string; original_name: string; sha256: string; size: number }>;
}

async function serverCustomers(token: string, search: string): Promise<ServerCustomer[]> {
  const response = await fetch(`${baseUrl()}/api/customer/all/0/100?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { list: ServerCustomer[] }).list;
}

// ---- the offline work ----------------------------------------------------

async function createCustomerOffline(target: Page) {
  await target.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Clientes', exact: true }).click();
  await target.getByRole('heading', { name: 'Clientes', level: 2 }).waitFor();
  await target.getByRole('link', { name: 'Novo cliente' }).click();
  await target.getByRole('heading', { name: 'Cliente / Adicionar', level: 2 }).waitFor();

  const form = recordForm(target);
  await form.getByText('Pessoa jurídica', { exact: true }).click();
  await form.locator('input[name="contact_name"]').waitFor();
  await form.locator('input[name="name"]').fill(CUSTOMER.name);
  await form.locator('input[name="document"]').fill(CUSTOMER.cnpj);
  await form.locator('input[name="email"]').fill(CUSTOMER.email);
  await form.locator('input[name="phone"]').fill(CUSTOMER.phone);
  await form.locator('input[name="contact_name"]').fill(CUSTOMER.contact);
  expect(await form.locator('input[name="document"]').inputValue()).toBe('45.721.839/0001-57');
  expect(await form.locator('input[name="phone"]').inputValue()).toBe('(11) 98765-4321');

  // The first address: the postcode lookup cannot answer offline; the fields stay for typing.
  const panel = activePanel(target);
  const { address } = CUSTOMER;
  await panel.locator('input[name="zipcode"]').fill(address.zipcode);
  await panel.getByText('Não foi possível consultar o CEP agora. Preencha o endereço.').waitFor();
  await panel.locator('input[name="street"]').fill(address.street);
  await panel.locator('input[name="number"]').fill(address.number);
  await panel.locator('input[name="district"]').fill(address.district);
  await panel.locator('input[name="city"]').fill(address.city);
  await panel.getByRole('combobox', { name: 'Estado' }).click();
  await target.getByRole('option', { name: address.state, exact: true }).click();

  // Two files for a customer not saved yet: held, then kept on the device when it saves.
  await target.getByRole('tab', { name: 'Anexos' }).click();
  await target.getByText('Ainda não tem nenhum arquivo atribuido.').waitFor();
  await target.getByRole('button', { name: 'Anexar arquivos' }).click();
  const modal = target.getByRole('dialog', { name: 'Upload de Arquivos' });
  await modal
    .locator('input[type="file"]')
    .setInputFiles(FILES.map((file) => ({ name: file.fileName, mimeType: file.mimeType, buffer: file.buffer })));
  await modal.getByRole('button', { name: 'Salvar (2)' }).waitFor();
  expect(
    await modal.getByRole('textbox', { name: 'Nome do arquivo' }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
  ).toEqual(FILES.map((file) => file.name));
  await screenshot(target, 'customer-upload-modal');
  await modal.getByRole('button', { name: 'Salvar (2)' }).click();
  await alertShown(target, '2 arquivo(s) adicionado(s) temporariamente');
  await modal.waitFor({ state: 'detached' });

  await form.getByRole('button', { name: 'Salvar' }).click();
  await target.getByRole('heading', { name: 'Cliente / Editar', level: 2 }).waitFor();
  await alertShown(target, 'Cliente salvo com sucesso');
  await target.waitForURL(/\/admin\/clientes\/[0-9a-f-]{36}$/);
}

/** The customer as the device that made it shows it, before and after the sync. */
async function expectCustomerShown(target: Page) {
  await target.getByRole('heading', { name: /^Cliente \/ Editar$/, level: 2 }).waitFor();
  const form = recordForm(target);
  await expect.poll(() => form.locator('input[name="name"]').inputValue(), { timeout: WAIT_MS }).toBe(CUSTOMER.name);
  expect(await form.locator('input[name="contact_name"]').inputValue()).toBe(CUSTOMER.contact);
  await expect.poll(() => activePanel(target).locator('input[name="street"]').inputValue(), { timeout: WAIT_MS }).toBe(CUSTOMER.address.street);
  await target.getByRole('tab', { name: 'Anexos' }).click();
  for (const file of FILES) await fileRow(target, file.name).waitFor();
}

// ---- the test ------------------------------------------------------------

describe('customers offline, end to end', () => {
  it(
    'creates a customer with an address and files offline, syncs once, another user downloads them, a customer user sees only its own',
    async () => {
      await admin.setOffline(true);
      await page.goto('/admin/overview');
      await connectivity(page)
        .filter({ hasText: /^Offline$/ })
        .waitFor();
      await createCustomerOffline(page);
      const customerPath = new URL(page.url()).pathname;

      // A reload while still offline: the customer, its address and its files wait on the device.
      await page.reload();
      await connectivity(page)
        .filter({ hasText: /^Offline · \d+ pendentes?$/ })
        .waitFor();
      await expectCustomerShown(page);
      for (const file of FILES) await fileRow(page, file.name).getByText('Pendente').waitFor();
      await screenshot(page, 'customer-files-offline');
      expect(new URL(page.url()).pathname).toBe(customerPath);

      // Back online: the engine creates the customer, then the address and the uploads.
      await goOnline(admin, page);
      for (const file of FILES) {
        await expect.poll(() => fileRow(page, file.name).getByText('Pendente').count(), { timeout: 60_000 }).toBe(0);
      }
      await page.goto('/admin/sincronizacao');
      await page.getByTestId('sync-empty').filter({ hasText: 'Tudo sincronizado.' }).waitFor();

      // The server holds one customer, one address, two files, each once, bytes as chosen.
      const adminToken = await apiToken(E2E_ADMIN.username, E2E_ADMIN.password);
      const found = await serverCustomers(adminToken, RUN);
      expect(found).toHaveLength(1);
      const customer = found[0]!;
      expect(customer).toMatchObject({ name: CUSTOMER.name, document: CUSTOMER.cnpj, contact: expect.objectContaining({ name: CUSTOMER.contact }) });
      expect(customer.addresses).toEqual([
        expect.objectContaining({ label: 'Endereço Principal', zipcode: '01310100', street: 'Avenida Paulista', number: '1578', state: 'SP' }),
      ]);
      expect(customer.files.map((file) => file.name).sort()).toEqual(FILES.map((file) => file.name).sort());
      for (const file of FILES) {
        expect(customer.files.find((candidate) => candidate.name === file.name)).toMatchObject({
          original_name: file.fileName,
          size: file.buffer.length,
          sha256: sha256(file.buffer),
        });
      }

      // Another user, fresh profile: downloads each file and the zip of both (and one again offline).
      const other = await newContext(browser);
      other.setDefaultTimeout(WAIT_MS);
      await blockPostcodeService(other);
      try {
        const officePage = await other.newPage();
        await officePage.goto('/public/login');
        await signIn(officePage, E2E_OFFICE_USER.username, E2E_OFFICE_USER.password);
        await officePage.waitForURL('**/admin/overview');
        await waitForServiceWorkerControl(officePage);
        await officePage.goto(`/admin/clientes/${customer.id}`);
        await officePage.getByRole('heading', { name: 'Cliente / Editar', level: 2 }).waitFor();
        await officePage.getByRole('tab', { name: 'Anexos' }).click();
        for (const file of FILES) {
          const row = fileRow(officePage, file.name);
          const saved = await download(officePage, () => row.getByRole('button', { name: 'Download' }).click());
          expect(saved.name).toBe(file.fileName);
          expect(sha256(saved.bytes)).toBe(sha256(file.buffer));
        }
        await alertShown(officePage, '1 arquivo(s) baixado(s) com sucesso');

        await officePage.getByRole('button', { name: 'Selecionar' }).click();
        for (const file of FILES) await officePage.getByRole('checkbox', { name: `Selecionar ${file.name}` }).check();
        const zip = await download(officePage, () => officePage.getByRole('button', { name: 'Baixar todos (2)' }).click());
        expect(zip.name).toMatch(/^arquivos_\d{4}-\d{2}-\d{2}\.zip$/);
        const entries = readZip(zip.bytes);
        expect(entries.map((entry) => entry.name).sort()).toEqual(FILES.map((file) => file.fileName).sort());
        for (const file of FILES) {
          expect(sha256(entries.find((entry) => entry.name === file.fileName)!.data)).toBe(sha256(file.buffer));
        }
        await alertShown(officePage, '2 arquivo(s) baixado(s) com sucesso');
        await screenshot(officePage, 'customer-files-downloaded');

        // What was downloaded stays on the device: it opens offline.
        await other.setOffline(true);
        const offlineCopy = await download(officePage, () => fileRow(officePage, FILES[0].name).getByRole('button', { name: 'Download' }).click());
        expect(sha256(offlineCopy.bytes)).toBe(sha256(FILES[0].buffer));
        await other.setOffline(false);

        // 'Notificar por e-mail' (online only): the settings' template, the customer's e-mail, sent once.
        const known = mailFiles().length;
        await officePage.getByRole('button', { name: 'Notificar por e-mail' }).click();
        const notify = officePage.getByRole('dialog', { name: 'Notificar por e-mail' });
        await expect.poll(() => notify.getByRole('textbox', { name: 'Mensagem' }).inputValue(), { timeout: WAIT_MS }).not.toBe('');
        expect(await notify.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(CUSTOMER.email);
        await notify.getByRole('button', { name: 'Enviar' }).click();
        await alertShown(officePage, 'Notificação de novos arquivos enviada com sucesso');
        const escapedEmail = CUSTOMER.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        await waitForMailMatching(new RegExp(`${escapedEmail}[\\s\\S]*/admin/clientes/${customer.id}`), known);
      } finally {
        await other.close();
      }

      // A customer-type user: sent to its one customer, sees it read-only, and only it.
      const third = await newContext(browser, { withoutServiceWorker: true });
      third.setDefaultTimeout(WAIT_MS);
      await blockPostcodeService(third);
      try {
        const clientPage = await third.newPage();
        await clientPage.goto('/public/login');
        await signIn(clientPage, E2E_CUSTOMER_USER.username, E2E_CUSTOMER_USER.password);
        await clientPage.waitForURL(/\/admin\/clientes\/\d+$/);
        await clientPage.getByRole('heading', { name: 'Cliente', level: 2, exact: true }).waitFor();
        const name = clientPage.locator('input[name="name"]');
        await expect.poll(() => name.inputValue(), { timeout: WAIT_MS }).toBe(E2E_LINKED_CUSTOMER.name);
        expect(await name.isDisabled()).toBe(true);
        expect(await clientPage.locator('input[name="document"]').isDisabled()).toBe(true);
        expect(await clientPage.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
        expect(await clientPage.getByRole('button', { name: 'Novo endereço' }).count()).toBe(0);
        expect(await activePanel(clientPage).locator('input[name="street"]').isDisabled()).toBe(true);
        await clientPage.getByRole('tab', { name: 'Anexos' }).click();
        await clientPage.getByText('Ainda não tem nenhum arquivo atribuido.').waitFor();
        expect(await clientPage.getByRole('button', { name: 'Anexar arquivos' }).count()).toBe(0);
        await screenshot(clientPage, 'customer-user-view');

        await clientPage.goto('/admin/clientes/lista/1');
        await clientPage.getByRole('heading', { name: 'Clientes', level: 2 }).waitFor();
        const table = clientPage.getByRole('table');
        await table.getByRole('link', { name: E2E_LINKED_CUSTOMER.name }).waitFor();
        expect(await table.locator('tbody tr').count()).toBe(1);
        expect(await table.getByRole('columnheader').allTextContents()).not.toContain('Opções');
        expect(await clientPage.getByRole('link', { name: 'Novo cliente' }).count()).toBe(0);
        await clientPage.goto(`/admin/clientes/${customer.id}`);
        await clientPage.getByText('Registro não encontrado neste dispositivo.').waitFor();
      } finally {
        await third.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
