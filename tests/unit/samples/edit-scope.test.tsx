/**
 * How much of a sample its page lets each user edit after Finalizar
 * (issue 28, `editScope`), on a real local store: while a chemical sample
 * waits for the laboratory, only the laboratory's fields of its result rows
 * (result, LQ, nº do laudo) are open and Salvar saves them; in review only
 * a reviewer edits (told it is logged), anyone else reads; a customer-type
 * user sees no Resultado, Classificação, report or history before approval,
 * and is told why, and sees them once approved.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES } from '@sync/contract/samples';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../features/render-app';
import { pullSettings } from '../features/samples/render-tab';
import { pulledSample, USERS } from './fixtures';
import { renderSamplePage } from './page-support';

vi.setConfig({ testTimeout: 30_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

/** The visible input of a label (a Select also renders a hidden one). */
const field = (scope: HTMLElement, label: string) =>
  within(scope)
    .getAllByLabelText(label)
    .find((element) => element.getAttribute('type') !== 'hidden')!;

describe('waiting for the laboratory', () => {
  it('opens only the laboratory’s fields of the result rows, and Salvar saves them', async () => {
    await pullSettings(db);
    const key = await pulledSample(db, { type: 'chemical', status: 'aguardando_laboratorio' });
    await renderSamplePage(db, key, USERS.technician);
    expect(await screen.findByTestId('sample-read-only')).toHaveTextContent(SAMPLE_REVIEW_MESSAGES.labFieldsOnly);
    expect(screen.getByLabelText('Funcionário')).toHaveAttribute('readonly');

    fireEvent.click(screen.getByRole('tab', { name: 'Resultado' }));
    const row = await screen.findByTestId('chemical-result-0');
    const open = ['Resultado', 'LQ', 'Nº do laudo do laboratório'];
    const locked = ['Unidade', 'TWA', 'Valor NR-15 (LT)', 'Base de cálculo', 'Valor teto NR-15', 'Massa molar (g/mol)', 'Respirador'];
    for (const label of open) expect(field(row, label), label).toBeEnabled();
    for (const label of locked) expect(field(row, label), label).toBeDisabled();

    fireEvent.change(field(row, 'Nº do laudo do laboratório'), { target: { value: 'LAB-2026/118' } });
    fireEvent.change(field(row, 'Resultado'), { target: { value: '0,5' } });
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Ações da amostra' })).getByRole('button', { name: 'Salvar' }));
    // The chemical tab derives its figures on Salvar: slow on a busy machine.
    expect(await screen.findByText('Amostragem salva com sucesso', undefined, { timeout: 15_000 })).toBeInTheDocument();
    const saved = (await db.records('samples').get(key))!;
    expect((saved.result as { agents: Array<Record<string, unknown>> }).agents[0]).toMatchObject({ lab_report: 'LAB-2026/118', result: '0,5' });

    fireEvent.click(screen.getByRole('tab', { name: 'Memória de campo' }));
    const agent = await screen.findByTestId('chemical-agent-row-0');
    expect(field(agent, 'Vazão da bomba (L/min)')).toBeDisabled();
    expect(field(agent, 'Hora inicial')).toBeDisabled();
  });

  it('shows the laboratory’s report number in every result row of a draft, editable', async () => {
    await pullSettings(db);
    const key = await pulledSample(db, { type: 'chemical' });
    await renderSamplePage(db, key, USERS.technician);
    fireEvent.click(await screen.findByRole('tab', { name: 'Resultado' }));
    const row = await screen.findByTestId('chemical-result-0');
    expect(field(row, 'Nº do laudo do laboratório')).toBeEnabled();
    expect(field(row, 'TWA')).toBeEnabled();
  });
});

describe('in review', () => {
  it('a reviewer edits everything and is told each change is logged', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    await renderSamplePage(db, key, USERS.reviewer);
    expect(await screen.findByTestId('sample-read-only')).toHaveTextContent('cada alteração que você salvar fica registrada no histórico');
    expect(screen.getByLabelText('Funcionário')).not.toHaveAttribute('readonly');
    fireEvent.click(screen.getByRole('tab', { name: 'Memória de campo' }));
    expect(await screen.findByLabelText('Hora inicial')).toBeEnabled();
    expect(screen.getByRole('toolbar', { name: 'Ações da amostra' })).toBeInTheDocument();
  });

  it('anyone else reads it: no Salvar, every input locked', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    await renderSamplePage(db, key, USERS.technician);
    expect(await screen.findByLabelText('Funcionário')).toHaveAttribute('readonly');
    expect(screen.queryByRole('toolbar', { name: 'Ações da amostra' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Memória de campo' }));
    expect(await screen.findByLabelText('Hora inicial')).toBeDisabled();
  });
});

describe('a customer-type user', () => {
  it('before approval: no Resultado, Classificação, Imprimir or Histórico, and the reason said', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    await renderSamplePage(db, key, USERS.customer);
    expect(await screen.findByTestId('results-hidden')).toHaveTextContent(SAMPLE_REVIEW_MESSAGES.resultsHidden);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.some((name) => name?.startsWith('Resultado'))).toBe(false);
    expect(tabs.some((name) => name?.startsWith('Classificação de risco'))).toBe(false);
    expect(screen.getByRole('tab', { name: 'Caracterização' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('sample-history')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sample-review')).not.toBeInTheDocument();
  });

  it('once approved: the tabs, the report and the history are there', async () => {
    const key = await pulledSample(db, { status: 'aprovada' });
    await renderSamplePage(db, key, USERS.customer);
    expect(await screen.findByRole('tab', { name: 'Resultado' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Classificação de risco' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument());
    expect(screen.getByTestId('sample-history')).toBeInTheDocument();
    expect(screen.queryByTestId('results-hidden')).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Ações da amostra' })).not.toBeInTheDocument();
  });
});
