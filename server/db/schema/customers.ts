/**
 * Customers (spec section 3): individuals (CPF) or companies (CNPJ), their
 * addresses and their contact. The routes come in a later issue; the tables
 * exist now because user-customer links and customer scoping need them.
 * Derived wire fields (`address` = street + ", " + number, `f_created_at`,
 * `contact_name`) are computed when serializing, not stored.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, syncTimestamps } from './columns';
import { GIN_OPTIONS, searchTextColumn } from './search-text';

export const CUSTOMER_TYPES = ['individual', 'corporate'] as const;

export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type', { enum: CUSTOMER_TYPES }).notNull().default('individual'),
    /** CPF (11 digits) for individuals, CNPJ (14 digits) for companies; digits only. */
    document: text('document'),
    email: text('email'),
    phone: text('phone'),
    comment: text('comment'),
    ...syncTimestamps(),
    /** What a search reads for words (search-text.ts): name and e-mail, folded. */
    search_text: searchTextColumn((): AnyPgColumn[] => [customers.name, customers.email]),
  },
  (t) => [
    index('customers_name_idx').on(sql`lower(${t.name})`),
    index('customers_updated_idx').on(t.updated_at, t.id),
    // The documented list's order and its search: words, documents and phones (routes/customers/search.ts).
    index('customers_created_idx').on(t.created_at, t.id),
    index('customers_search_idx').using('gin', t.search_text.op('gin_trgm_ops')).with(GIN_OPTIONS),
    index('customers_document_search_idx').using('gin', sql`upper(coalesce(${t.document}, '')) gin_trgm_ops`).with(GIN_OPTIONS),
    index('customers_phone_search_idx').using('gin', sql`coalesce(${t.phone}, '') gin_trgm_ops`).with(GIN_OPTIONS),
  ],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: idColumn(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default('Endereço Principal'),
    zipcode: text('zipcode'),
    street: text('street'),
    number: text('number'),
    address2: text('address2'),
    district: text('district'),
    city: text('city'),
    /** Two-letter code of a Brazilian state. */
    state: text('state'),
    country: text('country').notNull().default('BR'),
    ...syncTimestamps(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customer_id)],
);

export const customerContacts = pgTable(
  'customer_contacts',
  {
    id: idColumn(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    ...syncTimestamps(),
  },
  (t) => [index('customer_contacts_customer_idx').on(t.customer_id)],
);
