/**
 * The council data of issue 28 on the users form and the profile, against
 * the real server (child process): 'Conselho profissional' with Tipo,
 * Número and UF; half-filled, the save stops with the contract's
 * all-three-or-none message at the field left blank and sends nothing;
 * filled, the three values go in the form-data body; the group is hidden,
 * and nothing of it sent, for the customers' role.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '@sync/contract/user-input';
import { currentUserSchema, type CurrentUser } from '@sync/contract/user';
import { ProfilePage } from '@/features/profile/profile-page';
import { UserEditPage } from '@/features/users/user-edit-page';
import { renderApp, type RouteView } from '../render-app';
import { openDevice, type SentForm, type TestDevice } from './support/device';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let device: TestDevice;

beforeAll(async () => {
  server = await startTestServer();
}, 90_000);
afterAll(() => server?.stop());
beforeEach(async () => {
  device = await openDevice(server.baseUrl);
}, 30_000);
afterEach(() => device?.close());

const viewer = { id: 1, isAdmin: true };
const routes: Record<string, RouteView> = {
  '/admin/usuarios/novo': () => <UserEditPage viewer={viewer} />,
  '/admin/usuarios/$userId': ({ params }) => <UserEditPage userId={params.userId} viewer={viewer} />,
};

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const council = () => screen.queryByRole('group', { name: 'Conselho profissional' });

async function choose(label: string, option: string, within_: HTMLElement = document.body) {
  fireEvent.click(within(within_).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The bodies sent to a path (the users' or the profile's call). */
const sentTo = (path: RegExp): SentForm[] => device.sentForms.filter((form) => path.test(form.path));

function fillUser(prefix: string): string {
  const username = `${prefix}${Date.now() % 100000}`;
  type('name', `Pessoa ${username}`);
  type('email', `${username}@empresa.com.br`);
  type('username', username);
  type('password', 'senha-forte-1');
  type('password_confirmation', 'senha-forte-1');
  return username;
}

describe('users form: Conselho profissional', () => {
  it('stops a half-filled council at the blank field, then sends the three values', { timeout: 40_000 }, async () => {
    await renderApp(device.db, routes, '/admin/usuarios/novo', device.engine);
    await screen.findByText('Usuário / Adicionar');
    fireEvent.click(screen.getByRole('switch', { name: 'Enviar senha por e-mail' }));
    fillUser('eng');
    await choose('Função', 'Técnico de campo');
    const group = council()!;
    await choose('Tipo', 'CREA', group);
    fireEvent.change(within(group).getByRole('textbox', { name: 'Número' }), { target: { value: '5061234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await within(group).findByText(USER_MESSAGES.councilIncomplete)).toBeInTheDocument();
    expect(within(group).getByRole('combobox', { name: 'UF' })).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(/\/api\/user\/?$/)).toHaveLength(0);

    await choose('UF', 'SP - São Paulo', group);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuário salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    const [sent] = sentTo(/\/api\/user\/?$/);
    expect(sent!.fields).toMatchObject({ council_type: 'CREA', council_number: '5061234567', council_uf: 'SP' });
  });

  it('hides the group for the customers’ role and sends none of it', { timeout: 40_000 }, async () => {
    await renderApp(device.db, routes, '/admin/usuarios/novo', device.engine);
    await screen.findByText('Usuário / Adicionar');
    fireEvent.click(screen.getByRole('switch', { name: 'Enviar senha por e-mail' }));
    fillUser('cli');
    // Typed while the role was a staff one, then the role changed: the hidden half does not block the save.
    await choose('Tipo', 'CRM', council()!);
    await choose('Função', 'Cliente');
    expect(council()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuário salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    const [sent] = sentTo(/\/api\/user\/?$/);
    expect(Object.keys(sent!.fields).filter((name) => name.startsWith('council_'))).toEqual([]);
  });
});

async function currentUser(): Promise<CurrentUser> {
  const response = await fetch(`${server.baseUrl}/api/user`, { headers: { authorization: `Bearer ${device.token}` } });
  return currentUserSchema.parse(await response.json());
}

describe('profile: Conselho profissional', () => {
  it('stops a half-filled council, then sends the three values with the profile', { timeout: 40_000 }, async () => {
    const user = await currentUser();
    await renderApp(device.db, { '/admin/perfil': () => <ProfilePage user={user} onSaved={vi.fn()} /> }, '/admin/perfil', device.engine);
    await screen.findByText('Perfil do usuário');
    if (!field('phone').value) type('phone', '11987654321');
    const group = council()!;
    await choose('UF', 'MG - Minas Gerais', group);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await within(group).findByText(USER_MESSAGES.councilIncomplete)).toBeInTheDocument();
    expect(sentTo(/\/api\/user\/profile$/)).toHaveLength(0);

    await choose('Tipo', 'Outro', group);
    fireEvent.change(within(group).getByRole('textbox', { name: 'Número' }), { target: { value: 'MTE 1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    const [sent] = sentTo(/\/api\/user\/profile$/);
    expect(sent!.fields).toMatchObject({ council_type: 'Outro', council_number: 'MTE 1234', council_uf: 'MG' });
  });

  it('is not shown to a customer-type user, whose save sends none of it', { timeout: 40_000 }, async () => {
    const user = await currentUser();
    const customer: CurrentUser = { ...user, settings: { ...user.settings, role: { id: 99, name: 'Cliente', slug: 'cliente' } } };
    await renderApp(device.db, { '/admin/perfil': () => <ProfilePage user={customer} onSaved={vi.fn()} /> }, '/admin/perfil', device.engine);
    await screen.findByText('Perfil do usuário');
    expect(council()).toBeNull();
    if (!field('phone').value) type('phone', '11987654321');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    const [sent] = sentTo(/\/api\/user\/profile$/);
    expect(Object.keys(sent!.fields).filter((name) => name.startsWith('council_'))).toEqual([]);
  });
});
