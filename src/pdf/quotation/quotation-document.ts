/**
 * The quotation PDF (spec: Imprimir → Orçamento; `GET api/pdf/quotation/{id}`):
 * one pure document definition for pdfmake 0.3, rendered by the server and
 * by the browser from the same input (QuotationPdfInput), so the document is
 * the same online and offline.
 *
 * Order: company header with logo and slogan; the number, date and
 * validity; the customer; the presentation text; the agents, services,
 * other costs and equipment tables (numbered rows, never the catalog's
 * ids; headers repeated on each page, rows never cut); the totals in R$
 * with the discount and instalments, and the total in words; payment; the
 * delivery date and the deadlines; the details (rich text); comments; the
 * approval text with the signature line; the footer text; 'Página X de Y'
 * on every page. No section title ends a page (keptSectionTitle: it moves
 * to the next page with its content).
 *
 * Every figure is recomputed from the lines with src/domain's
 * quotationTotals (the same function as the screens and the server).
 * Every printed text goes through breakDocumentWords last, so a word too
 * long for its column wraps inside it (and cannot stall the renderer).
 */
import type { Content, ContentTable, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDateBR } from '@/domain/dates';
import { formatBRL } from '@/domain/money';
import { reaisInWords } from '@/domain/number-words';
import { deliveryStartDate, quotationTotals } from '@/domain/quotation-totals';
import { formatDecimal } from '@/domain/decimal';
import { breakDocumentWords } from '../break-document-words';
import { richTextToPdf } from '../rich-text';
import { anchorContent, keepHeadingsWithContent } from '../sample/keep-headings';
import { PDF_FONT } from '../fonts';
import type { QuotationPdfInput } from './input';
import {
  companyHeader,
  customerBlock,
  keptSectionTitle,
  linesTable,
  PAGE_MARGINS,
  pageFooter,
  paletteOf,
  paragraphs,
  quantityText,
  sectionTitle,
  type Palette,
} from './parts';
import { centsOf, messageText, placeholderFill } from './texts';

export const QUOTATION_PDF_TEXTS = {
  title: 'ORÇAMENTO',
  number: (number: string) => `Nº ${number}`,
  noNumber: 'Novo, aguardando sincronização',
  date: 'Data',
  validity: 'Validade',
  seller: 'Vendedor',
  agents: 'Agentes',
  services: 'Serviços',
  costs: 'Outros custos',
  equipments: 'Equipamentos',
  agentColumns: ['#', 'Agente', 'Exposição', 'Setor', 'Função', 'Exp. diária', 'Qtd.', 'Valor un.', 'Total'],
  itemColumns: ['#', 'Descrição', 'Qtd.', 'Valor un.', 'Total'],
  equipmentColumns: ['#', 'Equipamento', 'Qtd.'],
  totals: 'Valores',
  subtotal: 'Subtotal',
  discount: 'Desconto',
  total: 'Total',
  parcels: 'Parcelas',
  inWords: 'Valor por extenso',
  payment: 'Pagamento',
  paymentCondition: 'Condição de pagamento',
  deadlines: 'Prazos',
  deadlineColumns: ['Atividade', 'Descrição'],
  delivery: (date: string, days: number, start: string) => `Data de entrega: ${date} (${daysText(days)} a partir de ${start})`,
  deliveryDate: (date: string) => `Data de entrega: ${date}`,
  duration: (days: number) => `Prazo de entrega: ${daysText(days)}`,
  details: 'Detalhes',
  comment: 'Observações',
  approval: 'Aprovação',
  signature: 'Assinatura e carimbo',
  dateLine: 'Data: ____/____/________',
} as const;

const T = QUOTATION_PDF_TEXTS;

function daysText(days: number): string {
  return `${days} ${days === 1 ? 'dia' : 'dias'}`;
}

/** A lines table whose header never ends a page alone (it keeps its first row with it). */
function keptTable(...args: Parameters<typeof linesTable>): ContentTable {
  const table = linesTable(...args);
  return { ...table, table: { ...table.table, keepWithHeaderRows: 1 } };
}

function titleBlock(input: QuotationPdfInput, palette: Palette): Content {
  const { quotation } = input;
  return {
    stack: [
      { text: T.title, bold: true, fontSize: 14, color: palette.title },
      { text: quotation.reference_no ? T.number(quotation.reference_no) : T.noNumber, bold: true, fontSize: quotation.reference_no ? 12 : 8 },
      ...(quotation.f_created_at ? [{ text: `${T.date}: ${quotation.f_created_at}`, fontSize: 8 }] : []),
      ...(quotation.valid_at ? [{ text: `${T.validity}: ${formatDateBR(quotation.valid_at)}`, fontSize: 8 }] : []),
      ...(quotation.seller ? [{ text: `${T.seller}: ${quotation.seller}`, fontSize: 8 }] : []),
    ],
  };
}

const money = (cents: number): TableCell => ({ text: formatBRL(cents, { nbsp: true }), noWrap: true });

function agentsTable(input: QuotationPdfInput, totals: number[], palette: Palette): Content[] {
  const rows = input.quotation.rows;
  if (rows.length === 0) return [];
  const body = rows.map((row, index): TableCell[] => [
    { text: String(index + 1) },
    { text: row.name ?? '' },
    { text: input.expositionTypes[row.exposition_type_id] ?? '' },
    { text: row.sector ?? '' },
    { text: row.function ?? '' },
    { text: row.daily_exposition ?? '' },
    { text: quantityText(row.quantity) },
    money(centsOf(row.value)),
    money(totals[index] ?? 0),
  ]);
  return [keptSectionTitle(T.agents, palette), keptTable([...T.agentColumns], [14, '*', 52, 55, 55, 42, 26, 52, 56], body, palette, 6)];
}

function itemsTable(title: string, lines: QuotationPdfInput['quotation']['services'], totals: number[], palette: Palette): Content[] {
  if (lines.length === 0) return [];
  // Row numbers, never the catalog's ids: the document is the client's.
  const body = lines.map((line, index): TableCell[] => [
    { text: String(index + 1) },
    { text: line.name ?? '' },
    { text: quantityText(line.quantity) },
    money(centsOf(line.value)),
    money(totals[index] ?? 0),
  ]);
  return [keptSectionTitle(title, palette), keptTable([...T.itemColumns], [20, '*', 40, 70, 70], body, palette, 2)];
}

function equipmentTable(input: QuotationPdfInput, palette: Palette): Content[] {
  const lines = input.quotation.equipments;
  if (lines.length === 0) return [];
  const body = lines.map((line, index): TableCell[] => [{ text: String(index + 1) }, { text: line.name ?? '' }, { text: String(line.quantity) }]);
  return [keptSectionTitle(T.equipments, palette), keptTable([...T.equipmentColumns], [20, '*', 40], body, palette, 2)];
}

function totalsBlock(input: QuotationPdfInput, totals: ReturnType<typeof quotationTotals>, palette: Palette): Content {
  const { quotation } = input;
  const discountText =
    totals.discountCents === 0
      ? formatBRL(0, { nbsp: true })
      : quotation.discount_type === 'pct'
        ? `${formatDecimal(quotation.discount ?? 0, 2, { trimZeros: true })}% (${formatBRL(totals.discountCents, { nbsp: true })})`
        : formatBRL(totals.discountCents, { nbsp: true });
  const line = (label: string, value: string, bold = false): TableCell[] => [
    { text: label, bold },
    { text: value, bold, alignment: 'right', noWrap: true },
  ];
  return {
    unbreakable: true,
    stack: [
      sectionTitle(T.totals, palette),
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: `${T.inWords}:`, bold: true, fontSize: 8 },
              { text: reaisInWords(totals.totalCents), fontSize: 8, italics: true },
            ],
          },
          {
            width: 220,
            table: {
              widths: ['*', 'auto'],
              body: [
                line(T.subtotal, formatBRL(totals.subtotalCents, { nbsp: true })),
                line(T.discount, discountText),
                line(T.total, formatBRL(totals.totalCents, { nbsp: true }), true),
                line(T.parcels, `${totals.instalments} × ${formatBRL(totals.instalmentCents, { nbsp: true })}`),
              ],
            },
            layout: 'lightHorizontalLines',
          },
        ],
        columnGap: 16,
      },
    ],
  };
}

function paymentBlock(input: QuotationPdfInput, palette: Palette): Content[] {
  const lines = [input.paymentName ? `${T.paymentCondition}: ${input.paymentName}` : null, input.quotation.payment_info].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
  if (lines.length === 0) return [];
  return [keptSectionTitle(T.payment, palette), ...lines.map((text) => ({ text, margin: [0, 0, 0, 3] as [number, number, number, number] }))];
}

/** The delivery (spec section 4: start date + duration_time days), as the form shows it. */
function deliveryLine(quotation: QuotationPdfInput['quotation']): string | null {
  const { delivery_date: delivery, duration_time: days } = quotation;
  if (delivery && days !== null) {
    const start = deliveryStartDate(delivery, days);
    return start ? T.delivery(formatDateBR(delivery), days, formatDateBR(start)) : T.deliveryDate(formatDateBR(delivery));
  }
  if (delivery) return T.deliveryDate(formatDateBR(delivery));
  return days !== null ? T.duration(days) : null;
}

function deadlinesBlock(input: QuotationPdfInput, palette: Palette): Content[] {
  const deadlines = input.quotation.deadlines.filter((deadline) => deadline.activity || deadline.description);
  const delivery = deliveryLine(input.quotation);
  if (deadlines.length === 0 && !delivery) return [];
  const body = deadlines.map((deadline): TableCell[] => [{ text: deadline.activity ?? '' }, { text: deadline.description ?? '' }]);
  return [
    keptSectionTitle(T.deadlines, palette),
    ...(delivery ? [{ text: delivery, bold: true, margin: [0, 0, 0, 4] } as Content] : []),
    ...(body.length > 0 ? [keptTable([...T.deadlineColumns], [170, '*'], body, palette, 99)] : []),
  ];
}

function approvalBlock(approval: Content[], customerName: string, palette: Palette): Content[] {
  if (approval.length === 0) return [];
  return [
    {
      unbreakable: true,
      stack: [
        sectionTitle(T.approval, palette),
        ...approval,
        {
          columns: [
            { text: T.dateLine, margin: [0, 28, 0, 0] },
            {
              stack: [
                { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.6 }], margin: [0, 36, 0, 2] },
                { text: customerName, bold: true },
                { text: T.signature, fontSize: 8 },
              ],
              width: 220,
            },
          ],
          columnGap: 20,
        },
      ],
    },
  ];
}

/** The quotation's document definition. */
export function buildQuotationDocument(input: QuotationPdfInput): TDocumentDefinitions {
  const { quotation, settings, customer } = input;
  const palette = paletteOf(settings);
  const line = (item: { value: number; quantity: number }) => ({ unitCents: centsOf(item.value), quantity: item.quantity });
  const totals = quotationTotals({
    rows: quotation.rows.map(line),
    services: quotation.services.map(line),
    costs: quotation.costs.map(line),
    discountType: quotation.discount_type,
    discount: quotation.discount_type === 'value' ? centsOf(quotation.discount) : quotation.discount,
    instalments: quotation.parcel,
  });
  const fill = placeholderFill(input, totals.totalCents);
  const details = richTextToPdf(quotation.details);
  const comment = paragraphs(quotation.comment);
  const content: Content[] = [
    companyHeader(settings, input.logo, palette, titleBlock(input, palette)),
    customerBlock(customer, palette),
    ...messageText(settings, 'message_presentation', fill),
    ...agentsTable(input, totals.rowTotals, palette),
    ...itemsTable(T.services, quotation.services, totals.serviceTotals, palette),
    ...itemsTable(T.costs, quotation.costs, totals.costTotals, palette),
    ...equipmentTable(input, palette),
    totalsBlock(input, totals, palette),
    ...paymentBlock(input, palette),
    ...deadlinesBlock(input, palette),
    ...(details.length > 0 ? [keptSectionTitle(T.details, palette), ...details] : []),
    ...(comment.length > 0 ? [keptSectionTitle(T.comment, palette), ...comment] : []),
    ...approvalBlock(messageText(settings, 'message_approbation', fill), customer.name, palette),
    ...messageText(settings, 'message_footer', fill).map((block) => ({ stack: [block], margin: [0, 10, 0, 0] }) as Content),
  ];
  return {
    info: { title: `${T.title} ${quotation.reference_no ?? ''}`.trim(), author: settings.company_name || undefined, subject: customer.name },
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    defaultStyle: { font: PDF_FONT, fontSize: 9, color: palette.text, lineHeight: 1.15 },
    footer: pageFooter(settings.company_name ?? ''),
    // No section title ends a page: it goes to the next page with its content.
    pageBreakBefore: keepHeadingsWithContent,
    content: breakDocumentWords(anchorContent(content)),
  };
}
