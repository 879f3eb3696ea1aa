import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, groupThousands, parseDecimal, roundTo, stable } from '@/domain/decimal';

describe('parseDecimal', () => {
  it.each<[unknown, number | null]>([
    ['1.234,5', 1234.5],
    ['0,5', 0.5],
    ['0.5', 0.5],
    [',5', 0.5],
    ['.5', 0.5],
    ['5,', 5],
    ['  12,25  ', 12.25],
    ['-3,5', -3.5],
    ['+3,5', 3.5],
    ['-0', 0],
    ['1.234', 1.234],
    ['1.234.567', 1234567],
    ['1.234.567,89', 1234567.89],
    ['100', 100],
    ['0', 0],
    [42, 42],
    [0.1, 0.1],
    ['', null],
    ['   ', null],
    ['abc', null],
    ['12abc', null],
    ['1,2,3', null],
    ['1,234.5', null],
    ['12.34,5', null],
    ['1..2', null],
    ['1e3', null],
    [',', null],
    ['.', null],
    ['-', null],
    ['R$ 10', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [undefined, null],
    [{}, null],
    [true, null],
  ])('%j → %j', (input, expected) => {
    expect(parseDecimal(input)).toBe(expected);
  });

  it('never returns NaN, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const value = parseDecimal(text);
        expect(value === null || Number.isFinite(value)).toBe(true);
      }),
    );
  });

  it('reads back what formatDecimal writes, grouped or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.boolean(), (hundredths, grouping) => {
        const value = hundredths / 100;
        expect(parseDecimal(formatDecimal(value, 2, { grouping }))).toBeCloseTo(value, 10);
      }),
    );
  });
});

describe('stable', () => {
  it.each([
    [0.3 / 3, 0.1],
    [0.1 + 0.2, 0.3],
    [(100 * (0.95 - 1)) / 1, -5],
    [0, 0],
    [-0, 0],
    [123.456, 123.456],
  ])('%s → %s', (input, expected) => {
    expect(stable(input)).toBe(expected);
  });
});

describe('roundTo', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [86.07209969647869, 1, 86.1],
    [207.87450656184294, 1, 207.9],
    [-2.5, 0, -3],
    [2.5, 0, 3],
    [0.125, 2, 0.13],
    [1e-7, 2, 0],
    [1234.5, -1, 1230],
    [0, 3, 0],
  ])('roundTo(%s, %s) = %s', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  it('keeps non-finite values as they are', () => {
    expect(roundTo(Number.POSITIVE_INFINITY, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('formatDecimal', () => {
  it.each<[number | null | undefined, number, Parameters<typeof formatDecimal>[2], string]>([
    [86.07209969647869, 1, {}, '86,1'],
    [0.626057, 3, {}, '0,626'],
    [54, 1, {}, '54,0'],
    [1234567.891, 2, { grouping: true }, '1.234.567,89'],
    [1234567.891, 2, {}, '1234567,89'],
    [25.5, 2, { trimZeros: true }, '25,5'],
    [50, 2, { trimZeros: true }, '50'],
    [-3, 0, {}, '-3'],
    [-0.04, 1, {}, '0,0'],
    [null, 1, {}, ''],
    [undefined, 1, {}, ''],
    [Number.NaN, 1, {}, ''],
  ])('%s with %s decimals %j → %s', (value, decimals, options, expected) => {
    expect(formatDecimal(value, decimals, options)).toBe(expected);
  });
});

describe('groupThousands', () => {
  it.each([
    ['1', '1'],
    ['123', '123'],
    ['1234', '1.234'],
    ['1234567', '1.234.567'],
  ])('%s → %s', (digits, expected) => {
    expect(groupThousands(digits)).toBe(expected);
  });
});
