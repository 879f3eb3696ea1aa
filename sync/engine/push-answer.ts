/**
 * Applies one server answer to the entry that was sent, inside the store
 * step of its worker: the entry is read again (it may have moved to
 * another chain, or gone with a deleted parent), the answer classified
 * (push-outcome.ts) and the decision carried out (push-apply.ts,
 * push-conflict.ts, commands.ts). Gives the worker its verdict.
 */
import type { StoreScope } from '../store/database';
import type { OutboxEntry, RecordFields, StoredRecord, SyncErrorInfo } from '../store/types';
import { newKey } from '../store/keys';
import { nextRetryDelay } from './backoff';
import { applyCommandAnswer } from './commands';
import { syncErrorInfo, SYNC_MESSAGES } from './errors';
import { acceptAnswer, applyDeleted, dropEntry, failEntry, removedWithOther, type Prepared, type SendVerdict } from './push-apply';
import { applyConflict } from './push-conflict';
import type { PushContext, PushResult } from './push-context';
import { classifyOutcome } from './push-outcome';
import { keptBody } from './push-request';
import type { HttpOutcome } from './transport';

export async function applyOutcome(
  context: PushContext,
  db: StoreScope,
  prepared: Prepared,
  outcome: HttpOutcome,
  result: PushResult,
): Promise<SendVerdict> {
  // The entry is read with the rest of its chain (acceptAnswer needs it); adopting a duplicate may have moved it to another key.
  const [sentChain, sentRecord] = await Promise.all([
    db.outbox.where('key').equals(prepared.entry.key).toArray(),
    db.records(prepared.resource.name).get(prepared.entry.key),
  ]);
  const found = sentChain.find((item) => item.seq === prepared.seq);
  const entry = found ?? (await db.outbox.get(prepared.seq));
  if (!entry) return 'sent';
  const chain = found ? sentChain : undefined;
  const record = entry.key === prepared.entry.key ? sentRecord : await db.records(prepared.resource.name).get(entry.key);
  if (!record || (await removedWithOther(db, record, entry, chain))) {
    // Removed (with its parent or target) while this was on its way: whatever the outcome, the
    // server's cascade settles it; a lost create is deleted with the parent.
    await dropEntry(db, entry);
    return outcome.kind === 'network' ? 'network-down' : 'sent';
  }
  const decision = classifyOutcome(outcome, { op: entry.op, replayedBody: keptBody(prepared.before) !== undefined });
  switch (decision.kind) {
    case 'accepted':
      return applySuccess(context, db, prepared, entry, record, decision.body, result, chain, outcome.kind === 'response' && outcome.status === 201);
    case 'removed':
      return applyDeleted(db, prepared);
    case 'unauthorized':
      // The session is over; this try does not count against the entry.
      await db.outbox.put({ ...entry, status: 'pending', attempts: Math.max(0, entry.attempts - 1) });
      return 'unauthorized';
    case 'retry':
      result.lastError = decision.error;
      await retryLater(context, db, entry, decision.error, decision.retryAfterMs);
      return decision.networkDown ? 'network-down' : 'sent';
    case 'conflict':
      return applyConflict(db, prepared, entry, decision.body);
    case 'failed':
      await failEntry(db, entry, decision.error);
      return 'sent';
    case 'rebuilt':
      await rebuildLater(context, db, entry, decision.error);
      return 'sent';
  }
}

async function applySuccess(
  context: PushContext,
  db: StoreScope,
  prepared: Prepared,
  entry: OutboxEntry,
  record: StoredRecord,
  body: unknown,
  result: PushResult,
  chain: readonly OutboxEntry[] | undefined,
  /** The server answered 201: it made the record with this request. */
  created: boolean,
): Promise<SendVerdict> {
  const { resource } = prepared;
  // A command's answer is applied by commands.ts; false means an unexpected answer, retried like one.
  const parsed = entry.op === 'command' ? null : resource.schema.safeParse(body);
  const accepted = parsed === null ? await applyCommandAnswer(db, prepared, entry, record, body) : parsed.success;
  if (!accepted) {
    // Same idempotency key on retry: the server replays its answer rather than applying twice.
    result.lastError = syncErrorInfo('server', SYNC_MESSAGES.unexpectedResponse);
    await retryLater(context, db, entry, result.lastError);
    return 'sent';
  }
  if (parsed?.success) await acceptAnswer(db, prepared, entry, record, parsed.data as RecordFields, chain, created);
  return 'sent';
}

/** Pending again at once under a new key, so the next try builds its body from the record as it is now. */
async function rebuildLater(context: PushContext, db: StoreScope, entry: OutboxEntry, error: SyncErrorInfo): Promise<void> {
  const { sent: _kept, ...rest } = entry;
  await db.outbox.put({ ...rest, status: 'pending', error, idempotency_key: newKey(), next_attempt_at: context.now() });
}

async function retryLater(context: PushContext, db: StoreScope, entry: OutboxEntry, error: SyncErrorInfo, retryAfterMs?: number): Promise<void> {
  const delay = nextRetryDelay(entry.attempts, retryAfterMs, context.backoff, context.random);
  await db.outbox.put({ ...entry, status: 'pending', error, next_attempt_at: context.now() + delay });
}
