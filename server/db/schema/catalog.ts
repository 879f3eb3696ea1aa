/**
 * The catalog (spec core-administration.md section 3): agents (products)
 * with their equipment lists, services with theirs, costs, equipment and
 * equipment categories. Product types live with the other lookup lists
 * (lookups.ts). Every table carries the sync timestamps and an index on
 * (updated_at, id), the keyset of an incremental pull (docs/sync-protocol.md).
 */
import { date, index, integer, numeric, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { EQUIPMENT_TYPES } from '@sync/contract/catalog';
import { idColumn, syncTimestamps } from './columns';
import { productTypes } from './lookups';
import { GIN_OPTIONS, searchTextColumn } from './search-text';

/** Reais with centavos; the wire keeps the spec's decimal numbers. */
function priceColumn() {
  return numeric('price', { precision: 14, scale: 2, mode: 'number' });
}

export const equipmentCategories = pgTable(
  'equipment_categories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    ...syncTimestamps(),
  },
  (t) => [index('equipment_categories_updated_idx').on(t.updated_at, t.id)],
);

export const equipment = pgTable(
  'equipment',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    serial_number: text('serial_number'),
    calibration_certificate: text('calibration_certificate'),
    /** Calibration expiry, a calendar date (YYYY-MM-DD on the wire). */
    expiration_date: date('expiration_date', { mode: 'string' }),
    /** Deleting a category leaves its equipment without one. */
    category_id: integer('category_id').references(() => equipmentCategories.id, { onDelete: 'set null' }),
    /** 'instrumento' or 'calibrador'; the sample screens pick instruments and calibrators by it. */
    type: text('type', { enum: EQUIPMENT_TYPES }),
    ...syncTimestamps(),
  },
  (t) => [index('equipment_updated_idx').on(t.updated_at, t.id), index('equipment_category_idx').on(t.category_id)],
);

export const products = pgTable(
  'products',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    price: priceColumn().notNull(),
    /** A type in use cannot be deleted (the route answers 409 before the database would refuse). */
    type_id: integer('type_id')
      .notNull()
      .default(1)
      .references(() => productTypes.id, { onDelete: 'restrict' }),
    code: text('code'),
    method: text('method'),
    /** CAS registry number; kept only for chemical agents. */
    cas: text('cas'),
    action_in_body: text('action_in_body'),
    notion_skin: text('notion_skin'),
    ipvs: text('ipvs'),
    odor_limit: text('odor_limit'),
    respirator: text('respirator'),
    display_name: text('display_name'),
    unit_type: text('unit_type'),
    ...syncTimestamps(),
    /** What a search reads (search-text.ts): name, code and CAS, folded. */
    search_text: searchTextColumn((): AnyPgColumn[] => [products.name, products.code, products.cas]),
  },
  (t) => [
    index('products_updated_idx').on(t.updated_at, t.id),
    index('products_type_idx').on(t.type_id),
    // The documented list's order (newest first) and its search (docs/decisions/server-list-speed.md).
    index('products_created_idx').on(t.created_at, t.id),
    index('products_search_idx').using('gin', t.search_text.op('gin_trgm_ops')).with(GIN_OPTIONS),
  ],
);

export const productEquipments = pgTable(
  'product_equipments',
  {
    id: idColumn(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    equipment_id: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    ...syncTimestamps(),
  },
  (t) => [index('product_equipments_product_idx').on(t.product_id), index('product_equipments_equipment_idx').on(t.equipment_id)],
);

export const services = pgTable(
  'services',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    price: priceColumn().notNull(),
    ...syncTimestamps(),
  },
  (t) => [index('services_updated_idx').on(t.updated_at, t.id)],
);

export const serviceEquipments = pgTable(
  'service_equipments',
  {
    id: idColumn(),
    service_id: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    equipment_id: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    ...syncTimestamps(),
  },
  (t) => [index('service_equipments_service_idx').on(t.service_id), index('service_equipments_equipment_idx').on(t.equipment_id)],
);

export const costs = pgTable(
  'costs',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    price: priceColumn().notNull(),
    ...syncTimestamps(),
  },
  (t) => [index('costs_updated_idx').on(t.updated_at, t.id)],
);
