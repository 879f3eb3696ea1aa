/**
 * The sample PDF (spec samples.md: 'A print action produces a PDF';
 * `GET api/pdf/sample/{id}`): one pure document definition for pdfmake 0.3,
 * rendered by the server and by the browser from the same input, so the
 * document is the same online and offline.
 *
 * Order: the company header with logo (the quotation's, src/pdf/quotation/parts.ts);
 * 'Dados cadastrais'; Caracterização; for noise and heat their blocks
 * (Memória de campo, Resultado with the figures the device computed and the
 * conclusion, Classificação de risco, Validação da medição) as label/value
 * tables; the sample's photos ('Registro fotográfico', photo-section.ts);
 * 'Página X de Y' on every page. Blocks are printed generically:
 * known fields get their screen labels (SAMPLE_FIELD_LABELS), others their
 * name humanised; nested objects (NHO 01 / NR 15) become sub-tables, lists
 * of rows one line each. Colours (bgColor) are not printed as text.
 * Every printed text goes through breakDocumentWords last (long words wrap).
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Sample } from '@sync/contract/samples';
import { breakDocumentWords } from '../break-document-words';
import { PDF_FONT } from '../fonts';
import { companyHeader, linesTable, PAGE_MARGINS, pageFooter, paletteOf, sectionTitle, type Palette } from '../quotation/parts';
import { photoSection, type PdfPhoto } from './photo-section';

/** The sample's fields the document prints (the server's record or the device's, with the draft's blocks). */
export type PdfSample = Pick<
  Sample,
  'company_name' | 'agent_name' | 'employee' | 'caracterization' | 'memory_field' | 'result' | 'risk_classification' | 'validation'
> & {
  type: { name: string; slug: string } | null;
  /** Server-made: null on a sample not synced yet. */
  sample_no: number | null;
  quotation_id: number | null;
  f_created_at: string | null;
};

export interface SamplePdfInput {
  sample: PdfSample;
  /** Every setting option, `{prefix}_{field}` → value. */
  settings: Readonly<Record<string, string>>;
  /** The company logo as a data URL, when there is one. */
  logo: string | null;
  /** The sample's photos, shrunk for print (PRINT_PHOTO), in the order they were added. */
  photos?: PdfPhoto[];
}

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
  caracterization: 'Caracterização',
  memory_field: 'Memória de campo',
  result: 'Resultado',
  risk_classification: 'Classificação de risco',
  validation: 'Validação da medição',
  columns: ['Campo', 'Valor'],
} as const;

/** Screen labels of the known fields (the same words as the tabs'); src/pdf may not import the feature's texts. */
export const SAMPLE_FIELD_LABELS: Readonly<Record<string, string>> = {
  nho: 'NHO 01',
  nr15: 'NR 15',
  employee: 'Funcionário',
  sample_no: 'Nº da amostra',
  ghe: 'GHE',
  supervisor: 'Supervisor',
  register: 'Matrícula',
  function: 'Função',
  sector: 'Setor',
  equipment: 'Equipamento',
  instrument: 'Instrumento',
  instrument_serie: 'Instrumento - Número de série',
  instrument_certificate: 'Instrumento - Certificado de calibração',
  instrument_validity: 'Instrumento - Validade da calibração',
  gauge: 'Calibrador',
  gauge_serie: 'Calibrador - Número de série',
  gauge_certificate: 'Calibrador - Certificado de calibração',
  gauge_validity: 'Calibrador - Validade da calibração',
  type: 'Tipo',
  manufacturer: 'Fabricante',
  model: 'Modelo',
  number: 'Número do CA',
  data: 'Data',
  sample: 'Amostra',
  medition: 'Medição',
  agent: 'Agente',
  noise_type: 'Tipo de ruído',
  method: 'Método',
  exposition_limit: 'Limite de exposição',
  initial_time: 'Hora inicial',
  final_time: 'Hora final',
  interval_initial: 'Início do intervalo',
  interval_final: 'Fim do intervalo',
  initial_calibration: 'Calibração inicial (dB)',
  final_calibration: 'Calibração final (dB)',
  task: 'Tarefa',
  duration: 'Jornada (HH:mm)',
  epis: 'EPIs',
  observation: 'Observação',
  code: 'Código',
  result: 'Dose medida (%)',
  lavg: 'Lavg (dB(A))',
  leq: 'Leq (dB(A))',
  twa: 'TWA (dB(A))',
  nen: 'NEN (dB(A))',
  dose8: 'Dose 8h (%)',
  conclusion: 'Conclusão',
  dose_daily: 'Dose diária (%)',
  consideration: 'Consideração técnica',
  recommended_action: 'Ação recomendada',
  leo: 'LEO',
  recomendation: 'Recomendação',
  avaliation: 'Avaliação',
  exposition: 'Exposição',
  exposition_type: 'Tipo de exposição',
  justify: 'Justificativa',
};

const T = SAMPLE_PDF_TEXTS;
/** Fields never printed: colours and internal keys. */
const HIDDEN = new Set(['bgColor', 'key', 'id']);

/** 'initial_time' → 'Initial time' when no screen label is known. */
export function fieldLabel(name: string): string {
  const known = SAMPLE_FIELD_LABELS[name];
  if (known) return known;
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A scalar as text; '' for nothing. */
function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
}

/** A list of rows (EPIs...) as one line per row: its non-empty values joined. */
function listText(list: unknown[]): string {
  return list
    .map((row) =>
      isObject(row)
        ? Object.entries(row)
            .filter(([key]) => !HIDDEN.has(key))
            .map(([key, value]) => (scalarText(value) ? `${fieldLabel(key)}: ${scalarText(value)}` : ''))
            .filter(Boolean)
            .join('; ')
        : scalarText(row),
    )
    .filter(Boolean)
    .join('\n');
}

/** A block's scalar and list fields as label/value rows; its nested objects as their own titled tables after it. */
export function blockContent(title: string, block: unknown, palette: Palette): Content[] {
  if (!isObject(block)) return [];
  const rows: TableCell[][] = [];
  const nested: Content[] = [];
  for (const [key, value] of Object.entries(block)) {
    if (HIDDEN.has(key)) continue;
    if (isObject(value)) nested.push(...blockContent(`${title} - ${fieldLabel(key)}`, value, palette));
    else {
      const text = Array.isArray(value) ? listText(value) : scalarText(value);
      if (text.trim() !== '') rows.push([{ text: fieldLabel(key), bold: true }, { text }]);
    }
  }
  const own = rows.length > 0 ? [sectionTitle(title, palette), linesTable([...T.columns], [170, '*'], rows, palette, 99)] : [];
  return [...own, ...nested];
}

function titleBlock(sample: PdfSample, palette: Palette): Content {
  return {
    stack: [
      { text: T.title, bold: true, fontSize: 14, color: palette.title },
      { text: sample.sample_no === null ? T.noNumber : T.number(sample.sample_no), bold: true, fontSize: sample.sample_no === null ? 8 : 12 },
      ...(sample.type ? [{ text: sample.type.name, fontSize: 8 }] : []),
    ],
  };
}

function detailsBlock(sample: PdfSample, palette: Palette): Content[] {
  const rows: Array<[string, string | number | null]> = [
    [T.company, sample.company_name],
    [T.quotation, sample.quotation_id],
    [T.sampleNo, sample.sample_no],
    [T.type, sample.type?.name ?? null],
    [T.agent, sample.agent_name],
    [T.employee, sample.employee],
    [T.planDate, sample.f_created_at],
  ];
  const body = rows.map(([label, value]): TableCell[] => [{ text: label, bold: true }, { text: value === null ? '—' : String(value) }]);
  return [sectionTitle(T.details, palette), linesTable([...T.columns], [170, '*'], body, palette, 99)];
}

/** The blocks printed besides Caracterização: those of the types whose tabs are done (noise, heat). */
const TYPED_BLOCKS = ['memory_field', 'result', 'risk_classification', 'validation'] as const;
const TYPES_WITH_BLOCKS = new Set(['noise', 'heat']);

/** The sample's document definition. */
export function buildSampleDocument(input: SamplePdfInput): TDocumentDefinitions {
  const { sample, settings } = input;
  const palette = paletteOf(settings);
  const typed =
    sample.type && TYPES_WITH_BLOCKS.has(sample.type.slug) ? TYPED_BLOCKS.flatMap((name) => blockContent(T[name], sample[name], palette)) : [];
  const content: Content[] = [
    companyHeader(settings, input.logo, palette, titleBlock(sample, palette)),
    ...detailsBlock(sample, palette),
    ...blockContent(T.caracterization, sample.caracterization, palette),
    ...typed,
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
    content: breakDocumentWords(content),
  };
}
