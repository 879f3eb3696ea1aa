/**
 * The noise tabs' computed fields through the screen: type the measured
 * values as a technician does, read the figure, the conclusion, its colour
 * and the criterion shown, with the thresholds of the settings on the device.
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
const ORANGE = '#ff9800';
const RED = '#f44336';
const GREY = '#cfcfc4';

function memory(patch: Partial<NoiseMemory>): NoiseMemory {
  return { ...emptyNoiseBlocks().memory_field, ...patch };
}

async function typeInto(card: HTMLElement, label: string, text: string) {
  const input = within(card).getByLabelText(label);
  await userEvent.clear(input);
  if (text !== '') await userEvent.type(input, text);
}

function conclusionOf(norm: 'nho' | 'nr15') {
  const badge = screen.getByTestId(`${norm}-conclusion`);
  return {
    text: badge.textContent,
    color: badge.getAttribute('data-color'),
    criterion: screen.getByTestId(`${norm}-conclusion-criterion`).textContent,
  };
}

describe('Resultado: Dose 8h typed by hand gives the conclusion and colour of the settings (min inclusive, max exclusive)', {
  timeout: 30_000,
}, () => {
  it.each([
    ['49,9', 'Aceitável', GREEN, 'nível 1, < 50 %'],
    ['50', 'Acima do nível de ação', YELLOW, 'nível 2, de 50 a < 80 %'],
    ['79.99', 'Acima do nível de ação', YELLOW, 'nível 2'],
    ['80', 'Região de incerteza', ORANGE, 'nível 3'],
    ['100', 'Acima do limite de exposição', RED, 'nível 4, ≥ 100 %'],
    ['250,5', 'Acima do limite de exposição', RED, 'nível 4'],
    ['', '—', GREY, 'Sem dose 8h'],
    ['abc', '—', GREY, 'Sem dose 8h'],
  ])('NHO 01 Dose 8h %j → %s (%s)', async (dose8, conclusion, color, criterion) => {
    await pullSettings(db);
    const tab = await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result);
    await typeInto(screen.getByTestId('noise-result-nho'), 'Dose 8h (%)', dose8);
    await waitFor(() => expect(conclusionOf('nho').text).toBe(conclusion));
    expect(conclusionOf('nho').color).toBe(color);
    expect(conclusionOf('nho').criterion).toContain(criterion);
    expect(tab.value().nho).toMatchObject({ dose8, conclusion: conclusion === '—' ? '' : conclusion, bgColor: color });
    expect(tab.value().nr15.conclusion).toBe('');
  });

  it('the levels are the settings on the device: a changed level 1 (below 40 %) moves 45 % to level 2', async () => {
    const noise = defaultResultThresholds().noise;
    noise.nr15.level1.max = 40;
    noise.nr15.level2.min = 40;
    noise.nr15.level2.technicalConsiderations = 'Acima do nível de ação (empresa)';
    await pullSettings(db, { result_noise: noise });
    await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result);
    await typeInto(screen.getByTestId('noise-result-nr15'), 'Dose 8h (%)', '45');
    await waitFor(() => expect(conclusionOf('nr15').text).toBe('Acima do nível de ação (empresa)'));
    expect(conclusionOf('nr15')).toMatchObject({ color: YELLOW, criterion: 'Configurações > Resultados (NR 15): nível 2, de 40 a < 80 %' });
  });
});

describe('Resultado: a threshold changed in the office reaches the open tab with the next sync', { timeout: 30_000 }, () => {
  it('45 % is Aceitável until level 1 ends at 40 %, then the conclusion, colour and block follow', async () => {
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
});

describe('Resultado: figures computed from the measured dose over the field memory times', { timeout: 30_000 }, () => {
  // 07:00–12:30 with a 30 min interval = 300 min measured; journey 08:00 = 480 min unless the case says otherwise.
  const times = memory({ initial_time: '07:00', final_time: '12:30', interval_initial: '10:00', interval_final: '10:30', duration: '08:00' });

  // A constant exposure projected to the journey: the average level over the measured time (Leq, Lavg) equals the level
  // over the journey (TWA); NEN differs from TWA when the journey is not 8 h.
  it.each([
    // norm, journey, measured dose, Dose 8h, NEN, TWA, average field, average, conclusion, colour, criterion
    ['nho', '08:00', '80', '128,0', '86,1', '86,1', 'leq', '86,1', 'Acima do limite de exposição', RED, 'NHO 01 (2001), q = 3'],
    [
      'nr15',
      '08:00',
      '80',
      '128,0',
      '86,8',
      '86,8',
      'lavg',
      '86,8',
      'Acima do limite de exposição',
      RED,
      'NR-15 Anexo 1 (Portaria MTb 3.214/1978), q = 5',
    ],
    ['nho', '08:00', '25', '40,0', '81,0', '81,0', 'leq', '81,0', 'Aceitável', GREEN, 'limiar 80 dB(A)'],
    ['nr15', '08:00', '50', '80,0', '83,4', '83,4', 'lavg', '83,4', 'Região de incerteza', ORANGE, 'nível de critério 85 dB(A)'],
    ['nho', '06:00', '80', '96,0', '84,8', '86,1', 'leq', '86,1', 'Região de incerteza', ORANGE, 'q = 3'],
    ['nho', '', '80', '80,0', '84,0', '86,1', 'leq', '86,1', 'Região de incerteza', ORANGE, 'q = 3'],
  ] as const)(
    '%s, journey %j: dose %s measured → Dose 8h %s, NEN %s, TWA %s',
    async (norm, journey, dose, dose8, nen, twa, average, level, conclusion, color, criterion) => {
      await pullSettings(db);
      const tab = await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result, { memory_field: { ...times, duration: journey } });
      await typeInto(screen.getByTestId(`noise-result-${norm}`), 'Dose medida (%)', dose);
      await waitFor(() => expect(conclusionOf(norm).text).toBe(conclusion));
      expect(screen.getByTestId(`${norm}-dose8`)).toHaveValue(dose8);
      expect(screen.getByTestId(`${norm}-nen`)).toHaveValue(nen);
      expect(screen.getByTestId(`${norm}-twa`)).toHaveValue(twa);
      expect(screen.getByTestId(`${norm}-${average}`)).toHaveValue(level);
      expect(conclusionOf(norm).color).toBe(color);
      const card = screen.getByTestId(`noise-result-${norm}`);
      const journeyText = journey === '' ? 'jornada 05:00' : `jornada ${journey}`;
      expect(within(card).getByTestId(`${norm}-criterion`)).toHaveTextContent(criterion);
      expect(within(card).getByTestId(`${norm}-criterion`)).toHaveTextContent(`calculado da dose medida; tempo medido 05:00, ${journeyText}`);
      expect(within(card).getAllByText(`Calculado: ${norm === 'nho' ? 'NHO 01, q = 3' : 'NR 15, q = 5'}`)).toHaveLength(4);
      expect(tab.value()[norm]).toMatchObject({ result: dose, dose8, nen, twa, [average]: level, conclusion, bgColor: color });
    },
  );

  it('from the average level when no dose is given: NR 15 Lavg 85 over 8 h → Dose 8h 100 %', async () => {
    await pullSettings(db);
    const full = memory({ initial_time: '08:00', final_time: '16:00' });
    const tab = await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result, { memory_field: full });
    await typeInto(screen.getByTestId('noise-result-nr15'), 'Lavg (dB(A))', '85');
    await waitFor(() => expect(screen.getByTestId('nr15-dose8')).toHaveValue('100,0'));
    expect(screen.getByTestId('nr15-nen')).toHaveValue('85,0');
    expect(conclusionOf('nr15')).toMatchObject({ text: 'Acima do limite de exposição', color: RED });
    expect(tab.value().nr15.lavg).toBe('85');
  });

  it('a half-typed interval in the memory is left out, the rest of the memory still counts', async () => {
    await pullSettings(db);
    const halfTyped = memory({ initial_time: '07:00', final_time: '12:00', interval_initial: '10:3', duration: '08:00' });
    await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result, { memory_field: halfTyped });
    await typeInto(screen.getByTestId('noise-result-nho'), 'Dose medida (%)', '80');
    await waitFor(() => expect(screen.getByTestId('nho-dose8')).toHaveValue('128,0'));
  });

  it('without the memory times nothing is computed and Dose 8h stays typed', async () => {
    await pullSettings(db);
    await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result, { memory_field: memory({}) });
    await typeInto(screen.getByTestId('noise-result-nho'), 'Dose medida (%)', '80');
    expect(screen.queryByTestId('nho-dose8')).toBeNull();
    expect(within(screen.getByTestId('noise-result-nho')).getByLabelText('Dose 8h (%)')).toHaveValue('');
    expect(conclusionOf('nho')).toMatchObject({ text: '—', color: GREY });
  });

  it('a block saved before the memory times were typed is brought up to date when the tab opens', async () => {
    await pullSettings(db);
    const result = emptyNoiseBlocks().result;
    result.nho.result = '80';
    const tab = await renderTab(db, NoiseResultTab, result, { memory_field: times });
    await waitFor(() => expect(tab.value().nho).toMatchObject({ dose8: '128,0', conclusion: 'Acima do limite de exposição', bgColor: RED }));
  });
});

describe('Classificação de risco: the daily dose picks consideration, action and colour (zero or empty clears)', { timeout: 30_000 }, () => {
  it.each([
    ['nho', '30', 'Aceitável', 'Manutenção da condição existente', GREEN, 'nível 1, < 50 %'],
    ['nho', '50', 'Acima do nível de ação', 'Adoção de medidas preventivas', YELLOW, 'nível 2, de 50 a < 80 %'],
    [
      'nr15',
      '99,9',
      'Região de incerteza',
      'Adoção de medidas preventivas e corretivas para redução da exposição',
      ORANGE,
      'nível 3, de 80 a < 100 %',
    ],
    ['nr15', '100', 'Acima do limite de exposição', 'Adoção imediata de medidas corretivas', RED, 'nível 4, ≥ 100 %'],
    ['nho', '0', '', '', '', 'Sem dose diária'],
    ['nho', '', '', '', '', 'Sem dose diária'],
    ['nr15', 'x', '', '', '', 'Sem dose diária'],
  ] as const)('%s daily dose %j → %s', async (norm, dose, consideration, action, color, criterion) => {
    await pullSettings(db);
    const start = emptyNoiseBlocks().risk_classification;
    // A previous classification, so that clearing is seen.
    start[norm] = {
      ...start[norm],
      dose_daily: '120',
      consideration: 'Acima do limite de exposição',
      recommended_action: 'Adoção imediata de medidas corretivas',
      bgColor: RED,
    };
    const tab = await renderTab(db, NoiseClassificationTab, start);
    await typeInto(screen.getByTestId(`noise-classification-${norm}`), 'Dose diária (%)', dose);
    await waitFor(() => expect(tab.value()[norm]).toMatchObject({ dose_daily: dose, consideration, recommended_action: action, bgColor: color }));
    const card = screen.getByTestId(`noise-classification-${norm}`);
    expect(within(card).getByTestId(`${norm}-classification-criterion`).textContent).toContain(criterion);
    if (color) {
      expect(within(card).getByTestId(`${norm}-classification-color`).getAttribute('data-color')).toBe(color);
      expect(
        within(card)
          .getAllByLabelText('Consideração técnica')
          .find((el) => el.getAttribute('type') !== 'hidden'),
      ).toHaveValue(consideration);
    } else {
      expect(within(card).queryByTestId(`${norm}-classification-color`)).toBeNull();
    }
  });
});
