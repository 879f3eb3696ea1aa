/**
 * What one server answer does to the outbox entry that was sent: a pure
 * decision, with no store access, so the rules read (and are tested) as a
 * table. push.ts carries the decision out in the store.
 *
 * - 2xx: `accepted` (the answer becomes the record's base) or, for a delete, `removed`;
 * - 404 on a delete: `removed` (already gone counts as done);
 * - network error: `retry` and the run ends (the server is unreachable);
 * - timeout, 408, 429, 5xx, and a 409 with Retry-After and no record (the
 *   first attempt of the same key still runs there): `retry` with backoff,
 *   Retry-After honoured;
 * - 401: `unauthorized` (the transport already refreshed once): back to
 *   pending, the try not counted, the run stops;
 * - 409 with the server's `current` record: `conflict` (push-conflict.ts
 *   decides whether it settles alone);
 * - any other 4xx (a 409 without a record, a 404 on a PUT): `failed`, with
 *   the server's Portuguese message and per-field messages; but a create or
 *   update that replayed the body kept from an earlier try is `rebuilt`
 *   once: a refusal means nothing was applied under its key, and the kept
 *   body may name what was deleted since (a category cleared on the device
 *   after the first try was lost).
 */
import { apiErrorSchema } from '../contract/errors';
import type { OutboxEntry, SyncErrorInfo } from '../store/types';
import { syncErrorInfo } from './errors';
import type { HttpOutcome } from './transport';

export type OutcomeDecision =
  /** The server applied it: the entry goes, the record takes the answer (`body`) as its base. */
  | { kind: 'accepted'; body: unknown }
  /** A delete is done (applied now, or the record was already gone): the entry goes, and the record with its last entry. */
  | { kind: 'removed' }
  /** Back to pending, sent again after the backoff (or `retryAfterMs` when longer); same idempotency key. */
  | { kind: 'retry'; error: SyncErrorInfo; retryAfterMs?: number; networkDown: boolean }
  /** The session is over: back to pending without counting this try; nothing more is sent until sign-in. */
  | { kind: 'unauthorized' }
  /** The record changed on the server: `body` carries its current version. */
  | { kind: 'conflict'; body: unknown }
  /** Refused: the entry keeps the user's data with the server's message until fixed, retried or discarded. */
  | { kind: 'failed'; error: SyncErrorInfo }
  /** A replayed kept body refused: sent again at once, built from the record as it is now, under a new key. */
  | { kind: 'rebuilt'; error: SyncErrorInfo };

/** The sent entry, as far as the decision needs it: `replayedBody` when this try sent the body kept from an earlier one. */
export type SentEntry = Pick<OutboxEntry, 'op'> & { replayedBody?: boolean };

export function classifyOutcome(outcome: HttpOutcome, entry: SentEntry): OutcomeDecision {
  if (outcome.kind === 'network') return { kind: 'retry', error: syncErrorInfo('network'), networkDown: true };
  if (outcome.kind === 'timeout') return { kind: 'retry', error: syncErrorInfo('network'), networkDown: false };
  const { status, body, retryAfterMs } = outcome;
  if (status >= 200 && status < 300) return entry.op === 'delete' ? { kind: 'removed' } : { kind: 'accepted', body };
  if (status === 404 && entry.op === 'delete') return { kind: 'removed' };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 409 && retryAfterMs !== undefined && !hasCurrent(body)) {
    // "Still running": a retry met its own first attempt on the server. Not a conflict; try again shortly.
    return { kind: 'retry', error: syncErrorInfo('server', undefined, { status }), retryAfterMs, networkDown: false };
  }
  if (status === 409 && hasCurrent(body)) return { kind: 'conflict', body };
  if (status === 408 || status === 429 || status >= 500) {
    return {
      kind: 'retry',
      error: syncErrorInfo('server', undefined, { status }),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      networkDown: false,
    };
  }
  const error = refusalOf(status, body);
  const replayed = entry.replayedBody === true && (entry.op === 'create' || entry.op === 'update');
  return replayed ? { kind: 'rebuilt', error } : { kind: 'failed', error };
}

function refusalOf(status: number, body: unknown): SyncErrorInfo {
  const error = apiErrorSchema.safeParse(body);
  // A 409 without the current record is a refusal with a reason ("type in use"), not a version conflict.
  if (status === 409) return syncErrorInfo('validation', error.success ? error.data.message : undefined, { status });
  const code = status === 404 ? 'not-found' : 'validation';
  return syncErrorInfo(code, error.success ? error.data.message : undefined, {
    status,
    ...(error.success && error.data.errors ? { fields: error.data.errors } : {}),
  });
}

function hasCurrent(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'current' in body;
}
