/**
 * Deletions, remembered so an incremental pull (`updated_since`) can tell a
 * device which ids disappeared. Every resource that deletes rows writes one
 * entry per deleted id through `recordDeletions` (server/sync/deletions.ts).
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from './columns';

export const deletedRecords = pgTable(
  'deleted_records',
  {
    id: idColumn(),
    /** The resource name used on the wire and in the outbox ("customer", "product", ...). */
    resource: text('resource').notNull(),
    record_id: integer('record_id').notNull(),
    deleted_at: timestamptz('deleted_at').notNull().defaultNow(),
    /**
     * For records only some users may read (customer data): the users, besides
     * those who read every record of the resource, who could see it when it
     * was deleted; only they learn its id. Null: every reader of the resource.
     */
    visible_to: integer('visible_to').array(),
  },
  (t) => [index('deleted_records_resource_idx').on(t.resource, t.deleted_at)],
);
