/**
 * Responses remembered per (user, Idempotency-Key) for 24 hours, so a write
 * whose answer was lost can be sent again without being applied twice
 * (docs/sync-protocol.md, server/sync/idempotency-plugin.ts). A row with no
 * status is a first request still running: its unique key is the lock that
 * keeps a concurrent duplicate from executing too.
 */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamptz } from './columns';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was first used for; a replay for anything else is refused. */
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the parsed body, canonical JSON; a replay with another body is refused. Null: not compared. */
    request_hash: text('request_hash'),
    /** Null while the first request runs. */
    status: integer('status'),
    /**
     * The server process running the first request (its liveness mark, server/sync/process-liveness.ts):
     * a row without status whose process is gone was left by a crash and is taken over at once.
     */
    owner: integer('owner'),
    content_type: text('content_type'),
    body: text('body'),
    created_at: timestamptz('created_at').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_keys_expires_idx').on(t.expires_at)],
);
