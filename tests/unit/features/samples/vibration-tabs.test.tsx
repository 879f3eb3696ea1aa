/**
 * The vibration tabs through the screen, for their wiring only (the figures
 * are tables on the pure functions: tests/unit/contract/vibration-derive.test.ts):
 * - the whole-body/hand-arm switch: a sample whose agent is 'Vibração de
 *   corpo inteiro (VCI)' opens as whole body (NHO 09, AREN/VDVR, the VDV
 *   fields, AREN and VDVR in Resultado); choosing 'Mãos e braços' sets
 *   NHO 10 and AREN, clears the secondary criterion, hides the VDV fields
 *   and leaves Resultado one AREN row on the hand-arm limit;
 * - one test per tab: what is typed reaches the block (numeric keyboards on
 *   the numbers), a result typed over is marked, a consideration chosen is
 *   the technician's with its colour, the validation's options are the spec's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyVibrationBlocks, type VibrationBlocks, type VibrationMemory } from '@sync/contract/samples/vibration';
import type { SyncDatabase } from '@sync/store/database';
import { VibrationClassificationTab, VibrationMemoryTab, VibrationResultTab, VibrationValidationTab } from '@/features/samples/vibration';
import { sampleTabOf } from '@/features/samples/sample-tabs';
import { closeTestDb, openTestDb } from '../render-app';
import { pullSettings, renderSampleTabs, renderTab } from './render-tab';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await pullSettings(db);
});
afterEach(async () => {
  await closeTestDb(db);
});

const YELLOW = '#ffeb3b';
const ORANGE = '#ff9800';

/** A truck driver's day as the plan prefills it (the agent) with one measurement typed. */
function wholeBodyBlocks(): VibrationBlocks {
  const blocks = emptyVibrationBlocks();
  const [row] = blocks.memory_field.measurements;
  const memory: VibrationMemory = {
    ...blocks.memory_field,
    agent: 'Vibração de corpo inteiro (VCI)',
    criterion_1: '1,1 Aren / 21 VDVR',
    exposition_time: '06:00',
    sample_time: '01:00',
    measurements: [{ ...row!, name: 'Transporte', ax: '0,30', ay: '0,25', az: '0,60', vdv_x: '2', vdv_y: '2', vdv_z: '6' }],
  };
  return { ...blocks, memory_field: memory };
}

const memoryTab = () => within(screen.getByTestId('tab-memory_field'));
const field = (scope: ReturnType<typeof within>, label: string) =>
  scope.getAllByLabelText(label).find((element: HTMLElement) => element.getAttribute('type') !== 'hidden') as HTMLInputElement;

async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the whole-body / hand-arm switch', { timeout: 30_000 }, () => {
  it('whole body from the agent; choosing hands and arms sets NHO 10 and AREN, clears the secondary criterion and the VDV', async () => {
    const user = userEvent.setup({ delay: null });
    const view = await renderSampleTabs(
      db,
      { memory_field: VibrationMemoryTab, result: VibrationResultTab, risk_classification: VibrationClassificationTab },
      wholeBodyBlocks() as never,
    );

    // Proposed from the agent, with the rule's method and criterion.
    await waitFor(() => expect(field(memoryTab(), 'Tipo de vibração')).toHaveValue('Corpo inteiro'));
    expect(field(memoryTab(), 'Método')).toHaveValue('NHO 09');
    expect(field(memoryTab(), 'Critério')).toHaveValue('AREN/VDVR');
    expect(field(memoryTab(), 'Critério secundário')).toHaveValue('1,1 Aren / 21 VDVR');
    expect(memoryTab().getByLabelText('VDV z (m/s^1,75)')).toBeInTheDocument();
    expect(screen.getByTestId('vibration-arep-0')).toHaveValue('0,81');
    const result = within(screen.getByTestId('tab-result'));
    await waitFor(() => expect(result.getByTestId('vibration-result-vdvr')).toBeInTheDocument());
    expect(field(within(result.getByTestId('vibration-result-aren')), 'Resultado')).toHaveValue('0,70');
    expect(screen.getByTestId('vibration-aren')).toHaveAttribute('data-color', YELLOW);

    await pick(user, field(memoryTab(), 'Tipo de vibração'), 'Mãos e braços');

    await waitFor(() => expect(field(memoryTab(), 'Método')).toHaveValue('NHO 10'));
    expect(field(memoryTab(), 'Critério')).toHaveValue('AREN');
    expect(field(memoryTab(), 'Critério secundário')).toHaveValue('');
    expect(memoryTab().queryByLabelText('VDV z (m/s^1,75)')).toBeNull();
    // No 1,4 on the hand-arm axes: sqrt(0,30² + 0,25² + 0,60²) = 0,72.
    expect(screen.getByTestId('vibration-arep-0')).toHaveValue('0,72');
    await waitFor(() => expect(result.queryByTestId('vibration-result-vdvr')).toBeNull());
    expect(field(within(result.getByTestId('vibration-result-aren')), 'Limite')).toHaveValue('5 m/s²');
    expect(view.sample().memory_field).toMatchObject({ vibration_type: 'maos-bracos', method: 'NHO 10', criterion: 'AREN', criterion_1: '' });
    expect(view.sample().result).toMatchObject({ rows: [{ row_id: 'aren', norma: 'NHO 10', result: '0,62' }] });
  });
});

describe('each tab writes its block', { timeout: 30_000 }, () => {
  it('Memória de campo: readings on the decimal keyboard, repetitions on the numeric one; the arep follows the axes', async () => {
    const user = userEvent.setup({ delay: null });
    const blocks = emptyVibrationBlocks();
    const view = await renderTab(db, VibrationMemoryTab, { ...blocks.memory_field, vibration_type: 'corpo' });
    const repeats = screen.getByLabelText('Número de repetições');
    expect(repeats).toHaveAttribute('inputmode', 'numeric');
    await user.type(repeats, '12');
    const ax = screen.getByLabelText('Aceleração x (m/s²)');
    expect(ax).toHaveAttribute('inputmode', 'decimal');
    await user.type(ax, '1');
    await user.type(screen.getByLabelText('Aceleração y (m/s²)'), '0');
    await user.type(screen.getByLabelText('Aceleração z (m/s²)'), '0');
    expect(screen.getByLabelText('Tempo de exposição (HH:mm)')).toHaveAttribute('inputmode', 'numeric');
    // 1,4 × 1 on x.
    expect(view.value()).toMatchObject({ repeat_number: '12', measurements: [{ ax: '1', arep: '1,40' }] });
  });

  it('Resultado: a result typed over is marked as the technician’s', async () => {
    const user = userEvent.setup({ delay: null });
    const blocks = emptyVibrationBlocks();
    const view = await renderTab(db, VibrationResultTab, blocks.result, { memory_field: { vibration_type: 'maos-bracos' } });
    const card = within(await screen.findByTestId('vibration-result-aren'));
    await user.type(field(card, 'Resultado'), '3,6');
    await waitFor(() => expect(card.getByText('Digitado pelo técnico')).toBeInTheDocument());
    expect(view.value()).toMatchObject({ rows: [{ row_id: 'aren', result: '3,6', typed: ['result'], bgColor: ORANGE }] });
  });

  it('Classificação de risco: the proposal from the band, then the technician’s choice with its colour', async () => {
    const user = userEvent.setup({ delay: null });
    const blocks = emptyVibrationBlocks();
    const sample = { memory_field: { vibration_type: 'corpo' }, result: { rows: [{ row_id: 'aren', result: '0,6', typed: ['result'] }] } };
    const view = await renderTab(db, VibrationClassificationTab, blocks.risk_classification, sample);
    await waitFor(() => expect(view.value()).toMatchObject({ consideration: 'Acima do nível de ação', bgColor: YELLOW, typed: [] }));
    await pick(user, field(within(document.body), 'Consideração técnica'), 'Região de incerteza');
    expect(view.value()).toMatchObject({ consideration: 'Região de incerteza', bgColor: ORANGE, typed: ['consideration'] });
    expect(screen.getByTestId('vibration-consideration-color')).toHaveAttribute('data-color', ORANGE);
    expect(screen.getByText('Escolhida pelo técnico; limpe para voltar à proposta')).toBeInTheDocument();
  });

  it('Validação da medição: the spec’s options', async () => {
    const user = userEvent.setup({ delay: null });
    const view = await renderTab(db, VibrationValidationTab, emptyVibrationBlocks().validation);
    await pick(user, field(within(document.body), 'Exposição'), 'Sim');
    await pick(user, field(within(document.body), 'Tipo de amostra'), 'Acima do normal');
    await user.type(screen.getByLabelText('Justificativa'), 'Ok');
    expect(view.value()).toEqual({ avaliation: '', exposition: 'Sim', sample_type: 'Acima do normal', justify: 'Ok' });
  });

  it('the registry gives the sample page the four vibration tabs', () => {
    for (const block of ['memory_field', 'result', 'risk_classification', 'validation'] as const) {
      expect(sampleTabOf('vibration', block)).toBeDefined();
    }
  });
});
