/**
 * Decimal numbers as Brazilian users type them, and as screens show them
 * (calculations.md "General input rules"; spec samples.md section 5 and
 * core-administration.md section 5: "Numeric fields accept a comma or a dot
 * as decimal separator").
 *
 * Owns: parsing typed text to a number (never NaN), rounding for display,
 * and the tiny float clean-up used before comparing a computed figure with a
 * threshold. Values are rounded only for display; calculations keep full
 * precision.
 */

/** Dots grouping thousands: '1.234', '12.345.678'. */
const THOUSANDS_GROUPED = /^\d{1,3}(\.\d{3})+$/;
const DIGITS = /^\d*$/;

/**
 * Reads a number typed with a comma or a dot as decimal separator.
 *
 * - '1.234,5' → 1234.5 (dots before a comma must group thousands)
 * - '0,5' and '0.5' → 0.5; ',5' → 0.5; '5,' → 5 (a field being typed)
 * - '1.234' → 1.234: a lone dot is a decimal point, as the spec allows it
 * - '1.234.567' → 1234567 (several dots can only be thousands)
 * - '', '  ', 'abc', '1,2,3', '1,234.5', '1e3' → null
 * - numbers pass through when finite; anything else → null
 */
export function parseDecimal(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? normaliseZero(input) : null;
  if (typeof input !== 'string') return null;
  let text = input.trim();
  if (text === '') return null;
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text.startsWith('-')) sign = -1;
    text = text.slice(1);
  }
  const split = splitDecimal(text);
  if (split === null) return null;
  const [integer, fraction] = split;
  if (!DIGITS.test(integer) || !DIGITS.test(fraction)) return null;
  if (integer === '' && fraction === '') return null;
  const value = Number(`${integer || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? normaliseZero(sign * value) : null;
}

function splitDecimal(text: string): [string, string] | null {
  const commas = text.split(',').length - 1;
  if (commas > 1) return null;
  if (commas === 1) {
    const [integer = '', fraction = ''] = text.split(',');
    if (!integer.includes('.')) return [integer, fraction];
    return THOUSANDS_GROUPED.test(integer) ? [integer.replace(/\./g, ''), fraction] : null;
  }
  const dots = text.split('.').length - 1;
  if (dots === 0) return [text, ''];
  if (dots === 1) {
    const [integer = '', fraction = ''] = text.split('.');
    return [integer, fraction];
  }
  return THOUSANDS_GROUPED.test(text) ? [text.replace(/\./g, ''), ''] : null;
}

function normaliseZero(value: number): number {
  return value === 0 ? 0 : value;
}

/**
 * Removes binary floating-point noise (0.3 / 3 = 0.09999999999999999) by
 * keeping 12 significant digits. Used before a computed figure is compared
 * with a threshold, so a value that is exactly on a boundary on paper is on
 * it in the program too. Measured values never carry 12 significant digits,
 * so nothing real is lost.
 */
export function stable(value: number): number {
  if (!Number.isFinite(value) || value === 0) return normaliseZero(value);
  return Number(value.toPrecision(12));
}

/**
 * Rounds half away from zero to `decimals` places, free of the float traps of
 * `toFixed` (1.005 → 1.01, 2.675 → 2.68, -2.5 → -3).
 */
export function roundTo(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value;
  const clean = stable(value);
  const sign = clean < 0 ? -1 : 1;
  const shifted = shift(Math.abs(clean), decimals);
  const rounded = shift(Math.round(shifted), -decimals);
  return normaliseZero(sign * rounded);
}

function shift(value: number, places: number): number {
  const [mantissa = '0', exponent = '0'] = value.toExponential().split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

export type FormatDecimalOptions = {
  /** Dots between thousands ('1.234,5'); off by default. */
  grouping?: boolean;
  /** Drop trailing zeros of the fraction ('25,50' → '25,5', '50,00' → '50'). */
  trimZeros?: boolean;
};

/**
 * Shows a number the Brazilian way with a fixed number of decimals:
 * formatDecimal(86.07, 1) → '86,1'. Null, undefined and non-finite values
 * give '' so a screen never shows NaN.
 */
export function formatDecimal(value: number | null | undefined, decimals: number, options: FormatDecimalOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = roundTo(value, decimals);
  let [integer = '0', fraction = ''] = Math.abs(rounded).toFixed(decimals).split('.');
  if (options.trimZeros) fraction = fraction.replace(/0+$/, '');
  if (options.grouping) integer = groupThousands(integer);
  const sign = rounded < 0 ? '-' : '';
  return fraction ? `${sign}${integer},${fraction}` : `${sign}${integer}`;
}

/** '1234567' → '1.234.567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
