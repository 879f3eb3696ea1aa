/**
 * The sample document (src/pdf/sample): field labels (screen words for the
 * known fields, others humanised), what a block prints (nested blocks as
 * sub-tables, lists one line per row, colours never), and which types
 * print their typed blocks (noise and heat; the others 'Dados cadastrais'
 * and Caracterização only).
 */
import { describe, expect, it } from 'vitest';
import { buildSampleDocument, fieldLabel, type PdfSample } from '@/pdf/sample';

describe('fieldLabel', () => {
  const cases: Array<[string, string]> = [
    ['dose8', 'Dose 8h (%)'],
    ['nr15', 'NR 15'],
    ['initial_time', 'Hora inicial'],
    ['wet_bulb_temperature', 'Wet bulb temperature'],
    ['solarLoad', 'Solar load'],
  ];
  it.each(cases)('%s → %s', (name, label) => expect(fieldLabel(name)).toBe(label));
});

const sample = (slug: string, name: string): PdfSample => ({
  sample_no: 7,
  quotation_id: 12,
  company_name: 'Metalúrgica Alfa',
  agent_name: 'Ruído contínuo',
  employee: 'Maria Souza',
  f_created_at: '01/03/2026',
  type: { slug, name },
  caracterization: { employee: 'Maria Souza', epis: [{ id: null, type: 'Protetor auricular', number: '123' }] },
  memory_field: { task: 'Montagem' },
  result: { nho: { dose8: '100', conclusion: 'Acima do limite', bgColor: '#ff0000' } },
  risk_classification: {},
  validation: { justify: 'Medição válida' },
});

const textOf = (definition: ReturnType<typeof buildSampleDocument>) => JSON.stringify(definition.content);

describe('buildSampleDocument', () => {
  it('prints the details, Caracterização and a noise sample’s blocks with their labels; not the colours', () => {
    const text = textOf(buildSampleDocument({ sample: sample('noise', 'Ruído'), settings: { company_name: 'Higiene Ação' }, logo: null }));
    for (const part of [
      'Higiene Ação',
      'Nº 7',
      'Dados cadastrais',
      'Metalúrgica Alfa',
      'Caracterização',
      'Tipo: Protetor auricular; Número do CA: 123',
    ]) {
      expect(text).toContain(part);
    }
    for (const part of ['Memória de campo', 'Montagem', 'Resultado - NHO 01', 'Dose 8h (%)', 'Acima do limite', 'Validação da medição']) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('#ff0000');
    // An empty block prints no title.
    expect(text).not.toContain('Classificação de risco');
  });

  it('prints only the details and Caracterização for a type whose tabs are not done', () => {
    const text = textOf(buildSampleDocument({ sample: sample('chemical', 'Químico'), settings: {}, logo: null }));
    expect(text).toContain('Caracterização');
    expect(text).not.toContain('Memória de campo');
    expect(text).not.toContain('Dose 8h (%)');
  });

  it('says a sample not synced yet has no number', () => {
    const text = textOf(buildSampleDocument({ sample: { ...sample('heat', 'Calor'), sample_no: null }, settings: {}, logo: null }));
    expect(text).toContain('Nova, aguardando sincronização');
  });
});
