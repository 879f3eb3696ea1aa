/**
 * The sample PDF (spec samples.md: 'A print action produces a PDF';
 * `GET api/pdf/sample/{id}`): one pure document definition for pdfmake 0.3,
 * rendered by the server and by the browser from the same input
 * (input.ts `pdfSampleOf`), so the document is the same online and offline.
 *
 * Order: the company header with logo (the quotation's, src/pdf/quotation/parts.ts);
 * the state of a sample not approved, in red ('Não aprovada — Em revisão');
 * 'Dados cadastrais' (the quotation as 'N/YYYY', src/domain/quotation-number.ts);
 * 'Aprovação' for an approved or issued sample (approver, council, date and
 * the verification code with where to check it: approval-block.ts);
 * then each block of the type's descriptor in the tabs' order
 * (Caracterização, Memória de campo, Resultado, Classificação de risco,
 * Validação da medição), printed from the descriptor (block-content.ts:
 * the form's order and labels, options by their labels, colours as
 * swatches, typed-over figures marked); the sample's photos ('Registro
 * fotográfico', photo-section.ts); 'Página X de Y' on every page. The
 * figures are the ones the device computed and stored (Salvar derives
 * them); a block missing fields (older records) gets the type's defaults,
 * as its tab shows them. No heading ends a page (keep-headings.ts). Every
 * printed text goes through breakDocumentWords last (long words wrap).
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { blockOf, descriptorOfType, SAMPLE_BLOCKS, sampleTypeById, type SampleNode } from '@sync/contract/samples';
import { fillDefaults } from '@sync/contract/samples/block-fields';
import { formatQuotationNumber } from '@/domain/quotation-number';
import { breakDocumentWords } from '../break-document-words';
import { PDF_FONT } from '../fonts';
import { companyHeader, linesTable, PAGE_MARGINS, pageFooter, paletteOf, type Palette } from '../quotation/parts';
import { blockContent } from './block-content';
import type { PdfSample, SamplePdfInput } from './input';
import { approvalBlock, stateBanner } from './approval-block';
import { anchorContent, heading, keepHeadingsWithContent } from './keep-headings';
import { photoSection } from './photo-section';

export const SAMPLE_PDF_TEXTS = {
  title: 'AMOSTRA',
  number: (n: number) => `Nº ${n}`,
  noNumber: 'Nova, aguardando sincronização',
  details: 'Dados cadastrais',
  company: 'Empresa',
  quotation: 'Orçamento',
  sampleNo: 'Amostra',
  type: 'Tipo',
  agent: 'Agente',
  employee: 'Funcionário',
  planDate: 'Criado em',
  /** The blocks' titles for a type without a descriptor (the descriptors give their own, the tabs'). */
  blocks: {
    caracterization: 'Caracterização',
    memory_field: 'Memória de campo',
    result: 'Resultado',
    risk_classification: 'Classificação de risco',
    validation: 'Validação da medição',
  },
  columns: ['Campo', 'Valor'],
} as const;

const T = SAMPLE_PDF_TEXTS;

function titleBlock(sample: PdfSample, palette: Palette): Content {
  const type = sampleTypeById(sample.type_id);
  return {
    stack: [
      { text: T.title, bold: true, fontSize: 14, color: palette.title },
      { text: sample.sample_no === null ? T.noNumber : T.number(sample.sample_no), bold: true, fontSize: sample.sample_no === null ? 8 : 12 },
      ...(type ? [{ text: type.name, fontSize: 8 }] : []),
    ],
  };
}

function detailsBlock(sample: PdfSample, palette: Palette): Content[] {
  const rows: Array<[string, string | number | null]> = [
    [T.company, sample.company_name],
    [T.quotation, formatQuotationNumber({ reference_no: sample.quotation_reference, id: sample.quotation_id })],
    [T.sampleNo, sample.sample_no],
    [T.type, sampleTypeById(sample.type_id)?.name ?? null],
    [T.agent, sample.agent_name],
    [T.employee, sample.employee],
    [T.planDate, sample.f_created_at],
  ];
  const body = rows.map(([label, value]): TableCell[] => [
    { text: label, bold: true },
    { text: value === null || value === '' ? '—' : String(value) },
  ]);
  const table = linesTable([...T.columns], [170, '*'], body, palette, 99);
  return [heading(T.details, 1, palette), { ...table, table: { ...table.table, keepWithHeaderRows: 1 } }];
}

/** Every block in the tabs' order, printed from the type's descriptor (keys it does not declare after its own, block-content.ts). */
function blocksContent(sample: PdfSample, palette: Palette): Content[] {
  const descriptor = descriptorOfType(sample.type_id);
  return SAMPLE_BLOCKS.flatMap((block) => {
    const described = descriptor ? blockOf(descriptor, block) : undefined;
    const nodes: readonly SampleNode[] = described?.nodes ?? [];
    const template = descriptor ? descriptor.emptyBlock(block) : {};
    const value = fillDefaults(template, sample[block]);
    return blockContent(described?.title ?? T.blocks[block], nodes, value, template, { slug: descriptor?.slug ?? null, block, palette });
  });
}

/** The sample's document definition. */
export function buildSampleDocument(input: SamplePdfInput): TDocumentDefinitions {
  const { sample, settings } = input;
  const palette = paletteOf(settings);
  const content: Content[] = [
    companyHeader(settings, input.logo, palette, titleBlock(sample, palette)),
    ...stateBanner(sample.status, sample.approval),
    ...detailsBlock(sample, palette),
    ...approvalBlock(sample.status, sample.approval, input.verifyOrigin, palette),
    ...blocksContent(sample, palette),
    ...photoSection(input.photos, palette),
  ];
  return {
    info: {
      title: `${T.title} ${sample.sample_no ?? ''}`.trim(),
      author: settings.company_name || undefined,
      subject: sample.company_name ?? undefined,
    },
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    defaultStyle: { font: PDF_FONT, fontSize: 9, color: palette.text, lineHeight: 1.15 },
    footer: pageFooter(settings.company_name ?? ''),
    pageBreakBefore: keepHeadingsWithContent,
    content: breakDocumentWords(anchorContent(content)),
  };
}
