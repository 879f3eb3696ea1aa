/**
 * 'Sair' never loses data silently: with unsent changes it first says how
 * many (and how many need the user), signs out only on 'Sair mesmo assim',
 * and the changes stay in the user's store; with nothing unsent it signs
 * out at once.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { attentionMessage, unsyncedChangesMessage, useSignOutGuard } from '@/app/sync/sign-out-guard';
import { useTestDb } from '../../sync/support';
import { renderInApp } from './render-in-app';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

function SignOutButton({ signOut }: { signOut: () => void }) {
  const { requestSignOut, confirmation } = useSignOutGuard(signOut);
  return (
    <>
      <button onClick={requestSignOut}>Sair</button>
      {confirmation}
    </>
  );
}

describe('useSignOutGuard', () => {
  it('signs out at once when nothing is unsent', async () => {
    const signOut = vi.fn();
    await renderInApp(db, <SignOutButton signOut={signOut} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns with the number of unsent changes, and signs out only when the user insists', async () => {
    const keys = [];
    for (const name of ['A', 'B', 'C']) keys.push(await saveRecord(db, 'costs', null, { name, price: 1 }));
    const failed = (await db.outbox.where('key').equals(keys[0]!).first())!;
    await db.outbox.put({ ...failed, status: 'failed', attempts: 1 });
    const signOut = vi.fn();
    await renderInApp(db, <SignOutButton signOut={signOut} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterações não sincronizadas' });
    expect(dialog).toHaveTextContent(
      'Há 3 alterações ainda não sincronizadas. Se sair agora elas ficam guardadas neste aparelho e serão enviadas quando você entrar de novo.',
    );
    expect(dialog).toHaveTextContent('1 delas foi recusada pelo servidor ou está em conflito');
    expect(within(dialog).getByRole('link', { name: 'Ver as alterações' })).toHaveAttribute('href', '/admin/sincronizacao');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signOut).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    const again = await screen.findByRole('dialog', { name: 'Alterações não sincronizadas' });
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Sair mesmo assim' }));
    });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(3);
  });
});

describe('texts', () => {
  it.each([
    [1, 'Há 1 alteração ainda não sincronizada. Se sair agora ela fica guardada neste aparelho e será enviada quando você entrar de novo.'],
    [2, 'Há 2 alterações ainda não sincronizadas. Se sair agora elas ficam guardadas neste aparelho e serão enviadas quando você entrar de novo.'],
  ])('%i unsent → %s', (count, text) => {
    expect(unsyncedChangesMessage(count)).toBe(text);
  });

  it.each([
    [0, null],
    [1, '1 delas foi recusada pelo servidor ou está em conflito e só será enviada depois que você decidir o que fazer com ela.'],
    [2, '2 delas foram recusadas pelo servidor ou estão em conflito e só serão enviadas depois que você decidir o que fazer com elas.'],
  ])('%i needing attention → %s', (count, text) => {
    expect(attentionMessage(count)).toBe(text);
  });
});
