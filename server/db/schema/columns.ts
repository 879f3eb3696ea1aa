/**
 * Column helpers every table shares, so later resources get the same
 * conventions by calling them: integer identity ids, and the sync
 * timestamps `created_at`/`updated_at` (timestamptz, millisecond precision)
 * that the database sets on insert and Drizzle bumps on every update.
 *
 * The database fills both on insert (`now()`) and Drizzle sets
 * `updated_at = now()` on any update that does not set it. Resources written
 * through server/sync/ stamp both explicitly from the app clock instead, so
 * they agree with the `server_time` of incremental pulls
 * (docs/decisions/sync-server.md).
 */
import { sql } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';

/** timestamptz(3), read and written as a JS Date. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
}

/** Integer primary key from an identity sequence (explicit ids are still allowed for fixed lookups). */
export function idColumn() {
  return integer('id').primaryKey().generatedByDefaultAsIdentity();
}

/** The sync timestamps of a syncable table. */
export function syncTimestamps() {
  return {
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  };
}
