/**
 * The name-and-price form shared by costs and services (spec: "Form: Nome
 * and Preço (R$)"; section 5: 'Nome é obrigatório', 'Preço é obrigatório'):
 * the contract's input schema with the price typed as 'R$' text, so its
 * rules and messages are the form's. Costs and services have the same
 * input (sync/contract/catalog.ts), so one schema serves both.
 */
import type { z } from 'zod';
import { costInputSchema } from '@sync/contract/catalog';
import { moneyToText } from '../inputs/money-text';
import { moneyText } from './form-fields';

export const namePriceFormSchema = costInputSchema.extend({ price: moneyText(costInputSchema.shape.price) });

export type NamePriceValues = z.input<typeof namePriceFormSchema>;

export function namePriceValues(record?: { name: string; price: number | null } | null): NamePriceValues {
  return { name: record?.name ?? '', price: moneyToText(record?.price ?? null) };
}
