/**
 * Display formatters for screens: money (R$ 1.234,56), dates (DD/MM/YYYY)
 * and decimals with a comma (spec sections 1 and 9).
 *
 * The rules live in src/domain (shared with the server's PDFs); this module
 * re-exports them and adds the conversions screens need because the wire
 * carries reais as decimal numbers and timestamps as ISO instants.
 */
import { formatBRL, toCents } from '@/domain/money';
import { formatDateBR, formatInstantBR } from '@/domain/dates';

export { formatBRL, toCents, fromCents } from '@/domain/money';
export { formatDateBR, formatInstantBR, parseDateBR } from '@/domain/dates';
export { formatDecimal, parseDecimal } from '@/domain/decimal';

/** A wire amount in reais (1234.56, '1234.56') → 'R$ 1.234,56'; empty or invalid → ''. */
export function formatMoney(reais: number | string | null | undefined): string {
  return formatBRL(toCents(reais));
}

/**
 * A wire date → DD/MM/YYYY. A calendar date ('2026-11-21') is shown as
 * written; an instant with a time zone ('2026-11-21T01:00:00Z') is shown in
 * Brasília time, the consultancy's time zone.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const hasZone = /T.*(Z|[+-]\d{2}:?\d{2})$/.test(value.trim());
  return hasZone ? formatInstantBR(value) : formatDateBR(value);
}
