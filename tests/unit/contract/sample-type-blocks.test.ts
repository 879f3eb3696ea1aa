/**
 * The noise and heat blocks: defaults of the spec, lists that keep one row,
 * values kept as typed, and the Portuguese messages for what cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_FIELD_MESSAGES } from '@sync/contract/samples/block-fields';
import { emptyHeatBlocks, heatMemorySchema, heatResultSchema, heatTaskSchema } from '@sync/contract/samples/heat';
import { emptyNoiseBlocks, noiseMemorySchema, noiseResultSchema, noiseValidationSchema } from '@sync/contract/samples/noise';

describe('noise blocks', () => {
  it('start with the spec defaults and one EPI row', () => {
    const blocks = emptyNoiseBlocks();
    expect(blocks.memory_field).toMatchObject({ noise_type: 'Ruído ocupacional', method: 'NHO 01', exposition_limit: 'NR 15 Anexo 1' });
    expect(blocks.memory_field.epis).toEqual([
      { row_id: expect.stringMatching(/^[0-9a-f]{24}$/), id: null, type: '', manufacturer: '', model: '', number: '' },
    ]);
    // Each new row has its own id (the merge matches rows by it).
    expect(emptyNoiseBlocks().memory_field.epis[0]!.row_id).not.toBe(blocks.memory_field.epis[0]!.row_id);
    expect(blocks.result.nho.bgColor).toBe('#cfcfc4');
    expect(blocks.result.nr15.method).toBe('NR 15');
    expect(blocks.validation).toEqual({ avaliation: '', exposition: '', exposition_type: '', justify: '' });
  });

  it('an emptied EPI list parses back to one blank row', () => {
    expect(noiseMemorySchema.parse({ epis: [] }).epis).toHaveLength(1);
  });

  it.each([
    ['initial_time', '07:30', true],
    ['initial_time', '', true],
    ['initial_time', '7:30', false],
    ['initial_time', '24:00', false],
    ['duration', '08:48', true],
    ['duration', '8h', false],
    ['initial_calibration', '94,0', true],
    ['initial_calibration', '94.0', true],
    ['initial_calibration', '94,0,1', false],
    ['data', '25/11/2026', true],
    ['data', '31/02/2026', false],
  ])('%s = %j is accepted: %s', (field, value, ok) => {
    const parsed = noiseMemorySchema.safeParse({ [field]: value });
    expect(parsed.success).toBe(ok);
    if (ok) expect((parsed.data as Record<string, unknown>)[field]).toBe(value);
    else expect(parsed.error?.issues[0]?.message).toMatch(/HH:mm|Número inválido|Data inválida/);
  });

  it('keeps a comma decimal as typed', () => {
    expect(noiseResultSchema.parse({ nho: { dose8: '128,0' } }).nho.dose8).toBe('128,0');
  });
});

describe('heat blocks', () => {
  it('start with Calor IBUTG, method nho06, one task and one EPI row', () => {
    const blocks = emptyHeatBlocks();
    expect(blocks.memory_field).toMatchObject({ sample: 'Calor IBUTG', method: 'nho06' });
    expect(blocks.memory_field.tasks).toHaveLength(1);
    expect(blocks.memory_field.tasks[0]).toMatchObject({ solar_load: 'Não', ibutg: '' });
    expect(blocks.memory_field.epis).toHaveLength(1);
    expect(blocks.result.clothing).toBe('work-clothes');
  });

  it('an emptied task list parses back to one blank task', () => {
    expect(heatMemorySchema.parse({ tasks: [] }).tasks).toHaveLength(1);
  });

  it('refuses a time that is not HH:mm with the message', () => {
    const parsed = heatTaskSchema.safeParse({ initial: '9:00' });
    expect(parsed.error?.issues[0]?.message).toBe(SAMPLE_FIELD_MESSAGES.time);
  });
});

describe('messages in Portuguese for what the server refuses', () => {
  it.each([
    ['noise validation exposition', () => noiseValidationSchema.safeParse({ exposition: 'Talvez' }), 'Opção inválida.'],
    ['heat clothing', () => heatResultSchema.safeParse({ clothing: 'pijama' }), 'Opção inválida.'],
    ['an EPI id', () => noiseMemorySchema.safeParse({ epis: [{ id: 'x' }] }), 'Identificador inválido.'],
    [
      'too many EPI rows',
      () => noiseMemorySchema.safeParse({ epis: Array.from({ length: 201 }, () => ({})) }),
      'Linhas demais nesta lista (no máximo 200).',
    ],
  ])('%s', (_, parse, message) => {
    expect(parse().error?.issues[0]?.message).toBe(message);
  });
});
