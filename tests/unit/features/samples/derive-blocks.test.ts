/**
 * The computed fields of a noise or heat sample brought up to date without
 * a tab shown (for the page before Salvar): the same figures the tabs show,
 * and the same object back when nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { deriveHeatBlocks } from '@/features/samples/heat';
import { deriveNoiseBlocks } from '@/features/samples/noise';

const thresholds = defaultResultThresholds().noise;

describe('deriveNoiseBlocks', () => {
  it.each([
    [
      '80 % over 5 h, journey 8 h',
      { initial_time: '07:00', final_time: '12:00', duration: '08:00' },
      { nho: { result: '80' } },
      '128,0',
      'Acima do limite de exposição',
    ],
    ['25 % over 5 h, journey 8 h', { initial_time: '07:00', final_time: '12:00', duration: '08:00' }, { nho: { result: '25' } }, '40,0', 'Aceitável'],
    ['a Dose 8h typed by hand', {}, { nho: { dose8: '85' } }, '85', 'Região de incerteza'],
  ])('%s → Dose 8h %s, %s', (_, memory_field, result, dose8, conclusion) => {
    const derived = deriveNoiseBlocks({ memory_field, result }, thresholds);
    expect(derived.result).toMatchObject({ nho: { dose8, conclusion } });
  });

  it('gives the same object back when nothing changes', () => {
    const blocks = { memory_field: {}, result: {} };
    expect(deriveNoiseBlocks(blocks, thresholds)).toBe(blocks);
  });
});

describe('deriveHeatBlocks', () => {
  it('fills Resultado and the condition from the tasks (calculations.md example)', () => {
    const tasks = [
      { initial: '08:00', final: '08:40', duration: '00:40', metabolism: '243', ibutg: '30,0' },
      { initial: '08:40', final: '09:00', duration: '00:20', metabolism: '117', ibutg: '25,0' },
    ];
    const derived = deriveHeatBlocks({ memory_field: { tasks }, result: {}, risk_classification: {} });
    expect(derived.result).toMatchObject({ metabolism: '201', ibutg: '28,3', action_level: '27,4', max: '30,2' });
    expect(derived.risk_classification).toMatchObject({ condition: 'Acima do nível de ação', recomendation: 'Adoção de medidas preventivas' });
  });

  it('gives the same object back when nothing changes', () => {
    const blocks = { memory_field: {}, result: {}, risk_classification: {} };
    expect(deriveHeatBlocks(blocks)).toBe(blocks);
  });
});
