/**
 * Issue 21 on the sample page, on a real local store (fake-indexeddb),
 * offline: an impossible date, a time past 23:59 and a number that is not
 * one show the contract's message at the field (a half-typed time waits
 * until it is whole or left); their tab is never 'Completa' and says how
 * many are invalid; 'Verificar' lists them under their tab and jumps to
 * one; Salvar, refused, names the first field with its tab and how many
 * more, opens 'Verificar', and keeps the draft. Heat's Classificação tab has
 * its mark like the others.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_FIELD_MESSAGES } from '@sync/contract/samples/block-fields';
import { SyncError } from '@sync/engine/errors';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { draftKey, readDraft } from '@sync/store/drafts';
import { readRecord } from '@sync/store/queries';
import type { LocalQuotation } from '@sync/store/registry';
import { planSaves } from '@/entities/sample';
import { refusedSave } from '@/features/samples/sample-check';
import { closeTestDb, openTestDb, renderApp } from '../render-app';
import { localCustomer, localNoiseSample, sampleRoutes } from './local-plan';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 90_000 });

const M = SAMPLE_FIELD_MESSAGES;

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const tab = (title: string) => screen.getByRole('tab', { name: title });

async function retype(label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, text);
  return input;
}

/** A noise sample whose Memória de campo is complete. */
async function completeNoiseMemory(): Promise<string> {
  const key = await localNoiseSample(db);
  await saveRecord(db, 'samples', key, {
    memory_field: {
      instrument: 'Dosímetro X',
      gauge: 'Calibrador Y',
      data: '20/11/2026',
      initial_time: '07:00',
      final_time: '12:00',
      initial_calibration: '114',
      final_calibration: '114',
    },
  });
  return key;
}

describe('a refused value at the field, on its tab, in Verificar and in Salvar', () => {
  it('shows each field’s error, takes Completa from the tab, lists and jumps, and a refused Salvar names the field and keeps the draft', async () => {
    const key = await completeNoiseMemory();
    await renderApp(db, sampleRoutes, `/admin/amostra/${key}`);
    await screen.findByText('Amostras/Editar');
    fireEvent.click(tab('Memória de campo'));
    await waitFor(() => expect(within(tab('Memória de campo')).getByTestId('tab-mark-status')).toHaveTextContent('Completa'));

    // A date: the error as soon as it is whole.
    const date = await retype('Data', '31022026');
    expect(date).toHaveValue('31/02/2026');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription(M.date);

    // A time: nothing while '2' is being typed, the error once '25:75' is whole.
    const initial = await retype('Hora inicial', '2');
    expect(initial).toHaveFocus();
    expect(initial).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(initial, '575');
    expect(initial).toHaveValue('25:75');
    expect(initial).toHaveAccessibleDescription(M.time);

    // Left half typed: the error when the field is left; fixed, it goes.
    const final = await retype('Hora final', '1');
    expect(final).not.toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(final).toHaveAccessibleDescription(M.time);
    await retype('Hora final', '1200');
    expect(final).not.toHaveAttribute('aria-invalid', 'true');

    // A number: the error as it is typed, on the decimal keyboard.
    const calibration = await retype('Calibração inicial (dB)', 'a');
    expect(calibration).toHaveAttribute('inputmode', 'decimal');
    expect(calibration).toHaveAccessibleDescription(M.decimal);
    await user.type(calibration, 'bc');
    expect(calibration).toHaveValue('abc');
    expect(calibration).toHaveAccessibleDescription(M.decimal);

    // Every required field is filled, but three are invalid: not 'Completa'.
    await waitFor(() => expect(within(tab('Memória de campo')).getByTestId('tab-mark-invalid')).toHaveTextContent('3 inválidos'));
    expect(within(tab('Memória de campo')).queryByTestId('tab-mark-status')).not.toBeInTheDocument();
    expect(tab('Memória de campo')).toHaveAttribute('aria-description', '3 campos inválidos');
    expect(within(tab('Caracterização')).getByTestId('tab-mark')).toHaveTextContent('Faltam 3');

    // Verificar, from another tab: the invalid fields under their tab, with their messages; a touch jumps to one.
    fireEvent.click(tab('Caracterização'));
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Campos a corrigir' });
    expect(within(dialog).getByText(/^3 campos inválidos e \d+ obrigatórios em branco\./)).toBeInTheDocument();
    const memory = within(dialog).getByRole('group', { name: 'Memória de campo' });
    expect(
      within(memory)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([`Data: ${M.date}`, `Hora inicial: ${M.time}`, `Calibração inicial (dB): ${M.decimal}`]);
    expect(within(dialog).getByRole('group', { name: 'Caracterização' })).toBeInTheDocument();
    fireEvent.click(within(memory).getByRole('button', { name: `Hora inicial: ${M.time}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tab('Memória de campo')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field', 'memory_field.initial_time'));

    // Salvar: refused, named with its tab and how many more; Verificar opens; nothing saved, the draft kept.
    const outboxBefore = (await db.outbox.toArray()).length;
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`Memória de campo — Data: ${M.date}. E mais 2 campos a corrigir.`)).toBeInTheDocument();
    dialog = await screen.findByRole('dialog', { name: 'Campos a corrigir' });
    expect(within(dialog).getAllByRole('button', { name: /: (Data|Hora|Número) inválid/ })).toHaveLength(3);
    expect(screen.queryByText('Amostragem salva com sucesso')).not.toBeInTheDocument();
    expect((await db.outbox.toArray()).length).toBe(outboxBefore);
    expect(((await readRecord(db, 'samples', key)) as unknown as { memory_field: Record<string, unknown> }).memory_field).toMatchObject({
      data: '20/11/2026',
      initial_time: '07:00',
      initial_calibration: '114',
    });
    await waitFor(async () =>
      expect((await readDraft(db, draftKey('samples', key)))?.fields.memory_field).toMatchObject({
        data: '31/02/2026',
        initial_time: '25:75',
        final_time: '12:00',
        initial_calibration: 'abc',
      }),
    );
  });
});

/** A heat sample planned on the device. */
async function localHeatSample(): Promise<string> {
  const customer = await localCustomer(db);
  const quotationKey = await saveRecord(db, 'quotations', null, {
    customer_key: customer,
    rows: [{ name: 'Calor', product_type_id: 4, quantity: 1, value: 10 }],
    total: 10,
  });
  const quotation = (await readRecord(db, 'quotations', quotationKey)) as unknown as LocalQuotation;
  const [key] = await saveRecords(db, planSaves(quotation));
  return key!;
}

describe('heat', () => {
  it('a reading that is not a number is shown in its task and counted on its tab; Classificação has its mark', async () => {
    const key = await localHeatSample();
    await renderApp(db, sampleRoutes, `/admin/amostra/${key}`);
    await screen.findByText('Amostras/Editar');
    // Nothing required there, nothing computed yet: a neutral mark, not 'Completa'.
    expect(within(tab('Classificação de risco')).getByTestId('tab-mark')).toHaveTextContent('Sem dados');
    expect(tab('Classificação de risco')).toHaveAttribute('aria-description', 'Sem dados: nada calculado ainda');

    fireEvent.click(tab('Memória de campo'));
    const tbn = await retype('tbn (°C)', 'abc');
    expect(tbn).toHaveAttribute('data-field', 'memory_field.tasks.0.tbn');
    expect(tbn).toHaveAccessibleDescription(M.decimal);
    await waitFor(() => expect(within(tab('Memória de campo')).getByTestId('tab-mark-invalid')).toHaveTextContent('1 inválido'));
    // The blank required fields are still counted beside it.
    expect(within(tab('Memória de campo')).getByTestId('tab-mark-status')).toHaveTextContent(/^Falta/);
  });
});

describe('refusedSave: the toast of a refused Salvar', () => {
  const refused = (fields: Record<string, string[]>, typeId = 4) => refusedSave(SyncError.of('validation', 'x', { fields }), typeId);

  it('names the first field with its tab and row, and counts the others once each', () => {
    expect(
      refused({
        memory_field: [M.time, M.decimal, M.decimal],
        'memory_field.tasks.1.initial': [M.time],
        'memory_field.tasks.1.tbn': [M.decimal, M.decimal],
        validation: [M.decimal],
        'validation.initial_tbs': [M.decimal],
      }),
    ).toEqual({ message: `Memória de campo — Tarefa 2 — Hora inicial: ${M.time} E mais 2 campos a corrigir.`, inBlocks: true });
    expect(refused({ result: [M.decimal], 'result.nho.dose8': [M.decimal] }, 3)).toEqual({
      message: `Resultado — NHO 01 — Dose 8h (%): ${M.decimal}`,
      inBlocks: true,
    });
  });

  it('keeps a message outside the blocks as it is, and leaves other errors to the page', () => {
    expect(refused({ quotation_id: ['Orçamento inválido.'] })).toEqual({ message: 'Orçamento inválido.', inBlocks: false });
    expect(refusedSave(SyncError.of('network'), 4)).toBeNull();
    expect(refusedSave(new Error('x'), 4)).toBeNull();
  });
});
