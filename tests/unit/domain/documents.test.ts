import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cpfCheckDigits, isValidCnpj, isValidCpf, isValidDocument } from '@/domain/documents';
import { maskCnpj, maskCpf } from '@/domain/masks';

describe('CPF', () => {
  it.each([
    ['123456789', '09'],
    ['529982247', '25'],
    ['000000001', '91'],
    ['12345678', null],
    ['12345678a', null],
  ])('cpfCheckDigits(%s) = %s', (base, expected) => {
    expect(cpfCheckDigits(base)).toBe(expected);
  });

  it.each<[string | null | undefined, boolean]>([
    ['123.456.789-09', true],
    ['12345678909', true],
    ['529.982.247-25', true],
    ['123.456.789-08', false],
    ['123.456.789-19', false],
    ['111.111.111-11', false],
    ['000.000.000-00', false],
    ['1234567890', false],
    ['123456789091', false],
    ['', false],
    [null, false],
  ])('isValidCpf(%j) = %s', (value, expected) => {
    expect(isValidCpf(value)).toBe(expected);
  });
});

describe('CNPJ', () => {
  it.each([
    ['112223330001', '81'],
    ['12ABC34501DE', '35'],
    ['12abc34501de', '35'],
    ['11222333000', null],
    ['11222333000!', null],
  ])('cnpjCheckDigits(%s) = %s', (base, expected) => {
    expect(cnpjCheckDigits(base)).toBe(expected);
  });

  it.each<[string | null | undefined, boolean]>([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['12.ABC.345/01DE-35', true],
    ['12abc34501de35', true],
    ['11.222.333/0001-82', false],
    ['12.ABC.345/01DE-36', false],
    ['12.ABC.345/01DE-3A', false],
    ['00.000.000/0000-00', false],
    ['11.111.111/1111-11', false],
    ['1122233300018', false],
    ['', false],
    [undefined, false],
  ])('isValidCnpj(%j) = %s', (value, expected) => {
    expect(isValidCnpj(value)).toBe(expected);
  });
});

describe('isValidDocument', () => {
  it.each([
    ['individual', '123.456.789-09', true],
    ['individual', '11.222.333/0001-81', false],
    ['corporate', '11.222.333/0001-81', true],
    ['corporate', '123.456.789-09', false],
  ] as const)('%s %s → %s', (type, value, expected) => {
    expect(isValidDocument(type, value)).toBe(expected);
  });
});

/** Changes the digit at `index` to another digit. */
function changeDigit(text: string, index: number, shift: number): string {
  const digit = (Number(text[index]) + shift) % 10;
  return text.slice(0, index) + String(digit) + text.slice(index + 1);
}

describe('check digit properties', () => {
  const cpfBase = fc.stringMatching(/^\d{9}$/).filter((base) => !/^(\d)\1{8}$/.test(base));
  const cnpjBase = fc.stringMatching(/^\d{12}$/).filter((base) => !/^(\d)\1{11}$/.test(base));
  const alphaCnpjBase = fc.stringMatching(/^[0-9A-Z]{12}$/).filter((base) => /[A-Z]/.test(base));

  it('a generated CPF is valid, masked or not', () => {
    fc.assert(
      fc.property(cpfBase, (base) => {
        const cpf = base + cpfCheckDigits(base);
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(maskCpf(cpf))).toBe(true);
      }),
    );
  });

  // Mod-11 maps remainders 0 and 1 to the same digit, so a few single-digit
  // edits keep a valid number (a limitation of the document, not of the code):
  // the validator must refuse exactly the edits whose check digits no longer fit.
  it('a CPF with one body digit changed fails unless its check digits still fit', () => {
    fc.assert(
      fc.property(cpfBase, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (base, index, shift) => {
        const cpf = base + cpfCheckDigits(base);
        const changed = changeDigit(cpf, index, shift);
        const stillFits = cpfCheckDigits(changed.slice(0, 9)) === cpf.slice(9);
        expect(isValidCpf(changed)).toBe(stillFits);
      }),
      { numRuns: 500 },
    );
  });

  it('a CPF with a check digit changed always fails', () => {
    fc.assert(
      fc.property(cpfBase, fc.integer({ min: 9, max: 10 }), fc.integer({ min: 1, max: 9 }), (base, index, shift) => {
        expect(isValidCpf(changeDigit(base + cpfCheckDigits(base), index, shift))).toBe(false);
      }),
    );
  });

  it('a generated CNPJ, numeric or alphanumeric, is valid, masked or not', () => {
    fc.assert(
      fc.property(fc.oneof(cnpjBase, alphaCnpjBase), (base) => {
        const cnpj = base + cnpjCheckDigits(base);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(maskCnpj(cnpj))).toBe(true);
      }),
    );
  });

  it('a numeric CNPJ with one body digit changed fails unless its check digits still fit', () => {
    fc.assert(
      fc.property(cnpjBase, fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 9 }), (base, index, shift) => {
        const cnpj = base + cnpjCheckDigits(base);
        const changed = changeDigit(cnpj, index, shift);
        const stillFits = cnpjCheckDigits(changed.slice(0, 12)) === cnpj.slice(12);
        expect(isValidCnpj(changed)).toBe(stillFits);
      }),
      { numRuns: 500 },
    );
  });

  it('a numeric CNPJ with a check digit changed always fails', () => {
    fc.assert(
      fc.property(cnpjBase, fc.integer({ min: 12, max: 13 }), fc.integer({ min: 1, max: 9 }), (base, index, shift) => {
        expect(isValidCnpj(changeDigit(base + cnpjCheckDigits(base), index, shift))).toBe(false);
      }),
    );
  });

  it.each([
    // the counterexample fast-check found: a body edit the check digits cannot see
    ['771143096908', 0, 8],
  ])('documents the mod-11 blind spot: base %s with digit %i shifted by %i', (base, index, shift) => {
    const cnpj = base + cnpjCheckDigits(base);
    const changed = changeDigit(cnpj, index, shift);
    expect(changed).not.toBe(cnpj);
    expect(isValidCnpj(cnpj)).toBe(true);
    expect(isValidCnpj(changed)).toBe(true);
  });
});
