/**
 * The shared confirmation modal: default title, Cancelar and Confirmar.
 */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from '@/ui/confirm-modal';
import { renderWithProviders } from '../support/render';

describe('ConfirmModal', () => {
  it('asks with the default title and reports the choice', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    await renderWithProviders(
      <ConfirmModal opened message="Tem certeza que deseja excluir esse cliente?" onConfirm={onConfirm} onCancel={onCancel} />,
    );

    expect(screen.getByText('Confirmar exclusão')).toBeInTheDocument();
    expect(screen.getByText('Tem certeza que deseja excluir esse cliente?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('takes a specific title and blocks cancelling while it works', async () => {
    const onCancel = vi.fn();
    await renderWithProviders(
      <ConfirmModal opened title="Confirme exclusão de cliente" message="..." loading onConfirm={() => {}} onCancel={onCancel} />,
    );

    expect(screen.getByText('Confirme exclusão de cliente')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  });
});
