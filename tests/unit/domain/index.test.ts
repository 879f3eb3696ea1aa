import { describe, expect, it } from 'vitest';
import * as domain from '@/domain';

describe('domain barrel', () => {
  it.each([
    'parseDecimal',
    'formatDecimal',
    'parseDateBR',
    'parseTimeHHmm',
    'maskPhone',
    'isValidCpf',
    'isValidCnpj',
    'capitalizeWords',
    'formatBRL',
    'quotationTotals',
    'noiseCriterion',
    'noiseFromExposures',
    'noiseResultConclusion',
    'noiseClassification',
    'noiseResultBlock',
    'agentTotalTime',
    'agentVolumeLitres',
    'chemicalRiskLevel',
    'flowCheck',
    'twa8h',
    'nr15Assessment',
    'vibrationMemoryDefaults',
    'vibrationClassification',
    'vibrationResultRows',
    'assessHeat',
    'defaultResultThresholds',
    'parseResultThresholds',
    'validateChemicalThresholds',
    'validateNoiseThresholds',
  ])('exports %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports the shared constants', () => {
    expect(domain.NO_DATA_COLOR).toBe('#cfcfc4');
    expect(domain.NHO_01).toEqual({ norm: 'NHO 01', edition: '2001', publisher: 'Fundacentro' });
  });
});
