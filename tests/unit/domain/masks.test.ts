import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCompleteCep, maskCep, maskCnpj, maskCpf, maskDate, maskDocument, maskPhone, maskTime, onlyDigits } from '@/domain/masks';

describe('maskCpf', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['123', '123'],
    ['1234', '123.4'],
    ['123456', '123.456'],
    ['1234567', '123.456.7'],
    ['123456789', '123.456.789'],
    ['1234567890', '123.456.789-0'],
    ['12345678909', '123.456.789-09'],
    ['123456789091234', '123.456.789-09'],
    ['123.456.789-09', '123.456.789-09'],
    ['abc123def456', '123.456'],
  ])('%j → %j', (input, expected) => {
    expect(maskCpf(input)).toBe(expected);
  });
});

describe('maskCnpj', () => {
  it.each([
    ['', ''],
    ['11', '11'],
    ['112', '11.2'],
    ['11222333', '11.222.333'],
    ['112223330001', '11.222.333/0001'],
    ['11222333000181', '11.222.333/0001-81'],
    ['1122233300018199', '11.222.333/0001-81'],
    ['11.222.333/0001-81', '11.222.333/0001-81'],
    // alphanumeric CNPJ (IN RFB 2.229/2024): letters only in the first 12
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['12ABC34501DEX35', '12.ABC.345/01DE-35'],
  ])('%j → %j', (input, expected) => {
    expect(maskCnpj(input)).toBe(expected);
  });
});

describe('maskCep', () => {
  it.each([
    ['', ''],
    ['01', '01'],
    ['013', '01.3'],
    ['01310', '01.310'],
    ['013101', '01.310-1'],
    ['01310100', '01.310-100'],
    ['01310-100', '01.310-100'],
    ['013101009', '01.310-100'],
  ])('%j → %j', (input, expected) => {
    expect(maskCep(input)).toBe(expected);
  });

  it.each([
    ['01310-100', true],
    ['01.310-100', true],
    ['0131010', false],
    ['013101001', false],
  ])('isCompleteCep(%j) = %s', (input, expected) => {
    expect(isCompleteCep(input)).toBe(expected);
  });
});

describe('maskPhone', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['113', '(11) 3'],
    ['113456', '(11) 3456'],
    ['1134567', '(11) 3456-7'],
    ['1134567890', '(11) 3456-7890'],
    // the 11th digit makes the masked length 15: switch to the 5-digit prefix
    ['11987654321', '(11) 98765-4321'],
    ['119876543210', '(11) 98765-4321'],
    ['(11) 3456-7890', '(11) 3456-7890'],
    ['(11) 98765-4321', '(11) 98765-4321'],
  ])('%j → %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it('uses the short pattern below 15 masked characters and the long one at 15', () => {
    expect(maskPhone('1134567890')).toHaveLength(14);
    expect(maskPhone('11987654321')).toHaveLength(15);
  });
});

describe('maskDate and maskDocument', () => {
  it.each([
    ['21112026', '21/11/2026'],
    ['2111', '21/11'],
    ['211', '21/1'],
    ['21/11/2026', '21/11/2026'],
  ])('maskDate(%j) → %j', (input, expected) => {
    expect(maskDate(input)).toBe(expected);
  });

  it.each([
    ['individual', '12345678909', '123.456.789-09'],
    ['corporate', '11222333000181', '11.222.333/0001-81'],
  ] as const)('maskDocument(%s, %s) → %s', (type, input, expected) => {
    expect(maskDocument(type, input)).toBe(expected);
  });
});

describe('onlyDigits', () => {
  it.each([
    ['(11) 98765-4321', '11987654321'],
    ['', ''],
    [null, ''],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(onlyDigits(input)).toBe(expected);
  });
});

describe('mask properties', () => {
  const masks = { maskCpf, maskCnpj, maskCep, maskPhone, maskDate };

  it.each(Object.entries(masks))('%s is idempotent', (_, mask) => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(mask(mask(text))).toBe(mask(text));
      }),
    );
  });

  it.each(Object.entries(masks))('%s keeps the digits typed, in order, up to its length', (_, mask) => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,16}$/), (digits) => {
        const masked = onlyDigits(mask(digits));
        expect(digits.startsWith(masked)).toBe(true);
      }),
    );
  });

  it('never ends with a separator', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,16}$/), (digits) => {
        for (const mask of Object.values(masks)) expect(mask(digits)).not.toMatch(/[.\-/() ]$/);
      }),
    );
  });
});

describe('maskTime', () => {
  it.each([
    ['', ''],
    ['7', '7'],
    ['07', '07'],
    ['073', '07:3'],
    ['0730', '07:30'],
    ['07:30', '07:30'],
    ['07:301', '07:30'],
    ['7h3a0', '73:0'],
  ])('%j → %j', (input, expected) => {
    expect(maskTime(input)).toBe(expected);
    expect(maskTime(maskTime(input))).toBe(expected);
  });
});
