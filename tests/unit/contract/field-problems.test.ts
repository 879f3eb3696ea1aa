/**
 * Issue 21: what a sample field says about its value, by kind of input, in
 * the contract's words (block-fields.ts), and the same through a type's
 * block schema with each problem's path, input and label.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_FIELD_MESSAGES } from '@sync/contract/samples/block-fields';
import type { FieldInput } from '@sync/contract/samples/descriptor';
import { blockProblems, fieldProblem, problemLabel } from '@sync/contract/samples/field-problems';
import { HEAT_DESCRIPTOR } from '@sync/contract/samples/heat-descriptor';
import { NOISE_DESCRIPTOR } from '@sync/contract/samples/noise-descriptor';
import { FIELD_MESSAGES } from '@sync/contract/fields';

const M = SAMPLE_FIELD_MESSAGES;

describe('fieldProblem: input kind × value → message', () => {
  it.each<[FieldInput, string, string | null]>([
    // Blank is never a problem (a draft may be incomplete).
    ['time', '', null],
    ['duration', '', null],
    ['decimal', '', null],
    ['date', '', null],
    ['decimal', '   ', null],
    // Clock times: 00:00–23:59.
    ['time', '00:00', null],
    ['time', '23:59', null],
    ['time', '07:30', null],
    ['time', '24:00', M.time],
    ['time', '25:75', M.time],
    ['time', '12:60', M.time],
    ['time', '2', M.time],
    ['time', '7:30', M.time],
    // Durations: hours may pass 23, minutes may not pass 59.
    ['duration', '08:00', null],
    ['duration', '25:30', null],
    ['duration', '100:00', null],
    ['duration', '25:75', M.time],
    ['duration', '8', M.time],
    // Numbers: comma or dot decimals, a sign.
    ['decimal', '85,3', null],
    ['decimal', '0.5', null],
    ['decimal', '-3', null],
    ['decimal', '1.234,5', null],
    ['decimal', 'abc', M.decimal],
    ['decimal', '1,2,3', M.decimal],
    ['decimal', '1e3', M.decimal],
    ['decimal', '-', M.decimal],
    // Calendar dates DD/MM/YYYY, real days only.
    ['date', '28/02/2026', null],
    ['date', '29/02/2028', null],
    ['date', '31/02/2026', M.date],
    ['date', '29/02/2026', M.date],
    ['date', '00/01/2026', M.date],
    ['date', '31/12', M.date],
    // Texts: one line, within the limits.
    ['line', 'Soldador', null],
    ['line', 'a\nb', FIELD_MESSAGES.lineBreak],
    ['note', 'a\nb', null],
    ['choice', 'Sim', null],
    ['color', '#4caf50', null],
    ['color', 'verde', M.color],
  ])('%s %j → %j', (input, value, message) => {
    expect(fieldProblem(input, value)).toBe(message);
  });
});

describe('blockProblems: a block through its type’s schema', () => {
  it('gives each refused value its path, its kind of input and the same message', () => {
    const memory = { data: '31/02/2026', initial_time: '25:75', final_time: '12:00', initial_calibration: 'abc', duration: '25:30' };
    expect(blockProblems(NOISE_DESCRIPTOR, 'memory_field', memory)).toEqual([
      { block: 'memory_field', path: 'data', message: M.date, input: 'date' },
      { block: 'memory_field', path: 'initial_time', message: M.time, input: 'time' },
      { block: 'memory_field', path: 'initial_calibration', message: M.decimal, input: 'decimal' },
    ]);
    expect(blockProblems(NOISE_DESCRIPTOR, 'result', { nho: { dose8: '1,2,3' } })).toEqual([
      { block: 'result', path: 'nho.dose8', message: M.decimal, input: 'decimal' },
    ]);
  });

  it('names a row by its index, and labels each path under its tab', () => {
    const memory = { tasks: [{ task: 'Forno' }, { task: 'Descanso', initial: '24:10', tbn: 'x' }] };
    const problems = blockProblems(HEAT_DESCRIPTOR, 'memory_field', memory);
    expect(problems.map((problem) => [problem.path, problemLabel(HEAT_DESCRIPTOR, 'memory_field', problem.path)])).toEqual([
      ['tasks.1.initial', 'Memória de campo — Tarefa 2 — Hora inicial'],
      ['tasks.1.tbn', 'Memória de campo — Tarefa 2 — tbn (°C)'],
    ]);
    expect(problemLabel(NOISE_DESCRIPTOR, 'result', 'nho.dose8')).toBe('Resultado — NHO 01 — Dose 8h (%)');
    expect(problemLabel(NOISE_DESCRIPTOR, 'memory_field', '')).toBe('Memória de campo');
  });

  it('finds nothing in a blank or valid block', () => {
    expect(blockProblems(NOISE_DESCRIPTOR, 'memory_field', {})).toEqual([]);
    expect(blockProblems(HEAT_DESCRIPTOR, 'validation', { initial_tbs: '30,5', final_tg: '41' })).toEqual([]);
  });
});
