/**
 * The chemical tabs' wiring, one test per tab (the figures themselves are
 * tables on the pure functions: tests/unit/contract/chemical-derive.test.ts):
 * the agent picker offers the chemical agents on the device and fills the
 * row, the times and flow give the total time and volume, the result rows
 * follow and say so; a result typed gives the settings' conclusion and
 * colour, and the option lists are the saved settings'; the classification
 * follows the result (a legacy single record shown as the list); the flow
 * variation is flagged at the field beyond the tolerance.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyChemicalBlocks, normaliseChemicalBlock } from '@sync/contract/samples/chemical';
import type { SyncDatabase } from '@sync/store/database';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { ChemicalClassificationTab, ChemicalMemoryTab, ChemicalResultTab, ChemicalValidationTab } from '@/features/samples/chemical';
import { wireProduct } from '../../sync/support';
import { closeTestDb, openTestDb } from '../render-app';
import { pulled } from '../server-records';
import { pullSettings, renderSampleTabs, renderTab } from './render-tab';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
});
afterEach(async () => {
  await closeTestDb(db);
});

const user = () => userEvent.setup({ delay: null });
const RED = '#f44336';

/** The visible input of a label (Mantine's Select also renders a hidden one). */
function input(scope: ReturnType<typeof within>, label: string): HTMLElement {
  return scope.getAllByLabelText(label).find((element: HTMLElement) => element.getAttribute('type') !== 'hidden')!;
}

describe('Memória de campo', { timeout: 30_000 }, () => {
  it('picks a chemical agent, computes time and volume, and the result rows follow with the notice', async () => {
    await pullSettings(db);
    await pulled(db, 'products', [
      wireProduct(7, { name: 'Tolueno', type_id: 2, code: 'TOL', cas: '108-88-3', method: 'NIOSH 1501' }),
      wireProduct(8, { name: 'Ruído contínuo', type_id: 3 }),
    ]);
    const blocks = emptyChemicalBlocks();
    const view = await renderSampleTabs(db, { memory_field: ChemicalMemoryTab, result: ChemicalResultTab }, { ...blocks } as never);
    const u = user();
    const row = within(screen.getByTestId('chemical-agent-row-0'));

    await u.click(input(row, 'Agente'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Tolueno']);
    await u.click(options[0]!);
    expect(input(row, 'Código')).toHaveValue('TOL');
    expect(input(row, 'CAS')).toHaveValue('108-88-3');
    expect(input(row, 'Método')).toHaveValue('NIOSH 1501');
    expect(await screen.findByText('Agente atualizado na aba Resultado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('chemical-result-0')).toHaveTextContent('Agente 1 — Tolueno'));

    await u.type(input(row, 'Vazão da bomba (L/min)'), '1,5');
    await u.type(input(row, 'Hora inicial'), '0800');
    await u.type(input(row, 'Hora final'), '1200');
    expect(input(row, 'Tempo total (HH:mm)')).toHaveValue('04:00');
    expect(input(row, 'Volume (L)')).toHaveValue('360');

    // The list keeps its add icon on the last row only; a new row gets its result card.
    const list = within(screen.getByRole('list', { name: 'Agentes' }));
    expect(list.getAllByRole('button', { name: 'Adicionar linha' })).toHaveLength(1);
    await u.click(list.getByRole('button', { name: 'Adicionar linha' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getAllByRole('button', { name: 'Adicionar linha' })).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('chemical-result-1')).toBeInTheDocument());
    const memory = view.sample().memory_field as { agents: Array<Record<string, unknown>> };
    expect(memory.agents[0]).toMatchObject({ agent_id: 7, agent: 'Tolueno', total_time: '04:00', volume: '360' });
  });
});

/** NIOSH 1501 as the server sends it, listing agent 7. */
function niosh1501() {
  const stamp = '2026-11-01T10:00:00.000Z';
  return {
    id: 1,
    code: '1501',
    institution: 'niosh',
    description: null,
    sampler: 'Tubo de carvão ativo',
    flow_min: 0.01,
    flow_max: 0.2,
    volume_min: 2,
    volume_max: 30,
    holding_days: null,
    storage_temperature: null,
    laboratory: null,
    agent_ids: [7],
    created_at: stamp,
    updated_at: stamp,
  };
}

describe('Memória de campo with the sampling-method catalog', { timeout: 30_000 }, () => {
  it('a planned sample’s agent, named only, is the catalog’s agent: code, CAS and the method’s proposal filled', async () => {
    await pullSettings(db);
    await pulled(db, 'products', [wireProduct(7, { name: 'Tolueno', type_id: 2, code: 'TOL', cas: '108-88-3', method: '' })]);
    await pulled(db, 'sampling_methods', [niosh1501()]);
    // What the plan writes: the quotation row's agent by name beside the rows.
    const blocks = emptyChemicalBlocks();
    await renderSampleTabs(db, { memory_field: ChemicalMemoryTab }, {
      ...blocks,
      memory_field: { ...blocks.memory_field, agent: 'tolueno' },
    } as never);
    const row = within(screen.getByTestId('chemical-agent-row-0'));
    await waitFor(() => expect(input(row, 'Código')).toHaveValue('TOL'));
    expect(input(row, 'CAS')).toHaveValue('108-88-3');
    expect(input(row, 'Método')).toHaveValue('NIOSH 1501');
    expect(input(row, 'Vazão da bomba (L/min)')).toHaveValue('0,11');
  });

  it('proposes the agent’s method, sampler and flow, and flags a flow and a volume outside the method’s range', async () => {
    await pullSettings(db);
    await pulled(db, 'products', [wireProduct(7, { name: 'Tolueno', type_id: 2, code: 'TOL', cas: '108-88-3', method: '' })]);
    await pulled(db, 'sampling_methods', [niosh1501()]);
    await renderSampleTabs(db, { memory_field: ChemicalMemoryTab }, { ...emptyChemicalBlocks() } as never);
    const u = user();
    const row = within(screen.getByTestId('chemical-agent-row-0'));

    await u.click(input(row, 'Agente'));
    await u.click((await screen.findAllByRole('option'))[0]!);
    expect(input(row, 'Método')).toHaveValue('NIOSH 1501');
    expect(input(row, 'Tipo de amostrador')).toHaveValue('Tubo de carvão ativo');
    expect(input(row, 'Vazão da bomba (L/min)')).toHaveValue('0,11');
    expect(screen.queryByText(/fora da faixa/)).toBeNull();

    await u.clear(input(row, 'Vazão da bomba (L/min)'));
    await u.type(input(row, 'Vazão da bomba (L/min)'), '1,5');
    await u.type(input(row, 'Hora inicial'), '0800');
    await u.type(input(row, 'Hora final'), '1200');
    expect(await screen.findByText(/Vazão fora da faixa do método NIOSH 1501/)).toBeInTheDocument();
    expect(screen.getByText(/Volume fora da faixa do método NIOSH 1501/)).toBeInTheDocument();
  });
});

describe('Resultado', { timeout: 30_000 }, () => {
  it('gives the settings’ conclusion and colour with its criterion; the option lists are the saved settings’', async () => {
    const chemical = defaultResultThresholds().chemical;
    chemical.options.respirator = [{ name: 'Máscara da empresa' }];
    await pullSettings(db, { result_chemical: chemical });
    const memory = normaliseChemicalBlock('memory_field', { agents: [{ row_id: 'a1', agent: 'Tolueno' }] });
    const tab = await renderTab(db, ChemicalResultTab, emptyChemicalBlocks().result, { memory_field: memory });
    const u = user();
    const card = within(await screen.findByTestId('chemical-result-0'));

    await u.type(input(card, 'Resultado'), '20');
    await u.type(input(card, 'TWA'), '20');
    await waitFor(() => expect(screen.getByTestId('chemical-result-0-conclusion')).toHaveTextContent('Risco alto'));
    expect(screen.getByTestId('chemical-result-0-conclusion')).toHaveAttribute('data-color', RED);
    expect(screen.getByTestId('chemical-result-0-criterion')).toHaveTextContent('Índice = resultado / TWA = 20 / 20 = 1');

    await u.click(input(card, 'Respirador'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Máscara da empresa']);
    expect(tab.value().agents[0]).toMatchObject({ agent_row_id: 'a1', agent_chemical: 'Tolueno', risk_level: 'risk4', bg_color: RED });
  });
});

describe('Classificação de risco', { timeout: 30_000 }, () => {
  it('one item per result row, LEO as a percentage and its frequency; a legacy record shown as the list', async () => {
    await pullSettings(db);
    const legacy = normaliseChemicalBlock('risk_classification', {
      agent_chemical: 'Tolueno',
      index: 'risk3',
      leo: '60',
      frequency: 'Semestral',
      recommendation: 'Manter a ventilação',
    });
    const sample = {
      memory_field: { agents: [{ row_id: 'a1', agent: 'Tolueno' }] },
      result: { agents: [{ row_id: 'a1', agent_row_id: 'a1', result: '30', twa: '100' }] },
    };
    const tab = await renderTab(db, ChemicalClassificationTab, legacy, sample);
    const item = within(await screen.findByTestId('chemical-classification-0'));
    await waitFor(() => expect(screen.getByTestId('chemical-classification-0-leo')).toHaveTextContent('30 %'));
    expect(item.getByText('Tolueno')).toBeInTheDocument();
    expect(item.getAllByText('Médio').length).toBeGreaterThan(0);
    expect(item.getByText(/Reavaliar a cada dois anos/)).toBeInTheDocument();
    expect(screen.getByTestId('chemical-single-sample-note')).toHaveTextContent('Classificação indicativa');
    expect(screen.getByLabelText('Recomendação')).toHaveValue('Manter a ventilação');
    expect(tab.value().classifications).toMatchObject([{ agent_row_id: 'a1', index: 'risk2', leo: '30' }]);
  });
});

describe('Validação da medição', { timeout: 30_000 }, () => {
  it('computes the flow variation and flags it at the field beyond ±5 %', async () => {
    await pullSettings(db);
    const tab = await renderTab(db, ChemicalValidationTab, emptyChemicalBlocks().validation);
    const u = user();
    await u.type(screen.getByLabelText('Vazão inicial (L/min)'), '1');
    await u.type(screen.getByLabelText('Vazão final (L/min)'), '0,94');
    const variation = screen.getByTestId('chemical-variation');
    expect(variation).toHaveValue('-6');
    expect(variation).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Fora da tolerância de ±5 %: a verificação da vazão invalida a amostra')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Vazão final (L/min)'));
    await u.type(screen.getByLabelText('Vazão final (L/min)'), '0,97');
    expect(variation).toHaveValue('-3');
    expect(variation).not.toHaveAttribute('aria-invalid', 'true');
    expect(tab.value()).toMatchObject({ variation: '-3', variation_check: 'Dentro da tolerância de ±5 %; vazão média 0,985 L/min' });
  });
});
