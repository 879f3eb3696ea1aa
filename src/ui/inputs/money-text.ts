/**
 * Money as typed in a form (spec sections 1 and 5): reais with a comma or a
 * dot as decimal separator, optional thousands dots before a comma
 * ('1.234,56'), at most two decimals, not negative. The text the user typed
 * is kept by the form; these helpers read it and write a wire amount back as
 * text for editing.
 */
import { formatDecimal, parseDecimal } from '@/domain/decimal';

export const MONEY_MESSAGES = {
  invalid: 'Valor inválido',
  negative: 'O valor não pode ser negativo',
  tooManyDecimals: 'Use no máximo duas casas decimais',
} as const;

export type MoneyText = { ok: true; reais: number | null } | { ok: false; message: string };

/** '1.234,5' → 1234.5; '' → null (the caller says whether it is required); bad text → a message. */
export function parseMoneyText(text: string): MoneyText {
  const cleaned = text.replace(/R\$/g, '').replace(/[\s\u00a0]/g, '');
  if (cleaned === '') return { ok: true, reais: null };
  const reais = parseDecimal(cleaned);
  if (reais === null) return { ok: false, message: MONEY_MESSAGES.invalid };
  if (reais < 0) return { ok: false, message: MONEY_MESSAGES.negative };
  // A lone dot is a decimal point for parseDecimal ('1.234' → 1,234): three
  // decimals there mean the user meant thousands, so refuse rather than guess.
  const comma = cleaned.lastIndexOf(',');
  const dots = cleaned.split('.').length - 1;
  const fraction = comma >= 0 ? cleaned.slice(comma + 1) : dots === 1 ? cleaned.slice(cleaned.indexOf('.') + 1) : '';
  if (fraction.length > 2) return { ok: false, message: MONEY_MESSAGES.tooManyDecimals };
  return { ok: true, reais };
}

/** A wire amount for the input: 1234.5 → '1234,50' (no thousands dots, so the text reads back the same). */
export function moneyToText(reais: number | null | undefined): string {
  return formatDecimal(reais, 2);
}
