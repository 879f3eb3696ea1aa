/**
 * CPF and CNPJ check digits (Receita Federal's modulo-11 rules), so a
 * mistyped document is caught at the customer site (calculations.md
 * section 6). CNPJ follows IN RFB 2.229/2024: alphanumeric bases (from July
 * 2026) use each character's ASCII code minus 48, which reduces to the
 * classic rule for digits.
 */

function modulo11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, value, i) => acc + value * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of a CPF base of 9 digits ('123456789' → '09'). */
export function cpfCheckDigits(base: string): string | null {
  if (!/^\d{9}$/.test(base)) return null;
  const values = [...base].map(Number);
  const first = modulo11Digit(values, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = modulo11Digit([...values, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

/**
 * A CPF with or without its mask. Eleven equal digits ('111.111.111-11')
 * pass the arithmetic but are not issued, so they are rejected.
 */
export function isValidCpf(value: string | null | undefined): boolean {
  const digits = (value ?? '').replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a CNPJ base of 12 characters (digits or A-Z). */
export function cnpjCheckDigits(base: string): string | null {
  const upper = base.toUpperCase();
  if (!/^[0-9A-Z]{12}$/.test(upper)) return null;
  const values = [...upper].map((char) => char.charCodeAt(0) - 48);
  const first = modulo11Digit(values, CNPJ_FIRST_WEIGHTS);
  const second = modulo11Digit([...values, first], CNPJ_SECOND_WEIGHTS);
  return `${first}${second}`;
}

/** A CNPJ with or without its mask; all-equal digit strings are rejected. */
export function isValidCnpj(value: string | null | undefined): boolean {
  const chars = (value ?? '').replace(/[.\-/\s]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars) || /^(\d)\1{13}$/.test(chars)) return false;
  return cnpjCheckDigits(chars.slice(0, 12)) === chars.slice(12);
}

/** The customer's document by customer type ('individual' → CPF, 'corporate' → CNPJ). */
export function isValidDocument(type: 'individual' | 'corporate', value: string | null | undefined): boolean {
  return type === 'corporate' ? isValidCnpj(value) : isValidCpf(value);
}
