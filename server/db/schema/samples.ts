/**
 * Samples (spec samples.md section 3): one row per sampling, linked to its
 * quotation (`restrict`: a quotation with samples is not deleted; the route
 * answers 409 first), the quotation's agent row by its `row_id` (text;
 * migration 0007 turned the former positions into row ids) and the
 * customer, with the five blocks in JSONB columns (their content depends
 * on the type; validated per type by the contract).
 *
 * The plan's slot (quotation_id, quotation_row_id, plan_unit) is unique:
 * the server never keeps two samples for one unit of one agent row, so a
 * plan made twice (by `POST api/sample/quotation`, by devices offline, or
 * both) is one plan (docs/decisions/samples-plan-and-page.md). Samples added in
 * the field have no plan_unit and are not constrained.
 *
 * Review and approval (issue 28; docs/decisions/sample-review-server.md):
 * `status` (review.ts SAMPLE_STATES), `revision`, the two links of an
 * invalidation (`replaces_id`, `replaced_by_id`), who finalized it and
 * when, and the reason of the last Devolver, Cancelar or Invalidar. An
 * invalidated sample ('substituida') and its next revision share the plan
 * slot, so the slot's unique index leaves substituted revisions out
 * (a partial index): one live sample per slot, any number of replaced ones.
 *
 * `sample_files` attaches stored files (photos) to a sample like
 * `customer_files` does to a customer.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SampleBlock, SampleState } from '@sync/contract/samples';
import { users } from './auth';
import { idColumn, syncTimestamps, timestamptz } from './columns';
import { customers } from './customers';
import { storedFiles } from './files';
import { quotations } from './quotations';
import { GIN_OPTIONS, searchTextColumn } from './search-text';

const block = (name: string) => jsonb(name).$type<SampleBlock>().notNull().default({});

export const samples = pgTable(
  'samples',
  {
    id: idColumn(),
    sample_no: integer('sample_no').notNull(),
    quotation_id: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'restrict' }),
    quotation_row_id: text('quotation_row_id'),
    plan_unit: integer('plan_unit'),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    company_name: text('company_name'),
    company_city: text('company_city'),
    type_id: integer('type_id').notNull(),
    agent_name: text('agent_name'),
    employee: text('employee'),
    chemical_agent: text('chemical_agent'),
    caracterization: block('caracterization'),
    memory_field: block('memory_field'),
    result: block('result'),
    risk_classification: block('risk_classification'),
    validation: block('validation'),
    status: text('status').$type<SampleState>().notNull().default('rascunho'),
    revision: integer('revision').notNull().default(1),
    /** No foreign keys on the two links: a revision row is never deleted (only drafts are), and the links are history. */
    replaces_id: integer('replaces_id'),
    replaced_by_id: integer('replaced_by_id'),
    finalized_by: integer('finalized_by').references(() => users.id, { onDelete: 'set null' }),
    finalized_at: timestamptz('finalized_at'),
    status_reason: text('status_reason'),
    ...syncTimestamps(),
    /** What a search reads (search-text.ts): agent, employee and company, folded. */
    search_text: searchTextColumn((): AnyPgColumn[] => [samples.agent_name, samples.employee, samples.company_name]),
  },
  (t) => [
    index('samples_updated_idx').on(t.updated_at, t.id),
    index('samples_quotation_idx').on(t.quotation_id),
    index('samples_customer_idx').on(t.customer_id),
    // The documented list's order and its search (docs/decisions/server-list-speed.md).
    index('samples_created_idx').on(t.created_at, t.id),
    index('samples_search_idx').using('gin', t.search_text.op('gin_trgm_ops')).with(GIN_OPTIONS),
    uniqueIndex('samples_plan_slot_unique').on(t.quotation_id, t.quotation_row_id, t.plan_unit).where(sql`${t.status} <> 'substituida'`),
  ],
);

export const sampleFiles = pgTable(
  'sample_files',
  {
    id: idColumn(),
    sample_id: integer('sample_id')
      .notNull()
      .references(() => samples.id, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...syncTimestamps(),
  },
  (t) => [
    index('sample_files_sample_idx').on(t.sample_id),
    uniqueIndex('sample_files_file_unique').on(t.file_id),
    index('sample_files_updated_idx').on(t.updated_at, t.id),
  ],
);
