/**
 * The name-and-price form shared by costs and services (spec: "Form: Nome
 * and Preço (R$)"; section 5: 'Nome é obrigatório', 'Preço é obrigatório').
 * The form keeps what the user typed; `readNamePrice` turns it into the
 * fields to save, or the messages to show at the fields.
 */
import { CATALOG_MESSAGES } from '@sync/contract/catalog';
import { moneyToText, parseMoneyText } from '../inputs/money-text';

export interface NamePriceValues {
  name: string;
  price: string;
}

export type NamePriceErrors = Partial<Record<keyof NamePriceValues, string>>;

export function namePriceValues(record?: { name: string; price: number | null } | null): NamePriceValues {
  return { name: record?.name ?? '', price: moneyToText(record?.price ?? null) };
}

export type NamePriceRead = { ok: true; fields: { name: string; price: number } } | { ok: false; errors: NamePriceErrors };

export function readNamePrice(values: NamePriceValues): NamePriceRead {
  const errors: NamePriceErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = CATALOG_MESSAGES.nameRequired;
  const price = parseMoneyText(values.price);
  if (!price.ok) errors.price = price.message;
  else if (price.reais === null) errors.price = CATALOG_MESSAGES.priceRequired;
  if (errors.name || errors.price || !price.ok || price.reais === null) return { ok: false, errors };
  return { ok: true, fields: { name, price: price.reais } };
}
