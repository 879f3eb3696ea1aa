/**
 * Money in integer centavos (calculations.md section 5; engineering.md
 * "Money is integer centavos in the domain; the wire keeps the spec's
 * decimal numbers").
 *
 * Owns: reais (wire numbers or typed text) → centavos, centavos → wire
 * numbers, multiplying by a quantity or a rate with one rounding, and the
 * BRL display 'R$ 1.234,56'.
 *
 * Display choice: Intl pt-BR writes 'R$\u00a01.234,56' (a non-breaking
 * space), and the exact output differs between ICU builds. formatBRL is
 * written by hand and uses a normal space by default, so the tablet, the
 * server's PDF and the tests print the same bytes; pass { nbsp: true } where a
 * line break between 'R$' and the amount must be prevented.
 */
import { groupThousands, parseDecimal } from './decimal';

/** Integer number of centavos. */
export type Cents = number;

function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.round(Math.abs(value));
  return value < 0 ? -rounded : rounded;
}

/** 15 significant digits remove the float noise of a product (1.005 * 100). */
function clean(value: number): number {
  return Number(value.toPrecision(15));
}

/**
 * Reais → centavos: 1234.56 → 123456; '1.234,56' → 123456;
 * 'R$ 1.234,56' → 123456; 1.005 → 101 (half away from zero). Empty or
 * non-numeric → null.
 */
export function toCents(value: unknown): Cents | null {
  const reais = typeof value === 'string' ? parseDecimal(value.replace(/R\$/g, '').replace(/[\s\u00a0]/g, '')) : parseDecimal(value);
  if (reais === null) return null;
  return roundHalfAwayFromZero(clean(reais * 100));
}

/** Centavos → reais for the wire: 123456 → 1234.56. */
export function fromCents(cents: Cents): number {
  return clean(cents / 100);
}

/** cents × factor rounded once to the centavo (a row total, a discount). */
export function multiplyCents(cents: Cents, factor: number): Cents {
  if (!Number.isFinite(factor)) return 0;
  const product = roundHalfAwayFromZero(clean(cents * factor));
  return product === 0 ? 0 : product;
}

export type FormatBRLOptions = { nbsp?: boolean };

/** 123456 → 'R$ 1.234,56'; -5 → '-R$ 0,05'; null or non-finite → ''. */
export function formatBRL(cents: Cents | null | undefined, options: FormatBRLOptions = {}): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const whole = roundHalfAwayFromZero(cents);
  const abs = Math.abs(whole);
  const reais = groupThousands(String(Math.floor(abs / 100)));
  const centavos = String(abs % 100).padStart(2, '0');
  const space = options.nbsp ? '\u00a0' : ' ';
  return `${whole < 0 ? '-' : ''}R$${space}${reais},${centavos}`;
}
