/** The 'Nome' and 'Preço' fields of costs and services, with their messages. */
import { SimpleGrid, TextInput } from '@mantine/core';
import { MoneyInput } from '../inputs/money-input';
import type { NamePriceErrors, NamePriceValues } from './name-price';

export const NAME_PRICE_LABELS = { name: 'Nome', price: 'Preço' } as const;

export interface NamePriceFieldsProps {
  values: NamePriceValues;
  errors: NamePriceErrors;
  onChange: (field: keyof NamePriceValues, value: string) => void;
}

export function NamePriceFields({ values, errors, onChange }: NamePriceFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={NAME_PRICE_LABELS.name}
        name="name"
        value={values.name}
        onChange={(event) => onChange('name', event.currentTarget.value)}
        error={errors.name}
        required
      />
      <MoneyInput
        label={NAME_PRICE_LABELS.price}
        name="price"
        value={values.price}
        onChange={(text) => onChange('price', text)}
        error={errors.price}
        required
      />
    </SimpleGrid>
  );
}
