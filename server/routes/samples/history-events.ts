/**
 * A sample's history (issue 28): writing one event in the caller's
 * transaction and reading them back as the wire's `SampleEvent`, oldest
 * first. Events are only ever inserted; nothing in the server updates or
 * deletes one (a sample's events go with it only when a draft is deleted).
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ReviewAction, SampleEvent, SampleState } from '@sync/contract/samples';
import { requireAuth } from '@server/auth/authenticate';
import type { Db, Tx } from '@server/db/client';
import { sampleEvents, type SampleChange } from '@server/db/schema';
import { requestDevice } from './request-device';

export interface NewSampleEvent {
  kind: 'state' | 'edit' | 'comment';
  action?: ReviewAction | null;
  from?: SampleState | null;
  to?: SampleState | null;
  reason?: string | null;
  changes?: SampleChange[];
}

/** Appends an event by the caller, from the caller's device, at `now`; returns it as the wire has it. */
export async function recordSampleEvent(tx: Tx, request: FastifyRequest, sampleId: number, event: NewSampleEvent, now: Date): Promise<SampleEvent> {
  const { user } = requireAuth(request);
  const [row] = await tx
    .insert(sampleEvents)
    .values({
      sample_id: sampleId,
      kind: event.kind,
      action: event.action ?? null,
      from_state: event.from ?? null,
      to_state: event.to ?? null,
      user_id: user.id,
      user_name: user.name,
      device: requestDevice(request),
      reason: event.reason ?? null,
      changes: event.changes ?? [],
      at: now,
    })
    .returning();
  return toSampleEvent(row!);
}

type EventRow = typeof sampleEvents.$inferSelect;

export function toSampleEvent(row: EventRow): SampleEvent {
  return {
    id: row.id,
    sample_id: row.sample_id,
    kind: row.kind,
    action: row.action,
    from_state: row.from_state,
    to_state: row.to_state,
    user_id: row.user_id,
    user_name: row.user_name,
    device: row.device,
    reason: row.reason,
    changes: row.changes,
    at: row.at.toISOString(),
  };
}

export async function loadSampleHistory(db: Db | Tx, sampleId: number): Promise<SampleEvent[]> {
  const rows = await db.select().from(sampleEvents).where(eq(sampleEvents.sample_id, sampleId)).orderBy(asc(sampleEvents.id));
  return rows.map(toSampleEvent);
}
