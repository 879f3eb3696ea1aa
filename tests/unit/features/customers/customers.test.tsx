/**
 * The customers screens on a real local store (fake-indexeddb): the form
 * (validation messages, masks, the contact copied from an individual, the
 * company's contact block), saving with the first address and the redirect
 * by local key, the postcode lookup against a stubbed service (filled, or
 * left for typing with a quiet hint), the address tab rules, the upload
 * modal's naming rules and files held for a customer not saved yet, the
 * selection mode, the list (columns, empty text, delete confirmation) and
 * the customer-type user's restricted view.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import type { RecordFields } from '@sync/store/types';
import { CustomerEditPage } from '@/features/customers/customer-edit-page';
import { CustomerListPage } from '@/features/customers/customer-list-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';
import { AT, pulled } from '../server-records';
import { wireAddress, wireCustomer } from './wire-records';

function routesFor(restricted: boolean): Record<string, RouteView> {
  return {
    '/admin/clientes/lista/$page': ({ params, search }) => (
      <CustomerListPage page={Number(params.page)} search={search.busca} restricted={restricted} />
    ),
    '/admin/clientes/novo': () => <CustomerEditPage restricted={restricted} />,
    '/admin/clientes/$customerId': ({ params }) => <CustomerEditPage customerId={params.customerId} restricted={restricted} />,
  };
}
const routes = routesFor(false);

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await closeTestDb(db);
});

const form = () => screen.getByRole('form', { name: 'Dados cadastrais' });
const field = (name: string, scope: HTMLElement = document.body) => scope.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const panel = () => screen.getByRole('tabpanel');

function wireFile(id: number, customerId: number, name: string): RecordFields {
  return {
    id,
    customer_id: customerId,
    file_id: 100 + id,
    name,
    original_name: `${name}.pdf`,
    file: { type: 'application/pdf', download_url: `api/customer/${customerId}/file/${id}/download` },
    size: 10,
    sha256: 'ab'.repeat(32),
    created_at: AT,
    updated_at: AT,
  };
}

async function chooseFiles(files: File[]) {
  const modal = await screen.findByRole('dialog', { name: 'Upload de Arquivos' });
  const input = modal.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
  await within(modal).findByRole('button', { name: `Salvar (${files.length})` });
  return modal;
}

describe('customer form', () => {
  it('shows the required messages, masks what is typed and saves an individual with the contact copied and the first address', {
    timeout: 30_000,
  }, async () => {
    const app = await renderApp(db, routes, '/admin/clientes/novo');
    expect(await screen.findByRole('heading', { name: 'Cliente / Adicionar' })).toBeInTheDocument();
    // A new customer has one address tab and no 'Salvar endereço' (the customer does not exist yet).
    expect(screen.getByRole('tab', { name: 'Endereço Principal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar endereço' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover endereço' })).not.toBeInTheDocument();

    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Telefone é obrigatório')).toBeInTheDocument();

    type(field('name'), 'maria da silva');
    type(field('email'), 'maria@exemplo.com.br');
    type(field('phone'), '11987654321');
    type(field('document'), '52998224724');
    expect(field('name').value).toBe('Maria da Silva');
    expect(field('phone').value).toBe('(11) 98765-4321');
    expect(field('document').value).toBe('529.982.247-24');
    // An individual has no contact block.
    expect(screen.queryByText('Contato')).not.toBeInTheDocument();
    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
    type(field('document'), '52998224725');
    type(field('street', panel()), 'rua augusta');
    type(field('number', panel()), '200');
    expect(field('street', panel()).value).toBe('Rua Augusta');
    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Cliente salvo com sucesso')).toBeInTheDocument();
    const [customer] = await db.records('customers').toArray();
    expect(customer).toMatchObject({
      name: 'Maria da Silva',
      type: 'individual',
      document: '52998224725',
      phone: '11987654321',
      contact: { name: 'Maria da Silva', email: 'maria@exemplo.com.br', phone: '11987654321' },
      id: null,
    });
    const addresses = await db.records('customer_addresses').toArray();
    expect(addresses).toEqual([
      expect.objectContaining({ customer_key: customer!.key, label: 'Endereço Principal', street: 'Rua Augusta', number: '200' }),
    ]);
    await waitFor(() => expect(app.path()).toBe(`/admin/clientes/${customer!.key}`));
    expect(await screen.findByRole('heading', { name: 'Cliente / Editar' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Salvar endereço' })).toBeInTheDocument();
  });

  it("shows a company's CNPJ and contact block and saves the contact it was given", async () => {
    await renderApp(db, routes, '/admin/clientes/novo');
    await screen.findByRole('heading', { name: 'Cliente / Adicionar' });
    fireEvent.click(screen.getByRole('radio', { name: 'Pessoa jurídica' }));
    expect(await screen.findByText('Contato')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CNPJ' })).toHaveAttribute('placeholder', '00.000.000/0000-00');
    type(field('name'), 'metalúrgica alfa LTDA');
    type(field('document'), '11222333000181');
    type(field('email'), 'contato@alfa.com.br');
    type(field('phone'), '1133334444');
    type(field('contact_name'), 'ana souza');
    type(field('contact_phone'), '11912345678');
    expect(field('document').value).toBe('11.222.333/0001-81');
    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cliente salvo com sucesso')).toBeInTheDocument();
    const [customer] = await db.records('customers').toArray();
    expect(customer).toMatchObject({
      name: 'Metalúrgica Alfa LTDA',
      type: 'corporate',
      document: '11222333000181',
      contact: { name: 'Ana Souza', email: null, phone: '11912345678' },
    });
    // A blank first address is not saved.
    expect(await db.records('customer_addresses').count()).toBe(0);
  });

  it("saves a first address that has only a label of its own ('Matriz')", async () => {
    await renderApp(db, routes, '/admin/clientes/novo');
    await screen.findByRole('heading', { name: 'Cliente / Adicionar' });
    type(field('name'), 'Maria da Silva');
    type(field('email'), 'maria@exemplo.com.br');
    type(field('phone'), '11987654321');
    type(field('label', panel()), 'Matriz');
    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cliente salvo com sucesso')).toBeInTheDocument();
    const [customer] = await db.records('customers').toArray();
    expect(await db.records('customer_addresses').toArray()).toEqual([
      expect.objectContaining({ customer_key: customer!.key, label: 'Matriz', street: null, city: null }),
    ]);
  });
});

describe('postcode lookup', () => {
  it('fills street, district, city and state when the CEP has 8 digits, once per CEP', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderApp(db, routes, '/admin/clientes/novo');
    await screen.findByRole('heading', { name: 'Cliente / Adicionar' });
    type(field('zipcode', panel()), '0131010');
    expect(fetch).not.toHaveBeenCalled();
    type(field('zipcode', panel()), '01310100');
    await waitFor(() => expect(field('street', panel()).value).toBe('Avenida Paulista'));
    expect(field('zipcode', panel()).value).toBe('01.310-100');
    expect(field('district', panel()).value).toBe('Bela Vista');
    expect(field('city', panel()).value).toBe('São Paulo');
    await waitFor(() => expect(within(panel()).getByRole('combobox', { name: 'Estado' })).toHaveValue('SP - São Paulo'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('https://viacep.com.br/ws/01310100/json/');
    // Typing the number does not ask again.
    type(field('number', panel()), '1000');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('leaves the fields for typing with a quiet hint when the service fails, and no alert', async () => {
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    await renderApp(db, routes, '/admin/clientes/novo');
    await screen.findByRole('heading', { name: 'Cliente / Adicionar' });
    type(field('street', panel()), 'Rua Já Digitada');
    type(field('zipcode', panel()), '99999999');
    expect(await within(panel()).findByText('Não foi possível consultar o CEP agora. Preencha o endereço.')).toBeInTheDocument();
    expect(field('street', panel()).value).toBe('Rua Já Digitada');
    expect(field('city', panel()).value).toBe('');
    expect(document.querySelector('[data-alert-kind]')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not ask at all while offline', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await renderApp(db, routes, '/admin/clientes/novo');
    await screen.findByRole('heading', { name: 'Cliente / Adicionar' });
    type(field('zipcode', panel()), '01310100');
    expect(await within(panel()).findByText('Não foi possível consultar o CEP agora. Preencha o endereço.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('address tabs', () => {
  it("adds 'Novo Endereço' tabs, removes any but the first, and saves one address on its own", { timeout: 30_000 }, async () => {
    const [customerKey] = await pulled(db, 'customers', [wireCustomer(7, { addresses: [wireAddress(70, 7)] })]);
    await renderApp(db, routes, '/admin/clientes/7');
    expect(await screen.findByRole('tab', { name: 'Endereço Principal' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Anexos' })).toBeInTheDocument();
    await waitFor(() => expect(field('street', panel()).value).toBe('Avenida Paulista'));
    expect(field('zipcode', panel()).value).toBe('01.310-100');
    expect(screen.queryByRole('button', { name: 'Remover endereço' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar endereço' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Novo endereço' }));
    const added = await screen.findByRole('tab', { name: 'Novo Endereço' });
    expect(added).toHaveAttribute('aria-selected', 'true');
    expect(field('label', panel()).value).toBe('Novo Endereço');
    type(field('label', panel()), 'Fábrica');
    type(field('zipcode', panel()), '1301');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(await within(panel()).findByText('CEP inválido')).toBeInTheDocument();
    type(field('zipcode', panel()), '');
    type(field('city', panel()), 'campinas');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(await screen.findByText('Endereço salvo com sucesso!')).toBeInTheDocument();
    const lines = await db.records('customer_addresses').where('customer_key').equals(customerKey!).toArray();
    expect(lines.map((line) => [line.label, line.city, line.id])).toEqual(
      expect.arrayContaining([
        ['Endereço Principal', 'São Paulo', 70],
        ['Fábrica', 'Campinas', null],
      ]),
    );
    expect(await screen.findByRole('tab', { name: 'Fábrica' })).toBeInTheDocument();

    // An unsaved tab goes at once; a saved one after a confirmation.
    fireEvent.click(screen.getByRole('button', { name: 'Novo endereço' }));
    await screen.findByRole('tab', { name: 'Novo Endereço' });
    fireEvent.click(screen.getByRole('button', { name: 'Remover endereço' }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Novo Endereço' })).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('tab', { name: 'Fábrica' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remover endereço' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover endereço' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Fábrica' })).not.toBeInTheDocument());
    expect(await db.records('customer_addresses').count()).toBe(1);
  });
});

describe("'Anexos'", () => {
  it('names files by default, requires every name, removes files and holds them for a customer not saved yet', { timeout: 30_000 }, async () => {
    await renderApp(db, routes, '/admin/clientes/novo');
    await screen.findByRole('heading', { name: 'Cliente / Adicionar' });
    fireEvent.click(screen.getByRole('tab', { name: 'Anexos' }));
    expect(await screen.findByText('Ainda não tem nenhum arquivo atribuido.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Anexar arquivos' }));
    const modal = await chooseFiles([
      new File(['%PDF'], 'laudo-ruido.pdf', { type: 'application/pdf' }),
      new File(['a;b'], 'medicoes.2026.csv', { type: 'text/csv' }),
    ]);
    const names = within(modal).getAllByRole('textbox', { name: 'Nome do arquivo' });
    expect(names.map((input) => (input as HTMLInputElement).value)).toEqual(['laudo-ruido', 'medicoes.2026']);
    type(names[1]!, '  ');
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar (2)' }));
    expect((await within(modal).findAllByText('Preencha os nomes obrigatórios dos arquivos')).length).toBeGreaterThan(0);
    fireEvent.click(within(modal).getByRole('button', { name: 'Remover medicoes.2026.csv' }));
    fireEvent.click(await within(modal).findByRole('button', { name: 'Salvar (1)' }));

    expect(await screen.findByText('1 arquivo(s) adicionado(s) temporariamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload de Arquivos' })).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: 'Anexos' });
    expect(within(table).getByText('laudo-ruido')).toBeInTheDocument();
    expect(within(table).getByText('Pendente')).toBeInTheDocument();
    // Nothing on the device yet: the customer does not exist.
    expect(await db.records('customer_files').count()).toBe(0);

    // Selection mode: nothing selected is a warning; Cancelar leaves it and clears the selection.
    fireEvent.click(screen.getByRole('button', { name: 'Selecionar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar todos (0)' }));
    expect(await screen.findByText('Nenhum arquivo selecionado')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar laudo-ruido' }));
    expect(await screen.findByRole('button', { name: 'Baixar todos (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Selecionar' }));
    expect(await screen.findByRole('button', { name: 'Baixar todos (0)' })).toBeInTheDocument();
  });

  it('refuses a type outside the allow-list in the drop zone', async () => {
    await pulled(db, 'customers', [wireCustomer(8)]);
    await renderApp(db, routes, '/admin/clientes/8');
    fireEvent.click(await screen.findByRole('tab', { name: 'Anexos' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Anexar arquivos' }));
    const modal = await screen.findByRole('dialog', { name: 'Upload de Arquivos' });
    // The drop area's file input is named in Portuguese (react-dropzone's own name is 'file upload').
    expect(modal.querySelector('input[type="file"]')).toHaveAccessibleName('Arraste os arquivos aqui ou clique para escolher');
    expect(within(modal).queryByLabelText('file upload')).not.toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Arraste os arquivos aqui ou clique para escolher' })).toBeInTheDocument();
    fireEvent.change(modal.querySelector('input[type="file"]')!, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(await screen.findByText('Tipo de arquivo não suportado: image/svg+xml')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Salvar (0)' })).toBeDisabled();
  });
});

describe('customers list', () => {
  it('shows the columns, the empty text, and deletes after the customer confirmation', { timeout: 30_000 }, async () => {
    const app = await renderApp(db, routes, '/admin/clientes/lista/1');
    expect(await screen.findByText('Ainda não tem nenhum cliente cadastrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo cliente' })).toHaveAttribute('href', '/admin/clientes/novo');
    await pulled(db, 'customers', [
      wireCustomer(7, { name: 'Metalúrgica Alfa' }),
      wireCustomer(8, { name: 'Química Beta', contact: null, contact_name: null }),
    ]);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['#', 'Nome', 'E-mail', 'Telefone', 'Contato', 'Cliente desde', 'Opções']);
    const row = within(table).getByText('Metalúrgica Alfa').closest('tr')!;
    expect(within(row).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(row).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Metalúrgica Alfa' })).toHaveAttribute('href', '/admin/clientes/7');

    fireEvent.click(within(row).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirme exclusão de cliente' });
    expect(within(confirm).getByText('Tem certeza que deseja excluir esse cliente?')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Cliente deletado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Metalúrgica Alfa')).not.toBeInTheDocument());
    const entries = await db.outbox.where('resource').equals('customers').toArray();
    expect(entries).toEqual([expect.objectContaining({ op: 'delete' })]);
    expect(app.path()).toBe('/admin/clientes/lista/1');
  });
});

describe('customer-type users', () => {
  it('see the list without Opções or Novo cliente, and their customer read-only with downloads only', { timeout: 30_000 }, async () => {
    await pulled(db, 'customers', [
      wireCustomer(7, { name: 'Metalúrgica Alfa', addresses: [wireAddress(70, 7)], files: [wireFile(30, 7, 'Laudo de ruído')] }),
    ]);
    const restricted = routesFor(true);
    await renderApp(db, restricted, '/admin/clientes/lista/1');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).not.toContain('Opções');
    expect(screen.queryByRole('link', { name: 'Novo cliente' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Deletar' })).not.toBeInTheDocument();
    fireEvent.click(within(table).getByRole('link', { name: 'Metalúrgica Alfa' }));

    expect(await screen.findByRole('heading', { name: 'Cliente' })).toBeInTheDocument();
    await waitFor(() => expect(field('name').value).toBe('Metalúrgica Alfa'));
    for (const name of ['name', 'document', 'email', 'phone', 'contact_name', 'comment']) expect(field(name)).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Pessoa jurídica' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deletar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Novo cliente' })).not.toBeInTheDocument();
    await waitFor(() => expect(field('street', panel()).value).toBe('Avenida Paulista'));
    expect(field('street', panel())).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Novo endereço' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar endereço' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover endereço' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Anexos' }));
    const files = await screen.findByRole('table', { name: 'Anexos' });
    expect(within(files).getByText('Laudo de ruído')).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(files).queryByRole('button', { name: 'Deletar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anexar arquivos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notificar por e-mail' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Selecionar' })).toBeInTheDocument();
  });

  it('are sent from the new-customer page back to the list', async () => {
    const app = await renderApp(db, routesFor(true), '/admin/clientes/novo');
    await waitFor(() => expect(app.path()).toBe('/admin/clientes/lista/1'));
  });
});
