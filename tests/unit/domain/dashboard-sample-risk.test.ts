/**
 * What the dashboard reads of a sample: filled (it has a result) and at its
 * type's highest risk level (an alert), per type, from the stored blocks as
 * plain JSON; with the default thresholds (noise level4 from Dose 8h 100;
 * vibration band 4 from AREN 1,1 whole body, 5 hands and arms, VDVR 21).
 */
import { describe, expect, it } from 'vitest';
import { sampleRisk, type SampleRiskInput } from '@/domain/dashboard-sample-risk';
import { defaultResultThresholds } from '@/domain/result-thresholds';

const noise = defaultResultThresholds().noise;
const chemical = (...levels: string[]) => ({ slug: 'chemical', result: { agents: levels.map((risk_level) => ({ risk_level })) } });
const noiseSample = (nho: string, nr15 = '') => ({ slug: 'noise', result: { nho: { dose8: nho }, nr15: { dose8: nr15 } } });
const vibration = (type: string, aren: string, vdvr = '') => ({
  slug: 'vibration',
  memory_field: { vibration_type: type },
  risk_classification: { aren, vdvr },
});
const heat = (condition: string) => ({ slug: 'heat', risk_classification: { condition } });

describe('sampleRisk', () => {
  it.each<[string, SampleRiskInput, boolean, boolean]>([
    ['chemical, no result', chemical('---'), false, false],
    ['chemical, below LQ', chemical('lq'), true, false],
    ['chemical, risk3', chemical('risk1', 'risk3'), true, false],
    ['chemical, one row at risk4', chemical('risk1', 'risk4'), true, true],
    ['chemical, a blank block', { slug: 'chemical', result: {} }, false, false],
    ['noise, no Dose 8h', noiseSample(''), false, false],
    ['noise, NHO 99,9', noiseSample('99,9'), true, false],
    ['noise, NHO 100 (level4 starts)', noiseSample('100'), true, true],
    ['noise, only NR 15 at 150', noiseSample('', '150'), true, true],
    ['noise, text', noiseSample('alto'), false, false],
    ['vibration whole body, AREN 1,09', vibration('corpo', '1,09'), true, false],
    ['vibration whole body, AREN 1,1', vibration('corpo', '1,1'), true, true],
    ['vibration whole body, VDVR 21', vibration('corpo', '0,2', '21'), true, true],
    ['vibration hands and arms, AREN 4,99', vibration('maos-bracos', '4,99'), true, false],
    ['vibration hands and arms, AREN 5', vibration('maos-bracos', '5'), true, true],
    ['vibration, no figure', vibration('corpo', ''), false, false],
    ['heat, no condition', heat(''), false, false],
    ['heat, above the action level', heat('Acima do nível de ação'), true, false],
    ['heat, above the limit', heat('Acima do limite de exposição'), true, true],
    ['an unknown type', { slug: 'radiation', result: { agents: [{ risk_level: 'risk4' }] } }, false, false],
    ['blocks of another shape', { slug: 'chemical', result: 'risk4' }, false, false],
  ])('%s → filled %s, highest %s', (_label, sample, filled, highest) => {
    expect(sampleRisk(sample, noise)).toEqual({ filled, highest });
  });

  it('reads the noise level with the thresholds it is given', () => {
    const strict = defaultResultThresholds().noise;
    strict.nho.level3 = { ...strict.nho.level3, max: 90 };
    strict.nho.level4 = { ...strict.nho.level4, min: 90 };
    expect(sampleRisk(noiseSample('95'), noise).highest).toBe(false);
    expect(sampleRisk(noiseSample('95'), strict).highest).toBe(true);
  });
});
