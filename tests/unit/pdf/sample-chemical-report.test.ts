/**
 * The chemical section of the sample report (src/pdf/sample, issue 22),
 * printed from the chemical descriptor after the derivation: one table per
 * agent row with its times, flow and volume; one per result row with the
 * values in their unit, the criterion and the risk colour as a swatch; the
 * classification list as one table; the validation with the flow variation.
 * Never an internal id or a risk code.
 */
import { describe, expect, it } from 'vitest';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { CHEMICAL_DESCRIPTOR } from '@sync/contract/samples/chemical-descriptor';
import type { SampleBlocks } from '@sync/contract/samples/descriptor';
import { buildSampleDocument, pdfSampleOf } from '@/pdf/sample';
import { CHEMICAL_FIGURE_CASES, LQ_GREY, RED, YELLOW } from '../contract/support/chemical-figure-cases';
import { fieldRows, headings, printedText } from './sample-pdf-support';

function threeAgentReport() {
  const { blocks } = CHEMICAL_FIGURE_CASES[0]!;
  const start: SampleBlocks = {
    caracterization: { employee: 'Maria Souza' },
    memory_field: {},
    result: {},
    risk_classification: {},
    validation: {},
    ...blocks,
  };
  const derived = CHEMICAL_DESCRIPTOR.derive(start, { thresholds: defaultResultThresholds() });
  const sample = pdfSampleOf(
    {
      type_id: 2,
      sample_no: 4,
      quotation_id: 9,
      company_name: 'Química Beta',
      agent_name: 'Tolueno',
      employee: 'Maria Souza',
      f_created_at: '03/11/2026',
      ...derived,
    },
    '9/2026',
  );
  return buildSampleDocument({ sample, settings: { company_name: 'Higiene Ação' }, logo: null });
}

describe('the chemical report', () => {
  const definition = threeAgentReport();
  const text = printedText(definition);
  const rows = fieldRows(definition);

  it('prints the blocks and lists under the descriptor’s titles', () => {
    expect(headings(definition)).toEqual([
      'Dados cadastrais',
      'Caracterização',
      'Memória de campo',
      'Agentes',
      'Resultado',
      'Resultados',
      'Classificação de risco',
      'Classificações',
      'Validação da medição',
    ]);
  });

  it('one table per agent row with its times, flow and volume', () => {
    expect(text).toContain(
      [
        'Agente 2|',
        'Agente|Xileno',
        'Código|XIL',
        'Vazão da bomba (L/min)|0,20',
        'Hora inicial|07:30',
        'Hora final|16:30',
        'Início do intervalo|12:00',
        'Fim do intervalo|13:00',
        'Tempo total (HH:mm)|08:00',
        'Volume (L)|96',
      ].join('\n'),
    );
  });

  it('each result with its unit, its criterion and the risk colour as a swatch', () => {
    expect(text).toContain(['Resultado|20 ppm', 'Unidade|ppm', 'TWA|20 ppm', 'Valor NR-15 (LT)|78 ppm'].join('\n'));
    expect(text).toContain('Valor máximo (LT × FD)|117 ppm');
    expect(text).toContain('Critério|Índice = resultado / TWA = 20 / 20 = 1; faixa Alto (índice ≥ 1)');
    const coloured = rows.filter((row) => row.label === 'Nível de risco' || row.label === 'Conclusão');
    expect(coloured.map((row) => [row.label, row.text, row.colour])).toEqual([
      ['Nível de risco', 'Alto', RED],
      ['Conclusão', 'Risco alto', RED],
      ['Nível de risco', 'Médio', YELLOW],
      ['Conclusão', 'Risco médio', YELLOW],
      ['Nível de risco', 'Abaixo do LQ', LQ_GREY],
      ['Conclusão', 'Abaixo do limite de quantificação', LQ_GREY],
    ]);
  });

  it('the classification list as one table, the validation with the flow variation', () => {
    expect(text).toContain(
      [
        'Agente|Índice de risco|LEO (%)|Frequência de reavaliação',
        'Tolueno|Alto|100|Reavaliar com frequência, até que a exposição fique abaixo de 10% do limite de exposição.',
        'Xileno|Médio|10|Reavaliar a cada dois anos, até que a exposição fique abaixo de 10% do limite de exposição.',
        'Sílica|Abaixo do LQ||',
      ].join('\n'),
    );
    expect(text).toContain('Variação da vazão (%)|-3\nVerificação da vazão (tolerância ±5 %)|Dentro da tolerância de ±5 %; vazão média 0,985 L/min');
  });

  it('never prints an internal id, a row link or a risk code', () => {
    for (const raw of ['a1', 'agent_row_id', 'Agent row id', 'risk4', 'risk2', 'Typed', '#f44336']) expect(text).not.toContain(raw);
  });
});
