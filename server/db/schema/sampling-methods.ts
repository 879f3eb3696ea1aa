/**
 * The sampling-method catalog (issue 22, docs/decisions/sampling-methods.md):
 * one row per method, its ranges as plain doubles (a flow of 0.01 L/min comes
 * back exactly as sent, so device and server agree to the last digit), and
 * the chemical agents it applies to as an array of product ids on the row.
 *
 * The array has no foreign key (PostgreSQL has none for array elements):
 * the method route checks that every id names an agent, and deleting an
 * agent removes its id from the methods and moves their `updated_at`
 * (server/routes/sampling-methods.ts), so devices pull the change.
 */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { SAMPLING_INSTITUTIONS } from '@sync/contract/sampling-methods';
import { idColumn, syncTimestamps } from './columns';

export const samplingMethods = pgTable(
  'sampling_methods',
  {
    id: idColumn(),
    code: text('code').notNull(),
    institution: text('institution', { enum: SAMPLING_INSTITUTIONS }).notNull(),
    description: text('description'),
    sampler: text('sampler'),
    /** L/min. */
    flow_min: doublePrecision('flow_min'),
    flow_max: doublePrecision('flow_max'),
    /** Litres. */
    volume_min: doublePrecision('volume_min'),
    volume_max: doublePrecision('volume_max'),
    /** Days a sample may wait between its collection and the laboratory. */
    holding_days: integer('holding_days'),
    storage_temperature: text('storage_temperature'),
    laboratory: text('laboratory'),
    agent_ids: integer('agent_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...syncTimestamps(),
  },
  (t) => [index('sampling_methods_updated_idx').on(t.updated_at, t.id)],
);
