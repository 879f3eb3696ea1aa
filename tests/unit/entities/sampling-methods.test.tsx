/**
 * What the chemical field memory gets from src/entities/sampling-methods:
 * the method proposed for an agent (its name, sampler and a pre-filled flow
 * at the pump's step; the first by name when several list the agent), the
 * method a row names (by name, an appended note allowed, else the agent's),
 * the row's warnings against it, the warning under its field, and the
 * methods read live from the device's store.
 */
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import { SyncProvider } from '@sync/react/context';
import type { SyncDatabase } from '@sync/store/database';
import type { LocalSamplingMethod } from '@sync/store/registry/catalog-records';
import { MethodFieldWarning, methodForAgent, methodOfRow, methodWarnings, useSamplingMethods } from '@/entities/sampling-methods';
import { closeTestDb, openTestDb } from '../features/render-app';

const method = (key: string, fields: Partial<LocalSamplingMethod>): LocalSamplingMethod => ({
  key,
  id: null,
  created_at: null,
  updated_at: null,
  code: '',
  institution: 'niosh',
  description: null,
  sampler: null,
  flow_min: null,
  flow_max: null,
  volume_min: null,
  volume_max: null,
  holding_days: null,
  storage_temperature: null,
  laboratory: null,
  agent_ids: [],
  ...fields,
});

const NIOSH_1501 = method('a', {
  code: '1501',
  sampler: 'Tubo de carvão ativo (100 mg/50 mg)',
  flow_min: 0.01,
  flow_max: 0.2,
  volume_min: 2,
  volume_max: 30,
  holding_days: 30,
  agent_ids: [11, 12],
});
const OSHA_1002 = method('b', { code: '1002', institution: 'osha', sampler: 'Tubo de carvão', flow_min: 0.05, flow_max: 0.2, agent_ids: [11] });
const NIOSH_7300 = method('c', { code: '7300', sampler: 'Filtro MCE 0,8 µm', flow_min: 1, flow_max: 4, agent_ids: [20] });
const EPA = method('d', { code: 'EPA TO-15', institution: 'other', agent_ids: [30] });
const METHODS = [OSHA_1002, NIOSH_7300, NIOSH_1501, EPA];

describe('methodForAgent', () => {
  it.each<[number | null | undefined, { code: string; sampler: string; pumpFlow: string } | null]>([
    // two methods list toluene (11): the first by name, on every device
    [11, { code: 'NIOSH 1501', sampler: 'Tubo de carvão ativo (100 mg/50 mg)', pumpFlow: '0,11' }],
    [12, { code: 'NIOSH 1501', sampler: 'Tubo de carvão ativo (100 mg/50 mg)', pumpFlow: '0,11' }],
    [20, { code: 'NIOSH 7300', sampler: 'Filtro MCE 0,8 µm', pumpFlow: '2,5' }],
    // another institution's method is named by its code; no range, no flow
    [30, { code: 'EPA TO-15', sampler: '', pumpFlow: '' }],
    [99, null],
    [null, null],
    [undefined, null],
  ])('agent %s → %j', (agentId, expected) => {
    const proposal = methodForAgent(METHODS, agentId);
    expect(proposal && { code: proposal.code, sampler: proposal.sampler, pumpFlow: proposal.pumpFlow }).toEqual(expected);
  });

  it('hands the method itself too', () => {
    expect(methodForAgent(METHODS, 20)?.method).toBe(NIOSH_7300);
  });
});

describe('methodOfRow', () => {
  it.each<[{ agent_id?: number | null; agent_method?: string | null }, LocalSamplingMethod | null]>([
    [{ agent_id: 11, agent_method: 'NIOSH 1501' }, NIOSH_1501],
    [{ agent_id: 11, agent_method: ' niosh  1501 ' }, NIOSH_1501],
    // the technician chose the other method the agent has
    [{ agent_id: 11, agent_method: 'OSHA 1002' }, OSHA_1002],
    // the agent's own text with a note after the name
    [{ agent_id: 20, agent_method: 'NIOSH 7300 (ICP)' }, NIOSH_7300],
    [{ agent_id: 20, agent_method: 'NIOSH 73000' }, null],
    // a method typed by hand that the catalog does not know: nothing to check against
    [{ agent_id: 11, agent_method: 'NIOSH 1500' }, null],
    // no method typed: the agent's
    [{ agent_id: 11, agent_method: '' }, NIOSH_1501],
    [{ agent_id: 11 }, NIOSH_1501],
    [{ agent_id: null, agent_method: null }, null],
  ])('%j', (row, expected) => {
    expect(methodOfRow(METHODS, row)).toBe(expected);
  });
});

describe('methodWarnings', () => {
  it("checks the row with the method's own name and numbers", () => {
    expect(methodWarnings(NIOSH_1501, { pump_flow: '0,5', volume: '12', date: '01/10/2026' }, '2026-11-29')).toEqual([
      { field: 'pump_flow', message: 'Vazão fora da faixa do método NIOSH 1501 (0,01–0,2 L/min).' },
      { field: 'date', message: 'Prazo do método NIOSH 1501 excedido: 59 dias entre a coleta e o envio ao laboratório (máximo 30 dias).' },
    ]);
    expect(methodWarnings(null, { pump_flow: '9' }, '2026-11-29')).toEqual([]);
  });
});

describe('MethodFieldWarning', () => {
  it('shows the warning of its field only', () => {
    const warnings = methodWarnings(NIOSH_1501, { pump_flow: '0,5', volume: '12' }, '2026-11-29');
    render(
      <MantineProvider env="test">
        <MethodFieldWarning warnings={warnings} field="pump_flow" />
        <MethodFieldWarning warnings={warnings} field="volume" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Vazão fora da faixa do método NIOSH 1501 (0,01–0,2 L/min).');
    expect(document.querySelector('[data-method-warning="volume"]')).toBeNull();
  });
});

function Proposal({ agentId }: { agentId: number }) {
  const { loading, methods } = useSamplingMethods();
  if (loading) return <p>Carregando</p>;
  return <p>{methodForAgent(methods, agentId)?.code ?? 'Nenhum método'}</p>;
}

describe('useSamplingMethods', () => {
  let db: SyncDatabase;
  beforeEach(() => {
    db = openTestDb();
  });
  afterEach(() => closeTestDb(db));

  it('reads the methods on the device, live', async () => {
    await act(async () => {
      render(
        <MantineProvider env="test">
          <SyncProvider db={db}>
            <Proposal agentId={11} />
          </SyncProvider>
        </MantineProvider>,
      );
    });
    expect(await screen.findByText('Nenhum método')).toBeInTheDocument();
    await act(async () => {
      await saveRecord(db, 'sampling_methods', null, { code: '1501', institution: 'niosh', flow_min: 0.01, flow_max: 0.2, agent_ids: [11] });
    });
    expect(await screen.findByText('NIOSH 1501')).toBeInTheDocument();
  });
});
