/** The 'Nome' and 'Preço' fields of costs and services, on their schema form (name-price.ts). */
import { SimpleGrid, TextInput } from '@mantine/core';
import { MoneyInput } from '../inputs/money-input';
import type { namePriceFormSchema } from './name-price';
import type { SchemaForm } from './use-schema-form';

export const NAME_PRICE_LABELS = { name: 'Nome', price: 'Preço' } as const;

export interface NamePriceFieldsProps {
  form: SchemaForm<typeof namePriceFormSchema>;
}

export function NamePriceFields({ form }: NamePriceFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label={NAME_PRICE_LABELS.name} {...form.field('name')} required />
      <MoneyInput label={NAME_PRICE_LABELS.price} {...form.field('price')} required />
    </SimpleGrid>
  );
}
