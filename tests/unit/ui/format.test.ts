/**
 * The screen formatters: wire reais → 'R$ 1.234,56', wire dates →
 * DD/MM/YYYY (calendar dates as written, instants in Brasília time), and
 * the comma decimals re-exported from the domain.
 */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDecimal, formatMoney, parseDecimal } from '@/ui/format';

describe('formatMoney', () => {
  it.each([
    [1234.56, 'R$ 1.234,56'],
    ['1234.56', 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [0.1 + 0.2, 'R$ 0,30'],
    [1.005, 'R$ 1,01'],
    [1234567.8, 'R$ 1.234.567,80'],
    [-50, '-R$ 50,00'],
    [null, ''],
    [undefined, ''],
    ['abc', ''],
  ])('%j → %j', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-11-21', '21/11/2026'],
    ['2026-01-05', '05/01/2026'],
    ['2026-11-21T10:00:00', '21/11/2026'],
    ['2026-11-21T01:00:00Z', '20/11/2026'],
    ['2026-11-21T01:00:00.000-03:00', '21/11/2026'],
    ['2026-02-30', ''],
    ['', ''],
    [null, ''],
  ])('%j → %j', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('decimals with a comma', () => {
  it.each([
    [1234.5, 2, true, '1.234,50'],
    [0.5, 1, false, '0,5'],
    [86.07, 1, false, '86,1'],
  ] as const)('%d with %d decimals', (value, decimals, grouping, expected) => {
    expect(formatDecimal(value, decimals, { grouping })).toBe(expected);
  });

  it.each([
    ['1.234,56', 1234.56],
    ['0,5', 0.5],
    ['0.5', 0.5],
    ['abc', null],
  ])('parses %j', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });
});
