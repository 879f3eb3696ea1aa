/**
 * The noise and heat tabs as the sample page gets them from the registry:
 * a stored block that is partial (a new sample: `{}`; an older record)
 * shows with its defaults and computes from the sample's other blocks, and
 * a reader who may not write sees every field disabled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fillDefaults } from '@sync/contract/samples/block-fields';
import { normaliseHeatBlock } from '@sync/contract/samples/heat';
import type { SyncDatabase } from '@sync/store/database';
import type { LocalSample } from '@sync/store/registry';
import { sampleTabOf } from '@/features/samples/sample-tabs';
import { renderWithProviders } from '../../support/render';
import { closeTestDb, openTestDb } from '../render-app';
import { pullSettings } from './render-tab';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await pullSettings(db);
});
afterEach(async () => {
  await closeTestDb(db);
});

describe('fillDefaults', () => {
  it.each([
    ['missing fields take the template', { a: '', b: 'x' }, { a: '1' }, { a: '1', b: 'x' }],
    ['a field of another kind takes the template', { a: '' }, { a: 3 }, { a: '' }],
    ['unknown fields are kept', { a: '' }, { z: 1 }, { a: '', z: 1 }],
    [
      'list rows are filled like the first row',
      { l: [{ a: '', b: '' }] },
      { l: [{ a: '1' }, {}] },
      {
        l: [
          { a: '1', b: '' },
          { a: '', b: '' },
        ],
      },
    ],
    ['an empty list keeps one blank row', { l: [{ a: '' }] }, { l: [] }, { l: [{ a: '' }] }],
    ['a half-typed time is kept as typed', { t: '' }, { t: '07:3' }, { t: '07:3' }],
    ['null stays where the template allows it', { id: null }, { id: 5 }, { id: 5 }],
  ])('%s', (_, template, value, expected) => {
    expect(fillDefaults(template, value)).toEqual(expected);
  });

  it('a stored heat memory without tasks gets one blank task and the defaults', () => {
    const memory = normaliseHeatBlock('memory_field', { observation: 'Turno A' });
    expect(memory).toMatchObject({ sample: 'Calor IBUTG', method: 'nho06', observation: 'Turno A' });
    expect(memory.tasks).toHaveLength(1);
  });
});

async function renderRegistered(slug: 'noise' | 'heat', block: 'result' | 'memory_field', sample: Partial<LocalSample>, readOnly: boolean) {
  const Tab = sampleTabOf(slug, block)!;
  const changes: unknown[] = [];
  await renderWithProviders(
    <Tab
      sample={sample as LocalSample}
      value={(sample[block] as Record<string, unknown>) ?? {}}
      onChange={(next) => changes.push(next)}
      readOnly={readOnly}
      beforeCamera={async () => {}}
    />,
    { db },
  );
  return changes;
}

describe('registered tabs', { timeout: 30_000 }, () => {
  it('noise Resultado from an empty stored block computes from the stored memory and hands back the whole block', async () => {
    const changes = await renderRegistered(
      'noise',
      'result',
      { memory_field: { initial_time: '08:00', final_time: '16:00' }, result: { nho: { result: '100' } } },
      false,
    );
    await waitFor(() => expect(screen.getByTestId('nho-dose8')).toHaveValue('100,0'));
    expect(screen.getByTestId('nho-conclusion')).toHaveTextContent('Acima do limite de exposição');
    await waitFor(() => expect(changes.at(-1)).toMatchObject({ nho: { result: '100', dose8: '100,0', nen: '85,0' }, nr15: { method: 'NR 15' } }));
  });

  it('a reader who may not write sees the fields disabled', async () => {
    await renderRegistered('heat', 'memory_field', { memory_field: { tasks: [{ task: 'Forno', tbn: '25' }] } }, true);
    const row = within(screen.getByRole('list', { name: 'Tarefas' })).getAllByRole('listitem')[0]!;
    expect(within(row).getAllByLabelText('tbn (°C)')[0]).toBeDisabled();
    expect(within(row).getAllByLabelText('tbn (°C)')[0]).toHaveValue('25');
    expect(within(row).queryByRole('button', { name: 'Adicionar linha' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Remover linha' })).toBeNull();
  });
});
