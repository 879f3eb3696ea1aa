/**
 * A quotation's samples list with the review state (issue 28), read from
 * the local store like the rest of the list: the 'Estado' column as a
 * badge with the state's Portuguese label, the 'Estado' filter (Todos and
 * each state), and Deletar only for a draft (any other state says to
 * cancel it instead, as the server would, and queues nothing).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES, SAMPLE_STATE_LABELS, SAMPLE_STATES, type SampleState } from '@sync/contract/samples';
import type { SyncDatabase } from '@sync/store/database';
import { SampleListPage } from '@/features/samples';
import { closeTestDb, openTestDb, renderApp } from '../features/render-app';
import { pulled } from '../features/server-records';
import { wireSample } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const STATES: SampleState[] = ['rascunho', 'em_revisao', 'em_revisao', 'aprovada', 'devolvida'];

async function samplesInStates() {
  await pulled(
    db,
    'samples',
    STATES.map((status, index) => wireSample({ id: 100 + index, sample_no: index + 1, status, employee: `Funcionário ${index + 1}` })),
  );
  return renderApp(
    db,
    { '/admin/amostra/lista/$quotationId/$page': ({ params }) => <SampleListPage quotationId={params.quotationId!} page={Number(params.page)} /> },
    '/admin/amostra/lista/12/1',
  );
}

const rowOf = (employee: string) => screen.getByText(employee).closest('tr')!;
const dataRows = () => screen.getAllByRole('row').slice(1);

describe('the state in the list', () => {
  it('shows each sample’s state as a badge in the Estado column', async () => {
    await samplesInStates();
    await screen.findByText('Funcionário 1');
    expect(screen.getByRole('columnheader', { name: 'Estado' })).toBeInTheDocument();
    STATES.forEach((state, index) => {
      expect(
        within(rowOf(`Funcionário ${index + 1}`))
          .getByText(SAMPLE_STATE_LABELS[state])
          .closest('[data-state]'),
      ).toHaveAttribute('data-state', state);
    });
  });

  it('filters by state: Todos and every state offered, each showing only its samples', async () => {
    await samplesInStates();
    await screen.findByText('Funcionário 1');
    const filter = screen.getByRole('combobox', { name: 'Estado' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', ...SAMPLE_STATES.map((s) => SAMPLE_STATE_LABELS[s])]);
    const counts: Array<[string, number]> = [
      ['em_revisao', 2],
      ['aprovada', 1],
      ['cancelada', 0],
      ['', 5],
    ];
    for (const [value, count] of counts) {
      fireEvent.change(filter, { target: { value } });
      if (count === 0) await waitFor(() => expect(screen.getByText('Não houve nenhum resultado.')).toBeInTheDocument());
      else await waitFor(() => expect(dataRows()).toHaveLength(count));
    }
  });

  it('deletes only a draft: another state is refused with the reason, nothing queued', async () => {
    await samplesInStates();
    await screen.findByText('Funcionário 2');
    fireEvent.click(within(rowOf('Funcionário 2')).getByRole('button', { name: 'Deletar' }));
    expect(await screen.findByText(SAMPLE_REVIEW_MESSAGES.deleteOnlyDraft)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(within(rowOf('Funcionário 1')).getByRole('button', { name: 'Deletar' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Deseja realmente excluir esta amostra?');
  });
});
