/**
 * 'Histórico' on the sample page (issue 28): read online when the page
 * opens (`GET api/sample/{id}/history` through the engine's session), each event
 * with the step and the states it moved between, who, when (DD/MM/YYYY
 * HH:mm, Brasília time), the device, the reason and each changed field
 * before → after; the append-only comment box (a comment is queued and
 * sent at once, refused blank with the contract's message); offline the
 * section says it needs a connection and asks nothing; 'Atualizar' reads
 * it again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SampleEvent } from '@sync/contract/samples';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../features/render-app';
import { fakeServer, pulledSample, SAMPLE_ID, testEngine, USERS } from './fixtures';
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

const event = (id: number, fields: Partial<SampleEvent>): SampleEvent => ({
  id,
  sample_id: SAMPLE_ID,
  kind: 'state',
  action: null,
  from_state: null,
  to_state: null,
  user_id: 5,
  user_name: 'Paulo Henrique Dias',
  device: null,
  reason: null,
  changes: [],
  at: '2026-11-21T13:05:00.000Z',
  ...fields,
});

const HISTORY: SampleEvent[] = [
  event(1, { action: 'finalize', from_state: 'rascunho', to_state: 'finalizada', device: 'tablet-7 (Chrome, Android)' }),
  event(2, {
    action: 'return',
    from_state: 'em_revisao',
    to_state: 'devolvida',
    user_id: 9,
    user_name: 'Mariana Lopes',
    reason: 'Falta a foto do calibrador.',
    at: '2026-11-22T02:30:00.000Z',
  }),
  event(3, {
    kind: 'edit',
    user_id: 9,
    user_name: 'Mariana Lopes',
    changes: [
      { path: 'caracterization.employee', label: 'Caracterização — Funcionário', before: 'Maria', after: 'Maria Souza' },
      { path: 'memory_field.final_time', label: 'Memória de campo — Hora final', before: null, after: '12:00' },
    ],
  }),
  event(4, { kind: 'comment', user_name: 'Mariana Lopes', reason: 'Confira a jornada.' }),
];

function historyServer() {
  return fakeServer((request) => {
    if (request.method === 'GET' && request.path === `api/sample/${SAMPLE_ID}/history`) return { status: 200, body: HISTORY };
    if (request.method === 'POST' && request.path === `api/sample/${SAMPLE_ID}/comment`) return { status: 201, body: { message: 'ok' } };
    return undefined;
  });
}

/** The section, a region named 'Histórico'. */
async function historySection() {
  return screen.findByRole('region', { name: 'Histórico' });
}

describe('the history', () => {
  it('is read online when the page opens and lists each event in full; Atualizar reads it again', async () => {
    const key = await pulledSample(db, { status: 'devolvida' });
    const server = historyServer();
    await renderSamplePage(db, key, USERS.technician, testEngine(db, server.fetch));
    const section = await historySection();
    const events = await within(section).findAllByTestId('history-event');
    expect(events).toHaveLength(4);
    expect(events[0]).toHaveTextContent('Finalizar — Rascunho → Finalizada');
    expect(events[0]).toHaveTextContent('21/11/2026 10:05');
    expect(events[0]).toHaveTextContent('Paulo Henrique Dias · Aparelho: tablet-7 (Chrome, Android)');
    expect(events[1]).toHaveTextContent('Devolver — Em revisão → Devolvida');
    // 02:30 UTC is the evening before in Brasília.
    expect(events[1]).toHaveTextContent('21/11/2026 23:30');
    expect(events[1]).toHaveTextContent('Motivo: Falta a foto do calibrador.');
    expect(events[2]).toHaveTextContent('Edição');
    expect(events[2]).toHaveTextContent('Caracterização — Funcionário: Maria → Maria Souza');
    expect(events[2]).toHaveTextContent('Memória de campo — Hora final: — → 12:00');
    expect(events[3]).toHaveTextContent('Comentário');
    expect(events[3]).toHaveTextContent('Confira a jornada.');
    const reads = () => server.sent.filter((request) => request.path.endsWith('/history'));
    expect(reads()).toHaveLength(1);
    expect(reads()[0]!.headers.authorization).toBe('Bearer token');
    fireEvent.click(within(section).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(await within(section).findAllByTestId('history-event')).toHaveLength(4);
  });

  it('takes a comment: blank refused with the contract’s message; written, queued and sent, then read again', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    const server = historyServer();
    const engine = testEngine(db, server.fetch);
    await renderSamplePage(db, key, USERS.reviewer, engine);
    const section = await historySection();
    await within(section).findAllByTestId('history-event');
    expect(within(section).getByText('Comentários ficam no histórico e não podem ser editados nem apagados.')).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Comentar' }));
    expect(await within(section).findByText('Escreva o comentário.')).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(within(section).getByLabelText('Novo comentário'), { target: { value: 'Jornada conferida.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Comentar' }));
    expect(await within(section).findByTestId('comment-sending')).toHaveTextContent('Jornada conferida.');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      op: 'command',
      command: { name: 'comment', method: 'POST', path: 'api/sample/{id}/comment' },
      payload: { text: 'Jornada conferida.' },
    });
    await engine.drain();
    expect(server.sent.filter((request) => request.path.endsWith('/comment')).map((request) => request.body)).toEqual([
      { text: 'Jornada conferida.' },
    ]);
    await waitFor(() => expect(within(section).queryByTestId('comment-sending')).not.toBeInTheDocument());
    await waitFor(() => expect(server.sent.filter((request) => request.path.endsWith('/history'))).toHaveLength(2));
  });

  it('offline: says it needs a connection and asks nothing', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    const server = historyServer();
    setBrowserOnline(false);
    await renderSamplePage(db, key, USERS.reviewer, testEngine(db, server.fetch));
    const section = await historySection();
    expect(within(section).getByText('O histórico só pode ser consultado com conexão com a internet.')).toBeInTheDocument();
    expect(server.sent).toHaveLength(0);
  });

  it('a sample not yet on the server has no history yet', async () => {
    const key = await pulledSample(db);
    await db.records('samples').update(key, { id: null });
    await renderSamplePage(db, key, USERS.technician, testEngine(db, historyServer().fetch));
    const section = await historySection();
    expect(within(section).getByText('O histórico começa quando a amostra chega ao servidor.')).toBeInTheDocument();
  });
});
