/**
 * The vibration report (src/pdf/sample, from the vibration descriptor): the
 * measurement conditions with the options' labels ('Corpo inteiro', never
 * 'corpo'), the results as one table {Norma, Critério, Resultado, Limite,
 * Base do cálculo} with each result's band colour as its swatch, a result
 * typed over marked ' (digitado pelo técnico)', and the classification's
 * AREN, VDVR and consideration with their bands' colours; hands and arms
 * print no VDVR.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import type { SampleBlocks } from '@sync/contract/samples/descriptor';
import { VIBRATION_DESCRIPTOR } from '@sync/contract/samples/vibration-descriptor';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { buildSampleDocument, pdfSampleOf } from '@/pdf/sample';
import { WHOLE_BODY_MEMORY } from '../contract/support/vibration-figure-cases';
import { fieldRows, printedText, swatchOf, textOf } from './sample-pdf-support';

const YELLOW = '#ffeb3b';
const ORANGE = '#ff9800';
const RED = '#f44336';

function report(partial: Partial<SampleBlocks>): TDocumentDefinitions {
  const blocks = VIBRATION_DESCRIPTOR.derive(
    { caracterization: { employee: 'Paulo' }, memory_field: {}, result: {}, risk_classification: {}, validation: {}, ...partial },
    { thresholds: defaultResultThresholds() },
  );
  const sample = pdfSampleOf(
    {
      type_id: 1,
      sample_no: 3,
      quotation_id: 5,
      company_name: 'Transportes Sul',
      agent_name: 'VCI',
      employee: 'Paulo',
      f_created_at: '01/03/2026',
      ...blocks,
    },
    '5/2026',
  );
  return buildSampleDocument({ sample, settings: {}, logo: null });
}

/** The rows of the results table (below its header 'Norma'), each cell's text and swatch. */
function resultCells(definition: TDocumentDefinitions): Array<Array<{ text: string; colour: string | null }>> {
  const tables: unknown[][][] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const table = (node as { table?: { body?: unknown[][] } }).table;
      if (table?.body && textOf(table.body[0]?.[0]) === 'Norma') tables.push(table.body);
      for (const key of ['stack', 'columns'] as const) walk((node as Record<string, unknown>)[key]);
    }
  };
  walk(definition.content);
  expect(tables).toHaveLength(1);
  return tables[0]!.slice(1).map((row) => row.map((cell) => ({ text: textOf(cell), colour: swatchOf(cell) })));
}

const line = (definition: TDocumentDefinitions, label: string) => fieldRows(definition).filter((row) => row.label === label);

describe('the vibration report', () => {
  it('whole body: the conditions, the results with their criterion and colour, the bands of AREN and VDVR', () => {
    const definition = report({ memory_field: { ...WHOLE_BODY_MEMORY, bank_type: 'Pneumático', tire_type: 'Radial' } });
    const text = printedText(definition);
    expect(text).toContain('Tipo de vibração|Corpo inteiro');
    expect(text).toContain('Tipo de assento|Pneumático');
    expect(text).toContain('Tipo de pneu|Radial');
    const cells = resultCells(definition);
    expect(cells.map((row) => row.map((cell) => cell.text).slice(0, 4))).toEqual([
      ['NHO 09', 'AREN', '0,70', '1,1 m/s²'],
      ['NHO 09', 'VDVR', '9,61', '21 m/s^1,75'],
    ]);
    expect(cells.map((row) => row[2]!.colour)).toEqual([YELLOW, YELLOW]);
    expect(cells[0]![4]!.text).toBe('NHO 09 (2013): AREN de 1 componente, exposição diária 06:00; limite NR-15 Anexo 8 (Portaria MTE 1.297/2014)');
    expect(line(definition, 'AREN (m/s²)')).toEqual([{ label: 'AREN (m/s²)', text: '0,70', colour: YELLOW }]);
    expect(line(definition, 'VDVR (m/s^1,75)')).toEqual([{ label: 'VDVR (m/s^1,75)', text: '9,61', colour: YELLOW }]);
    expect(line(definition, 'Faixa do VDVR')[0]!.text).toBe('Faixa 2: de 9,1 a < 16,4 m/s^1,75 (Acima do nível de ação)');
    expect(line(definition, 'Consideração técnica')).toEqual([{ label: 'Consideração técnica', text: 'Acima do nível de ação', colour: YELLOW }]);
    for (const raw of ['aren_color', 'bgColor', 'row_id', 'typed', 'corpo|']) expect(text).not.toContain(raw);
  });

  it('hands and arms: NHO 10, one AREN row; a result typed over is marked, a chosen consideration keeps its colour', () => {
    const definition = report({
      memory_field: { vibration_type: 'maos-bracos', method: 'NHO 10', criterion: 'AREN' },
      result: { rows: [{ row_id: 'aren', result: '5,2', typed: ['result'] }] },
      risk_classification: { consideration: 'Região de incerteza', typed: ['consideration'] },
    });
    const text = printedText(definition);
    expect(text).toContain('Tipo de vibração|Mãos e braços');
    const cells = resultCells(definition);
    expect(cells).toHaveLength(1);
    expect(cells[0]!.slice(0, 4)).toEqual([
      { text: 'NHO 10', colour: null },
      { text: 'AREN', colour: null },
      { text: '5,2 (digitado pelo técnico)', colour: RED },
      { text: '5 m/s²', colour: null },
    ]);
    expect(line(definition, 'VDVR (m/s^1,75)')).toEqual([]);
    expect(line(definition, 'Consideração técnica')).toEqual([
      { label: 'Consideração técnica', text: 'Região de incerteza (digitado pelo técnico)', colour: ORANGE },
    ]);
  });
});
