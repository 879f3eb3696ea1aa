/**
 * The 'Controle de acesso' tab against the real server on loopback (an
 * engine built on a real local store, not started: it pulls only when the
 * writes ask): departments created, renamed (capitalised as typed) and
 * deleted; a module switched on for a department; a user's department
 * changed; offline, the last known data stays and a save says plainly it
 * needs a connection, keeping what was typed; a non-administrator is told
 * the tab is not for them.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_CONTROL_MESSAGES } from '@sync/contract/access-control';
import { PWA_CLIENT_ID, PWA_CLIENT_SECRET } from '@sync/contract/auth';
import type { AuthProvider } from '@sync/engine/auth';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import { createSyncEngine, type SyncEngine } from '@sync/engine/engine';
import { manualEnvironment, type ManualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { AccessControlTab } from '@/features/settings/access-control';
import { makeAdmin, makeUser } from '../../session/user-factory';
import { renderWithProviders } from '../../support/render';
import { type ServerSeed, startTestServer, type TestServer } from '../../support/test-server';

// Each test goes to the server and back a few times.
vi.setConfig({ testTimeout: 30_000 });

/** A department with no module, and a technician whose department the Usuários tab changes. */
const ACCESS_SEED: ServerSeed = {
  roles: [{ name: 'Sem Permissões', slug: 'sem-permissoes' }],
  users: [{ name: 'Técnico Um', username: 'tecnico1', email: 'tecnico1@empresa.com.br', password: 'senha-de-teste-1', roleSlug: 'tecnico-de-campo' }],
};

let server: TestServer;
let baseUrl: string;
let adminToken: string;
let db: SyncDatabase;
let engine: SyncEngine;
let environment: ManualEnvironment;

beforeAll(async () => {
  server = await startTestServer(ACCESS_SEED);
  baseUrl = server.baseUrl;
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: 'admin',
      password: 'admin-password-1',
      client_id: PWA_CLIENT_ID,
      client_secret: PWA_CLIENT_SECRET,
    }),
  });
  adminToken = ((await response.json()) as { access_token: string }).access_token;
}, 60_000);
afterAll(() => server?.stop());

/** The server's view, through the administrator's API. */
async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
  return (await response.json()) as T;
}
type ServerRole = { id: number; name: string; slug: string; modules: number[] };
const serverRoles = () => api<ServerRole[]>('api/user/role/all');

beforeEach(async () => {
  db = new SyncDatabase(`access-${newKey()}`);
  environment = manualEnvironment(true);
  // The administrator's token (the test is shorter than its lifetime).
  const auth: AuthProvider = { getAccessToken: async () => adminToken, refresh: async () => false };
  engine = createSyncEngine({ db, baseUrl, auth, environment, lock: noLock });
});
afterEach(async () => {
  await engine.stop();
  db.close();
  await db.delete();
});

async function renderTab(user: Parameters<typeof AccessControlTab>[0]['user'] = undefined) {
  await renderWithProviders(<AccessControlTab user={user} />, { db, engine, notifications: true });
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

async function choose(label: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const roleNamed = async (slug: string) => (await serverRoles()).find((role) => role.slug === slug);

describe('Tipos (departments)', () => {
  it('creates a department capitalised as typed, renames it and deletes it', async () => {
    await engine.drain();
    await renderTab();
    const name = screen.getByRole('textbox', { name: 'Nome do departamento' });
    fireEvent.change(name, { target: { value: 'técnicos de laboratório' } });
    expect(name).toHaveValue('Técnicos de Laboratório');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(ACCESS_CONTROL_MESSAGES.roleSaved)).toBeInTheDocument();
    expect(await screen.findByText('Técnicos de Laboratório')).toBeInTheDocument();
    expect(await roleNamed('tecnicos-de-laboratorio')).toMatchObject({ name: 'Técnicos de Laboratório' });
    expect(name).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: 'Renomear Técnicos de Laboratório' }));
    const row = screen.getByTestId('role-tecnicos-de-laboratorio');
    fireEvent.change(within(row).getByRole('textbox'), { target: { value: 'laboratório e campo' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Laboratório e Campo')).toBeInTheDocument();
    expect(await roleNamed('laboratorio-e-campo')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Excluir Laboratório e Campo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar exclusão' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(ACCESS_CONTROL_MESSAGES.roleDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Laboratório e Campo')).not.toBeInTheDocument());
    expect(await roleNamed('laboratorio-e-campo')).toBeUndefined();
  });

  it("shows the server's refusals and keeps what was typed", async () => {
    await engine.drain();
    await renderTab();
    const name = screen.getByRole('textbox', { name: 'Nome do departamento' });
    fireEvent.change(name, { target: { value: 'cliente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findAllByText(ACCESS_CONTROL_MESSAGES.roleExists)).not.toHaveLength(0);
    expect(name).toHaveValue('Cliente');

    fireEvent.click(screen.getByRole('button', { name: 'Excluir Técnico de campo' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirmar exclusão' })).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(ACCESS_CONTROL_MESSAGES.roleInUse)).toBeInTheDocument();
    expect(screen.getByText('Técnico de campo')).toBeInTheDocument();
  });
});

describe('Módulos (permissions)', () => {
  it('asks for a department, then saves each switch at once', async () => {
    await engine.drain();
    await renderTab();
    await openTab('Módulos');
    expect(await screen.findAllByText('Selecione um departamento')).not.toHaveLength(0);
    await choose('Departamento', 'Sem Permissões');
    const samples = await screen.findByRole('switch', { name: 'Amostras' });
    expect(samples).not.toBeChecked();
    fireEvent.click(samples);
    expect(await screen.findByText(ACCESS_CONTROL_MESSAGES.permissionsSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Amostras' })).toBeChecked());
    const role = await roleNamed('sem-permissoes');
    const permissions = await api<Array<{ slug: string; active: boolean }>>(`api/access-control/role/${role!.id}/permissions`);
    expect(permissions.filter((p) => p.active).map((p) => p.slug)).toEqual(['samples']);
  });
});

describe('Usuários', () => {
  it('says when there is no user yet (nothing pulled)', async () => {
    await renderTab();
    await openTab('Usuários');
    expect(await screen.findByText(ACCESS_CONTROL_MESSAGES.noUsers)).toBeInTheDocument();
  });

  it("changes a user's department at once; an administrator has none", async () => {
    await engine.drain();
    await renderTab();
    await openTab('Usuários');
    const admin = await screen.findByTestId('user-admin');
    // No selector: the department cell says 'Administrador' (the seeded administrator is also named so).
    expect(within(admin).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(admin).getAllByText('Administrador')).toHaveLength(2);
    await choose('Departamento de Técnico Um', 'Administrativo');
    expect(await screen.findByText(ACCESS_CONTROL_MESSAGES.userRoleChanged)).toBeInTheDocument();
    const listed = await api<Array<{ username: string; settings: { role_id: number | null } }>>('api/access-control/user');
    expect(listed.find((u) => u.username === 'tecnico1')!.settings.role_id).toBe((await roleNamed('administrativo'))!.id);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Departamento de Técnico Um' })).toHaveValue('Administrativo'));
  });
});

describe('offline', () => {
  it('keeps the last data readable and refuses saving plainly, keeping what was typed', async () => {
    await engine.drain();
    environment.set(false);
    await engine.syncNow();
    await renderTab();
    expect(await screen.findByTestId('access-offline')).toBeInTheDocument();
    expect(await screen.findByText('Técnico de campo')).toBeInTheDocument();
    const before = await serverRoles();
    const name = screen.getByRole('textbox', { name: 'Nome do departamento' });
    fireEvent.change(name, { target: { value: 'Financeiro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(ONLINE_WRITE_MESSAGES.needsConnection)).toBeInTheDocument();
    expect(name).toHaveValue('Financeiro');
    expect(await serverRoles()).toHaveLength(before.length);
  });
});

describe('who may see it', () => {
  it('tells a non-administrator it is for administrators only', async () => {
    await renderTab(makeUser({ id: 9, username: 'tecnico1' }));
    expect(await screen.findByText('Somente administradores acessam o controle de acesso.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Tipos' })).not.toBeInTheDocument();
  });

  it('shows the three sub-tabs to an administrator', async () => {
    await renderTab(makeAdmin());
    for (const tab of ['Tipos', 'Módulos', 'Usuários']) expect(await screen.findByRole('tab', { name: tab })).toBeInTheDocument();
  });
});
