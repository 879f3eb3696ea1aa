/**
 * Pieces both quotation documents share: the company header with the logo,
 * the customer block, the page footer ('Página X de Y'), the colours from the
 * company settings, and the formatting of money, quantities and addresses.
 * The footer breaks the company's long words itself (the builders break
 * the content's, ../break-document-words.ts; the footer is a function).
 *
 * Tables get number widths only (columnWidths): pdfmake widens a '*'
 * column to its longest unbreakable piece of text, past the page's edge if
 * need be, while a number width never grows and the text wraps inside it.
 */
import type { Content, ContentTable, TableCell } from 'pdfmake/interfaces';
import { maskCep, maskDocument, maskPhone } from '@/domain/masks';
import { formatDecimal } from '@/domain/decimal';
import { breakLongWords } from '../break-long-words';
import type { PdfAddress, PdfCustomer } from './input';

export const PAGE_MARGINS: [number, number, number, number] = [40, 40, 40, 50];

/** The width the content takes: A4 (595.28 pt) less the side margins. */
export const CONTENT_WIDTH = 595.28 - PAGE_MARGINS[0] - PAGE_MARGINS[2];

/**
 * A table's widths with each '*' resolved to the share pdfmake itself would
 * give it when the text fits (the content width less the fixed columns and
 * `paddings`, the cells' left and right paddings summed), so a normal
 * document prints exactly as before and a long word cannot push the table
 * past the page.
 */
export function columnWidths(widths: ReadonlyArray<number | '*'>, paddings: number): number[] {
  const fixed = widths.reduce<number>((sum, width) => sum + (width === '*' ? 0 : width), 0);
  const stars = widths.filter((width) => width === '*').length;
  const star = stars === 0 ? 0 : (CONTENT_WIDTH - fixed - paddings) / stars;
  return widths.map((width) => (width === '*' ? star : width));
}

/** pdfmake's default cell padding, left and right: 4 pt each. */
const CELL_PADDINGS = 8;

export interface Palette {
  /** Table headers' fill and text. */
  headerFill: string;
  headerText: string;
  /** Titles. */
  title: string;
  text: string;
}

const HEX = /^#[0-9a-f]{6}$/i;
const colour = (value: string | undefined, fallback: string) => (value && HEX.test(value.trim()) ? value.trim() : fallback);

export function paletteOf(settings: Readonly<Record<string, string>>): Palette {
  return {
    headerFill: colour(settings.company_bgColor, '#1c7ed6'),
    headerText: colour(settings.company_fontColor, '#ffffff'),
    title: colour(settings.company_titleColor, '#1864ab'),
    text: colour(settings.company_fontColor2, '#212529'),
  };
}

/** '3' or '2,5' (quantities may be decimal). */
export function quantityText(value: number): string {
  return formatDecimal(value, 3, { trimZeros: true, grouping: true });
}

export function addressText(address: PdfAddress | null): string {
  if (!address) return '';
  const street = [address.street, address.number].filter(Boolean).join(', ');
  const city = [address.city, address.state].filter(Boolean).join('/');
  return [street, address.address2, address.district, city, address.zipcode ? `CEP ${maskCep(address.zipcode)}` : null]
    .filter((part) => part !== null && part !== undefined && String(part).trim() !== '')
    .join(' - ');
}

/** Lines of text that are not empty. */
const present = (...lines: Array<string | null | undefined | false>) =>
  lines.filter((line): line is string => typeof line === 'string' && line.trim() !== '');

/** Company logo and data on the left, the document's title block on the right. */
export function companyHeader(settings: Readonly<Record<string, string>>, logo: string | null, palette: Palette, title: Content): Content {
  const s = settings;
  const address = addressText({
    street: s.company_address ?? null,
    number: s.company_number ?? null,
    address2: null,
    district: s.company_district ?? null,
    city: s.company_city ?? null,
    state: s.company_state ?? null,
    zipcode: s.company_zipcode ?? null,
  });
  const contact = present(s.company_phone && maskPhone(s.company_phone), s.company_email, s.company_site).join(' · ');
  const company = {
    width: '*',
    stack: [
      ...present(s.company_name).map((name) => ({ text: name, bold: true, fontSize: 13, color: palette.title })),
      ...present(s.company_cnpj && `CNPJ ${maskDocument('corporate', s.company_cnpj)}`, address, contact).map((line) => ({
        text: line,
        fontSize: 8,
      })),
    ],
  } as Content;
  const columns: Content[] = [];
  if (logo) columns.push({ image: logo, fit: [110, 60], width: 115 });
  columns.push(company);
  columns.push({ stack: [title], width: 'auto', alignment: 'right' } as Content);
  const slogan = present(s.message_slogan).map((text) => ({
    text,
    italics: true,
    fontSize: 8,
    color: palette.title,
    margin: [0, 4, 0, 0] as [number, number, number, number],
  }));
  return {
    stack: [
      { columns, columnGap: 12 },
      ...slogan,
      { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 515, y2: 4, lineWidth: 1, lineColor: palette.headerFill }], margin: [0, 0, 0, 10] },
    ],
  };
}

/** The customer's block: name, CPF/CNPJ, contact, e-mail, phone, address. */
export function customerBlock(customer: PdfCustomer, palette: Palette): Content {
  const pair = (label: string, value: string | null | undefined): TableCell[] => [
    { text: label, bold: true },
    { text: value && value.trim() !== '' ? value : '—' },
  ];
  return {
    margin: [0, 0, 0, 10],
    stack: [
      sectionTitle('Cliente', palette),
      {
        table: {
          // 'noBorders' pads between cells only (none before the first and after the last).
          widths: columnWidths([70, '*', 60, '*'], 3 * CELL_PADDINGS),
          body: [
            [
              ...pair('Nome', customer.name),
              ...pair(customer.type === 'corporate' ? 'CNPJ' : 'CPF', customer.document ? maskDocument(customer.type, customer.document) : null),
            ],
            [...pair('Contato', customer.contactName ?? customer.name), ...pair('Telefone', customer.phone ? maskPhone(customer.phone) : null)],
            [...pair('E-mail', customer.email), ...pair('Endereço', addressText(customer.address))],
          ],
        },
        layout: 'noBorders',
      },
    ],
  };
}

export function sectionTitle(text: string, palette: Palette): Content {
  return { text, bold: true, fontSize: 11, color: palette.title, margin: [0, 8, 0, 4] };
}

/**
 * A section's title that must not end a page: a pdfmake heading
 * (`headlineLevel`), kept with the content after it by the document's
 * `pageBreakBefore` (../sample/keep-headings.ts). Titles inside an
 * unbreakable block (totals, approval) need not be: the block moves whole.
 */
export function keptSectionTitle(text: string, palette: Palette): Content {
  return { ...(sectionTitle(text, palette) as object), headlineLevel: 1 } as Content;
}

/**
 * A table of lines with a coloured header repeated on every page it spans
 * (`headerRows`), rows never cut in half (`dontBreakRows`).
 */
export function linesTable(headers: string[], widths: Array<number | '*'>, rows: TableCell[][], palette: Palette, rightFrom: number): ContentTable {
  const header = headers.map(
    (text, index) =>
      ({ text, bold: true, color: palette.headerText, fillColor: palette.headerFill, alignment: index >= rightFrom ? 'right' : 'left' }) as TableCell,
  );
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columnWidths(widths, widths.length * CELL_PADDINGS),
      body: [
        header,
        ...rows.map((row) => row.map((cell, index) => (index >= rightFrom ? ({ ...(cell as object), alignment: 'right' } as TableCell) : cell))),
      ],
    },
    layout: {
      hLineWidth: (index: number, node: { table: { body: unknown[] } }) =>
        index === 0 || index === 1 || index === node.table.body.length ? 0.8 : 0.3,
      vLineWidth: () => 0,
      hLineColor: () => '#adb5bd',
      fillColor: (index: number) => (index > 0 && index % 2 === 0 ? '#f1f3f5' : null),
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 0, 0, 8],
  };
}

/** 'Página X de Y' on every page, with the company's name. */
export function pageFooter(companyName: string) {
  const name = breakLongWords(companyName);
  return (currentPage: number, pageCount: number): Content => ({
    columns: [
      { text: name, fontSize: 7, color: '#868e96' },
      { text: `Página ${currentPage} de ${pageCount}`, fontSize: 8, alignment: 'right' },
    ],
    margin: [PAGE_MARGINS[0], 15, PAGE_MARGINS[2], 0],
  });
}

/** Plain text with paragraphs (blank lines) and line breaks. */
export function paragraphs(text: string | null | undefined): Content[] {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => ({ text: paragraph, margin: [0, 0, 0, 6] as [number, number, number, number] }));
}
