/**
 * The chemical figures on the pure functions (sync/contract/samples/
 * chemical-figures.ts, chemical-derive.ts), as tables: an agent row's total
 * time and volume (typed and stored), the LQ, the risk levels at their
 * boundaries, LEO % and the frequency texts, the flow check; then the whole
 * derivation against the cases the server runs too
 * (support/chemical-figure-cases.ts), the same object back when nothing
 * changes, and a second derivation changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { clearForCopy } from '@/domain/form-paths';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { chemicalResultRowSchema, emptyChemicalAgentRow, emptyChemicalBlocks } from '@sync/contract/samples/chemical';
import { CHEMICAL_DESCRIPTOR } from '@sync/contract/samples/chemical-descriptor';
import { deriveChemicalBlocks, withPrefilledAgent } from '@sync/contract/samples/chemical-derive';
import {
  agentRowFigures,
  classificationFigures,
  convertedResult,
  editAgentRow,
  editResultRow,
  fillResultRow,
  fillValidation,
  journeyTwas,
  variationBeyondTolerance,
} from '@sync/contract/samples/chemical-figures';
import type { SampleBlocks } from '@sync/contract/samples/descriptor';
import { CHEMICAL_FIGURE_CASES, FREQUENCY, GREEN, LQ_GREY, NO_DATA, ORANGE, RED, YELLOW } from './support/chemical-figure-cases';

const thresholds = defaultResultThresholds();
const chemical = thresholds.chemical;

function blocksOf(partial: Partial<SampleBlocks>): SampleBlocks {
  return { caracterization: {}, memory_field: {}, result: {}, risk_classification: {}, validation: {}, ...partial };
}

describe('an agent row: total time and volume', () => {
  it.each([
    // [times and flow, total time, volume]
    [{ initial: '08:00', final: '12:00', pump_flow: '1,5' }, '04:00', '360'],
    [{ initial: '22:00', final: '02:00', pump_flow: '2' }, '04:00', '480'], // a day added
    [{ initial: '08:00', final: '17:00', interval_initial: '12:00', interval_final: '13:00', pump_flow: '0,2' }, '08:00', '96'],
    [{ initial: '08:00', final: '17:00', interval_initial: '12:00', pump_flow: '1' }, '09:00', '540'], // one interval time: no interval
    [{ initial: '22:00', final: '06:00', interval_initial: '23:30', interval_final: '00:30', pump_flow: '1' }, '07:00', '420'],
    [{ initial: '08:00', final: '09:00', interval_initial: '07:00', interval_final: '10:00', pump_flow: '1' }, '', ''], // interval longer than work
    [{ interval_initial: '12:00', interval_final: '13:00', pump_flow: '1' }, '', ''], // no work times
    [{ initial: '8:00', final: '12:00', pump_flow: '1' }, '', ''], // only HH:mm counts
    [{ initial: '08:00', final: '08:07', pump_flow: '1,23' }, '00:07', '8,61'],
    [{ initial: '08:00', final: '09:30', pump_flow: '0,25' }, '01:30', '22,5'],
    [{ initial: '08:00', final: '12:00', pump_flow: '' }, '04:00', ''], // no flow: no volume
    [{ initial: '08:00', final: '08:00', pump_flow: '1' }, '00:00', '0'],
  ])('%j → %s, %s L', (row, total_time, volume) => {
    // As stored (the derivation) and as typed field by field (the tab): the same figures.
    expect(agentRowFigures(row)).toEqual({ total_time, volume });
    let typed = emptyChemicalAgentRow();
    for (const [field, text] of Object.entries(row)) typed = editAgentRow(typed, field as keyof typeof typed, text);
    expect(typed).toMatchObject({ total_time, volume, typed: [] });
  });

  it('a figure typed over is marked and kept; clearing it, or typing its times again, gives it back', () => {
    let row = editAgentRow(editAgentRow(emptyChemicalAgentRow(), 'initial', '08:00'), 'final', '10:00');
    row = editAgentRow(row, 'pump_flow', '1');
    expect(row).toMatchObject({ total_time: '02:00', volume: '120' });
    row = editAgentRow(row, 'total_time', '01:45');
    expect(row).toMatchObject({ total_time: '01:45', volume: '105', typed: ['total_time'] });
    expect(agentRowFigures(row)).toEqual({ total_time: '01:45', volume: '105' });
    row = editAgentRow(row, 'volume', '100');
    expect(row).toMatchObject({ volume: '100', typed: ['total_time', 'volume'] });
    row = editAgentRow(row, 'final', '10:30');
    expect(row).toMatchObject({ total_time: '02:30', volume: '150', typed: [] });
    row = editAgentRow(editAgentRow(row, 'total_time', '01:00'), 'total_time', '');
    expect(row).toMatchObject({ total_time: '02:30', typed: [] });
  });

  it('a stored figure with nothing typed to compute it from is kept (a value saved before the marks existed)', () => {
    expect(agentRowFigures({ total_time: '03:00', volume: '12' })).toEqual({ total_time: '03:00', volume: '12' });
    expect(agentRowFigures({ total_time: '03:00', pump_flow: '2' })).toEqual({ total_time: '03:00', volume: '360' });
  });
});

describe('a result row: LQ and risk levels at their boundaries', () => {
  const row = (values: Record<string, string>) => fillResultRow(chemicalResultRowSchema.parse(values), chemical);
  it.each([
    // [row, level, conclusion, colour]
    [{ result: '0', twa: '100' }, 'risk1', 'Risco baixo', GREEN],
    [{ result: '9,99', twa: '100' }, 'risk1', 'Risco baixo', GREEN],
    [{ result: '10', twa: '100' }, 'risk2', 'Risco médio', YELLOW], // 0,1: min inclusive
    [{ result: '49,99', twa: '100' }, 'risk2', 'Risco médio', YELLOW],
    [{ result: '50', twa: '100' }, 'risk3', 'Risco médio-alto', ORANGE], // 0,5
    [{ result: '0,3', twa: '0,6' }, 'risk3', 'Risco médio-alto', ORANGE], // 0,5 from floats
    [{ result: '99,99', twa: '100' }, 'risk3', 'Risco médio-alto', ORANGE],
    [{ result: '100', twa: '100' }, 'risk4', 'Risco alto', RED], // 1: max exclusive
    [{ result: '40', twa: '1000', mp: '78', calculation_base: 'NR-15' }, 'risk3', 'Risco médio-alto', ORANGE],
    [{ result: '40', twa: '1000', mp: '78', calculation_base: 'TWA' }, 'risk1', 'Risco baixo', GREEN], // 0,04
    [{ lq: 'Abaixo', result: '500', twa: '100' }, 'lq', 'Abaixo do limite de quantificação', LQ_GREY],
    [{ lq: 'Abaixo' }, 'lq', 'Abaixo do limite de quantificação', LQ_GREY],
    [{ lq: 'A cima', result: '5', twa: '100' }, 'risk1', 'Risco baixo', GREEN],
    [{}, '---', '', NO_DATA],
    [{ result: '5' }, '---', '', NO_DATA],
    [{ result: '5', twa: '0' }, '---', '', NO_DATA],
    [{ result: '5', twa: '100', calculation_base: 'NR-15' }, '---', '', NO_DATA], // NR-15 without its LT
  ])('%j → %s', (values, risk_level, conclusion, bg_color) => {
    expect(row(values)).toMatchObject({ risk_level, conclusion, bg_color });
  });

  it.each([
    // [LT, deviation factor, maximum value]
    ['0,5', '3', '1,5'],
    ['1', '3', '3'],
    ['10', '2', '20'],
    ['78', '1,5', '117'],
    ['1000', '1,25', '1250'],
    ['2000', '1,1', '2200'],
    ['', '', ''],
  ])('LT %s → FD %s, valor máximo %s', (mp, deviation_factor, max_value) => {
    expect(row({ mp })).toMatchObject({ deviation_factor, max_value });
  });

  it('the deviation factor typed over is kept until cleared or the LT is typed again', () => {
    let typed = editResultRow(chemicalResultRowSchema.parse({ mp: '78' }), 'deviation_factor', '2', chemical);
    expect(typed).toMatchObject({ deviation_factor: '2', max_value: '156', typed: ['deviation_factor'] });
    typed = editResultRow(typed, 'mp', '50', chemical);
    expect(typed).toMatchObject({ deviation_factor: '1,5', max_value: '75', typed: [] });
  });
});

describe('classification: LEO % and frequency texts', () => {
  const figures = (result: string, twa: string, lq = '') => classificationFigures(chemicalResultRowSchema.parse({ result, twa, lq }), chemical);
  it.each([
    // [result, twa, index, LEO %, frequency]
    ['5', '100', 'risk1', '5', FREQUENCY.risk1],
    ['25,6', '100', 'risk2', '25,60', FREQUENCY.risk2], // two decimals unless whole
    ['1', '3', 'risk2', '33,33', FREQUENCY.risk2],
    ['50', '100', 'risk3', '50', FREQUENCY.risk3],
    ['0,755', '1', 'risk3', '75,50', FREQUENCY.risk3],
    ['150', '100', 'risk4', '150', FREQUENCY.risk4],
  ])('%s / %s → %s, LEO %s', (result, twa, index, leo, frequency) => {
    expect(figures(result, twa)).toEqual({ index, leo, frequency });
  });

  it('below the LQ: index lq, no LEO nor frequency; no data: nothing', () => {
    expect(figures('5', '100', 'Abaixo')).toEqual({ index: 'lq', leo: '', frequency: '' });
    expect(figures('', '100')).toBeNull();
  });
});

describe('validation: the flow variation against the tolerance (±5 %)', () => {
  it.each([
    ['1,00', '0,97', '-3', false],
    ['1', '0,95', '-5', false], // on the boundary: inside
    ['1', '1,05', '5', false],
    ['1', '0,94', '-6', true],
    ['2', '2,11', '5,5', true],
    ['1,5', '', '', false],
    ['0', '1', '', false], // no initial flow to divide by
  ])('%s → %s L/min: %s %%', (varification_initial, varification_final, variation, beyond) => {
    const filled = fillValidation({ ...emptyChemicalBlocks().validation, varification_initial, varification_final });
    expect(filled.variation).toBe(variation);
    expect(variationBeyondTolerance(filled)).toBe(beyond);
  });
});

describe('the technician’s aids', () => {
  it('ppm ↔ mg/m³ at 25 °C from the molar mass (toluene, MM 92,13: 20 ppm = 75,4 mg/m³)', () => {
    expect(convertedResult({ result: '20', unity: 'ppm', molar_mass: '92,13' })).toEqual({
      value: '75,36',
      unit: 'mg/m³',
      criterion: 'mg/m³ = ppm × MM / 24,45 (25 °C, 1 atm)',
    });
    expect(convertedResult({ result: '75,36', unity: 'mg/m³', molar_mass: '92,13' })).toMatchObject({ value: '20', unit: 'ppm' });
    expect(convertedResult({ result: '20', unity: '', molar_mass: '92,13' })).toBeNull();
  });

  it('the TWA of an agent’s periods over the journey (120 min @ 45, 180 @ 80, 150 @ 30 mg/m³ → 54,0)', () => {
    const agents = [
      { ...emptyChemicalAgentRow(), row_id: 'p1', agent: 'Tolueno', agent_id: 11, total_time: '02:00' },
      { ...emptyChemicalAgentRow(), row_id: 'p2', agent: 'Tolueno', agent_id: 11, total_time: '03:00' },
      { ...emptyChemicalAgentRow(), row_id: 'p3', agent: 'Tolueno', agent_id: 11, total_time: '02:30' },
      { ...emptyChemicalAgentRow(), row_id: 'x', agent: 'Xileno', total_time: '02:00' },
    ];
    const result = (agent_row_id: string, value: string) => chemicalResultRowSchema.parse({ agent_row_id, result: value, unity: 'mg/m³' });
    const [journey, ...others] = journeyTwas(agents, [result('p1', '45'), result('p2', '80'), result('p3', '30'), result('x', '3')]);
    expect(others).toEqual([]);
    // Σ C t = 5400 + 14400 + 4500 = 24300 over 450 min → 54; over 480 → 50,625.
    expect(journey).toMatchObject({ agent: 'Tolueno', unit: 'mg/m³', periods: 3, twa: '54', twa8h: '50,625' });
    expect(journey!.criterion).toContain('Tempo não amostrado (30 min) considerado sem exposição.');
    // A period without its result: no TWA yet.
    expect(journeyTwas(agents, [result('p1', '45'), result('p2', '80')])).toEqual([]);
  });
});

describe('the chemical derivation, as a table', () => {
  it.each(CHEMICAL_FIGURE_CASES.map((c) => [c.name, c] as const))('%s', (_, { blocks, expected }) => {
    const derived = CHEMICAL_DESCRIPTOR.derive(blocksOf(blocks), { thresholds });
    expect(derived).toMatchObject(expected);
    expect(CHEMICAL_DESCRIPTOR.derive(derived, { thresholds })).toBe(derived);
  });

  it('gives the same object back when nothing changes', () => {
    const blocks = blocksOf({});
    expect(CHEMICAL_DESCRIPTOR.derive(blocks, { thresholds })).toBe(blocks);
    const fresh = blocksOf(emptyChemicalBlocks());
    const once = deriveChemicalBlocks(fresh, chemical);
    expect(deriveChemicalBlocks(once, chemical)).toBe(once);
  });

  it('rewrites an agent row only in its figures, keeping fields it does not know', () => {
    const row = { row_id: 'r', agent: 'Tolueno', initial: '08:00', final: '09:00', pump_flow: '2', legacy_note: 'x' };
    const derived = deriveChemicalBlocks(blocksOf({ memory_field: { agents: [row] } }), chemical);
    expect((derived.memory_field as { agents: unknown[] }).agents[0]).toEqual({ ...row, total_time: '01:00', volume: '120' });
  });

  it('a planned sample’s agent (the quotation row’s) goes into the first agent row when it names none', () => {
    expect(withPrefilledAgent({ agent: 'Tolueno', agents: [{ row_id: 'a', agent: '' }] })).toEqual({ agents: [{ row_id: 'a', agent: 'Tolueno' }] });
    expect(withPrefilledAgent({ agent: 'Tolueno', agents: [{ row_id: 'a', agent: 'Xileno' }] })).toEqual({
      agents: [{ row_id: 'a', agent: 'Xileno' }],
    });
    const memory = { agents: [] };
    expect(withPrefilledAgent(memory)).toBe(memory);
  });
});

describe('what a duplicate (same GHE, another worker) keeps and clears', () => {
  it('keeps the pump, the agents, their method and limits; clears the date, times, flows, results and figures', () => {
    const { blocks } = CHEMICAL_FIGURE_CASES[0]!;
    const derived = CHEMICAL_DESCRIPTOR.derive(blocksOf({ ...blocks, caracterization: { employee: 'Maria', ghe: 'GHE 2' } }), { thresholds });
    const copy = clearForCopy(derived, CHEMICAL_DESCRIPTOR.cleared, (block) =>
      CHEMICAL_DESCRIPTOR.emptyBlock(block as keyof SampleBlocks),
    ) as SampleBlocks;
    const memory = copy.memory_field as { date: string; agents: Array<Record<string, unknown>> };
    expect(memory.date).toBe('');
    expect(memory.agents[0]).toMatchObject({
      row_id: 'a1',
      agent: 'Tolueno',
      agent_code: 'TOL',
      initial: '',
      final: '',
      pump_flow: '',
      total_time: '',
      volume: '',
    });
    const result = (copy.result as { agents: Array<Record<string, unknown>> }).agents[0];
    expect(result).toMatchObject({ agent_row_id: 'a1', twa: '20', mp: '78', unity: 'ppm', lq: '', result: '', risk_level: '---', conclusion: '' });
    expect(copy.caracterization).toEqual({ ghe: 'GHE 2' });
    expect(copy.validation).toMatchObject({ varification_initial: '', variation: '' });
  });
});
