/**
 * Server-internal key/value facts that must survive restarts: the generated
 * token secret and the seed version. Never synced, never sent to clients.
 */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated_at: timestamptz('updated_at').notNull().defaultNow(),
});
