/** The documents' texts name the quotation by its server number, or say plainly that it has none yet. */
import { describe, expect, it } from 'vitest';
import { NUMBER_PENDING, placeholderFill } from '@/pdf/quotation/texts';
import type { QuotationPdfInput } from '@/pdf/quotation/input';

function input(referenceNo: string | null): QuotationPdfInput {
  return {
    customer: { name: 'Padaria Central', type: 'corporate', document: '11222333000181', contactName: 'Ana' },
    quotation: { reference_no: referenceNo },
  } as unknown as QuotationPdfInput;
}

describe('placeholderFill', () => {
  it.each([
    ['12/2026', 'Declaro que aprovo o orçamento nº 12/2026, no valor total de R$ 1.234,56.'],
    [null, `Declaro que aprovo o orçamento nº ${NUMBER_PENDING}, no valor total de R$ 1.234,56.`],
  ])('reference %s', (referenceNo, expected) => {
    const fill = placeholderFill(input(referenceNo), 123456);
    expect(fill('Declaro que aprovo o orçamento nº {orcamento}, no valor total de {total}.').replace(/\u00a0/g, ' ')).toBe(expected);
  });
});
