/**
 * How a local save or delete changes the outbox of one record: the rules of
 * coalescing and cancelling, as a pure function of the record's entry chain.
 *
 * The one rule everything follows: an entry that may have reached the server
 * is never rewritten. An entry is "open" (safe to merge into or drop) when it
 * was never sent, or when the server answered it with a definite refusal
 * (failed 4xx, or a 409 conflict), since then nothing of it was applied. A
 * pending entry sent at least once, with no answer, may have been applied; a
 * retry replays its idempotency key, so its payload must stay as it was and
 * new changes go into a new entry after it.
 */
import { CONTRACT_VERSION } from '../contract/contract-version';
import type { OutboxEntry, RecordFields } from '../store/types';

export type PlannedChange = { op: 'create'; payload: RecordFields } | { op: 'update'; payload: RecordFields } | { op: 'delete' };

export interface OutboxPlan {
  /** Entries to write (new ones without seq). */
  put: OutboxEntry[];
  /** Seqs of entries to remove. */
  remove: number[];
  /**
   * True when a delete cancels a record that never reached the server: the
   * record and its entries go, and nothing is sent.
   */
  cancelled: boolean;
}

export interface PlanContext {
  resource: string;
  key: string;
  /** Server id of the record, null when it was never created there (as far as the device knows). */
  serverId: number | null;
  now: number;
  newIdempotencyKey: () => string;
}

/** True when the entry cannot have been applied by the server, so it may be merged into or dropped. */
export function isOpen(entry: OutboxEntry): boolean {
  if (entry.status === 'in_flight') return false;
  return entry.attempts === 0 || entry.status === 'failed' || entry.status === 'conflict';
}

export function planChange(chain: readonly OutboxEntry[], change: PlannedChange, context: PlanContext): OutboxPlan {
  const sorted = [...chain].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const last = sorted.at(-1);

  if (change.op === 'delete') {
    // Drop the open tail: changes the server never applied do not need sending before a delete.
    const remove: number[] = [];
    let kept = sorted.length;
    while (kept > 0 && isOpen(sorted[kept - 1]!)) {
      kept -= 1;
      remove.push(sorted[kept]!.seq!);
    }
    const remaining = sorted.slice(0, kept);
    if (remaining.length === 0 && context.serverId === null) return { put: [], remove, cancelled: true };
    return { put: [newEntry('delete', null, context)], remove, cancelled: false };
  }

  // A command is never merged into: a save after it is a change made after it, sent after it.
  if (last && isOpen(last) && (last.op === 'create' || last.op === 'update')) {
    const merged: OutboxEntry = {
      ...last,
      payload: { ...last.payload, ...change.payload },
      changed_at: context.now,
    };
    if (last.status === 'failed') {
      // The server refused the previous content; the corrected one is a new request.
      Object.assign(merged, {
        status: 'pending',
        error: null,
        attempts: 0,
        next_attempt_at: 0,
        idempotency_key: context.newIdempotencyKey(),
      });
    }
    // A conflict stays a conflict: the new content becomes "mine", and the user still chooses.
    return { put: [merged], remove: [], cancelled: false };
  }

  return { put: [newEntry(change.op, change.payload, context)], remove: [], cancelled: false };
}

export function newEntry(op: OutboxEntry['op'], payload: RecordFields | null, context: PlanContext): OutboxEntry {
  return {
    resource: context.resource,
    op,
    key: context.key,
    payload,
    idempotency_key: context.newIdempotencyKey(),
    attempts: 0,
    next_attempt_at: 0,
    status: 'pending',
    error: null,
    conflict: null,
    created_at: context.now,
    changed_at: context.now,
    contract_version: CONTRACT_VERSION,
  };
}
