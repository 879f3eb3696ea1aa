/**
 * Small lookup lists the screens load as options: sample types, product
 * (agent) types, quotation payment types and exposition types. Ids with a
 * meaning in the spec are fixed by the seed (product type 1 is Vibração,
 * exposition type 1 is the default of a quotation row).
 */
import { numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, syncTimestamps } from './columns';

export const sampleTypes = pgTable(
  'sample_types',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('sample_types_slug_unique').on(t.slug)],
);

export const productTypes = pgTable(
  'product_types',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('product_types_slug_unique').on(t.slug)],
);

export const quotationPaymentTypes = pgTable(
  'quotation_payment_types',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('quotation_payment_types_slug_unique').on(t.slug)],
);

export const expositionTypes = pgTable(
  'exposition_types',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('exposition_types_slug_unique').on(t.slug)],
);
