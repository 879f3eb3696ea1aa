/**
 * The heat tabs' computed fields through the screen: the technician types
 * each task's times, metabolic rate and readings in Memória de campo; the
 * task's duration and IBUTG, then the 60-minute IBUTG and metabolic rate,
 * the limit, the action level and the condition appear in Resultado and
 * Classificação de risco, with their criterion (NHO 06, NR-15 Anexo 3).
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

const GREEN = '#4caf50';
const YELLOW = '#ffeb3b';
const RED = '#f44336';

type Task = { initial: string; final: string; metabolism: string; tbn: string; tg: string; tbs?: string; solar?: boolean };

function taskCard(index: number) {
  return within(within(within(screen.getByTestId('tab-memory_field')).getByRole('list', { name: 'Tarefas' })).getAllByRole('listitem')[index]!);
}

function input(scope: ReturnType<typeof within>, label: string) {
  return scope.getAllByLabelText(label).find((el: HTMLElement) => el.getAttribute('type') !== 'hidden')!;
}

async function typeTask(index: number, task: Task) {
  const card = taskCard(index);
  if (task.solar) {
    await userEvent.click(input(card, 'Carga solar'));
    await userEvent.click(await screen.findByRole('option', { name: 'Sim' }));
  }
  for (const [label, text] of [
    ['Hora inicial', task.initial],
    ['Hora final', task.final],
    ['Taxa metabólica (W)', task.metabolism],
    ['tbs (°C)', task.tbs ?? ''],
    ['tbn (°C)', task.tbn],
    ['tg (°C)', task.tg],
  ] as const) {
    if (text) await userEvent.type(input(card, label), text);
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

describe('Memória de campo: each task’s duration and IBUTG as typed', { timeout: 30_000 }, () => {
  it.each([
    // without solar load: 0.7 tbn + 0.3 tg; with: 0.7 tbn + 0.2 tg + 0.1 tbs
    [{ initial: '0800', final: '0840', metabolism: '243', tbn: '27', tg: '37' }, '00:40', '30,0'],
    [{ initial: '2330', final: '0030', metabolism: '243', tbn: '25,5', tg: '40' }, '01:00', '29,9'],
    [{ initial: '0800', final: '0900', metabolism: '243', tbs: '35', tbn: '24', tg: '38', solar: true }, '01:00', '27,9'],
    [{ initial: '0800', final: '0900', metabolism: '243', tbn: '24', tg: '', solar: false }, '01:00', ''],
    [{ initial: '0800', final: '0900', metabolism: '243', tbn: '24', tg: '38', solar: true }, '01:00', ''],
  ])('%j → duration %s, IBUTG %j', async (task, duration, ibutg) => {
    const view = await renderHeat();
    await typeTask(0, task);
    const card = taskCard(0);
    expect(input(card, 'Duração (HH:mm)')).toHaveValue(duration);
    expect(input(card, 'IBUTG (°C)')).toHaveValue(ibutg);
    expect((view.sample().memory_field as HeatBlocks['memory_field']).tasks[0]).toMatchObject({ duration, ibutg });
  });
});

describe('Resultado and Classificação de risco: the 60 minutes, the limits for the rate, the condition', { timeout: 30_000 }, () => {
  it.each([
    {
      name: 'calculations.md example: 40 min at 30,0 °C and 243 W plus 20 min at 25,0 °C and 117 W',
      tasks: [
        { initial: '0800', final: '0840', metabolism: '243', tbn: '27', tg: '37' },
        { initial: '0840', final: '0900', metabolism: '117', tbn: '22', tg: '32' },
      ],
      figures: { metabolism: '201', ibutg: '28,3', action_level: '27,4', max: '30,2' },
      condition: 'Acima do nível de ação',
      color: YELLOW,
      recomendation: 'Adoção de medidas preventivas',
    },
    {
      name: 'one hour at 23,0 °C and 178 W',
      tasks: [{ initial: '1000', final: '1100', metabolism: '178', tbn: '20', tg: '30' }],
      figures: { metabolism: '178', ibutg: '23,0', action_level: '28,2', max: '30,8' },
      condition: 'Aceitável',
      color: GREEN,
      recomendation: 'Manutenção da condição existente',
    },
    {
      name: 'one hour at 28,7 °C and 332 W',
      tasks: [{ initial: '1000', final: '1100', metabolism: '332', tbn: '26', tg: '35' }],
      figures: { metabolism: '332', ibutg: '28,7', action_level: '24,4', max: '27,7' },
      condition: 'Acima do limite de exposição',
      color: RED,
      recomendation: 'Adoção imediata de medidas corretivas',
    },
    {
      name: 'one hour in the sun: 27,9 °C and 243 W',
      tasks: [{ initial: '1000', final: '1100', metabolism: '243', tbs: '35', tbn: '24', tg: '38', solar: true }],
      figures: { metabolism: '243', ibutg: '27,9', action_level: '26,3', max: '29,3' },
      condition: 'Acima do nível de ação',
      color: YELLOW,
      recomendation: 'Adoção de medidas preventivas',
    },
  ])('$name → $condition', async ({ tasks, figures, condition, color, recomendation }) => {
    const view = await renderHeat();
    for (const [index, task] of tasks.entries()) {
      if (index > 0) await userEvent.click(taskCard(index - 1).getByRole('button', { name: 'Adicionar linha' }));
      await typeTask(index, task);
    }
    const result = within(screen.getByTestId('tab-result'));
    await waitFor(() => expect(result.getByTestId('heat-ibutg')).toHaveValue(figures.ibutg));
    expect(result.getByTestId('heat-metabolism')).toHaveValue(figures.metabolism);
    expect(result.getByTestId('heat-action-level')).toHaveValue(figures.action_level);
    expect(result.getByTestId('heat-max')).toHaveValue(figures.max);
    expect(result.getByTestId('heat-condition')).toHaveTextContent(condition);
    expect(result.getByTestId('heat-condition').getAttribute('data-color')).toBe(color);
    expect(result.getAllByText(/NHO 06 \(2017\); limites NR-15 Anexo 3/).length).toBeGreaterThan(0);
    expect(result.queryByTestId('heat-not-sixty')).toBeNull();

    const classification = within(screen.getByTestId('tab-risk_classification'));
    expect(classification.getByTestId('heat-condition')).toHaveTextContent(condition);
    expect(classification.getByTestId('heat-classification-criterion')).toHaveTextContent(
      `IBUTG médio ${figures.ibutg} °C; nível de ação ${figures.action_level} °C; limite ${figures.max} °C`,
    );
    await waitFor(() => expect(view.sample().risk_classification).toMatchObject({ condition, consideration: condition, recomendation }));
    expect(view.sample().result).toMatchObject(figures);
  });

  it('tasks that do not add up to 60 minutes are computed over their time, with a warning', async () => {
    await renderHeat();
    await typeTask(0, { initial: '1000', final: '1030', metabolism: '178', tbn: '20', tg: '30' });
    const result = within(screen.getByTestId('tab-result'));
    await waitFor(() => expect(result.getByTestId('heat-not-sixty')).toHaveTextContent('As tarefas somam 00:30'));
    expect(result.getByTestId('heat-ibutg')).toHaveValue('23,0');
  });

  it('a half-typed task shows no figure and no condition', async () => {
    const view = await renderHeat();
    await typeTask(0, { initial: '1000', final: '1100', metabolism: '', tbn: '20', tg: '30' });
    const result = within(screen.getByTestId('tab-result'));
    expect(result.getByTestId('heat-ibutg')).toHaveValue('');
    expect(result.getByTestId('heat-condition')).toHaveTextContent('—');
    expect(view.sample().risk_classification).toMatchObject({ condition: '' });
  });

  it('the clothing increment is added to the IBUTG and named in the criterion', async () => {
    const view = await renderHeat();
    await typeTask(0, { initial: '1000', final: '1100', metabolism: '178', tbn: '20', tg: '30' });
    const result = within(screen.getByTestId('tab-result'));
    await userEvent.click(input(result, 'Vestimenta'));
    await userEvent.click(await screen.findByRole('option', { name: /Macacão de poliolefina/ }));
    await waitFor(() => expect(result.getByTestId('heat-ibutg')).toHaveValue('25,0'));
    expect(result.getAllByText(/vestimenta \+2 °C/).length).toBeGreaterThan(0);
    expect(view.sample().result).toMatchObject({ clothing: 'polyolefin-coverall', ibutg: '25,0' });
  });
});
