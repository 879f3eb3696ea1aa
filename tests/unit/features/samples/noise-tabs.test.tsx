/**
 * The noise tabs' wiring through the screen: type the measured values as a
 * technician does, read the figure, the conclusion, its colour and the
 * criterion shown, with the thresholds of the settings on the device. The
 * figures themselves are tables on the pure functions: the derivation
 * (tests/unit/contract/noise-derive.test.ts and support/figure-cases.ts),
 * the levels (tests/unit/domain/noise-levels.test.ts) and the range words
 * (noise-level-text.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyNoiseBlocks, type NoiseMemory } from '@sync/contract/samples/noise';
import type { SyncDatabase } from '@sync/store/database';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { NoiseClassificationTab, NoiseResultTab } from '@/features/samples/noise';
import { closeTestDb, openTestDb } from '../render-app';
import { pullSettings, renderTab } from './render-tab';

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(async () => {
  await closeTestDb(db);
});

const GREEN = '#4caf50';
const YELLOW = '#ffeb3b';
const RED = '#f44336';
const GREY = '#cfcfc4';

function memory(patch: Partial<NoiseMemory>): NoiseMemory {
  return { ...emptyNoiseBlocks().memory_field, ...patch };
}

const user = userEvent.setup({ delay: null });

async function typeInto(card: HTMLElement, label: string, text: string) {
  const input = within(card).getByLabelText(label);
  await user.clear(input);
  if (text !== '') await user.type(input, text);
}

function conclusionOf(norm: 'nho' | 'nr15') {
  const badge = screen.getByTestId(`${norm}-conclusion`);
  return {
    text: badge.textContent,
    color: badge.getAttribute('data-color'),
    criterion: screen.getByTestId(`${norm}-conclusion-criterion`).textContent,
  };
}

describe('Resultado', { timeout: 30_000 }, () => {
  it('computes from the measured dose over the field memory times: figures, conclusion, colour, criterion, block', async () => {
    await pullSettings(db);
    // 07:00–12:30 with a 30 min interval = 300 min measured; journey 08:00.
    const times = memory({ initial_time: '07:00', final_time: '12:30', interval_initial: '10:00', interval_final: '10:30', duration: '08:00' });
    const tab = await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result, { memory_field: times });
    await typeInto(screen.getByTestId('noise-result-nho'), 'Dose medida (%)', '80');
    await waitFor(() => expect(conclusionOf('nho').text).toBe('Acima do limite de exposição'));
    expect(screen.getByTestId('nho-dose8')).toHaveValue('128,0');
    expect(screen.getByTestId('nho-nen')).toHaveValue('86,1');
    expect(screen.getByTestId('nho-twa')).toHaveValue('86,1');
    expect(screen.getByTestId('nho-leq')).toHaveValue('86,1');
    expect(conclusionOf('nho')).toMatchObject({ color: RED, criterion: 'Configurações > Resultados (NHO 01): nível 4, ≥ 100 %' });
    const card = screen.getByTestId('noise-result-nho');
    expect(within(card).getByTestId('nho-criterion')).toHaveTextContent('NHO 01 (2001), q = 3');
    expect(within(card).getByTestId('nho-criterion')).toHaveTextContent('calculado da dose medida; tempo medido 05:00, jornada 08:00');
    expect(within(card).getAllByText('Calculado: NHO 01, q = 3')).toHaveLength(4);
    expect(tab.value().nho).toMatchObject({ result: '80', dose8: '128,0', nen: '86,1', twa: '86,1', leq: '86,1', bgColor: RED });
    expect(tab.value().nr15.conclusion).toBe('');
  });

  it('without the memory times Dose 8h is typed, and takes the levels of the settings on the device (level 1 below 40 %)', async () => {
    const noise = defaultResultThresholds().noise;
    noise.nr15.level1.max = 40;
    noise.nr15.level2.min = 40;
    noise.nr15.level2.technicalConsiderations = 'Acima do nível de ação (empresa)';
    await pullSettings(db, { result_noise: noise });
    const tab = await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result, { memory_field: memory({}) });
    expect(screen.queryByTestId('nr15-dose8')).toBeNull();
    expect(conclusionOf('nr15')).toMatchObject({ text: '—', color: GREY, criterion: 'Sem dose 8h ou fora das faixas das configurações' });
    await typeInto(screen.getByTestId('noise-result-nr15'), 'Dose 8h (%)', '45');
    await waitFor(() => expect(conclusionOf('nr15').text).toBe('Acima do nível de ação (empresa)'));
    expect(conclusionOf('nr15')).toMatchObject({ color: YELLOW, criterion: 'Configurações > Resultados (NR 15): nível 2, de 40 a < 80 %' });
    expect(tab.value().nr15).toMatchObject({ dose8: '45', conclusion: 'Acima do nível de ação (empresa)', bgColor: YELLOW });
    expect(tab.value().nho.conclusion).toBe('');
  });

  it('45 % is Aceitável until a threshold changed in the office reaches the open tab with the next sync', async () => {
    await pullSettings(db);
    const start = emptyNoiseBlocks().result;
    start.nho.dose8 = '45';
    const tab = await renderTab(db, NoiseResultTab, start);
    await waitFor(() => expect(conclusionOf('nho')).toMatchObject({ text: 'Aceitável', color: GREEN }));
    const noise = defaultResultThresholds().noise;
    noise.nho.level1.max = 40;
    noise.nho.level2.min = 40;
    await pullSettings(db, { result_noise: noise }, '2026-11-21T09:00:00.000Z');
    await waitFor(() => expect(conclusionOf('nho')).toMatchObject({ text: 'Acima do nível de ação', color: YELLOW }));
    await waitFor(() => expect(tab.value().nho).toMatchObject({ dose8: '45', conclusion: 'Acima do nível de ação', bgColor: YELLOW }));
  });

  it('a block saved before the memory times were typed is brought up to date when the tab opens', async () => {
    await pullSettings(db);
    const times = memory({ initial_time: '07:00', final_time: '12:00', duration: '08:00' });
    const result = emptyNoiseBlocks().result;
    result.nho.result = '80';
    const tab = await renderTab(db, NoiseResultTab, result, { memory_field: times });
    await waitFor(() => expect(tab.value().nho).toMatchObject({ dose8: '128,0', conclusion: 'Acima do limite de exposição', bgColor: RED }));
  });
});

describe('Classificação de risco', { timeout: 30_000 }, () => {
  it('the daily dose typed picks consideration, action and colour; zero clears them', async () => {
    await pullSettings(db);
    const start = emptyNoiseBlocks().risk_classification;
    // A previous classification, so that clearing is seen.
    start.nho = {
      ...start.nho,
      dose_daily: '120',
      consideration: 'Acima do limite de exposição',
      recommended_action: 'Adoção imediata de medidas corretivas',
      bgColor: RED,
    };
    const tab = await renderTab(db, NoiseClassificationTab, start);
    const card = screen.getByTestId('noise-classification-nho');
    const consideration = () =>
      within(card)
        .getAllByLabelText('Consideração técnica')
        .find((el) => el.getAttribute('type') !== 'hidden');

    await typeInto(card, 'Dose diária (%)', '50');
    await waitFor(() =>
      expect(tab.value().nho).toMatchObject({
        dose_daily: '50',
        consideration: 'Acima do nível de ação',
        recommended_action: 'Adoção de medidas preventivas',
        bgColor: YELLOW,
      }),
    );
    expect(within(card).getByTestId('nho-classification-criterion')).toHaveTextContent('nível 2, de 50 a < 80 %');
    expect(within(card).getByTestId('nho-classification-color').getAttribute('data-color')).toBe(YELLOW);
    expect(consideration()).toHaveValue('Acima do nível de ação');

    await typeInto(card, 'Dose diária (%)', '0');
    await waitFor(() => expect(tab.value().nho).toMatchObject({ dose_daily: '0', consideration: '', recommended_action: '', bgColor: '' }));
    expect(within(card).getByTestId('nho-classification-criterion')).toHaveTextContent('Sem dose diária');
    expect(within(card).queryByTestId('nho-classification-color')).toBeNull();
    expect(tab.value().nr15.dose_daily).toBe('');
  });
});
