/**
 * The dashboard's alerts (samples.md: "Notifications/alerts for the user";
 * docs/decisions/dashboard.md): one row per recipient, written where the
 * event happens (a quotation approved, a sample saved at its type's highest
 * risk level) or when the recipient reads their alerts (a calibration about
 * to expire or expired). `dedupe_key` names the event, so the same event
 * never alerts one user twice; `read_at` is that user's mark. Rows sync to
 * the recipient's devices as a read-only resource (by `updated_at`, which a
 * mark moves).
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ALERT_KINDS, type AlertKind } from '@sync/contract/dashboard';
import { users } from './auth';
import { idColumn, syncTimestamps, timestamptz } from './columns';

export const alerts = pgTable(
  'alerts',
  {
    id: idColumn(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).$type<AlertKind>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The quotation, sample or equipment the alert is about (no foreign key: the alert outlives a deleted record). */
    subject_id: integer('subject_id'),
    /** The event, unique per user: 'quotation-approved:12:<ms>', 'sample-highest-risk:40', 'calibration-soon:7:2026-12-10'. */
    dedupe_key: text('dedupe_key').notNull(),
    read_at: timestamptz('read_at'),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('alerts_user_event_unique').on(t.user_id, t.dedupe_key), index('alerts_user_updated_idx').on(t.user_id, t.updated_at, t.id)],
);
