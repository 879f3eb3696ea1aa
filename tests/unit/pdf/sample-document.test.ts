/**
 * The sample document (src/pdf/sample) built from the type's descriptor:
 * the blocks in the tabs' order, fields in the form's order with the
 * descriptor's labels whatever the stored keys' order, option values by
 * their labels, groups as sub-sections, lists as tables (few columns) or
 * one titled table per row (heat tasks), empty optional fields and blank
 * rows and blocks left out, required ones '—', keys the descriptor does
 * not know after the known ones (humanised, never internal ids), the
 * quotation as 'N/YYYY', and the same definition from the server's record
 * and the device's.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { emptyHeatBlocks } from '@sync/contract/samples/heat';
import { emptyNoiseBlocks } from '@sync/contract/samples/noise';
import { buildSampleDocument, humanise, isInternalKey, looseLabel, pdfSampleOf, type PdfSample } from '@/pdf/sample';
import { fieldRows, headings, printedText } from './sample-pdf-support';

const base = (typeId: number, blocks: Partial<PdfSample> = {}): PdfSample =>
  pdfSampleOf(
    {
      type_id: typeId,
      sample_no: 7,
      quotation_id: 12,
      company_name: 'Metalúrgica Alfa',
      agent_name: 'Ruído contínuo',
      employee: 'Maria Souza',
      f_created_at: '01/03/2026',
      caracterization: { employee: 'Maria Souza' },
      memory_field: {},
      result: {},
      risk_classification: {},
      validation: {},
      ...blocks,
    },
    '12/2026',
  );

const build = (sample: PdfSample): TDocumentDefinitions => buildSampleDocument({ sample, settings: { company_name: 'Higiene Ação' }, logo: null });

function heatSample(): PdfSample {
  const blank = emptyHeatBlocks();
  const task = blank.memory_field.tasks[0]!;
  return base(4, {
    memory_field: {
      ...blank.memory_field,
      instrument: 'TGD-400',
      tasks: [
        task,
        {
          ...task,
          row_id: 'a',
          task: 'Forno',
          initial: '08:00',
          final: '09:00',
          duration: '01:00',
          metabolism: '300',
          tbn: '28',
          tg: '40',
          ibutg: '31,6',
        },
      ],
      epis: [{ ...blank.memory_field.epis[0]!, id: 31, type: 'Luva', number: '123' }],
    },
    result: { ...blank.result, clothing: 'double-layer-coverall', ibutg: '31,6', window: '08:00–09:00' },
    risk_classification: { ...blank.risk_classification, condition: 'Acima do nível de ação' },
  });
}

describe('the sample document', () => {
  it('prints the details with the quotation as N/YYYY, and each block under its tab’s title, in the tabs’ order', () => {
    const definition = build(heatSample());
    expect(fieldRows(definition)).toEqual(expect.arrayContaining([{ label: 'Orçamento', text: '12/2026', colour: null }]));
    expect(headings(definition)).toEqual([
      'Dados cadastrais',
      'Caracterização',
      'Memória de campo',
      'Tarefas',
      'EPIs',
      'Resultado',
      'Classificação de risco',
    ]);
  });

  it('prints the fields in the form’s order with their labels, whatever the stored keys’ order', () => {
    const blank = emptyNoiseBlocks();
    const memory = { ...blank.memory_field, final_time: '12:00', initial_time: '08:00', duration: '08:00' };
    const reversed = Object.fromEntries(Object.entries(memory).reverse());
    const inOrder = fieldRows(build(base(3, { memory_field: memory }))).map((row) => row.label);
    expect(fieldRows(build(base(3, { memory_field: reversed }))).map((row) => row.label)).toEqual(inOrder);
    expect(inOrder.indexOf('Hora inicial')).toBeLessThan(inOrder.indexOf('Hora final'));
    // Noise's duration is the journey; heat's task duration is the task's own.
    expect(inOrder).toContain('Jornada (HH:mm)');
    expect(fieldRows(build(heatSample())).map((row) => row.label)).toContain('Duração (HH:mm)');
  });

  it('prints option values by their labels, a heat task as its own table titled Tarefa n, the EPIs as one table', () => {
    const definition = build(heatSample());
    const text = printedText(definition);
    expect(text).toContain('NHO 06');
    expect(text).not.toContain('nho06');
    expect(text).toContain('Macacão de camada dupla');
    expect(text).not.toContain('double-layer-coverall');
    // The blank first task is left out: the typed one keeps its position's name.
    expect(text).toContain('Tarefa 2');
    expect(text).not.toContain('Tarefa 1');
    expect(text).toContain('Tipo|Fabricante|Modelo|Número do CA');
    expect(text).toContain('Luva|||123');
  });

  it('leaves out empty optional fields, blank rows and blank blocks; prints required ones as —', () => {
    const definition = build(heatSample());
    const rows = fieldRows(definition);
    expect(rows).toContainEqual({ label: 'Função', text: '—', colour: null });
    expect(rows.map((row) => row.label)).not.toContain('Supervisor');
    // Validação da medição: nothing typed, not printed at all.
    expect(headings(definition)).not.toContain('Validação da medição');
  });

  it('prints keys the descriptor does not know after the known ones, humanised, never internal ids nor colours', () => {
    const sample = base(3, {
      validation: { avaliation: 'Ok', legacy_note: 'Antiga', agent_id: 9, row_id: 'x', bgColor: '#ff0000', justify: 'Sim' },
    });
    const labels = fieldRows(build(sample)).map((row) => row.label);
    const validation = labels.slice(labels.indexOf('Avaliação'));
    expect(validation).toEqual(['Avaliação', 'Exposição', 'Tipo de exposição', 'Justificativa', 'Legacy note']);
    const text = printedText(build(sample));
    for (const raw of ['agent_id', 'Agent id', 'row_id', 'Row id', '#ff0000', 'Bg color']) expect(text).not.toContain(raw);
  });

  it('prints the loose blocks of a type without declared fields: common fields by their labels first, then the rest by label', () => {
    // A type this version has no descriptor for (every known type declares its blocks since issue 22).
    const sample = base(99, {
      memory_field: {
        zeta: 'Z',
        agents: [{ agent_id: 4, agent: 'Tolueno', volume: '12' }],
        observation: 'Coleta normal',
        instrument: 'Bomba',
        alpha: 'A',
      },
    });
    const definition = build(sample);
    const labels = fieldRows(definition).map((row) => row.label);
    expect(labels.slice(labels.indexOf('Instrumento'))).toEqual(['Instrumento', 'Observação', 'Alpha', 'Zeta']);
    expect(headings(definition)).toContain('Agents');
    expect(printedText(definition)).toContain('Agent|Volume');
    expect(printedText(definition)).not.toContain('Agent id');
  });

  it('gives the same definition from the server’s record and the device’s', () => {
    const server = heatSample();
    const reorder = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reorder)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, inner]) => [key, reorder(inner)]),
            )
          : value;
    const device = { ...server, memory_field: reorder(server.memory_field), result: reorder(server.result) };
    expect(JSON.stringify(build(device).content)).toBe(JSON.stringify(build(server).content));
  });

  it('says a sample not synced yet has no number', () => {
    const text = printedText(build({ ...heatSample(), sample_no: null }));
    expect(text).toContain('Nova, aguardando sincronização');
  });
});

describe('the quotation’s number in Dados cadastrais', () => {
  const printed = (reference: string | null, quotationId: number | null) =>
    fieldRows(build({ ...heatSample(), quotation_reference: reference, quotation_id: quotationId })).find((row) => row.label === 'Orçamento')?.text;

  it('is the reference number, else the id the sample knows, else the pending text', () => {
    expect(printed('5/2026', 5)).toBe('5/2026');
    expect(printed(null, 5)).toBe('5');
    expect(printed(null, null)).toBe('Novo, aguardando sincronização');
  });
});

describe('keys the descriptor does not know', () => {
  it('are humanised, the common fields and the figures’ extra keys in Portuguese', () => {
    expect(humanise('wet_bulb_temperature')).toBe('Wet bulb temperature');
    expect(looseLabel('instrument_serie')).toBe('Instrumento — Número de série');
    expect(looseLabel('criterion')).toBe('Critério');
  });

  it.each(['id', 'row_id', 'agent_id', 'typed', 'bgColor', 'bg_color', 'files'])('%s is internal', (key) => expect(isInternalKey(key)).toBe(true));
  it.each(['conclusion', 'identity'])('%s is printed', (key) => expect(isInternalKey(key)).toBe(false));
});
