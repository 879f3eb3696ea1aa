/**
 * Two writers on one sample (issue 21): the sample page holds a draft while
 * another tab (or a sync) saves the same sample. The draft is rebased on the
 * stored sample (what it did not change takes the stored value), the page
 * says what came in, a field changed on both sides keeps what is typed here
 * and is named, and Salvar stores both writers' edits, never an older value
 * of a field this draft did not edit. A draft written before drafts kept
 * their base is still read.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { draftKey, type DraftRow } from '@sync/store/drafts';
import { DRAFT_DELAY_MS } from '@/features/samples/use-sample-draft';
import { closeTestDb, openTestDb, renderApp } from '../render-app';
import { localNoiseSample, sampleRoutes } from './local-plan';

vi.setConfig({ testTimeout: 20_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const stored = async (key: string) => (await db.records('samples').get(key))!;
const draftOf = async (key: string) => (await db.table('drafts').get(draftKey('samples', key))) as DraftRow | undefined;

/** Another tab saves the sample: its caracterization with `changes`, over what is stored now. */
async function otherTabSaves(key: string, changes: Record<string, unknown>) {
  const caracterization = { ...((await stored(key)).caracterization as Record<string, unknown>), ...changes };
  await act(async () => {
    await saveRecord(db, 'samples', key, { caracterization });
  });
}

async function openWithTyping(key: string, label: string, value: string) {
  await renderApp(db, sampleRoutes, `/admin/amostra/${key}`);
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
  expect(await screen.findByText('Alterações não salvas')).toBeInTheDocument();
}

describe('a draft open while the sample is saved elsewhere', () => {
  it('takes in the other field, says so, and Salvar stores both', async () => {
    const key = await localNoiseSample(db);
    await openWithTyping(key, 'GHE', 'GHE 02');
    // The draft row keeps what it was typed over.
    await waitFor(async () => expect((await draftOf(key))?.base).toBeDefined(), { timeout: DRAFT_DELAY_MS * 10 });

    await otherTabSaves(key, { register: 'M-7' });
    expect(await screen.findByTestId('draft-merged')).toHaveTextContent('Recebido e já exibido: Caracterização — Matrícula.');
    expect(screen.getByLabelText('Matrícula')).toHaveValue('M-7');
    expect(screen.getByLabelText('GHE')).toHaveValue('GHE 02');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Amostragem salva com sucesso')).toBeInTheDocument();
    expect((await stored(key)).caracterization).toMatchObject({ ghe: 'GHE 02', register: 'M-7' });
    expect(screen.queryByTestId('draft-merged')).not.toBeInTheDocument();
    expect(await draftOf(key)).toBeUndefined();
  });

  it('keeps what is typed in a field changed on both sides, and names it', async () => {
    const key = await localNoiseSample(db);
    await openWithTyping(key, 'GHE', 'GHE 02');
    await otherTabSaves(key, { ghe: 'GHE 09', equipment: 'Prensa 4' });
    const notice = await screen.findByTestId('draft-merged');
    expect(notice).toHaveTextContent('Recebido e já exibido: Caracterização — Equipamento.');
    expect(notice).toHaveTextContent('Alterado lá e aqui; ficou o que você digitou: Caracterização — GHE.');
    expect(screen.getByLabelText('GHE')).toHaveValue('GHE 02');
    fireEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByTestId('draft-merged')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Amostragem salva com sucesso')).toBeInTheDocument();
    expect((await stored(key)).caracterization).toMatchObject({ ghe: 'GHE 02', equipment: 'Prensa 4' });
  });

  it('Salvar with nothing typed never writes back what another tab changed', async () => {
    const key = await localNoiseSample(db);
    await renderApp(db, sampleRoutes, `/admin/amostra/${key}`);
    await screen.findByLabelText('GHE');
    await otherTabSaves(key, { ghe: 'GHE 09' });
    await waitFor(() => expect(screen.getByLabelText('GHE')).toHaveValue('GHE 09'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Amostragem salva com sucesso')).toBeInTheDocument();
    expect((await stored(key)).caracterization).toMatchObject({ ghe: 'GHE 09' });
  });

  it('a draft kept on the device is carried over what was saved meanwhile when the page opens again', async () => {
    const key = await localNoiseSample(db);
    const base = (await stored(key)).caracterization as Record<string, unknown>;
    await db.table('drafts').put({
      key: draftKey('samples', key),
      fields: { caracterization: { ...base, ghe: 'GHE 02' } },
      base: { caracterization: base },
      tab: 'caracterization',
      updated_at: '',
    } satisfies DraftRow);
    await saveRecord(db, 'samples', key, { caracterization: { ...base, register: 'M-7' } });
    await renderApp(db, sampleRoutes, `/admin/amostra/${key}`);
    expect(await screen.findByDisplayValue('GHE 02')).toBeInTheDocument();
    expect(screen.getByLabelText('Matrícula')).toHaveValue('M-7');
    expect(screen.getByTestId('draft-merged')).toHaveTextContent('Caracterização — Matrícula');
  });

  it('a draft without a base (written before) is still brought back as typed', async () => {
    const key = await localNoiseSample(db);
    await db
      .table('drafts')
      .put({ key: draftKey('samples', key), fields: { caracterization: { employee: 'Rascunho' } }, tab: 'caracterization', updated_at: '' });
    await renderApp(db, sampleRoutes, `/admin/amostra/${key}`);
    expect(await screen.findByDisplayValue('Rascunho')).toBeInTheDocument();
    expect(screen.queryByTestId('draft-merged')).not.toBeInTheDocument();
  });
});
