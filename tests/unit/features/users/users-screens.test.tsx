/**
 * The users screens through the UI, on a device (fake-indexeddb) whose
 * engine talks to the real server in a child process: creating a
 * technician, the spec's validation messages and a server refusal at the
 * fields, the offline refusal that keeps every typed value, a
 * customer-type user whose customers were chosen before it existed, the
 * list's columns, and the delete with its confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import { readAll } from '@sync/store/queries';
import type { LocalUser } from '@sync/store/registry/read-only-records';
import { UserEditPage } from '@/features/users/user-edit-page';
import { UserListPage } from '@/features/users/user-list-page';
import { renderApp, type RouteView } from '../render-app';
import { openDevice, type TestDevice } from './support/device';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let device: TestDevice;
const ADMIN_ID = 1;

beforeAll(async () => {
  // Two customers to link.
  server = await startTestServer({ customers: [{ name: 'Metalúrgica Horizonte Ltda' }, { name: 'Padaria Central' }] });
}, 90_000);
afterAll(() => server?.stop());
beforeEach(async () => {
  device = await openDevice(server.baseUrl);
}, 30_000);
afterEach(() => device?.close());

const viewer = { id: ADMIN_ID, isAdmin: true };
const routes: Record<string, RouteView> = {
  '/admin/usuarios/lista/$page': ({ params, search }) => <UserListPage page={Number(params.page)} search={search.busca} />,
  '/admin/usuarios/novo': () => <UserEditPage viewer={viewer} />,
  '/admin/usuarios/$userId': ({ params }) => <UserEditPage userId={params.userId} viewer={viewer} />,
};

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

let serial = 0;
function fillUser(prefix: string) {
  serial += 1;
  const username = `${prefix}${serial}${Date.now() % 100000}`;
  type('name', `Pessoa ${username}`);
  type('position', 'Técnica de campo');
  type('registration_code', 'ABHO-77');
  type('email', `${username}@empresa.com.br`);
  type('phone', '11987654321');
  type('username', username);
  type('password', 'senha-forte-1');
  type('password_confirmation', 'senha-forte-1');
  return username;
}

async function localUser(username: string): Promise<LocalUser | undefined> {
  return (await readAll(device.db, 'users')).find((user) => user.username === username) as unknown as LocalUser | undefined;
}

describe('users', () => {
  it('creates a technician and opens its edit page', { timeout: 40_000 }, async () => {
    const app = await renderApp(device.db, routes, '/admin/usuarios/novo', device.engine);
    expect(await screen.findByText('Usuário / Adicionar')).toBeInTheDocument();
    // Spec: 'send password by e-mail' is on for a new user.
    expect(screen.getByRole('switch', { name: 'Enviar senha por e-mail' })).toBeChecked();
    fireEvent.click(screen.getByRole('switch', { name: 'Enviar senha por e-mail' }));
    const username = fillUser('tec');
    expect(field('phone').value).toBe('(11) 98765-4321');
    await choose('Função', 'Técnico de campo');
    expect(screen.queryByRole('button', { name: 'Adicionar clientes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuário salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    const saved = await localUser(username);
    expect(saved).toMatchObject({ phone: '11987654321', settings: { position: 'Técnica de campo', role: { slug: 'tecnico-de-campo' } } });
    await waitFor(() => expect(app.path()).toBe(`/admin/usuarios/${saved!.id}`));
    expect(await screen.findByText('Usuário / Editar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo usuário' })).toBeInTheDocument();
    expect(field('username').value).toBe(username);
    expect(screen.getByRole('switch', { name: 'Enviar senha por e-mail' })).not.toBeChecked();
  });

  it("shows the spec's messages at the fields and the server's refusal, keeping what was typed", { timeout: 40_000 }, async () => {
    await renderApp(device.db, routes, '/admin/usuarios/novo', device.engine);
    await screen.findByText('Usuário / Adicionar');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Usuário é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    fillUser('val');
    type('password_confirmation', 'outra-senha-9');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('As senhas não são iguais')).toBeInTheDocument();
    type('password_confirmation', 'senha-forte-1');
    type('username', 'admin');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Este usuário já está em uso.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(field('username').value).toBe('admin');
    expect(field('password').value).toBe('senha-forte-1');
  });

  it('refuses to save offline with a plain message and keeps every value typed', { timeout: 40_000 }, async () => {
    await renderApp(device.db, routes, '/admin/usuarios/novo', device.engine);
    await screen.findByText('Usuário / Adicionar');
    const username = fillUser('off');
    await choose('Função', 'Técnico de campo');
    device.environment.set(false);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ONLINE_WRITE_MESSAGES.needsConnection)).toBeInTheDocument();
    expect(field('username').value).toBe(username);
    expect(field('name').value).toBe(`Pessoa ${username}`);
    expect(field('password').value).toBe('senha-forte-1');
    expect(screen.getByRole('combobox', { name: 'Função' })).toHaveValue('Técnico de campo');
    expect(await localUser(username)).toBeUndefined();
    // Back online, the same form saves.
    device.environment.set(true);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuário salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await localUser(username)).toBeDefined();
  });

  it('links the customers chosen before a customer-type user existed once it is saved', { timeout: 40_000 }, async () => {
    await renderApp(device.db, routes, '/admin/usuarios/novo', device.engine);
    await screen.findByText('Usuário / Adicionar');
    fireEvent.click(screen.getByRole('switch', { name: 'Enviar senha por e-mail' }));
    const username = fillUser('cli');
    await choose('Função', 'Cliente');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar clientes' }));
    const modal = await screen.findByRole('dialog', { name: 'Clientes' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(await within(modal).findByText('Selecione um cliente', { selector: '.mantine-InputWrapper-error, [class*="error"]' })).toBeInTheDocument();
    await choose('Selecione um cliente', 'Metalúrgica Horizonte Ltda');
    fireEvent.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Cliente adicionado com sucesso')).toBeInTheDocument();
    expect(modal.querySelector('[data-linked-customer]')?.textContent).toContain('Metalúrgica Horizonte Ltda');
    await choose('Selecione um cliente', 'Metalúrgica Horizonte Ltda');
    fireEvent.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(await within(modal).findByText('Cliente já foi adicionado')).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: 'Fechar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuário salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(async () => expect((await localUser(username))?.customers.map((c) => c.name)).toEqual(['Metalúrgica Horizonte Ltda']));
  });

  it("adds and removes a saved customer-type user's customers at once", { timeout: 40_000 }, async () => {
    const username = await createThroughApi('vin', 'cliente');
    const user = (await localUser(username))!;
    await renderApp(device.db, routes, `/admin/usuarios/${user.id}`, device.engine);
    await screen.findByText('Usuário / Editar');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar clientes' }));
    const modal = await screen.findByRole('dialog', { name: 'Clientes' });
    expect(within(modal).getByText('Nenhum cliente vinculado.')).toBeInTheDocument();
    await choose('Selecione um cliente', 'Padaria Central');
    fireEvent.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Cliente adicionado com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    // On the server, and on the device (the users list was pulled before the call resolved).
    expect((await localUser(username))?.customers.map((c) => c.name)).toEqual(['Padaria Central']);
    await waitFor(() => expect(modal.querySelector('[data-linked-customer]')?.textContent).toContain('Padaria Central'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Cliente removido com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect((await localUser(username))?.customers).toEqual([]);
    await waitFor(() => expect(within(modal).getByText('Nenhum cliente vinculado.')).toBeInTheDocument());
  });

  it('lists active users with their Função and deletes one after confirmation', { timeout: 40_000 }, async () => {
    const username = await createThroughApi('del');
    const app = await renderApp(device.db, routes, `/admin/usuarios/lista/1?busca=${username}`, device.engine);
    const row = (await screen.findByText(`Pessoa ${username}`)).closest('[data-list-row]') as HTMLElement;
    expect(within(row).getByText(`${username}@empresa.com.br`)).toBeInTheDocument();
    expect(within(row).getByText('Técnico de campo')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirme exclusão de usuário' });
    expect(within(confirm).getByText('Tem certeza que deseja excluir esse usuário?')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Usuário deletado com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(`Pessoa ${username}`)).toBeNull());
    expect((await localUser(username))?.deleted_at).not.toBeNull();
    expect(app.path()).toContain('/admin/usuarios/lista/1');
  });

  it("shows a user without a role as 'Administrador'", { timeout: 30_000 }, async () => {
    await renderApp(device.db, routes, '/admin/usuarios/lista/1?busca=admin%40empresa', device.engine);
    const adminRow = (await screen.findByText('admin@empresa.com.br')).closest('[data-list-row]') as HTMLElement;
    expect(adminRow.querySelector('[data-list-field="role"]')).toHaveTextContent('Administrador');
  });

  it('says plainly that saving needs a connection while offline', { timeout: 30_000 }, async () => {
    device.environment.set(false);
    window.dispatchEvent(new Event('offline'));
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await renderApp(device.db, routes, '/admin/usuarios/lista/1', device.engine);
      expect(await screen.findByTestId('online-only-notice')).toHaveTextContent('Salvar precisa de conexão');
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }
  });
});

/** A user (a technician unless told) created through the API (JSON), then pulled by the device. */
async function createThroughApi(prefix: string, roleSlug = 'tecnico-de-campo'): Promise<string> {
  serial += 1;
  const username = `${prefix}${serial}${Date.now() % 100000}`;
  const roles = (await (
    await fetch(`${server.baseUrl}/api/user/role/all`, { headers: { authorization: `Bearer ${device.token}` } })
  ).json()) as Array<{
    id: number;
    slug: string;
  }>;
  const response = await fetch(`${server.baseUrl}/api/user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Pessoa ${username}`,
      username,
      email: `${username}@empresa.com.br`,
      role_id: roles.find((role) => role.slug === roleSlug)!.id,
      password: 'senha-forte-1',
      password_confirmation: 'senha-forte-1',
    }),
  });
  expect(response.status).toBe(201);
  await device.engine.drain();
  return username;
}
