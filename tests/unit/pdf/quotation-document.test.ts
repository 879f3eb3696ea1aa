// @vitest-environment node
/**
 * The quotation documents as the client reads them (issue 24), rendered
 * with pdfmake (the server's renderer) and read back with pdfjs:
 * - services, other costs and equipment are numbered 1, 2, 3, never by the
 *   catalog's ids;
 * - the delivery date (start + duration_time days) is printed;
 * - no section title ends a page: a layout where, without the rule,
 *   'Pagamento' (or another title) is the last line of a page has it open
 *   the next page instead;
 * - the warranty's period counts from the report's delivery, as its text
 *   says, not from the day it is printed;
 * - which company data the documents miss.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { buildQuotationDocument, buildWarrantyDocument, QUOTATION_PDF_TEXTS as T, type QuotationPdfInput } from '@/pdf/quotation';
import { missingCompanyData } from '@/pdf/quotation/company-data';
import { renderPdf } from '@server/pdf/render';
import { readPdf } from '../../server/helpers/pdf-text';
import { FILLED_COMPANY_SETTINGS } from '../support/company-settings';

type Line = { product_id: number | null; name: string; quantity: number; value: number };

function input(fields: Partial<QuotationPdfInput['quotation']> = {}, costs: Line[] = []): QuotationPdfInput {
  return {
    quotation: {
      valid_at: '2026-12-31',
      status: 'open',
      discount: null,
      discount_type: 'pct',
      parcel: 2,
      payment_info: 'Pagamento em 30 dias',
      delivery_date: null,
      duration_time: null,
      comment: null,
      responsible: null,
      reference_no: '12/2026',
      f_created_at: '01/12/2026',
      rows: [
        {
          row_id: 'r1',
          product_id: 6,
          name: 'Ruído contínuo',
          product_type_id: 3,
          sector: 'Produção',
          function: 'Operador',
          exposition_type_id: 1,
          daily_exposition: '8 h',
          quantity: 2,
          value: 300,
          unit_type: null,
        },
      ],
      services: [
        { row_id: 's1', product_id: 6, name: 'Avaliação quantitativa', quantity: 1, value: 500 },
        { row_id: 's2', product_id: 1, name: 'Laudo técnico', quantity: 1, value: 800 },
        { row_id: 's3', product_id: null, name: 'Visita extra', quantity: 1, value: 100 },
      ],
      costs: costs.map((line, index) => ({ row_id: `c${index}`, ...line })),
      equipments: [
        { row_id: 'e1', equipment_id: 9, name: 'Dosímetro', quantity: 2 },
        { row_id: 'e2', equipment_id: null, name: 'Tripé', quantity: 1 },
      ],
      deadlines: [{ row_id: 'd1', activity: 'Campo', description: 'Medições em 5 dias úteis' }],
      details: null,
      seller: 'Ana Souza',
      ...fields,
    },
    customer: {
      name: 'Cerâmica São João Ltda',
      type: 'corporate',
      document: '11222333000181',
      email: null,
      phone: null,
      contactName: null,
      address: null,
    },
    settings: { company_name: 'Higiene Ação Consultoria' },
    logo: null,
    expositionTypes: { 1: 'Contínua' },
    paymentName: 'Boleto',
  };
}

/** Each page's lines of content (the footer left out). */
async function pageLines(definition: TDocumentDefinitions): Promise<string[][]> {
  const { pages } = await readPdf(await renderPdf(definition));
  return pages.map((page) =>
    page
      .split('\n')
      .map((line) => line.replace(/\u200b/g, '').trim())
      .filter((line) => line !== '' && !/Página \d+ de \d+/.test(line) && line !== 'Higiene Ação Consultoria'),
  );
}

const TITLES = new Set<string>([T.agents, T.services, T.costs, T.equipments, T.payment, T.deadlines, T.details, T.comment]);

/** The lines of the table under `title`, up to the next title. */
function section(lines: string[], title: string): string[] {
  const start = lines.indexOf(title);
  const end = lines.findIndex((line, index) => index > start && TITLES.has(line));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

describe('the quotation PDF, a document for the client', () => {
  it('numbers the services and the equipment 1, 2, 3 and prints no catalog id', { timeout: 60_000 }, async () => {
    const lines = (await pageLines(buildQuotationDocument(input()))).flat();
    const services = section(lines, T.services);
    expect(services[0]).toMatch(/^#/);
    // pdfjs reads a row's cells as runs of one line or several; the row starts with its number.
    expect(services.filter((line) => /^\d+\b/.test(line)).map((line) => line.split(' ')[0])).toEqual(['1', '2', '3']);
    const equipment = section(lines, T.equipments);
    expect(equipment.filter((line) => /^\d+\b/.test(line)).map((line) => line.split(' ')[0])).toEqual(['1', '2']);
    expect(equipment.join(' ')).not.toMatch(/\b9\b/);
  });

  it.each<[string, Partial<QuotationPdfInput['quotation']>, string | null]>([
    ['start and duration', { delivery_date: '2027-01-04', duration_time: 15 }, 'Data de entrega: 04/01/2027 (15 dias a partir de 20/12/2026)'],
    ['one day', { delivery_date: '2026-12-21', duration_time: 1 }, 'Data de entrega: 21/12/2026 (1 dia a partir de 20/12/2026)'],
    ['the duration alone', { delivery_date: null, duration_time: 30 }, 'Prazo de entrega: 30 dias'],
    ['a delivery date alone', { delivery_date: '2027-01-04', duration_time: null }, 'Data de entrega: 04/01/2027'],
    ['neither', {}, null],
  ])('prints the delivery: %s', { timeout: 60_000 }, async (_case, fields, expected) => {
    const lines = (await pageLines(buildQuotationDocument(input(fields)))).flat();
    const printed = lines.filter((line) => /^(Data|Prazo) de entrega/.test(line));
    expect(printed).toEqual(expected ? [expected] : []);
  });

  it('never ends a page with a section title: it opens the next page with its content', { timeout: 180_000 }, async () => {
    const withCosts = (count: number) =>
      buildQuotationDocument(
        input(
          {},
          Array.from({ length: count }, (_, index) => ({ product_id: null, name: `Custo ${index + 1}`, quantity: 1, value: 10 })),
        ),
      );
    const endsWithTitle = (pages: string[][]) => pages.slice(0, -1).some((lines) => TITLES.has(lines.at(-1) ?? ''));
    // The first layout where, without the rule, a title is the last line of a page.
    let found: number | null = null;
    let without: string[][] = [];
    for (let count = 1; count <= 60 && found === null; count++) {
      const definition = withCosts(count);
      delete definition.pageBreakBefore;
      without = await pageLines(definition);
      if (endsWithTitle(without)) found = count;
    }
    expect(found).not.toBeNull();
    const moved = without.flatMap((lines, page) => (page < without.length - 1 && TITLES.has(lines.at(-1) ?? '') ? [lines.at(-1)!] : []));
    const after = await pageLines(withCosts(found!));
    expect(endsWithTitle(after)).toBe(false);
    for (const title of moved) expect(after.some((lines) => lines[0] === title)).toBe(true);
  });
});

describe('the warranty', () => {
  it('counts the period from the report’s delivery, as its text says, not from the day it is printed', { timeout: 60_000 }, async () => {
    const definition = buildWarrantyDocument({
      ...input(),
      settings: { company_name: 'Higiene Ação Consultoria', message_warranty: 'Garantia de 90 dias a contar da entrega do relatório.' },
      days: 90,
      issuedAt: '2027-03-10',
      deliveredAt: '2027-01-04',
    });
    const text = (await pageLines(definition)).flat().join(' ');
    expect(text).toContain('Prazo de garantia: 90 dias a contar da entrega do relatório (04/01/2027), de 04/01/2027 a 04/04/2027.');
    expect(text).toContain('Emitido em 10/03/2027.');
    expect(text).not.toContain('de 10/03/2027 a');
  });
});

describe('missingCompanyData', () => {
  const filled: Record<string, string> = FILLED_COMPANY_SETTINGS;
  it.each<[string, Record<string, string>, string[]]>([
    ['every field filled', filled, []],
    ['a fresh install (seeded blanks)', { company_name: '', company_cnpj: '', company_bgColor: '#1c7ed6' }, Object.keys(filled)],
    ['the CNPJ blank with spaces', { ...filled, company_cnpj: '   ' }, ['company_cnpj']],
    ['the city missing', { ...filled, company_city: undefined as unknown as string }, ['company_city']],
  ])('%s', (_case, settings, missing) => {
    expect(missingCompanyData(settings)).toEqual(missing);
  });
});
