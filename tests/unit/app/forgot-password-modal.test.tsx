/**
 * The 'Esqueceu a senha' modal (spec sections 4 and 5): nothing happens
 * with an empty e-mail; an invalid one shows 'E-mail é inválido'; a valid
 * one is sent and reported.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ForgotPasswordModal } from '@/features/auth/forgot-password-modal';
import { ApiRequestError } from '@sync/http';
import { renderWithProviders } from '../support/render';

async function setup(request: (email: string) => Promise<unknown> = async () => ({ message: 'ok' })) {
  const requestPasswordReset = vi.fn(request);
  const onSent = vi.fn();
  await renderWithProviders(<ForgotPasswordModal opened onClose={() => {}} requestPasswordReset={requestPasswordReset} onSent={onSent} />);
  const email = screen.getByLabelText('E-mail');
  const send = screen.getByRole('button', { name: 'Enviar' });
  return { requestPasswordReset, onSent, email, send };
}

describe('ForgotPasswordModal', () => {
  it('does nothing while the e-mail is empty', async () => {
    const { requestPasswordReset, onSent, send } = await setup();
    fireEvent.click(send);
    expect(requestPasswordReset).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.queryByText('E-mail é inválido')).not.toBeInTheDocument();
  });

  it('refuses an invalid e-mail without calling the server', async () => {
    const { requestPasswordReset, email, send } = await setup();
    fireEvent.change(email, { target: { value: 'maria@' } });
    fireEvent.click(send);
    expect(screen.getByText('E-mail é inválido')).toBeInTheDocument();
    expect(requestPasswordReset).not.toHaveBeenCalled();
  });

  it('sends a valid e-mail and reports success', async () => {
    const { requestPasswordReset, onSent, email, send } = await setup();
    fireEvent.change(email, { target: { value: ' maria@example.com ' } });
    fireEvent.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(requestPasswordReset).toHaveBeenCalledWith('maria@example.com');
  });

  it("shows the server's message when the request fails", async () => {
    const { onSent, email, send } = await setup(async () => {
      throw new ApiRequestError('http', 'E-mail é inválido', { status: 422 });
    });
    fireEvent.change(email, { target: { value: 'ninguem@example.com' } });
    fireEvent.click(send);
    expect(await screen.findByText('E-mail é inválido')).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
  });
});
