/**
 * Revisions (issue 28): a sample made by Invalidar is 'Revisão n' in the
 * header with a link to the revision it replaces; the replaced one says so,
 * with the reason, and links to its successor; both read only, the old one
 * kept readable.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../features/render-app';
import { pulledSample, USERS } from './fixtures';
import { renderSamplePage } from './page-support';

vi.setConfig({ testTimeout: 30_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

describe('revisions', () => {
  it('the new revision: "Revisão 2" in the header, a link to revision 1', async () => {
    const key = await pulledSample(db, { id: 42, status: 'em_revisao', revision: 2, replaces_id: 41 });
    await renderSamplePage(db, key, USERS.reviewer);
    expect(await screen.findByTestId('sample-revision')).toHaveTextContent('Revisão 2');
    const links = screen.getByTestId('sample-revisions');
    expect(within(links).getByRole('link', { name: 'Ver revisão 1 (substituída)' })).toHaveAttribute('href', '/admin/amostra/41');
  });

  it('the replaced one: its reason, a link to revision 2, read only; a first revision names none', async () => {
    const key = await pulledSample(db, { status: 'substituida', replaced_by_id: 42, status_reason: 'Calibrador vencido na data da medição.' });
    await renderSamplePage(db, key, USERS.reviewer);
    const reason = await screen.findByTestId('sample-status-reason');
    expect(reason).toHaveTextContent('Aprovação invalidada: amostra substituída');
    expect(reason).toHaveTextContent('Calibrador vencido na data da medição.');
    expect(within(screen.getByTestId('sample-revisions')).getByRole('link', { name: 'Ver revisão 2' })).toHaveAttribute('href', '/admin/amostra/42');
    expect(screen.queryByTestId('sample-revision')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Funcionário')).toHaveAttribute('readonly');
    expect(screen.queryByRole('toolbar', { name: 'Ações da amostra' })).not.toBeInTheDocument();
  });
});
