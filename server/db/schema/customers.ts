/**
 * Customers (spec section 3): individuals (CPF) or companies (CNPJ), their
 * addresses and their contact. The routes come in a later issue; the tables
 * exist now because user-customer links and customer scoping need them.
 * Derived wire fields (`address` = street + ", " + number, `f_created_at`,
 * `contact_name`) are computed when serializing, not stored.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, syncTimestamps } from './columns';

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
  },
  (t) => [index('customers_name_idx').on(sql`lower(${t.name})`), index('customers_updated_idx').on(t.updated_at, t.id)],
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
