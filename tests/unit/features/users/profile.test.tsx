/**
 * 'Perfil do usuário' through the UI against the real server (child
 * process): the current user changes name, e-mail and phone and the
 * session's user is replaced with the server's answer; the spec's profile
 * messages; a wrong old password at its field; offline the save is refused
 * and everything typed stays; a phone photo above the upload limit is
 * reduced on the device and saved (issue 24: it failed with a 413). The
 * reduction library is replaced (jsdom has no canvas) by one answering a
 * real small JPEG, which the server decodes and stores.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserSchema, type CurrentUser } from '@sync/contract/user';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import { ProfilePage } from '@/features/profile/profile-page';
import { renderApp } from '../render-app';
import { ADMIN, openDevice, type TestDevice } from './support/device';
import { startTestServer, type TestServer } from '../../support/test-server';

const compress = vi.hoisted(() => vi.fn());
vi.mock('browser-image-compression', () => ({ default: compress }));

/** An 8 × 8 JPEG, what the mocked library answers for any photo. */
const SMALL_JPEG = Uint8Array.from(
  atob(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCaAcT7/9k=',
  ),
  (char) => char.charCodeAt(0),
);

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

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

async function currentUser(): Promise<CurrentUser> {
  const response = await fetch(`${server.baseUrl}/api/user`, { headers: { authorization: `Bearer ${device.token}` } });
  return currentUserSchema.parse(await response.json());
}

async function renderProfile(onSaved: (user: CurrentUser) => void) {
  const user = await currentUser();
  await renderApp(device.db, { '/admin/perfil': () => <ProfilePage user={user} onSaved={onSaved} /> }, '/admin/perfil', device.engine);
  await screen.findByText('Perfil do usuário');
  return user;
}

describe('profile', () => {
  it("saves name, e-mail and phone, and hands the server's user to the session", { timeout: 40_000 }, async () => {
    const onSaved = vi.fn();
    await renderProfile(onSaved);
    type('name', 'Administração Central');
    type('email', 'diretoria@empresa.com.br');
    type('phone', '(11) 3333-4444');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Telefone deve conter apenas números')).toBeInTheDocument();
    type('phone', '1133334444');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ name: 'Administração Central', email: 'diretoria@empresa.com.br', phone: '1133334444' });
    expect(await currentUser()).toMatchObject({ name: 'Administração Central', phone: '1133334444' });
  });

  it('asks for the old password and says when it is wrong, keeping what was typed', { timeout: 40_000 }, async () => {
    await renderProfile(vi.fn());
    type('password', 'senha-nova-123');
    type('password_confirmation', 'senha-nova-123');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Digite sua senha atual')).toBeInTheDocument();
    type('old_password', 'nao-e-essa');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A senha atual está incorreta.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(field('password').value).toBe('senha-nova-123');
    expect(field('old_password').value).toBe('nao-e-essa');
  });

  it('refuses to save offline with a plain message and keeps every value typed', { timeout: 40_000 }, async () => {
    const onSaved = vi.fn();
    const before = await renderProfile(onSaved);
    type('name', 'Nome Digitado Offline');
    type('phone', '11999998888');
    device.environment.set(false);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ONLINE_WRITE_MESSAGES.needsConnection)).toBeInTheDocument();
    expect(field('name').value).toBe('Nome Digitado Offline');
    expect(field('phone').value).toBe('11999998888');
    expect(onSaved).not.toHaveBeenCalled();
    expect((await currentUser()).name).toBe(before.name);
  });

  it('saves a phone photo above the upload limit as the image, reduced on the device', { timeout: 40_000 }, async () => {
    compress.mockReset();
    compress.mockImplementation(async () => new Blob([SMALL_JPEG], { type: 'image/jpeg' }));
    await renderProfile(vi.fn());
    const photo = new File([new Uint8Array(5_500_000).fill(7)], 'IMG_2024.jpeg', { type: 'image/jpeg' });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [photo] } });
    await waitFor(() => expect(compress).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('IMG_2024.jpg')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    const user = await currentUser();
    expect(user.settings.image).toMatchObject({ url: expect.any(String) });
  });

  it('changes the password with the old one', { timeout: 40_000 }, async () => {
    await renderProfile(vi.fn());
    type('old_password', ADMIN.password);
    type('password', 'senha-nova-123');
    type('password_confirmation', 'senha-nova-123');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil salvo com sucesso', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(field('password').value).toBe(''));
    const signIn = (password: string) =>
      fetch(`${server.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: ADMIN.username, password, client_id: 'pwa', client_secret: 'public' }),
      });
    expect((await signIn(ADMIN.password)).status).toBe(401);
    expect((await signIn('senha-nova-123')).status).toBe(200);
  });
});
