/** The quotation's number as every screen and document shows it (src/domain/quotation-number.ts). */
import { describe, expect, it } from 'vitest';
import { formatQuotationNumber, QUOTATION_NUMBER_PENDING, quotationNumberOf } from '@/domain';

describe('formatQuotationNumber', () => {
  it.each([
    ["the server's reference", { reference_no: '5/2026', id: 5 }, '5/2026'],
    ['the reference wins over the id', { reference_no: '12/2025', id: 99 }, '12/2025'],
    ['the reference without the id', { reference_no: '7/2026' }, '7/2026'],
    ['a reference with spaces around it', { reference_no: ' 5/2026 ', id: 5 }, '5/2026'],
    ['only the server id (a sample on a device without the quotation)', { reference_no: null, id: 5 }, '5'],
    ['an empty reference falls back to the id', { reference_no: '  ', id: 5 }, '5'],
    ['made on this device, not sent yet', { reference_no: null, id: null }, QUOTATION_NUMBER_PENDING],
    ['nothing known', {}, QUOTATION_NUMBER_PENDING],
    ['no quotation', null, QUOTATION_NUMBER_PENDING],
    ['undefined', undefined, QUOTATION_NUMBER_PENDING],
    ['an id that is no server id (0)', { id: 0 }, QUOTATION_NUMBER_PENDING],
    ['an id that is no server id (negative)', { id: -3 }, QUOTATION_NUMBER_PENDING],
    ['an id that is no server id (fraction)', { id: 1.5 }, QUOTATION_NUMBER_PENDING],
  ])('%s', (_case, quotation, expected) => {
    expect(formatQuotationNumber(quotation)).toBe(expected);
  });

  it('says the pending text as told, and the pending text is the quotations list’s', () => {
    expect(QUOTATION_NUMBER_PENDING).toBe('Novo, aguardando sincronização');
    expect(formatQuotationNumber({ id: null }, '—')).toBe('—');
    expect(formatQuotationNumber({ reference_no: '5/2026' }, '—')).toBe('5/2026');
  });
});

describe('quotationNumberOf', () => {
  it.each([
    [{ reference_no: '5/2026', id: 5 }, '5/2026'],
    [{ reference_no: null, id: 5 }, '5'],
    [{ reference_no: null, id: null }, null],
    [null, null],
  ])('%o → %s', (quotation, expected) => {
    expect(quotationNumberOf(quotation)).toBe(expected);
  });
});
