/**
 * 'Revisão' on the sample page (issue 28), on a real local store and the
 * real engine against a fake server: the buttons each user sees in each
 * state (a table; the rules themselves are review-view.test.ts's), a step
 * refused at once offline with the plain message and nothing queued, the
 * reason a step needs (blank is refused with 'Informe o motivo.'), a step
 * queued and sent with its body, the server's answer applied, and a
 * server's refusal shown with its own message until retried or discarded.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES, type SampleState } from '@sync/contract/samples';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../features/render-app';
import { AT, pulled } from '../features/server-records';
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

type User = keyof typeof USERS;

/** The buttons of 'Revisão' (none: no section) and whether the action bar offers Finalizar. */
async function offered(state: SampleState, user: User): Promise<{ review: string[]; finalize: boolean }> {
  const key = await pulledSample(db, { status: state });
  const page = await renderSamplePage(db, key, USERS[user]);
  await screen.findByText('Amostras/Editar');
  const section = screen.queryByTestId('sample-review');
  const review = section
    ? within(section)
        .queryAllByRole('button')
        .map((button) => button.textContent ?? '')
    : [];
  const bar = screen.queryByRole('toolbar', { name: 'Ações da amostra' });
  const finalize = bar ? within(bar).queryByRole('button', { name: 'Finalizar' }) !== null : false;
  page.unmount();
  return { review, finalize };
}

describe('the buttons each user sees', () => {
  it.each([
    ['rascunho', 'technician', [], true],
    ['rascunho', 'reviewer', ['Cancelar'], true],
    ['aguardando_laboratorio', 'technician', ['Concluir laboratório'], false],
    ['em_revisao', 'technician', [], false],
    ['em_revisao', 'reviewer', ['Devolver', 'Aprovar', 'Cancelar'], false],
    ['em_revisao', 'selfReviewer', ['Devolver', 'Cancelar'], false],
    ['aprovada', 'reviewer', ['Emitir', 'Invalidar'], false],
    ['emitida', 'technician', [], false],
    ['devolvida', 'technician', [], true],
    ['cancelada', 'reviewer', [], false],
    ['em_revisao', 'customer', [], false],
    ['aprovada', 'customer', [], false],
  ] as Array<[SampleState, User, string[], boolean]>)('%s, %s: %j, Finalizar %s', async (state, user, review, finalize) => {
    expect(await offered(state, user)).toEqual({ review, finalize });
  });

  it('offers Aprovar to the finalizer when the device’s settings allow self-approval', async () => {
    await pulled(db, 'settings', [{ id: 1, option: 'settings_allowSelfApproval', value: '1', created_at: AT, updated_at: AT }]);
    const key = await pulledSample(db, { status: 'em_revisao' });
    await renderSamplePage(db, key, USERS.selfReviewer);
    const section = await screen.findByTestId('sample-review');
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Devolver', 'Aprovar', 'Cancelar']),
    );
    expect(screen.queryByText(SAMPLE_REVIEW_MESSAGES.selfApproval)).not.toBeInTheDocument();
  });

  it('tells a technician in review why there is no Aprovar (no council on the profile)', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    await renderSamplePage(db, key, USERS.technician);
    expect(await screen.findByText(SAMPLE_REVIEW_MESSAGES.councilRequired)).toBeInTheDocument();
    expect(screen.getByTestId('sample-read-only')).toHaveTextContent('Em revisão: somente leitura.');
  });
});

describe('a review step', () => {
  it('offline: refused at once with the plain message, no modal, nothing queued', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    setBrowserOnline(false);
    await renderSamplePage(db, key, USERS.reviewer);
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Esta ação precisa de conexão com a internet. Conecte-se e tente novamente.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Devolver' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });

  it('Devolver asks the reason and refuses a blank one; with it, the step is queued, sent, and the answer applied', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    const server = fakeServer((request) =>
      request.method === 'PUT' && request.path === `api/sample/${SAMPLE_ID}/review`
        ? { status: 200, body: wireSample({ status: 'devolvida', status_reason: 'Refaça a medição.', updated_at: '2026-11-21T10:00:00.000Z' }) }
        : undefined,
    );
    const engine = testEngine(db, server.fetch);
    await renderSamplePage(db, key, USERS.reviewer, engine);
    fireEvent.click(await screen.findByRole('button', { name: 'Devolver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver amostra' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    expect(await within(dialog).findByText(SAMPLE_REVIEW_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: '  Refaça a medição.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      op: 'command',
      command: { name: 'review', path: 'api/sample/{id}/review' },
      payload: { action: 'return', reason: 'Refaça a medição.' },
    });

    await engine.drain();
    const sent = server.sent.filter((request) => request.path.endsWith('/review'));
    expect(sent.map((request) => request.body)).toEqual([{ action: 'return', reason: 'Refaça a medição.' }]);
    expect((await db.records('samples').get(key))!.status).toBe('devolvida');
    expect(await screen.findByTestId('sample-status-reason')).toHaveTextContent('Refaça a medição.');
  });

  it("Aprovar asks a confirmation; the server's refusal shows its own message until the step is discarded", async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    const refusal = SAMPLE_REVIEW_MESSAGES.figureDiffers('Dose 8h');
    const server = fakeServer((request) => (request.path.endsWith('/review') ? { status: 422, body: { message: refusal } } : undefined));
    const engine = testEngine(db, server.fetch);
    await renderSamplePage(db, key, USERS.reviewer, engine);
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar amostra' });
    expect(dialog).toHaveTextContent('O servidor recalcula todos os resultados');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('review-sending')).toHaveTextContent('Aprovar');

    await engine.drain();
    const refused = await screen.findByTestId('review-refused');
    expect(refused).toHaveTextContent('Aprovar: recusado pelo servidor');
    expect(refused).toHaveTextContent(refusal);
    expect((await db.records('samples').get(key))!.status).toBe('em_revisao');

    fireEvent.click(within(refused).getByRole('button', { name: 'Descartar a ação' }));
    await waitFor(() => expect(screen.queryByTestId('review-refused')).not.toBeInTheDocument());
    expect(await db.outbox.count()).toBe(0);
  });
});
