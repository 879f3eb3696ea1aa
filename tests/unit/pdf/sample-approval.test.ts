/**
 * The report's approval (issue 28; src/pdf/sample/approval-block.ts), the
 * same from the server's record and the device's: an approved or issued
 * sample prints 'Aprovação' with the approver, the council registration,
 * the date (DD/MM/YYYY HH:mm, Brasília time), the verification code and
 * where to check it; every other state prints 'Não aprovada — {state}' at
 * the top and no approval, so a draft's report cannot pass for an approved
 * one (a sample stored before issue 28 is a draft).
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { SAMPLE_STATE_LABELS, type SampleApproval, type SampleState } from '@sync/contract/samples';
import { buildSampleDocument, pdfSampleOf, verifyUrl } from '@/pdf/sample';
import { fieldRows, headings, printedText } from './sample-pdf-support';

const APPROVAL: SampleApproval = {
  code: 'K7M4Q9PX2T',
  approver_name: 'Mariana Lopes',
  council: 'CREA 123456/SP',
  approved_at: '2026-11-21T13:05:00.000Z',
};

function build(
  status: SampleState | undefined,
  approval: SampleApproval | null,
  origin: string | null = 'https://higiene.example.com',
): TDocumentDefinitions {
  const sample = pdfSampleOf(
    {
      type_id: 3,
      sample_no: 7,
      quotation_id: 12,
      company_name: 'Metalúrgica Alfa',
      agent_name: 'Ruído contínuo',
      employee: 'Maria Souza',
      f_created_at: '01/03/2026',
      ...(status === undefined ? {} : { status }),
      approval,
      caracterization: {},
      memory_field: {},
      result: {},
      risk_classification: {},
      validation: {},
    },
    '12/2026',
  );
  return buildSampleDocument({ sample, settings: { company_name: 'Higiene Ação' }, logo: null, verifyOrigin: origin });
}

describe('an approved report', () => {
  it.each([['aprovada'], ['emitida']] as Array<[SampleState]>)('%s: prints the approval with its code and where to verify it', (state) => {
    const definition = build(state, APPROVAL);
    expect(headings(definition).slice(0, 2)).toEqual(['Dados cadastrais', 'Aprovação']);
    expect(fieldRows(definition)).toEqual(
      expect.arrayContaining([
        { label: 'Situação', text: SAMPLE_STATE_LABELS[state], colour: null },
        { label: 'Aprovada por', text: 'Mariana Lopes', colour: null },
        { label: 'Registro no conselho', text: 'CREA 123456/SP', colour: null },
        { label: 'Data da aprovação', text: '21/11/2026 10:05', colour: null },
        { label: 'Código de verificação', text: 'K7M4Q9PX2T', colour: null },
        {
          label: 'Onde verificar',
          text: 'Acesse https://higiene.example.com/verificar/K7M4Q9PX2T para conferir se este relatório é o que foi aprovado.',
          colour: null,
        },
      ]),
    );
    expect(printedText(definition)).not.toContain('Não aprovada');
  });

  it('names the page by its path alone when the caller gives no origin', () => {
    expect(verifyUrl(null, 'K7M4Q9PX2T')).toBe('/verificar/K7M4Q9PX2T');
    expect(verifyUrl('https://h.example.com/', 'A B')).toBe('https://h.example.com/verificar/A%20B');
  });
});

describe('a report not approved', () => {
  it.each([
    ['rascunho', 'Não aprovada — Rascunho'],
    ['finalizada', 'Não aprovada — Finalizada'],
    ['aguardando_laboratorio', 'Não aprovada — Aguardando laboratório'],
    ['em_revisao', 'Não aprovada — Em revisão'],
    ['devolvida', 'Não aprovada — Devolvida'],
    ['cancelada', 'Não aprovada — Cancelada'],
    ['substituida', 'Não aprovada — Substituída'],
    [undefined, 'Não aprovada — Rascunho'],
  ] as Array<[SampleState | undefined, string]>)('%s: "%s" at the top, no approval, no code', (state, line) => {
    // An invalidated approval may still be on the record: it is not printed as valid.
    const definition = build(state, state === 'substituida' ? APPROVAL : null);
    const text = printedText(definition);
    const lines = text.split('\n');
    expect(lines.indexOf(line)).toBeGreaterThan(-1);
    expect(lines.indexOf(line)).toBeLessThan(lines.findIndex((l) => l.startsWith('Empresa|')));
    expect(text).toContain('Relatório sem aprovação do responsável técnico');
    expect(headings(definition)).not.toContain('Aprovação');
    expect(text).not.toContain('K7M4Q9PX2T');
  });

  it('an approved state without its approval data says so, and invents none', () => {
    const text = printedText(build('aprovada', null));
    expect(text).toContain('Aprovada — os dados da aprovação ainda não chegaram a este aparelho.');
    expect(text).not.toContain('Código de verificação');
  });
});
