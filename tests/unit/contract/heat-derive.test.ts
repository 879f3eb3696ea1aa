/**
 * The heat descriptor's derivation (sync/contract/samples/heat-derive.ts,
 * heat-rows.ts) as a table (support/figure-cases.ts, hand-computed there),
 * and what the table cannot show: the same object back when nothing
 * changes, a second derivation changing nothing, and a row rewritten only
 * in its two figures.
 */
import { describe, expect, it } from 'vitest';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import type { SampleBlocks } from '@sync/contract/samples/descriptor';
import { HEAT_DESCRIPTOR } from '@sync/contract/samples/heat-descriptor';
import { deriveHeatBlocks } from '@sync/contract/samples/heat-derive';
import { deriveTaskRow, deriveTaskRows, taskRowFigures } from '@sync/contract/samples/heat-rows';
import { HEAT_FIGURE_CASES } from './support/figure-cases';

const thresholds = defaultResultThresholds();

function blocksOf(partial: Partial<SampleBlocks>): SampleBlocks {
  return { caracterization: {}, memory_field: {}, result: {}, risk_classification: {}, validation: {}, ...partial };
}

describe('the heat derivation, as a table', () => {
  it.each(HEAT_FIGURE_CASES.map((c) => [c.name, c] as const))('%s', (_, { blocks, expected }) => {
    const derived = HEAT_DESCRIPTOR.derive(blocksOf(blocks), { thresholds });
    expect(derived).toMatchObject(expected);
    expect(HEAT_DESCRIPTOR.derive(derived, { thresholds })).toBe(derived);
  });

  it('gives the same object back when nothing changes', () => {
    const blocks = blocksOf({});
    expect(HEAT_DESCRIPTOR.derive(blocks, { thresholds })).toBe(blocks);
    const partial = { memory_field: {}, result: {}, risk_classification: {} };
    expect(deriveHeatBlocks(partial)).toBe(partial);
  });
});

describe('task rows', () => {
  it.each([
    // [row, duration, ibutg]
    [{ initial: '08:00', final: '08:45' }, '00:45', ''],
    [{ initial: '08:00', final: '', duration: '00:45' }, '', ''],
    [{ duration: '00:45' }, '00:45', ''],
    [{ initial: '08:00', final: '08:45', duration: '02:00', typed: ['duration'] }, '02:00', ''],
    [{ tbn: '27', tg: '37', ibutg: '40' }, '', '30,0'],
    [{ tbn: '27', tg: '37', ibutg: '40', typed: ['ibutg'] }, '', '40'],
    [{ tbs: '35', tbn: '27', tg: '37', solar_load: 'Sim' }, '', '29,8'],
    [{ tbs: '35', ibutg: '29' }, '', ''],
    [{ ibutg: '29' }, '', '29'],
    [{ typed: ['duration', 'ibutg'], initial: '08:00', final: '09:00', tbn: '27', tg: '37', duration: '', ibutg: '' }, '', ''],
    // without solar load 0.7 tbn + 0.3 tg; with it 0.7 tbn + 0.2 tg + 0.1 tbs; a task across midnight
    [{ initial: '08:00', final: '08:40', tbn: '27', tg: '37' }, '00:40', '30,0'],
    [{ initial: '23:30', final: '00:30', tbn: '25,5', tg: '40' }, '01:00', '29,9'],
    [{ initial: '08:00', final: '09:00', tbs: '35', tbn: '24', tg: '38', solar_load: 'Sim' }, '01:00', '27,9'],
    [{ initial: '08:00', final: '09:00', tbn: '24', tg: '' }, '01:00', ''],
    [{ initial: '08:00', final: '09:00', tbn: '24', tg: '38', solar_load: 'Sim' }, '01:00', ''],
  ])('%j → duration %j, IBUTG %j', (row, duration, ibutg) => {
    expect(taskRowFigures(row)).toEqual({ duration, ibutg });
  });

  it('rewrites only the figures that change, and keeps the rest of the row and the list when nothing does', () => {
    const row = { row_id: 'abc', task: 'Forno', initial: '08:00', final: '09:00', tbn: '27', tg: '37', ibutg: '30,0', duration: '01:00', other: 1 };
    expect(deriveTaskRow(row)).toBe(row);
    const memory = { agent: 'Calor', tasks: [row] };
    expect(deriveTaskRows(memory)).toBe(memory);
    const stale = { ...row, final: '09:30' };
    expect(deriveTaskRows({ ...memory, tasks: [row, stale] })).toEqual({ agent: 'Calor', tasks: [row, { ...stale, duration: '01:30' }] });
    expect(deriveTaskRows(null)).toBeNull();
  });
});
