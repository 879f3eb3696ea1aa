/**
 * The heat tabs' wiring through the screen: the technician types each
 * task's times, metabolic rate and readings in Memória de campo; the task's
 * duration and IBUTG, then the 60-minute IBUTG and metabolic rate, the
 * limit, the action level and the condition appear in Resultado and
 * Classificação de risco, with their criterion (NHO 06, NR-15 Anexo 3).
 * The figures themselves are tables on the pure functions: the task rows
 * and the derivation (tests/unit/contract/heat-derive.test.ts and
 * support/figure-cases.ts), the window (heat-figures.test.ts) and the
 * limits and clothing (tests/unit/domain/heat.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyHeatBlocks, type HeatBlocks } from '@sync/contract/samples/heat';
import type { SyncDatabase } from '@sync/store/database';
import { HeatClassificationTab, HeatMemoryTab, HeatResultTab } from '@/features/samples/heat';
import { closeTestDb, openTestDb } from '../render-app';
import { pullSettings, renderSampleTabs } from './render-tab';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await pullSettings(db);
});
afterEach(async () => {
  await closeTestDb(db);
});

const YELLOW = '#ffeb3b';
const RED = '#f44336';

type Task = { initial: string; final: string; metabolism: string; tbn: string; tg: string; tbs?: string; solar?: boolean };

const user = userEvent.setup({ delay: null });

function taskCard(index: number) {
  return within(within(within(screen.getByTestId('tab-memory_field')).getByRole('list', { name: 'Tarefas' })).getAllByRole('listitem')[index]!);
}

function input(scope: ReturnType<typeof within>, label: string) {
  return scope.getAllByLabelText(label).find((el: HTMLElement) => el.getAttribute('type') !== 'hidden')!;
}

/** Each field in one input event (a paste: the masks and rules run as on typing, with far fewer renders). */
async function typeTask(index: number, task: Task) {
  const card = taskCard(index);
  if (task.solar) {
    await user.click(input(card, 'Carga solar'));
    await user.click(await screen.findByRole('option', { name: 'Sim' }));
  }
  for (const [label, text] of [
    ['Hora inicial', task.initial],
    ['Hora final', task.final],
    ['Taxa metabólica (W)', task.metabolism],
    ['tbs (°C)', task.tbs ?? ''],
    ['tbn (°C)', task.tbn],
    ['tg (°C)', task.tg],
  ] as const) {
    if (!text) continue;
    await user.click(input(card, label));
    await user.paste(text);
  }
}

async function renderHeat() {
  const blocks: HeatBlocks = emptyHeatBlocks();
  const tabs = {
    memory_field: HeatMemoryTab,
    result: HeatResultTab,
    risk_classification: HeatClassificationTab,
  };
  return renderSampleTabs(db, tabs, { ...blocks } as never);
}

describe('Memória de campo', { timeout: 60_000 }, () => {
  it('gives each task its duration and IBUTG as typed (solar load: 0.7 tbn + 0.2 tg + 0.1 tbs), and Resultado weights them over their time', async () => {
    const view = await renderHeat();
    const result = within(screen.getByTestId('tab-result'));
    expect(result.getByTestId('heat-ibutg')).toHaveValue('');
    expect(result.getByTestId('heat-condition')).toHaveTextContent('—');

    await typeTask(0, { initial: '1000', final: '', metabolism: '243', tbs: '35', tbn: '24', tg: '38', solar: true });
    const card = taskCard(0);
    expect(input(card, 'Duração (HH:mm)')).toHaveValue('');
    // Key by key through the mask: the duration appears once the time is whole.
    await user.type(input(card, 'Hora final'), '1030');
    expect(input(card, 'Hora final')).toHaveValue('10:30');
    expect(input(card, 'Duração (HH:mm)')).toHaveValue('00:30');
    expect(input(card, 'IBUTG (°C)')).toHaveValue('27,9');
    expect((view.sample().memory_field as HeatBlocks['memory_field']).tasks[0]).toMatchObject({
      initial: '10:00',
      final: '10:30',
      solar_load: 'Sim',
      duration: '00:30',
      ibutg: '27,9',
    });
    // 30 minutes: computed over their time, with a warning.
    await waitFor(() => expect(result.getByTestId('heat-not-sixty')).toHaveTextContent('As tarefas somam 00:30'));
    expect(result.getByTestId('heat-ibutg')).toHaveValue('27,9');
  });
});

describe('Resultado and Classificação de risco', { timeout: 60_000 }, () => {
  it('calculations.md example (40 min at 30,0 °C and 243 W, 20 min at 25,0 °C and 117 W): the figures, the condition, then the clothing', async () => {
    const view = await renderHeat();
    const tasks: Task[] = [
      { initial: '0800', final: '0840', metabolism: '243', tbn: '27', tg: '37' },
      { initial: '0840', final: '0900', metabolism: '117', tbn: '22', tg: '32' },
    ];
    for (const [index, task] of tasks.entries()) {
      if (index > 0) await user.click(taskCard(index - 1).getByRole('button', { name: 'Adicionar linha' }));
      await typeTask(index, task);
    }
    const figures = { metabolism: '201', ibutg: '28,3', action_level: '27,4', max: '30,2' };
    const condition = 'Acima do nível de ação';
    const result = within(screen.getByTestId('tab-result'));
    await waitFor(() => expect(result.getByTestId('heat-ibutg')).toHaveValue(figures.ibutg));
    expect(result.getByTestId('heat-metabolism')).toHaveValue(figures.metabolism);
    expect(result.getByTestId('heat-action-level')).toHaveValue(figures.action_level);
    expect(result.getByTestId('heat-max')).toHaveValue(figures.max);
    expect(result.getByTestId('heat-condition')).toHaveTextContent(condition);
    expect(result.getByTestId('heat-condition').getAttribute('data-color')).toBe(YELLOW);
    expect(result.getAllByText(/NHO 06 \(2017\); limites NR-15 Anexo 3/).length).toBeGreaterThan(0);
    expect(result.queryByTestId('heat-not-sixty')).toBeNull();

    const classification = within(screen.getByTestId('tab-risk_classification'));
    expect(classification.getByTestId('heat-condition')).toHaveTextContent(condition);
    expect(classification.getByTestId('heat-classification-criterion')).toHaveTextContent(
      `IBUTG médio ${figures.ibutg} °C; nível de ação ${figures.action_level} °C; limite ${figures.max} °C`,
    );
    await waitFor(() =>
      expect(view.sample().risk_classification).toMatchObject({
        condition,
        consideration: condition,
        recomendation: 'Adoção de medidas preventivas',
      }),
    );
    expect(view.sample().result).toMatchObject(figures);

    // A polyolefin coverall adds 2 °C: 30,3 ≥ 30,2 is above the limit, named in the criterion.
    await user.click(input(result, 'Vestimenta'));
    await user.click(await screen.findByRole('option', { name: /Macacão de poliolefina/ }));
    await waitFor(() => expect(result.getByTestId('heat-ibutg')).toHaveValue('30,3'));
    expect(result.getAllByText(/vestimenta \+2 °C/).length).toBeGreaterThan(0);
    expect(result.getByTestId('heat-condition').getAttribute('data-color')).toBe(RED);
    expect(classification.getByTestId('heat-condition')).toHaveTextContent('Acima do limite de exposição');
    await waitFor(() => expect(view.sample().result).toMatchObject({ clothing: 'polyolefin-coverall', ibutg: '30,3' }));
  });
});
