/**
 * Sends the outbox to the server: one push run.
 *
 * Entries form one chain per record (by local key) in the order they were
 * made; only the head of a chain is sent, so a record's changes arrive in
 * order, while chains do not wait for each other (up to `concurrency`
 * workers in parallel). A head that points at a record not yet created on
 * the server waits for that create. A run goes in rounds: the chain heads
 * ready now are shared among the workers; entries that could not go sit out
 * until something else moves. Record writes go before uploads: a round
 * takes every ready write, and only a round with none takes the uploads
 * (push-order.ts), so a sample's data never waits behind photos.
 *
 * The parts: each worker sends one group of entries (one, or up to
 * `batchSize` in one batch call) while the next is prepared, as a state
 * machine (push-pipeline.ts, carried out by push-worker.ts); preparing a
 * group marks its entries in flight and builds their requests
 * (push-prepare.ts, push-request.ts); an answer is applied by
 * push-answer.ts, whose decision is pure (push-outcome.ts, the table in
 * sync/README.md). The store steps of concurrent sends that fall due within
 * a few milliseconds share one transaction (write-batch.ts).
 */
import type { SyncDatabase } from '../store/database';
import { withReopen } from '../store/reopen';
import type { OutboxEntry } from '../store/types';
import { clearAllUploadProgress } from './files-progress';
import { forgetUploadsSentIfIdle } from './files-queue';
import type { SendVerdict } from './push-apply';
import type { PushContext, PushResult } from './push-context';
import { isUpload, mayClaimMore, nextPushRound, type PushRound } from './push-order';
import { batchable, type Claim } from './push-prepare';
import { sendChains, type Round } from './push-worker';
import { WriteBatch } from './write-batch';

/**
 * Most writes a worker sends in one batch call. A push of a thousand
 * creates then makes about 50 requests instead of 1,000: in Chromium each
 * request cost the device about as much CPU as the store work of its write.
 * Small enough that a batch's answer comes in a fraction of a second from
 * a small server, and that a lost answer costs little to replay.
 */
export const PUSH_BATCH_SIZE = 25;

/**
 * How long a store step waits for the other workers' steps to share its
 * transaction (write-batch.ts): a fraction of a request's time on a local
 * network, all of it hidden on a tablet's.
 */
const PUSH_GATHER_MS = 8;

export async function push(context: PushContext): Promise<PushResult> {
  const result: PushResult = { sent: 0, networkDown: false, unauthorized: false, nextWakeAt: null, lastError: null };
  await withReopen(context.db, () => releaseStaleInFlight(context.db));
  // Entries that could not go this round (waiting for a create, or changed meanwhile) sit out
  // until something else moves; then every entry is looked at again.
  const parked = new Set<number>();
  // Workers still sending: a transaction waits for at most one step from each (write-batch.ts).
  const workers = { working: 0 };
  const batch = new WriteBatch(context.db, { steps: () => workers.working, windowMs: PUSH_GATHER_MS });
  while (!context.isStopped()) {
    const heads = await withReopen(context.db, () => readyHeads(context.db, context.now()));
    const ready = heads.filter((entry) => !parked.has(entry.seq!));
    const round = nextPushRound(ready, (entry) => isUpload(context.db.registry, entry));
    if (round === null) break;
    const progress = await sendRound(context, batch, workers, result, round, parked);
    result.sent += progress;
    if (result.networkDown || result.unauthorized) break;
    if (progress > 0) parked.clear();
  }
  // Offline, entries that fell due meanwhile wait for the failed one's retry instead of waking the engine at once.
  const notBefore = result.networkDown ? context.now() : 0;
  result.nextWakeAt = await withReopen(context.db, () => earliestRetry(context.db, parked, notBefore));
  // An upload queue emptied by a discard or a refusal starts its count again (files-queue.ts).
  await withReopen(context.db, () => forgetUploadsSentIfIdle(context.db));
  return result;
}

/** One round: its entries shared among the workers; gives how many got an outcome. */
async function sendRound(
  context: PushContext,
  batch: WriteBatch,
  workers: { working: number },
  result: PushResult,
  { stage, entries: ready }: PushRound<OutboxEntry>,
  parked: Set<number>,
): Promise<number> {
  const startedAt = context.now();
  const count = Math.max(1, Math.min(context.concurrency, ready.length));
  let progress = 0;
  let failure: unknown = null;
  let next = 0;
  const halted = () => failure !== null || result.networkDown || result.unauthorized || context.isStopped();
  const record = (entry: OutboxEntry, verdict: SendVerdict) => {
    if (verdict === 'sent') progress += 1;
    else if (verdict === 'network-down') result.networkDown = true;
    else if (verdict === 'unauthorized') result.unauthorized = true;
    else parked.add(entry.seq!);
  };
  const claim: Claim = (grouped) => {
    if (next >= ready.length || halted()) return undefined;
    if (!mayClaimMore(stage, next, count, context.now() - startedAt)) return undefined;
    if (grouped > 0 && !batchable(context.db.registry, ready[next]!)) return undefined;
    return ready[next++];
  };
  // The entries left, shared among the workers: a few entries still go one per request, in parallel.
  const groupSize = () => Math.min(context.batchSize, Math.max(1, Math.ceil((ready.length - next) / count)));
  const round: Round = { claim, groupSize, halted, record };
  const worker = async () => {
    workers.working += 1;
    try {
      await sendChains(context, batch, result, round);
    } catch (error) {
      failure ??= error;
    } finally {
      workers.working -= 1;
    }
  };
  await Promise.all(Array.from({ length: count }, worker));
  // A store failure (the database closed under us) ends the run; an in-flight
  // entry left behind is sent again, with the same key, when the engine restarts.
  if (failure) throw failure;
  return progress;
}

/**
 * Only one push runs at a time (one engine per device, one run at a time),
 * so an entry still in flight when a push starts was cut off (the app closed,
 * the tab reloaded, the store failed) and goes back to pending, keeping its
 * idempotency key: if the server applied it, the retry gets the stored answer.
 */
export async function releaseStaleInFlight(db: SyncDatabase): Promise<void> {
  await db.outbox.where('status').equals('in_flight').modify({ status: 'pending', next_attempt_at: 0 });
  await clearAllUploadProgress(db);
}

/** Heads of the chains that may be sent now, oldest first. */
export async function readyHeads(db: SyncDatabase, now: number): Promise<OutboxEntry[]> {
  const seen = new Set<string>();
  const ready: OutboxEntry[] = [];
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    if (entry.status === 'pending' && entry.next_attempt_at <= now) ready.push(entry);
  }
  return ready;
}

/**
 * When the earliest retry falls due: the smallest `next_attempt_at` of a
 * chain head that waits after a failed try. It may already be past (it fell
 * due while the run was busy): the caller then runs again at once.
 */
async function earliestRetry(db: SyncDatabase, parked: ReadonlySet<number>, notBefore: number): Promise<number | null> {
  const seen = new Set<string>();
  let earliest: number | null = null;
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    if (entry.status === 'pending' && entry.next_attempt_at > notBefore && !parked.has(entry.seq!)) {
      earliest = earliest === null ? entry.next_attempt_at : Math.min(earliest, entry.next_attempt_at);
    }
  }
  return earliest;
}
