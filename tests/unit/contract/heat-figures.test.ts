/**
 * The heat rows (Memória de campo) → the period weighted and its text
 * (sync/contract/samples/heat-figures.ts): rows with times are placed on the
 * clock, rows with durations only follow one another as typed, and when they
 * add up to more than 60 minutes the most unfavourable 60 minutes are named
 * ('Janela de 60 minutos: 09:00–10:00') and stored in the result's `window`.
 */
import { describe, expect, it } from 'vitest';
import { heatResultSchema, heatTaskSchema, type HeatTaskRow } from '@sync/contract/samples/heat';
import { assessRows, fillHeatResult, heatTasks, heatWindowRange, heatWindowText } from '@sync/contract/samples/heat-figures';

type Row = Partial<Pick<HeatTaskRow, 'task' | 'initial' | 'final' | 'duration' | 'metabolism' | 'ibutg'>>;
/** As the tabs see them: a blank row with what was typed, a half-typed time included (drafts are not validated). */
const rows = (list: Row[]): HeatTaskRow[] => list.map((row) => ({ ...heatTaskSchema.parse({}), ...row }));

describe('rows → the window and its text', () => {
  it.each<{ name: string; rows: Row[]; range: string; text: string; short: string; ibutg: string }>([
    {
      // 150 minutes: the hot half-hour with 30 min of Moldagem (26,0) after it, (32·30 + 26·30)/60 = 29,0.
      name: 'more than 60 minutes with times',
      rows: [
        { task: 'Preparação', initial: '08:00', final: '09:00', metabolism: '200', ibutg: '25,0' },
        { task: 'Forno', initial: '09:00', final: '09:30', metabolism: '200', ibutg: '32,0' },
        { task: 'Moldagem', initial: '09:30', final: '10:30', metabolism: '200', ibutg: '26,0' },
      ],
      range: '09:00–10:00',
      text: 'Janela de 60 minutos: 09:00–10:00 — Forno (30 min), Moldagem (30 min)',
      short: 'Janela de 60 minutos: 09:00–10:00',
      ibutg: '29,0',
    },
    {
      // 22:00–02:00: the hot 30 minutes cross midnight, with 30 min of the 27,0 °C task: 29,0.
      name: 'a night shift crossing midnight',
      rows: [
        { task: 'Abastecimento', initial: '22:00', final: '23:40', metabolism: '300', ibutg: '26,0' },
        { task: 'Forno', initial: '23:40', final: '00:10', metabolism: '300', ibutg: '31,0' },
        { task: 'Moldagem', initial: '00:10', final: '02:00', metabolism: '300', ibutg: '27,0' },
      ],
      range: '23:40–00:40',
      text: 'Janela de 60 minutos: 23:40–00:40 — Forno (30 min), Moldagem (30 min)',
      short: 'Janela de 60 minutos: 23:40–00:40',
      ibutg: '29,0',
    },
    {
      // Durations only, one after another: minutes 40–100, the hot task and 30 min of the next.
      // A blank row between them is skipped; unnamed rows are called by their number ('Tarefa 4').
      name: 'durations only, a blank row and an unnamed task',
      rows: [
        { task: 'Preparação', duration: '00:40', metabolism: '200', ibutg: '25,0' },
        { task: 'Forno', duration: '00:30', metabolism: '200', ibutg: '32,0' },
        {},
        { duration: '00:50', metabolism: '200', ibutg: '26,0' },
      ],
      range: '',
      text: 'Janela de 60 minutos: Forno (30 min), Tarefa 4 (30 min) (tarefas sem horário, em sequência na ordem digitada)',
      short: 'Janela de 60 minutos: Tarefa 2 (30 min), Tarefa 3 (30 min) (tarefas sem horário, em sequência na ordem digitada)',
      ibutg: '29,0',
    },
    {
      // 60 minutes: all of them, as always (calculations.md example, 28,3).
      name: '60 minutes in a row',
      rows: [
        { initial: '08:00', final: '08:40', metabolism: '243', ibutg: '30,0' },
        { initial: '08:40', final: '09:00', metabolism: '117', ibutg: '25,0' },
      ],
      range: '08:00–09:00',
      text: 'Janela de 60 minutos: 08:00–09:00 — Tarefa 1 (40 min), Tarefa 2 (20 min)',
      short: 'Janela de 60 minutos: 08:00–09:00',
      ibutg: '28,3',
    },
    {
      // 30 minutes: all of it, and not a 60-minute window.
      name: 'less than 60 minutes',
      rows: [{ task: 'Forno', initial: '10:00', final: '10:30', metabolism: '178', ibutg: '23,0' }],
      range: '10:00–10:30',
      text: 'Período avaliado: 10:00–10:30 — Forno (30 min)',
      short: 'Período avaliado: 10:00–10:30',
      ibutg: '23,0',
    },
    {
      // 40 + 40 minutes with a pause, never 60 in a row: 09:40–10:40 holds the whole hot task (31,0).
      name: 'pauses, never 60 minutes in a row',
      rows: [
        { task: 'Preparação', initial: '08:00', final: '08:40', metabolism: '200', ibutg: '25,0' },
        { task: 'Forno', initial: '10:00', final: '10:40', metabolism: '200', ibutg: '31,0' },
      ],
      range: '09:40–10:40',
      text: 'Período avaliado: 09:40–10:40 — Forno (40 min)',
      short: 'Período avaliado: 09:40–10:40',
      ibutg: '31,0',
    },
  ])('$name → $text', (c) => {
    const list = rows(c.rows);
    const assessment = assessRows(list, 'work-clothes');
    expect(heatWindowRange(assessment)).toBe(c.range);
    expect(heatWindowText(assessment, list)).toBe(c.text);
    expect(heatWindowText(assessment)).toBe(c.short);
    const result = fillHeatResult(heatResultSchema.parse({}), assessment);
    expect(result).toMatchObject({ window: c.range, ibutg: c.ibutg });
  });

  it('a half-typed row: no assessment, no window', () => {
    const list = rows([{ initial: '08:00', final: '09:30', ibutg: '30,0' }]);
    const assessment = assessRows(list, 'work-clothes');
    expect(assessment).toBeNull();
    expect(heatWindowText(assessment, list)).toBe('');
    expect(fillHeatResult(heatResultSchema.parse({ window: '08:00–09:00' }), assessment).window).toBe('');
  });

  it.each<[Row, number | null]>([
    [{ initial: '09:10', final: '10:10', metabolism: '200', ibutg: '25,0' }, 550],
    [{ duration: '01:00', metabolism: '200', ibutg: '25,0' }, null],
    [{ initial: '9:10', duration: '01:00', metabolism: '200', ibutg: '25,0' }, null],
  ])('a row %j starts at %s minutes after midnight', (row, start) => {
    expect(heatTasks(rows([row]))).toEqual([{ minutes: 60, ibutg: 25, metabolicRateW: 200, start }]);
  });

  it('the result block keeps the window as text, empty by default', () => {
    expect(heatResultSchema.parse({}).window).toBe('');
    expect(heatResultSchema.parse({ window: '09:10–10:10' }).window).toBe('09:10–10:10');
  });
});
