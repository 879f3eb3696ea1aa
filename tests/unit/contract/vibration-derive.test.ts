/**
 * The vibration descriptor's derivation and figures (sync/contract/samples/
 * vibration-derive.ts, vibration-figures.ts, vibration-rows.ts) as tables:
 * the derivation's cases (support/vibration-figure-cases.ts, hand-computed
 * there), the memory rule for every choice of type, the bands of the
 * classification at every boundary of the three scales, and the marks a
 * result typed over or a proposal chosen otherwise leave.
 */
import { describe, expect, it } from 'vitest';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { requiredFieldsOf, type SampleBlocks } from '@sync/contract/samples/descriptor';
import { normaliseVibrationBlock, type VibrationResult } from '@sync/contract/samples/vibration';
import { deriveVibrationBlocks } from '@sync/contract/samples/vibration-derive';
import { VIBRATION_DESCRIPTOR } from '@sync/contract/samples/vibration-descriptor';
import {
  chooseClassification,
  chooseVibrationType,
  editResult,
  fillVibrationClassification,
  fillVibrationResult,
} from '@sync/contract/samples/vibration-figures';
import { VIBRATION_BAND, VIBRATION_FIGURE_CASES, WHOLE_BODY_MEMORY } from './support/vibration-figure-cases';

const thresholds = defaultResultThresholds();

function blocksOf(partial: Partial<SampleBlocks>): SampleBlocks {
  return { caracterization: {}, memory_field: {}, result: {}, risk_classification: {}, validation: {}, ...partial };
}

describe('the vibration derivation, as a table', () => {
  it.each(VIBRATION_FIGURE_CASES.map((c) => [c.name, c] as const))('%s', (_, { blocks, expected }) => {
    const derived = VIBRATION_DESCRIPTOR.derive(blocksOf(blocks), { thresholds });
    expect(derived).toMatchObject(expected);
    expect(VIBRATION_DESCRIPTOR.derive(derived, { thresholds })).toBe(derived);
  });

  it('gives the same object back when nothing changes, and keeps what it does not know', () => {
    const once = deriveVibrationBlocks(blocksOf({ memory_field: { ...WHOLE_BODY_MEMORY, extra: 1 } }));
    expect(deriveVibrationBlocks(once)).toBe(once);
    expect(once.memory_field).toMatchObject({ extra: 1 });
    const partial = { memory_field: 5, result: null };
    expect(deriveVibrationBlocks(deriveVibrationBlocks(partial))).toEqual(deriveVibrationBlocks(partial));
  });
});

describe('the memory rule: the vibration type sets the method and the criteria', () => {
  const before = normaliseVibrationBlock('memory_field', { method: 'X', criterion: 'VDVR', criterion_1: '1,1 Aren / 21 VDVR' });
  it.each([
    ['corpo', { method: 'NHO 09', criterion: 'AREN/VDVR', criterion_1: '1,1 Aren / 21 VDVR' }],
    ['maos-bracos', { method: 'NHO 10', criterion: 'AREN', criterion_1: '' }],
    // The original compared with another value, so this branch always ran; any other choice is hands and arms.
    ['Mãos e braços', { method: 'NHO 10', criterion: 'AREN', criterion_1: '' }],
    ['', { method: 'X', criterion: 'VDVR', criterion_1: '1,1 Aren / 21 VDVR' }],
  ])('%j → %j', (type, expected) => {
    expect(chooseVibrationType(before, type)).toMatchObject({ vibration_type: type, ...expected });
  });

  it('a type chosen is never replaced by the agent’s proposal', () => {
    const memory = normaliseVibrationBlock('memory_field', { agent: 'Vibração de corpo inteiro (VCI)', vibration_type: 'maos-bracos' });
    expect(deriveVibrationBlocks({ memory_field: memory }).memory_field).toBe(memory);
  });
});

describe('the bands at every boundary (lower bound inclusive)', () => {
  const classify = (type: string, aren: string, vdvr = '') => {
    const memory = normaliseVibrationBlock('memory_field', { vibration_type: type });
    const rows = [
      { row_id: 'aren', result: aren, typed: ['result'] },
      { row_id: 'vdvr', result: vdvr, typed: vdvr ? ['result'] : [] },
    ];
    const result = fillVibrationResult(normaliseVibrationBlock('result', { rows }), memory);
    return fillVibrationClassification(normaliseVibrationBlock('risk_classification', {}), result, memory);
  };
  it.each<[string, string, string, 1 | 2 | 3 | 4]>([
    // whole body AREN (m/s²)
    ['corpo', '0', '', 1],
    ['corpo', '0,49', '', 1],
    ['corpo', '0,5', '', 2],
    ['corpo', '0,89', '', 2],
    ['corpo', '0,9', '', 3],
    ['corpo', '1,09', '', 3],
    ['corpo', '1,1', '', 4],
    // VDVR (m/s^1,75), AREN in band 1
    ['corpo', '0,1', '9,09', 1],
    ['corpo', '0,1', '9,1', 2],
    ['corpo', '0,1', '16,39', 2],
    ['corpo', '0,1', '16,4', 3],
    ['corpo', '0,1', '20,99', 3],
    ['corpo', '0,1', '21', 4],
    // the worse of the two, either way
    ['corpo', '0,95', '9,5', 3],
    ['corpo', '0,6', '25', 4],
    // hands and arms (m/s²); a VDVR is not read
    ['maos-bracos', '2,49', '', 1],
    ['maos-bracos', '2,5', '', 2],
    ['maos-bracos', '3,49', '', 2],
    ['maos-bracos', '3,5', '', 3],
    ['maos-bracos', '4,99', '', 3],
    ['maos-bracos', '5', '', 4],
    ['maos-bracos', '1', '30', 1],
  ])('%s AREN %s VDVR %j → band %i', (type, aren, vdvr, band) => {
    expect(classify(type, aren, vdvr)).toMatchObject(VIBRATION_BAND[band]);
  });

  it.each([
    ['corpo', '0,49', 'Faixa 1: < 0,5 m/s² (Aceitável)'],
    ['corpo', '0,9', 'Faixa 3: de 0,9 a < 1,1 m/s² (Região de incerteza)'],
    ['maos-bracos', '2,5', 'Faixa 2: de 2,5 a < 3,5 m/s² (Acima do nível de ação)'],
    ['maos-bracos', '7', 'Faixa 4: ≥ 5 m/s² (Acima do limite de exposição)'],
    ['corpo', '', ''],
  ])('%s AREN %j: %j', (type, aren, text) => {
    expect(classify(type, aren).aren_band).toBe(text);
  });
});

describe('what the technician types over', () => {
  const memory = normaliseVibrationBlock('memory_field', WHOLE_BODY_MEMORY);
  const computed = () => fillVibrationResult(normaliseVibrationBlock('result', {}), chooseVibrationType(memory, 'corpo'));

  it('a result typed over is marked and kept; cleared, the calculation comes back', () => {
    const corpo = chooseVibrationType(memory, 'corpo');
    const typed = editResult(computed(), 'aren', '0,95', corpo);
    expect(typed.rows[0]).toMatchObject({ result: '0,95', typed: ['result'], basis: expect.stringContaining('digitado pelo técnico') });
    const cleared: VibrationResult = editResult(typed, 'aren', '', corpo);
    expect(cleared.rows[0]).toMatchObject({ result: '0,70', typed: [] });
  });

  it('a proposal chosen otherwise is kept; cleared, the proposal comes back', () => {
    const corpo = chooseVibrationType(memory, 'corpo');
    const result = computed();
    const proposed = fillVibrationClassification(normaliseVibrationBlock('risk_classification', {}), result, corpo);
    expect(proposed).toMatchObject(VIBRATION_BAND[2]);
    const chosen = chooseClassification(proposed, 'recomendation', 'Adoção imediata de medidas corretivas', result, corpo);
    expect(chosen).toMatchObject({ recomendation: 'Adoção imediata de medidas corretivas', typed: ['recomendation'] });
    expect(chooseClassification(chosen, 'recomendation', '', result, corpo)).toMatchObject({ ...VIBRATION_BAND[2], typed: [] });
  });
});

describe('the descriptor', () => {
  it('requires, in the form’s order, what a vibration report cannot go without', () => {
    expect(requiredFieldsOf(VIBRATION_DESCRIPTOR).map((field) => `${field.block}.${field.path}`)).toEqual([
      'caracterization.employee',
      'caracterization.function',
      'caracterization.sector',
      'memory_field.instrument',
      'memory_field.gauge',
      'memory_field.data',
      'memory_field.vibration_type',
      'memory_field.exposition_time',
      'memory_field.sample_time',
      'result.rows.*.result',
      'risk_classification.consideration',
      'validation.avaliation',
      'validation.exposition',
      'validation.sample_type',
      'validation.justify',
    ]);
  });

  it('a new sample’s blocks parse, and the server’s schemas accept the derived blocks', () => {
    const derived = deriveVibrationBlocks(blocksOf({ memory_field: WHOLE_BODY_MEMORY }));
    for (const block of ['memory_field', 'result', 'risk_classification', 'validation'] as const) {
      expect(VIBRATION_DESCRIPTOR.schemas[block].safeParse(VIBRATION_DESCRIPTOR.emptyBlock(block)).success).toBe(true);
      expect(VIBRATION_DESCRIPTOR.schemas[block].safeParse(derived[block]).error).toBeUndefined();
    }
    expect(VIBRATION_DESCRIPTOR.schemas.memory_field.safeParse({ repeat_number: '2,5' }).error?.issues[0]?.message).toBe(
      'Número inválido: use só algarismos.',
    );
  });
});
