/**
 * Quotations (spec core-administration.md section 3): one row per
 * quotation, its nested lists (agent rows, services, costs, equipment,
 * deadlines) in JSONB columns. The lists are values of the document: they
 * are written and read whole with it, under its one `updated_at`, so a
 * quotation syncs as one record (docs/decisions/quotations-documents-commands.md, "Nested
 * lines as JSONB"). The money columns hold what the server computed from the
 * lines (sync/contract/quotations.ts, quotationWireTotals).
 *
 * A customer with quotations cannot be deleted (`restrict`; the route
 * answers 409 first with a Portuguese message). The seller is a user
 * (users are soft-deleted, so the reference never dangles).
 */
import { date, index, integer, jsonb, numeric, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { QuotationDeadline, QuotationEquipment, QuotationItem, QuotationRow, QuotationStatus } from '@sync/contract/quotations';
import { QUOTATION_STATUSES } from '@sync/contract/quotations';
import { users } from './auth';
import { idColumn, syncTimestamps, timestamptz } from './columns';
import { customerAddresses, customers } from './customers';
import { quotationPaymentTypes } from './lookups';
import { GIN_OPTIONS, searchTextColumn } from './search-text';

function money(name: string) {
  return numeric(name, { precision: 14, scale: 2, mode: 'number' });
}

export const quotations = pgTable(
  'quotations',
  {
    id: idColumn(),
    /** "{id}/{year}", written right after the insert; never changes. */
    reference_no: text('reference_no'),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The customer's name and phone as of the last save that set the customer. */
    customer_name: text('customer_name'),
    customer_phone: text('customer_phone'),
    valid_at: date('valid_at', { mode: 'string' }),
    status: text('status', { enum: QUOTATION_STATUSES }).$type<QuotationStatus>().notNull().default('open'),
    service_address_id: integer('service_address_id').references(() => customerAddresses.id, { onDelete: 'set null' }),
    rows: jsonb('rows').$type<QuotationRow[]>().notNull().default([]),
    services: jsonb('services').$type<QuotationItem[]>().notNull().default([]),
    costs: jsonb('costs').$type<QuotationItem[]>().notNull().default([]),
    equipments: jsonb('equipments').$type<QuotationEquipment[]>().notNull().default([]),
    deadlines: jsonb('deadlines').$type<QuotationDeadline[]>().notNull().default([]),
    delivery_date: date('delivery_date', { mode: 'string' }),
    duration_time: integer('duration_time'),
    subtotal: money('subtotal').notNull().default(0),
    discount: money('discount'),
    discount_type: text('discount_type', { enum: ['pct', 'value'] })
      .notNull()
      .default('pct'),
    total: money('total').notNull().default(0),
    payment_id: integer('payment_id').references(() => quotationPaymentTypes.id, { onDelete: 'set null' }),
    parcel: integer('parcel').notNull().default(1),
    parcel_value: money('parcel_value').notNull().default(0),
    payment_info: text('payment_info'),
    created_by: integer('created_by').references(() => users.id),
    type_id: integer('type_id'),
    details: text('details'),
    comment: text('comment'),
    responsible: text('responsible'),
    sent_at: timestamptz('sent_at'),
    sent_mail_at: timestamptz('sent_mail_at'),
    sent_whatsapp_at: timestamptz('sent_whatsapp_at'),
    ...syncTimestamps(),
    /** What a search reads (search-text.ts): number and customer name, folded. */
    search_text: searchTextColumn((): AnyPgColumn[] => [quotations.reference_no, quotations.customer_name]),
  },
  (t) => [
    index('quotations_updated_idx').on(t.updated_at, t.id),
    index('quotations_customer_idx').on(t.customer_id),
    index('quotations_status_idx').on(t.status),
    // The documented list's order and its search (docs/decisions/server-list-speed.md).
    index('quotations_created_idx').on(t.created_at, t.id),
    index('quotations_search_idx').using('gin', t.search_text.op('gin_trgm_ops')).with(GIN_OPTIONS),
  ],
);
