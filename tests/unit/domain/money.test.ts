import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL, fromCents, multiplyCents, toCents } from '@/domain/money';

describe('toCents', () => {
  it.each<[unknown, number | null]>([
    [1234.56, 123456],
    [0.1, 10],
    [1.005, 101],
    [19.99, 1999],
    [-2.5, -250],
    ['1.234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['R$\u00a01.234,56', 123456],
    ['1234.56', 123456],
    ['0,5', 50],
    ['10', 1000],
    ['1234,565', 123457],
    ['', null],
    ['abc', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])('%j → %j', (input, expected) => {
    expect(toCents(input)).toBe(expected);
  });
});

describe('fromCents', () => {
  it.each([
    [123456, 1234.56],
    [10, 0.1],
    [0, 0],
    [-250, -2.5],
  ])('%s → %s', (cents, expected) => {
    expect(fromCents(cents)).toBe(expected);
  });

  it('round-trips through toCents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });
});

describe('multiplyCents', () => {
  it.each([
    [1999, 3, 5997],
    [1000, 0.5, 500],
    [333, 0.5, 167],
    [100000, 0.9, 90000],
    [1, 0.005, 0],
    [1999, Number.NaN, 0],
  ])('%s × %s = %s', (cents, factor, expected) => {
    expect(multiplyCents(cents, factor)).toBe(expected);
  });
});

describe('formatBRL', () => {
  it.each<[number | null | undefined, string]>([
    [123456, 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [100, 'R$ 1,00'],
    [99999999, 'R$ 999.999,99'],
    [123456789012, 'R$ 1.234.567.890,12'],
    [-5, '-R$ 0,05'],
    [-123456, '-R$ 1.234,56'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('%s → %j', (cents, expected) => {
    expect(formatBRL(cents)).toBe(expected);
  });

  it('writes a normal space after R$ by default, and a non-breaking one on request', () => {
    expect(formatBRL(123456).charCodeAt(2)).toBe(0x20);
    expect(formatBRL(123456, { nbsp: true })).toBe('R$\u00a01.234,56');
  });

  it('agrees with Intl pt-BR once its non-breaking space is normalised', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        expect(formatBRL(cents)).toBe(intl.format(cents / 100).replace(/\u00a0/g, ' '));
      }),
    );
  });

  it('is read back by toCents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(toCents(formatBRL(cents))).toBe(cents);
      }),
    );
  });
});
