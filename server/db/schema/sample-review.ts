/**
 * What review and approval keep besides the sample's own columns (issue 28;
 * docs/decisions/sample-review-server.md):
 *
 * - `sample_approvals`: one per approved sample row, never changed but for
 *   `invalidated_at`. `content` is the frozen canonical text (sorted-key
 *   JSON of the sample, its photos' SHA-256, the instruments, thresholds,
 *   engine version, approver and time) and `hash` its SHA-256 hex; `code`
 *   is the short verification code printed on the report. Kept as text, not
 *   JSONB: the bytes hashed are the bytes stored, on PGlite and PostgreSQL.
 *   An approved sample is never deleted (only drafts are), so the foreign
 *   key restricts.
 * - `sample_events`: the history, append-only (no route updates or deletes
 *   a row): state changes, edits after Finalizar with each field's before
 *   and after, and comments. The user's name is copied, so a renamed or
 *   deleted user's history reads as it happened.
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReviewAction, SampleState } from '@sync/contract/samples';
import { users } from './auth';
import { idColumn, timestamptz } from './columns';
import { samples } from './samples';

export const sampleApprovals = pgTable(
  'sample_approvals',
  {
    id: idColumn(),
    sample_id: integer('sample_id')
      .notNull()
      .references(() => samples.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    content: text('content').notNull(),
    hash: text('hash').notNull(),
    approver_id: integer('approver_id').references(() => users.id, { onDelete: 'set null' }),
    approver_name: text('approver_name').notNull(),
    /** 'CREA 123456/SP' (councilText). */
    council: text('council').notNull(),
    approved_at: timestamptz('approved_at').notNull(),
    invalidated_at: timestamptz('invalidated_at'),
  },
  (t) => [uniqueIndex('sample_approvals_code_unique').on(t.code), uniqueIndex('sample_approvals_sample_unique').on(t.sample_id)],
);

/** One changed field of an edit: its path in the sample, its label for a person, the value before and after. */
export type SampleChange = { path: string; label: string; before: unknown; after: unknown };

export const sampleEvents = pgTable(
  'sample_events',
  {
    id: idColumn(),
    sample_id: integer('sample_id')
      .notNull()
      .references(() => samples.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'state' | 'edit' | 'comment'>().notNull(),
    action: text('action').$type<ReviewAction>(),
    from_state: text('from_state').$type<SampleState>(),
    to_state: text('to_state').$type<SampleState>(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    user_name: text('user_name').notNull(),
    device: text('device'),
    /** The reason of a state change, or a comment's text. */
    reason: text('reason'),
    changes: jsonb('changes').$type<SampleChange[]>().notNull().default([]),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('sample_events_sample_idx').on(t.sample_id, t.id)],
);
