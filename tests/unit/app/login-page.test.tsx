/**
 * The login screen (spec sections 2, 4, 5): both fields required, Enter
 * submits, a refused sign-in shows 'E-mail e/ou senha estão incorretos.'
 * and clears the password, `?forgot=true` shows the reset-link alert.
 */
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage, type LoginPageProps } from '@/features/auth/login-page';
import { ApiRequestError } from '@sync/http';
import type { SignInResult } from '@sync/session';
import { makeUser } from '../session/user-factory';
import { renderWithProviders } from '../support/render';

async function renderLogin(props: Partial<LoginPageProps> = {}) {
  const signIn = vi.fn<LoginPageProps['signIn']>(async () => ({ user: makeUser(), customers: [] }));
  const onSignedIn = vi.fn<LoginPageProps['onSignedIn']>();
  const root = createRootRoute();
  const login = createRoute({
    getParentRoute: () => root,
    path: '/public/login',
    component: () => <LoginPage signIn={signIn} onSignedIn={onSignedIn} requestPasswordReset={async () => ({})} {...props} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([login]),
    history: createMemoryHistory({ initialEntries: ['/public/login'] }),
  });
  await renderWithProviders(<RouterProvider router={router as never} />, { notifications: true });
  await screen.findByRole('button', { name: 'Entrar' });
  const username = document.querySelector<HTMLInputElement>('input[name="username"]')!;
  const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
  return { signIn, onSignedIn, username, password };
}

describe('LoginPage', () => {
  it('puts the focus in the username field once painted', async () => {
    const { username } = await renderLogin();
    await waitFor(() => expect(document.activeElement).toBe(username));
  });

  it('leaves the focus where the user put it before the page was painted', async () => {
    const { password } = await renderLogin();
    password.focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(password);
  });

  it('requires both fields before signing in', async () => {
    const { signIn } = await renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Usuário é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('submits with Enter and hands the result on', async () => {
    const { signIn, onSignedIn, username, password } = await renderLogin();
    fireEvent.change(username, { target: { value: ' maria ' } });
    fireEvent.change(password, { target: { value: 'segredo' } });
    fireEvent.submit(password.form!);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(signIn).toHaveBeenCalledWith('maria', 'segredo');
    expect((onSignedIn.mock.calls[0]![0] as SignInResult).user.id).toBe(7);
  });

  it('shows the spec message and clears the password when refused', async () => {
    const { username, password } = await renderLogin({
      signIn: async () => {
        throw new ApiRequestError('http', 'E-mail e/ou senha estão incorretos.', { status: 401 });
      },
    });
    fireEvent.change(username, { target: { value: 'maria' } });
    fireEvent.change(password, { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('E-mail e/ou senha estão incorretos.')).toBeInTheDocument();
    expect(password.value).toBe('');
    expect(username.value).toBe('maria');
  });

  it('announces the reset link after the forgot-password flow', async () => {
    await renderLogin({ forgot: true });
    expect(await screen.findByText('Nós te enviamos um e-mail com um link de redefinição de senha!')).toBeInTheDocument();
  });
});
