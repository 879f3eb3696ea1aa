/**
 * The warranty certificate of a quotation (spec: Imprimir → Garantia, via
 * the warranty modal): the company header, 'CERTIFICADO DE GARANTIA', the
 * customer, the message setting `message_warranty` with the placeholders
 * filled, the services covered (agents and services of the quotation), the
 * period chosen in the modal counted from the report's delivery (the date
 * the modal asks, the quotation's delivery date by default), as the
 * seeded warranty text says ('a contar da entrega do relatório'), and the
 * responsible's signature (company_employName, company_employRegisterNo).
 * Every printed text goes through breakDocumentWords last (long words wrap).
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { addDays, formatDateBR } from '@/domain/dates';
import { quotationTotals } from '@/domain/quotation-totals';
import { breakDocumentWords } from '../break-document-words';
import { PDF_FONT } from '../fonts';
import type { WarrantyPdfInput } from './input';
import { anchorContent, keepHeadingsWithContent } from '../sample/keep-headings';
import { companyHeader, customerBlock, keptSectionTitle, linesTable, PAGE_MARGINS, pageFooter, paletteOf } from './parts';
import { centsOf, messageText, placeholderFill } from './texts';

export const WARRANTY_PDF_TEXTS = {
  title: 'CERTIFICADO DE GARANTIA',
  quotation: (number: string) => `Orçamento nº ${number}`,
  covered: 'Itens cobertos',
  columns: ['#', 'Descrição', 'Qtd.'],
  period: (days: number, from: string, to: string) =>
    `Prazo de garantia: ${days} ${days === 1 ? 'dia' : 'dias'} a contar da entrega do relatório (${from}), de ${from} a ${to}.`,
  issued: (date: string) => `Emitido em ${date}.`,
  responsible: 'Responsável técnico',
  register: (number: string) => `Registro: ${number}`,
} as const;

const W = WARRANTY_PDF_TEXTS;

export function buildWarrantyDocument(input: WarrantyPdfInput): TDocumentDefinitions {
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
  const covered = [...quotation.rows, ...quotation.services].filter((item) => item.name);
  const body = covered.map((item, index): TableCell[] => [{ text: String(index + 1) }, { text: item.name ?? '' }, { text: String(item.quantity) }]);
  // Counted from the report's delivery, as the warranty text says, never from the day it is printed.
  const end = addDays(input.deliveredAt, input.days);
  const title: Content = {
    stack: [
      { text: W.title, bold: true, fontSize: 13, color: palette.title },
      ...(quotation.reference_no ? [{ text: W.quotation(quotation.reference_no), bold: true }] : []),
    ],
  };
  const responsible = settings.company_employName?.trim();
  const content: Content[] = [
    companyHeader(settings, input.logo, palette, title),
    customerBlock(customer, palette),
    ...messageText(settings, 'message_warranty', fill),
    ...(body.length > 0 ? [keptSectionTitle(W.covered, palette), linesTable([...W.columns], [20, '*', 40], body, palette, 2)] : []),
    { text: W.period(input.days, formatDateBR(input.deliveredAt), end ? formatDateBR(end) : ''), bold: true, margin: [0, 8, 0, 4] },
    { text: W.issued(formatDateBR(input.issuedAt)), margin: [0, 0, 0, 30] },
    ...(responsible
      ? [
          {
            unbreakable: true,
            stack: [
              { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.6 }], margin: [0, 20, 0, 2] },
              { text: responsible, bold: true },
              { text: W.responsible, fontSize: 8 },
              ...(settings.company_employRegisterNo?.trim() ? [{ text: W.register(settings.company_employRegisterNo.trim()), fontSize: 8 }] : []),
            ],
          } as Content,
        ]
      : []),
  ];
  return {
    info: { title: `${W.title} ${quotation.reference_no ?? ''}`.trim(), subject: customer.name },
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    defaultStyle: { font: PDF_FONT, fontSize: 9, color: palette.text, lineHeight: 1.15 },
    footer: pageFooter(settings.company_name ?? ''),
    pageBreakBefore: keepHeadingsWithContent,
    content: breakDocumentWords(anchorContent(content)),
  };
}
