/**
 * The noise descriptor's derivation (sync/contract/samples/noise-derive.ts)
 * as a table (support/figure-cases.ts, hand-computed there), and what the
 * table cannot show: the same object back when nothing changes, a second
 * derivation changing nothing (the server re-deriving what a device
 * derived), the daily dose following a Dose 8h typed key by key until the
 * technician types their own, and the thresholds' version in the criterion.
 */
import { describe, expect, it } from 'vitest';
import { defaultResultThresholds, type NoiseLevels } from '@/domain/result-thresholds';
import type { SampleBlocks } from '@sync/contract/samples/descriptor';
import { NOISE_DESCRIPTOR } from '@sync/contract/samples/noise-descriptor';
import { deriveNoiseBlocks, typeDailyDose } from '@sync/contract/samples/noise-derive';
import { thresholdsVersion } from '@sync/contract/samples/noise-figures';
import { normaliseNoiseBlock } from '@sync/contract/samples/noise';
import { NOISE_FIGURE_CASES, SEEDED_LEVELS_VERSION } from './support/figure-cases';

const thresholds = defaultResultThresholds();

function blocksOf(partial: Partial<SampleBlocks>): SampleBlocks {
  return { caracterization: {}, memory_field: {}, result: {}, risk_classification: {}, validation: {}, ...partial };
}

describe('the noise derivation, as a table', () => {
  it.each(NOISE_FIGURE_CASES.map((c) => [c.name, c] as const))('%s', (_, { blocks, expected }) => {
    const derived = NOISE_DESCRIPTOR.derive(blocksOf(blocks), { thresholds });
    expect(derived).toMatchObject(expected);
    // Deriving again changes nothing: the server gets the same figures from what a device derived.
    expect(NOISE_DESCRIPTOR.derive(derived, { thresholds })).toBe(derived);
  });

  it('leaves out a half-typed interval of a draft (the server refuses one): 07:00–12:00 still counts', () => {
    const memory_field = { initial_time: '07:00', final_time: '12:00', interval_initial: '10:3', duration: '08:00' };
    const derived = NOISE_DESCRIPTOR.derive(blocksOf({ memory_field, result: { nho: { result: '80' } } }), { thresholds });
    expect(normaliseNoiseBlock('result', derived.result).nho).toMatchObject({ dose8: '128,0', conclusion: 'Acima do limite de exposição' });
  });

  it('computes nothing from a measured dose without the memory times: Dose 8h stays blank, no conclusion, grey', () => {
    const derived = NOISE_DESCRIPTOR.derive(blocksOf({ result: { nho: { result: '80' } } }), { thresholds });
    expect(normaliseNoiseBlock('result', derived.result).nho).toMatchObject({
      result: '80',
      dose8: '',
      nen: '',
      twa: '',
      conclusion: '',
      bgColor: '#cfcfc4',
    });
  });

  it('gives the same object back when nothing changes', () => {
    const blocks = blocksOf({});
    expect(NOISE_DESCRIPTOR.derive(blocks, { thresholds })).toBe(blocks);
    const partial = { memory_field: {}, result: {} };
    expect(deriveNoiseBlocks(partial, thresholds.noise)).toBe(partial);
  });
});

describe('the daily dose proposed from Dose 8h', () => {
  /** The result tab writes Dose 8h as typed; the page derives after every key. */
  function typeDose8(blocks: SampleBlocks, dose8: string): SampleBlocks {
    const result = normaliseNoiseBlock('result', blocks.result);
    return NOISE_DESCRIPTOR.derive({ ...blocks, result: { ...result, nho: { ...result.nho, dose8 } } }, { thresholds });
  }
  const daily = (blocks: SampleBlocks) => normaliseNoiseBlock('risk_classification', blocks.risk_classification).nho;

  it('follows a Dose 8h typed key by key, and stops at a daily dose the technician typed', () => {
    let blocks = blocksOf({});
    for (const text of ['1', '12', '120']) blocks = typeDose8(blocks, text);
    expect(daily(blocks)).toMatchObject({ dose_daily: '120', consideration: 'Acima do limite de exposição', bgColor: '#f44336' });

    // The classification tab: the technician types 90.
    const classification = normaliseNoiseBlock('risk_classification', blocks.risk_classification);
    const typed = { ...classification, nho: typeDailyDose(classification.nho, '90', thresholds.noise.nho) };
    blocks = NOISE_DESCRIPTOR.derive({ ...blocks, risk_classification: typed }, { thresholds });
    expect(daily(blocks)).toMatchObject({ dose_daily: '90', consideration: 'Região de incerteza', bgColor: '#ff9800' });

    // Dose 8h changes, even to the typed value and then away from it: 90 stays the technician's.
    for (const text of ['90', '45']) blocks = typeDose8(blocks, text);
    expect(daily(blocks)).toMatchObject({ dose_daily: '90', consideration: 'Região de incerteza', bgColor: '#ff9800' });

    // Cleared by the technician: blank again, so it follows Dose 8h (45 → level 1).
    const cleared = normaliseNoiseBlock('risk_classification', blocks.risk_classification);
    blocks = NOISE_DESCRIPTOR.derive(
      { ...blocks, risk_classification: { ...cleared, nho: typeDailyDose(cleared.nho, '', thresholds.noise.nho) } },
      { thresholds },
    );
    expect(daily(blocks)).toMatchObject({ dose_daily: '45', consideration: 'Aceitável', bgColor: '#4caf50' });
  });
});

describe('a daily dose typed in Classificação de risco (typeDailyDose)', () => {
  const LEVEL_4 = {
    consideration: 'Acima do limite de exposição',
    recommended_action: 'Adoção imediata de medidas corretivas',
    bgColor: '#f44336',
  };
  // Typed over a level-4 classification of 120 %, so that clearing is seen; zero, empty and not a number clear the three.
  it.each([
    ['nho', '30', 'Aceitável', 'Manutenção da condição existente', '#4caf50'],
    ['nho', '50', 'Acima do nível de ação', 'Adoção de medidas preventivas', '#ffeb3b'],
    ['nr15', '99,9', 'Região de incerteza', 'Adoção de medidas preventivas e corretivas para redução da exposição', '#ff9800'],
    ['nr15', '100', 'Acima do limite de exposição', 'Adoção imediata de medidas corretivas', '#f44336'],
    ['nho', '0', '', '', ''],
    ['nho', '', '', '', ''],
    ['nr15', 'x', '', '', ''],
  ] as const)('%s daily dose %j → %j', (norm, dose, consideration, action, color) => {
    const start = { ...normaliseNoiseBlock('risk_classification', {})[norm], dose_daily: '120', ...LEVEL_4 };
    expect(typeDailyDose(start, dose, thresholds.noise[norm])).toMatchObject({
      dose_daily: dose,
      consideration,
      recommended_action: action,
      bgColor: color,
    });
  });
});

describe('the criterion and the thresholds version', () => {
  const levels = thresholds.noise.nho;

  it('is a short stable hash of the levels, whatever the order of their keys', () => {
    expect(thresholdsVersion(levels)).toBe(SEEDED_LEVELS_VERSION);
    const reordered = Object.fromEntries(
      Object.entries(levels)
        .reverse()
        .map(([key, level]) => [key, Object.fromEntries(Object.entries(level).reverse())]),
    ) as NoiseLevels;
    expect(thresholdsVersion(reordered)).toBe(SEEDED_LEVELS_VERSION);
  });

  it('changes with a bound, a text or a colour, and the stored criterion and conclusion follow', () => {
    const moved: NoiseLevels = { ...levels, level3: { ...levels.level3, max: 130 }, level4: { ...levels.level4, min: 130 } };
    const recoloured: NoiseLevels = { ...levels, level1: { ...levels.level1, bgColor: '#00ff00' } };
    const renamed: NoiseLevels = { ...levels, level2: { ...levels.level2, technicalConsiderations: 'Atenção' } };
    const versions = new Set([levels, moved, recoloured, renamed].map(thresholdsVersion));
    expect(versions.size).toBe(4);
    expect([...versions].every((version) => /^[0-9a-f]{8}$/.test(version))).toBe(true);

    const blocks = blocksOf(NOISE_FIGURE_CASES[0]!.blocks);
    const derived = NOISE_DESCRIPTOR.derive(blocks, { thresholds: { ...thresholds, noise: { ...thresholds.noise, nho: moved } } });
    const nho = normaliseNoiseBlock('result', derived.result).nho;
    expect(nho.conclusion).toBe('Região de incerteza');
    expect(nho.criterion).toMatch(new RegExp(`limiares de conclusão ${thresholdsVersion(moved)}$`));
  });
});
