import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  clampDiscountPercent,
  deliveryDate,
  deliveryStartDate,
  discountProblem,
  instalmentValueCents,
  lineTotalCents,
  normaliseInstalments,
  quotationTotals,
  splitInstalments,
  type QuotationLine,
} from '@/domain/quotation-totals';

describe('lineTotalCents', () => {
  it.each<[QuotationLine, number]>([
    [{ unitCents: 150000, quantity: 1 }, 150000],
    [{ unitCents: 1999, quantity: 3 }, 5997],
    [{ unitCents: 1999, quantity: '3' }, 5997],
    [{ unitCents: 1000, quantity: '1,5' }, 1500],
    [{ unitCents: 333, quantity: 0.5 }, 167],
    [{ unitCents: 1999, quantity: 0 }, 0],
    [{ unitCents: 1999, quantity: -2 }, 0],
    [{ unitCents: 1999, quantity: '' }, 0],
    [{ unitCents: 1999, quantity: null }, 0],
    [{ unitCents: null, quantity: 2 }, 0],
    [{ unitCents: -100, quantity: 2 }, 0],
    [{ unitCents: Number.NaN, quantity: 2 }, 0],
  ])('%j → %s', (line, expected) => {
    expect(lineTotalCents(line)).toBe(expected);
  });
});

describe('clampDiscountPercent', () => {
  it.each<[number | string | null | undefined, number]>([
    [10, 10],
    ['7,5', 7.5],
    [100, 100],
    [150, 100],
    [0, 0],
    [-5, 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    ['abc', 0],
  ])('%j → %s', (input, expected) => {
    expect(clampDiscountPercent(input)).toBe(expected);
  });
});

describe('applyDiscount', () => {
  it.each<[number, 'pct' | 'value', number | string | null, number]>([
    [100000, 'pct', 10, 90000],
    [100000, 'pct', '7,5', 92500],
    [100000, 'pct', 100, 0],
    [100000, 'pct', 120, 0],
    [100000, 'pct', null, 100000],
    [100000, 'pct', -10, 100000],
    [99999, 'pct', 50, 50000],
    [100000, 'value', 2500, 97500],
    [100000, 'value', 100000, 0],
    [100000, 'value', 150000, 0],
    [100000, 'value', null, 100000],
    [100000, 'value', -500, 100000],
  ])('%s with %s %j → %s', (subtotal, type, discount, expected) => {
    expect(applyDiscount(subtotal, type, discount)).toBe(expected);
  });
});

describe('instalments', () => {
  it.each<[number | string | null | undefined, number]>([
    [1, 1],
    [3, 3],
    ['4', 4],
    [2.7, 2],
    [0, 1],
    [-3, 1],
    ['', 1],
    [null, 1],
    [undefined, 1],
  ])('normaliseInstalments(%j) = %s', (input, expected) => {
    expect(normaliseInstalments(input)).toBe(expected);
  });

  it.each<[number, number | null, number]>([
    [90000, 3, 30000],
    [10000, 3, 3333],
    [20000, 3, 6667],
    [10000, 0, 10000],
    [10000, null, 10000],
  ])('instalmentValueCents(%s, %j) = %s', (total, count, expected) => {
    expect(instalmentValueCents(total, count)).toBe(expected);
  });

  it.each<[number, number, number[]]>([
    [10000, 3, [3334, 3333, 3333]],
    [10000, 1, [10000]],
    [2, 3, [1, 1, 0]],
    [0, 2, [0, 0]],
  ])('splitInstalments(%s, %s) = %j', (total, count, expected) => {
    expect(splitInstalments(total, count)).toEqual(expected);
  });

  it('split instalments always add up to the total and differ by at most one centavo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 48 }), (total, count) => {
        const parts = splitInstalments(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('quotationTotals', () => {
  it('adds rows, services and costs, applies a percentage discount and splits it', () => {
    const totals = quotationTotals({
      rows: [
        { unitCents: 150000, quantity: 2 },
        { unitCents: 45050, quantity: 1 },
      ],
      services: [{ unitCents: 30000, quantity: 1 }],
      costs: [{ unitCents: 12575, quantity: 2 }],
      discountType: 'pct',
      discount: '10',
      instalments: 3,
    });
    expect(totals).toEqual({
      rowTotals: [300000, 45050],
      serviceTotals: [30000],
      costTotals: [25150],
      subtotalCents: 400200,
      discountCents: 40020,
      totalCents: 360180,
      instalments: 3,
      instalmentCents: 120060,
    });
  });

  it.each<[Parameters<typeof quotationTotals>[0], number, number, number]>([
    [{}, 0, 0, 0],
    [{ rows: [{ unitCents: 1000, quantity: 1 }] }, 1000, 1000, 1000],
    [{ rows: [{ unitCents: 1000, quantity: 1 }], discountType: 'value', discount: 250 }, 1000, 750, 750],
    [{ rows: [{ unitCents: 1000, quantity: 1 }], discountType: 'pct', discount: 250 }, 1000, 0, 0],
    [{ costs: [{ unitCents: 1000, quantity: 3 }], instalments: 0 }, 3000, 3000, 3000],
    [{ services: [{ unitCents: 1001, quantity: 1 }], instalments: 2 }, 1001, 1001, 501],
  ])('%j → subtotal %s, total %s, instalment %s', (input, subtotal, total, instalment) => {
    const totals = quotationTotals(input);
    expect(totals.subtotalCents).toBe(subtotal);
    expect(totals.totalCents).toBe(total);
    expect(totals.instalmentCents).toBe(instalment);
  });

  it('keeps 0 <= total <= subtotal and discount = subtotal − total for any discount', () => {
    const line = fc.record({ unitCents: fc.integer({ min: 0, max: 1e8 }), quantity: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.constantFrom<'pct' | 'value'>('pct', 'value'),
        fc.double({ min: -200, max: 1e9, noNaN: true }),
        (rows, discountType, discount) => {
          const totals = quotationTotals({ rows, discountType, discount });
          expect(Number.isInteger(totals.totalCents)).toBe(true);
          expect(totals.totalCents).toBeGreaterThanOrEqual(0);
          expect(totals.totalCents).toBeLessThanOrEqual(totals.subtotalCents);
          expect(totals.discountCents).toBe(totals.subtotalCents - totals.totalCents);
        },
      ),
    );
  });
});

describe('deliveryDate', () => {
  it.each<[string | null, number | string | null, string | null]>([
    ['2026-11-21', 30, '2026-12-21'],
    ['2026-11-21', '15', '2026-12-06'],
    ['2026-12-20', 15, '2027-01-04'],
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-11-21', -1, null],
    ['2026-11-21', 1.5, null],
    ['2026-11-21', '', null],
    ['2026-11-21', null, null],
    [null, 10, null],
    ['21/11/2026', 10, null],
  ])('%j + %j days → %j', (start, days, expected) => {
    expect(deliveryDate(start, days)).toBe(expected);
  });
});

describe('deliveryStartDate (the start back from the stored delivery and duration)', () => {
  it.each<[string | null, number | string | null, string | null]>([
    ['2026-12-21', 30, '2026-11-21'],
    ['2027-01-04', 15, '2026-12-20'],
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-11-21', null, null],
    ['2026-11-21', -3, null],
    ['2026-11-21', 2.5, null],
    [null, 10, null],
  ])('%j − %j days → %j', (delivery, days, expected) => {
    expect(deliveryStartDate(delivery, days)).toBe(expected);
  });

  it('undoes deliveryDate for any start and duration', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), fc.nat(3650), (date, days) => {
        const start = date.toISOString().slice(0, 10);
        expect(deliveryStartDate(deliveryDate(start, days), days)).toBe(start);
      }),
    );
  });
});

describe('discountProblem', () => {
  // Subtotal R$ 200,00 (20 000 centavos); 'value' discounts in centavos, 'pct' in percent, strings as typed.
  it.each<[string, 'pct' | 'value', number | string | null, string | null]>([
    ['blank is no discount', 'pct', '', null],
    ['null is no discount', 'value', null, null],
    ['letters are not a number', 'pct', 'abc', 'invalid'],
    ['letters are not a number (value)', 'value', 'abc', 'invalid'],
    ['a comma decimal percentage', 'pct', '12,5', null],
    ['a negative percentage', 'pct', '-5', 'negative'],
    ['a negative value', 'value', -100, 'negative'],
    ['a value equal to the subtotal', 'value', 20_000, null],
    ['a value one centavo above the subtotal', 'value', 20_001, 'aboveSubtotal'],
    ['a percentage is never above the subtotal (capped at 100)', 'pct', 100, null],
  ])('%s', (_case, type, discount, expected) => {
    expect(discountProblem(type, discount, 20_000)).toBe(expected);
  });
});
