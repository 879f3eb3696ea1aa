/**
 * Finalizar on the sample page (issue 28), on a real local store and the
 * real sync engine against a fake server: offline it is queued as the
 * sample's outbox command and the page turns read-only at once (no Salvar,
 * every tab's inputs locked, the state 'Finalizada'); once a connection
 * exists the engine sends it and the server's state arrives. What was typed
 * and not saved is saved first, in the same chain, before the command. A
 * returned sample shows its reason and can be finalized again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_HEADER } from '@sync/contract/samples';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../features/render-app';
import { fakeServer, pulledSample, SAMPLE_ID, testEngine, USERS, wireSample } from './fixtures';
import { renderSamplePage, setBrowserOnline } from './page-support';

vi.setConfig({ testTimeout: 30_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(async () => {
  setBrowserOnline(true);
  await closeTestDb(db);
});

const stored = async (key: string) => (await db.records('samples').get(key))!;
const header = () => screen.getByText('Amostras/Editar').parentElement!;

async function finalizeOnScreen() {
  const bar = await screen.findByRole('toolbar', { name: 'Ações da amostra' });
  fireEvent.click(within(bar).getByRole('button', { name: 'Finalizar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Finalizar amostra' });
  expect(dialog).toHaveTextContent('fica somente leitura para você até que o revisor a devolva');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
  expect(await screen.findByText('Amostra finalizada. Ela será enviada para revisão na próxima sincronização.')).toBeInTheDocument();
}

describe('Finalizar', () => {
  it('offline: queues the command, and the page is read-only at once; online: the engine sends it and the server’s state arrives', async () => {
    const key = await pulledSample(db);
    setBrowserOnline(false);
    await renderSamplePage(db, key, USERS.technician);
    expect(within(header()).getByText('Rascunho')).toBeInTheDocument();
    expect(screen.getByLabelText('Funcionário')).not.toHaveAttribute('readonly');

    await finalizeOnScreen();

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      op: 'command',
      key,
      status: 'pending',
      command: { name: 'finalize', method: 'PUT', path: 'api/sample/{id}/finalize' },
    });
    expect((await stored(key)).status).toBe('finalizada');
    // At once: the state, no bar, the notice, every input locked.
    await waitFor(() => expect(within(header()).getByText('Finalizada')).toBeInTheDocument());
    expect(screen.queryByRole('toolbar', { name: 'Ações da amostra' })).not.toBeInTheDocument();
    expect(screen.getByTestId('sample-read-only')).toHaveTextContent('Finalizada: somente leitura até a revisão');
    expect(screen.getByLabelText('Funcionário')).toHaveAttribute('readonly');
    fireEvent.click(screen.getByRole('tab', { name: 'Memória de campo' }));
    expect(await screen.findByLabelText('Hora inicial')).toBeDisabled();

    // The connection comes back: the engine sends the command once, and the server's state replaces 'Finalizada'.
    const server = fakeServer((request) =>
      request.method === 'PUT' && request.path === `api/sample/${SAMPLE_ID}/finalize`
        ? { status: 200, body: wireSample({ status: 'em_revisao', updated_at: '2026-11-21T10:00:00.000Z' }) }
        : undefined,
    );
    await testEngine(db, server.fetch).drain();
    const finalizes = server.sent.filter((request) => request.path.endsWith('/finalize'));
    expect(finalizes).toHaveLength(1);
    expect(finalizes[0]!.headers['idempotency-key']).toBe(entries[0]!.idempotency_key);
    expect(finalizes[0]!.headers[DEVICE_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.outbox.count()).toBe(0);
    expect(await stored(key)).toMatchObject({ status: 'em_revisao', finalized_by: USERS.technician.userId });
    await waitFor(() => expect(within(header()).getByText('Em revisão')).toBeInTheDocument());
  });

  it('saves what was typed and not saved first: the save, then the command, in the sample’s chain', async () => {
    const key = await pulledSample(db);
    await renderSamplePage(db, key, USERS.technician);
    fireEvent.change(await screen.findByLabelText('Funcionário'), { target: { value: 'João Pereira' } });
    expect(await screen.findByText('Alterações não salvas')).toBeInTheDocument();
    await finalizeOnScreen();
    const entries = (await db.outbox.toArray()).sort((a, b) => a.seq! - b.seq!);
    expect(entries.map((entry) => entry.op)).toEqual(['update', 'command']);
    expect(entries[0]!.payload).toMatchObject({ caracterization: { employee: 'João Pereira' } });
    expect(entries[0]!.payload).not.toHaveProperty('status');
    expect(await stored(key)).toMatchObject({ status: 'finalizada', employee: 'João Pereira' });
  });

  it('says in the confirmation how many required fields are blank (it does not block)', async () => {
    const key = await pulledSample(db);
    await renderSamplePage(db, key, USERS.technician);
    const bar = await screen.findByRole('toolbar', { name: 'Ações da amostra' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalizar amostra' });
    expect(dialog).toHaveTextContent(/Atenção: \d+ campos obrigatórios estão em branco\./);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows a returned sample’s reason prominently; its technician edits it and may finalize it again', async () => {
    const key = await pulledSample(db, { status: 'devolvida', status_reason: 'Falta a foto do calibrador.' });
    await renderSamplePage(db, key, USERS.technician);
    const reason = await screen.findByTestId('sample-status-reason');
    expect(reason).toHaveTextContent('Amostra devolvida para correção');
    expect(reason).toHaveTextContent('Falta a foto do calibrador.');
    expect(within(header()).getByText('Devolvida')).toBeInTheDocument();
    expect(screen.getByLabelText('Funcionário')).not.toHaveAttribute('readonly');
    expect(within(screen.getByRole('toolbar', { name: 'Ações da amostra' })).getByRole('button', { name: 'Finalizar' })).toBeInTheDocument();
  });

  it('is not offered to a user who may not finalize, nor once finalized', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    await renderSamplePage(db, key, USERS.reviewer);
    const bar = await screen.findByRole('toolbar', { name: 'Ações da amostra' });
    expect(within(bar).getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
  });
});
