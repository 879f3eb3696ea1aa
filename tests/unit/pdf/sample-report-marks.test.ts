/**
 * What the sample report marks beside a value (src/pdf/sample/block-content.ts):
 * the colour swatch of a field whose descriptor names a colour field
 * (noise's conclusion and classification) or whose colour follows its value
 * (heat's condition, the badge's colour), and ' (digitado pelo técnico)'
 * after a figure the technician typed over (a heat task's `typed`; noise's
 * Dose 8h, NEN and TWA typed with neither the measured dose nor the norm's
 * average level); a result's criterion printed as 'Critério'.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { emptyHeatBlocks } from '@sync/contract/samples/heat';
import { emptyNoiseBlocks } from '@sync/contract/samples/noise';
import { heatConditionColor } from '@/domain/heat-condition-colors';
import { BAND_COLORS, NO_DATA_COLOR } from '@/domain/result-thresholds';
import { buildSampleDocument, pdfSampleOf, type PdfSample } from '@/pdf/sample';
import { fieldRows, printedText } from './sample-pdf-support';

const sampleOf = (typeId: number, blocks: Partial<PdfSample>): PdfSample =>
  pdfSampleOf(
    {
      type_id: typeId,
      sample_no: 1,
      quotation_id: 1,
      company_name: 'Empresa',
      agent_name: null,
      employee: null,
      f_created_at: null,
      caracterization: {},
      memory_field: {},
      result: {},
      risk_classification: {},
      validation: {},
      ...blocks,
    },
    '1/2026',
  );

const build = (sample: PdfSample): TDocumentDefinitions => buildSampleDocument({ sample, settings: {}, logo: null });
const line = (definition: TDocumentDefinitions, label: string) => fieldRows(definition).filter((row) => row.label === label);

describe('the colour swatch', () => {
  it('prints noise’s conclusion and daily dose with the colour of their block, never the colour as text', () => {
    const blank = emptyNoiseBlocks();
    const definition = build(
      sampleOf(3, {
        result: {
          nho: { ...blank.result.nho, dose8: '120', conclusion: 'Acima do limite de exposição', bgColor: '#f44336' },
          nr15: { ...blank.result.nr15, dose8: '60', conclusion: 'Aceitável', bgColor: '#4caf50' },
        },
        risk_classification: { ...blank.risk_classification, nho: { ...blank.risk_classification.nho, dose_daily: '75', bgColor: '#ff9800' } },
      }),
    );
    expect(line(definition, 'Conclusão')).toEqual([
      { label: 'Conclusão', text: 'Acima do limite de exposição', colour: '#f44336' },
      { label: 'Conclusão', text: 'Aceitável', colour: '#4caf50' },
    ]);
    expect(line(definition, 'Dose diária (%)')).toEqual([{ label: 'Dose diária (%)', text: '75', colour: '#ff9800' }]);
    // A value without a colour field has no swatch; the colours are never lines of their own.
    expect(line(definition, 'Dose 8h (%)').map((row) => row.colour)).toEqual([null, null]);
    expect(fieldRows(definition).map((row) => row.label)).not.toContain('Cor');
    expect(printedText(definition)).not.toContain('#f44336');
  });

  it('prints heat’s condition with the colour the screen’s badge shows', () => {
    for (const [condition, colour] of [
      ['Aceitável', BAND_COLORS[0]],
      ['Acima do nível de ação', BAND_COLORS[1]],
      ['Acima do limite de exposição', BAND_COLORS[3]],
      ['Outra', NO_DATA_COLOR],
    ] as const) {
      expect(heatConditionColor(condition)).toBe(colour);
      const definition = build(sampleOf(4, { risk_classification: { ...emptyHeatBlocks().risk_classification, condition } }));
      expect(line(definition, 'Condição')).toEqual([{ label: 'Condição', text: condition, colour }]);
    }
  });

  it('has no swatch for an empty value or a colour that is not one', () => {
    const blank = emptyNoiseBlocks();
    const definition = build(
      sampleOf(3, { result: { ...blank.result, nho: { ...blank.result.nho, dose8: '90', conclusion: 'Sem cor', bgColor: 'vermelho' } } }),
    );
    expect(line(definition, 'Conclusão')).toEqual([{ label: 'Conclusão', text: 'Sem cor', colour: null }]);
  });
});

describe('the typed-by-hand mark', () => {
  it('follows a heat task’s figures the technician typed over, and only those', () => {
    const blank = emptyHeatBlocks();
    const task = blank.memory_field.tasks[0]!;
    const definition = build(
      sampleOf(4, {
        memory_field: {
          ...blank.memory_field,
          tasks: [
            { ...task, row_id: 'a', task: 'Forno', initial: '08:00', final: '08:40', duration: '00:40', tbn: '28', tg: '40', ibutg: '31,6' },
            { ...task, row_id: 'b', task: 'Pátio', initial: '08:40', final: '09:00', duration: '00:25', ibutg: '27,0', typed: ['duration', 'ibutg'] },
          ],
        },
      }),
    );
    expect(line(definition, 'Duração (HH:mm)').map((row) => row.text)).toEqual(['00:40', '00:25 (digitado pelo técnico)']);
    expect(line(definition, 'IBUTG (°C)').map((row) => row.text)).toEqual(['31,6', '27,0 (digitado pelo técnico)']);
    expect(line(definition, 'Hora final').map((row) => row.text)).toEqual(['08:40', '09:00']);
  });

  it('follows noise’s Dose 8h, NEN and TWA typed with neither the measured dose nor the average level', () => {
    const blank = emptyNoiseBlocks();
    const definition = build(
      sampleOf(3, {
        result: {
          // Computed from the measured dose: not marked.
          nho: { ...blank.result.nho, result: '50', leq: '85,0', dose8: '100,0', nen: '85,0', twa: '85,0' },
          // Typed by hand: marked (TWA left empty is not printed).
          nr15: { ...blank.result.nr15, dose8: '80', nen: '83,4' },
        },
      }),
    );
    expect(line(definition, 'Dose 8h (%)').map((row) => row.text)).toEqual(['100,0', '80 (digitado pelo técnico)']);
    expect(line(definition, 'NEN (dB(A))').map((row) => row.text)).toEqual(['85,0', '83,4 (digitado pelo técnico)']);
    expect(line(definition, 'TWA (dB(A))').map((row) => row.text)).toEqual(['85,0']);
  });

  it('is not given when the average level was typed (the dose is computed back from it)', () => {
    const blank = emptyNoiseBlocks();
    const definition = build(sampleOf(3, { result: { ...blank.result, nr15: { ...blank.result.nr15, lavg: '85', dose8: '100,0' } } }));
    expect(line(definition, 'Dose 8h (%)').map((row) => row.text)).toEqual(['100,0']);
  });
});

describe('the result’s criterion', () => {
  it('is printed as Critério after the result’s fields', () => {
    const blank = emptyNoiseBlocks();
    const definition = build(
      sampleOf(3, { result: { ...blank.result, nho: { ...blank.result.nho, dose8: '90', criterion: 'NHO 01 (2001), q = 3, 85 dB(A)' } } }),
    );
    const labels = fieldRows(definition).map((row) => row.label);
    expect(labels.slice(labels.indexOf('Dose 8h (%)'))).toEqual(['Dose 8h (%)', 'Critério']);
    expect(line(definition, 'Critério')[0]?.text).toBe('NHO 01 (2001), q = 3, 85 dB(A)');
  });
});
