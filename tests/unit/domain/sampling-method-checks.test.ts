/**
 * A chemical agent row against its sampling method, as tables: the flow and
 * the volume at and around the method's bounds (comma and dot decimals, a
 * method with one bound only, values that cannot be read), the holding time
 * counted from the sampling date to the day the sample is sent (its last day
 * still inside), and the flow a method proposes.
 */
import { describe, expect, it } from 'vitest';
import { proposedFlow, samplingMethodWarnings, type MethodLimits, type SampledValues } from '@/domain/sampling-method-checks';

const NIOSH_1501: MethodLimits = { label: 'NIOSH 1501', flow_min: 0.01, flow_max: 0.2, volume_min: 2, volume_max: 30, holding_days: 30 };
const SENT = '2026-11-29';

const messages = (method: MethodLimits, row: SampledValues, sentOn = SENT) =>
  Object.fromEntries(samplingMethodWarnings(method, row, sentOn).map((warning) => [warning.field, warning.message]));

describe('pump flow against the method range', () => {
  const outside = 'Vazão fora da faixa do método NIOSH 1501 (0,01–0,2 L/min).';
  it.each<[SampledValues['pump_flow'], string | undefined]>([
    ['0,15', undefined],
    ['0,01', undefined],
    ['0,2', undefined],
    ['0.2', undefined],
    [0.2, undefined],
    ['0,20', undefined],
    ['0,21', outside],
    ['0,009', outside],
    ['0', outside],
    ['1,5', outside],
    [1.5, outside],
    // nothing to check: empty or unreadable (the field's own validation speaks)
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
    ['abc', undefined],
    ['0,1,5', undefined],
  ])('%j → %s', (flow, expected) => {
    expect(messages(NIOSH_1501, { pump_flow: flow }).pump_flow).toBe(expected);
  });

  it('says which bound a one-sided range misses', () => {
    const onlyMin = { ...NIOSH_1501, label: 'NIOSH 7300', flow_min: 1, flow_max: null };
    const onlyMax = { ...NIOSH_1501, label: 'NIOSH 7300', flow_min: null, flow_max: 4 };
    expect(messages(onlyMin, { pump_flow: '0,5' }).pump_flow).toBe('Vazão abaixo da mínima do método NIOSH 7300 (1 L/min).');
    expect(messages(onlyMin, { pump_flow: '40' }).pump_flow).toBeUndefined();
    expect(messages(onlyMax, { pump_flow: '4,5' }).pump_flow).toBe('Vazão acima da máxima do método NIOSH 7300 (4 L/min).');
    expect(messages(onlyMax, { pump_flow: '0,001' }).pump_flow).toBeUndefined();
  });

  it('checks nothing when the method gives no range', () => {
    expect(messages({ ...NIOSH_1501, flow_min: null, flow_max: null }, { pump_flow: '99' })).toEqual({});
  });
});

describe('volume against the method range', () => {
  it.each<[SampledValues['volume'], string | undefined]>([
    ['12,5', undefined],
    ['2', undefined],
    ['30', undefined],
    ['30,0001', 'Volume fora da faixa do método NIOSH 1501 (2–30 L).'],
    ['1,99', 'Volume fora da faixa do método NIOSH 1501 (2–30 L).'],
    [48, 'Volume fora da faixa do método NIOSH 1501 (2–30 L).'],
    // a volume computed as flow × minutes carries float noise: 0.1 × 300 is exactly 30 on paper
    [0.1 * 300, undefined],
    ['', undefined],
  ])('%j → %s', (volume, expected) => {
    expect(messages(NIOSH_1501, { volume }).volume).toBe(expected);
  });

  it('names the one bound, with thousands grouped', () => {
    const method = { ...NIOSH_1501, label: 'NIOSH 7300', volume_min: 5, volume_max: null };
    expect(messages(method, { volume: '4' }).volume).toBe('Volume abaixo do mínimo do método NIOSH 7300 (5 L).');
    const big = { ...NIOSH_1501, label: 'NIOSH 7300', volume_min: null, volume_max: 2000 };
    expect(messages(big, { volume: '2.400,5' }).volume).toBe('Volume acima do máximo do método NIOSH 7300 (2.000 L).');
  });
});

describe('holding time from the sampling date to the laboratory', () => {
  it.each<[string | null | undefined, string, string | undefined]>([
    ['29/11/2026', SENT, undefined],
    // the 30th day is the last one inside
    ['30/10/2026', SENT, undefined],
    ['29/10/2026', SENT, 'Prazo do método NIOSH 1501 excedido: 31 dias entre a coleta e o envio ao laboratório (máximo 30 dias).'],
    ['01/09/2026', '29/11/2026', 'Prazo do método NIOSH 1501 excedido: 89 dias entre a coleta e o envio ao laboratório (máximo 30 dias).'],
    // across a leap day: 2028-02-01 → 2028-03-03 is 31 days
    ['01/02/2028', '2028-03-03', 'Prazo do método NIOSH 1501 excedido: 31 dias entre a coleta e o envio ao laboratório (máximo 30 dias).'],
    // sent before it was taken (a typo somewhere): not a holding-time problem
    ['10/12/2026', SENT, undefined],
    ['', SENT, undefined],
    [null, SENT, undefined],
    ['31/02/2026', SENT, undefined],
    ['2026-10-01', SENT, 'Prazo do método NIOSH 1501 excedido: 59 dias entre a coleta e o envio ao laboratório (máximo 30 dias).'],
    ['01/10/2026', 'amanhã', undefined],
  ])('sampled %j, sent %s → %s', (date, sentOn, expected) => {
    expect(messages(NIOSH_1501, { date }, sentOn).date).toBe(expected);
  });

  it('says one day in the singular', () => {
    const method = { ...NIOSH_1501, label: 'NHO 08', holding_days: 1 };
    expect(messages(method, { date: '27/11/2026' }).date).toBe(
      'Prazo do método NHO 08 excedido: 2 dias entre a coleta e o envio ao laboratório (máximo 1 dia).',
    );
    expect(messages({ ...method, holding_days: 0 }, { date: '28/11/2026' }).date).toBe(
      'Prazo do método NHO 08 excedido: 1 dia entre a coleta e o envio ao laboratório (máximo 0 dias).',
    );
  });

  it('checks nothing for a method without a holding time (stable samples)', () => {
    expect(messages({ ...NIOSH_1501, holding_days: null }, { date: '01/01/2020' })).toEqual({});
  });
});

it('gives every warning of a row, in field order', () => {
  expect(samplingMethodWarnings(NIOSH_1501, { pump_flow: '1', volume: '240', date: '01/01/2026' }, SENT).map((w) => w.field)).toEqual([
    'pump_flow',
    'volume',
    'date',
  ]);
  expect(samplingMethodWarnings(NIOSH_1501, { pump_flow: '0,1', volume: '24', date: '28/11/2026' }, SENT)).toEqual([]);
});

describe('the flow a method proposes', () => {
  it.each<[number | null, number | null, number | null]>([
    [0.01, 0.2, 0.11],
    [1, 4, 2.5],
    [1.7, 2.5, 2.1],
    [1.7, 2.2, 1.95],
    [0.2, 0.2, 0.2],
    [1, null, 1],
    [null, 4, 4],
    [null, null, null],
  ])('%s–%s L/min → %s', (flow_min, flow_max, expected) => {
    expect(proposedFlow({ flow_min, flow_max })).toBe(expected);
  });
});
