/**
 * Sends the outbox to the server.
 *
 * Entries form one chain per record (by local key) in the order they were
 * made; only the head of a chain is sent, so a record's changes arrive in
 * order, while chains do not wait for each other (up to `concurrency` in
 * parallel). A head that points at a record not yet created on the server
 * waits for that create. Each worker sends a group of entries (one, or up
 * to `batchSize` in one batch call) while the next group is already
 * prepared (marked in flight in the store); when the answers come, the
 * prepared group goes at once and one store step applies the answers and
 * prepares the group after it (`sendChains`); the steps of
 * concurrent sends that fall due within a few milliseconds share one
 * transaction (write-batch.ts). What an answer
 * does to the entry is a pure decision (push-outcome.ts, the table in
 * sync/README.md); a 409 with the server's record goes to push-conflict.ts;
 * push-apply.ts writes accepted answers and finished deletes.
 */
import { IDEMPOTENCY_HEADER, IF_MATCH_HEADER } from '../contract/sync';
import type { StoreScope, SyncDatabase } from '../store/database';
import { allReferences, type ResourceDefinition } from '../store/registry/resource';
import type { ResourceRegistry } from '../store/registry/registry';
import { withReopen } from '../store/reopen';
import type { OutboxEntry, RecordFields, StoredRecord, SyncErrorInfo } from '../store/types';
import { nextRetryDelay, type BackoffPolicy } from './backoff';
import { syncErrorInfo, SYNC_MESSAGES } from './errors';
import { clearAllUploadProgress, clearUploadProgress, uploadProgressReporter } from './files-progress';
import { FILE_MESSAGES, uploadForm } from './files-store';
import { acceptAnswer, applyDeleted, dropEntry, failEntry, removedWithOther, type Prepared, type SendVerdict } from './push-apply';
import { applyCommandAnswer, prepareCommand } from './commands';
import { applyConflict } from './push-conflict';
import { classifyOutcome } from './push-outcome';
import { removeRecord } from './references';
import type { HttpOutcome, HttpRequest, Transport } from './transport';
import { buildBody, fillPath, readReferenceTargets, resolveReferences, type KnownKeys } from './wire';
import { WriteBatch } from './write-batch';

export interface PushContext {
  db: SyncDatabase;
  transport: Transport;
  backoff: BackoffPolicy;
  random: () => number;
  now: () => number;
  concurrency: number;
  /** Most writes in one batch call (sync/contract/batch.ts); 1 sends each write alone. */
  batchSize: number;
  isStopped: () => boolean;
}

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

export interface PushResult {
  /** Requests that got an outcome. */
  sent: number;
  /** A request found no server: the rest waits for the next run. */
  networkDown: boolean;
  /** The session is over: nothing more is sent until the user signs in. */
  unauthorized: boolean;
  /** Earliest time a waiting retry is due, or null. */
  nextWakeAt: number | null;
  /** The last retryable error met, for the status. */
  lastError: SyncErrorInfo | null;
}

export async function push(context: PushContext): Promise<PushResult> {
  const result: PushResult = { sent: 0, networkDown: false, unauthorized: false, nextWakeAt: null, lastError: null };
  await withReopen(context.db, () => releaseStaleInFlight(context.db));
  // Entries that could not go this round (waiting for a create, or changed meanwhile) sit out
  // until something else moves; then every entry is looked at again.
  const parked = new Set<number>();
  // Workers still sending: a transaction waits for at most one step from each (write-batch.ts).
  let working = 0;
  const batch = new WriteBatch(context.db, { steps: () => working, windowMs: PUSH_GATHER_MS });
  while (!context.isStopped()) {
    const heads = await withReopen(context.db, () => readyHeads(context.db, context.now()));
    const ready = heads.filter((entry) => !parked.has(entry.seq!));
    if (ready.length === 0) break;
    let progress = 0;
    let failure: unknown = null;
    const halted = () => failure !== null || result.networkDown || result.unauthorized || context.isStopped();
    const record = (entry: OutboxEntry, verdict: SendVerdict) => {
      if (verdict === 'sent') progress += 1;
      else if (verdict === 'network-down') result.networkDown = true;
      else if (verdict === 'unauthorized') result.unauthorized = true;
      else parked.add(entry.seq!);
    };
    let next = 0;
    const claim: Claim = (grouped) => {
      if (next >= ready.length || halted()) return undefined;
      if (grouped > 0 && !batchable(context.db.registry, ready[next]!)) return undefined;
      return ready[next++];
    };
    const workers = Math.max(1, Math.min(context.concurrency, ready.length));
    // The entries left, shared among the workers: a few entries still go one per request, in parallel.
    const groupSize = () => Math.min(context.batchSize, Math.max(1, Math.ceil((ready.length - next) / workers)));
    const worker = async () => {
      working += 1;
      try {
        await sendChains(context, batch, result, claim, groupSize, halted, record);
      } catch (error) {
        failure ??= error;
      } finally {
        working -= 1;
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    // A store failure (the database closed under us) ends the run; an in-flight
    // entry left behind is sent again, with the same key, when the engine restarts.
    if (failure) throw failure;
    result.sent += progress;
    if (result.networkDown || result.unauthorized) break;
    if (progress > 0) parked.clear();
  }
  // Offline, entries that fell due meanwhile wait for the failed one's retry instead of waking the engine at once.
  const notBefore = result.networkDown ? context.now() : 0;
  result.nextWakeAt = await withReopen(context.db, () => earliestRetry(context.db, parked, notBefore));
  return result;
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

type PrepareResult = Prepared | 'skipped' | 'waiting';

/** What one store step gave: the entries it prepared (none, one, or a batch's), and the claimed entries that could not go. */
interface Claimed {
  prepared: Prepared[];
  passed: { entry: OutboxEntry; verdict: 'skipped' | 'waiting' }[];
}

/** The next ready entry, if the group of `grouped` entries prepared so far may take it. */
type Claim = (grouped: number) => OutboxEntry | undefined;

interface Flight {
  group: Prepared[];
  outcomes: Promise<HttpOutcome[]>;
}

/**
 * One worker: sends one group at a time (a batch call of up to
 * `batchSize` writes, or one write), and keeps the next group prepared
 * (stored as in flight, its requests built) while the current one travels.
 * When the answers come, the prepared group is sent at once, before they
 * are applied; the step that applies them also prepares the group after
 * (one store transaction per send). So the wait between two sends is no
 * longer a store step: in Chromium those steps, not the server, left the
 * pipe half empty.
 *
 * Nothing is sent that is not stored as in flight (the step's result comes
 * after its commit). A prepared group that is not sent because the run
 * halts (network down, session over, stopped, another worker's store
 * failure) is put back as it was. An answer that ends the run (network
 * down, 401) is known from the outcomes alone, so nothing is sent after it.
 */
async function sendChains(
  context: PushContext,
  batch: WriteBatch,
  result: PushResult,
  claim: Claim,
  groupSize: () => number,
  halted: () => boolean,
  record: (entry: OutboxEntry, verdict: SendVerdict) => void,
): Promise<void> {
  const prepareNext = (store: StoreScope) => claimAndPrepare(context, store, claim, groupSize());
  const settle = (claimed: Claimed) => {
    for (const { entry, verdict } of claimed.passed) record(entry, verdict);
    return claimed.prepared.length > 0 ? claimed.prepared : undefined;
  };
  let ready = settle(await batch.run(prepareNext));
  if (!ready) return;
  let flight: Flight | null = launch(context, ready);
  let ahead: Promise<Prepared[] | undefined> | null = handled(batch.run(prepareNext).then(settle));
  while (flight) {
    const outcomes: HttpOutcome[] = await flight.outcomes;
    ready = ahead ? await ahead : undefined;
    ahead = null;
    const ending: boolean = outcomes.some((outcome) => outcome.kind === 'network' || (outcome.kind === 'response' && outcome.status === 401));
    const following: Flight | null = ready && !ending && !halted() ? launch(context, ready) : null;
    const sent = flight.group;
    const applied = await batch.run(async (store): Promise<{ verdicts: SendVerdict[]; claimed?: Claimed }> => {
      const verdicts: SendVerdict[] = [];
      for (const [index, prepared] of sent.entries()) verdicts.push(await applyOutcome(context, store, prepared, outcomes[index]!, result));
      const more: boolean = following !== null && !verdicts.some((verdict) => verdict === 'network-down' || verdict === 'unauthorized');
      return more ? { verdicts, claimed: await prepareNext(store) } : { verdicts };
    });
    sent.forEach((prepared, index) => record(prepared.entry, applied.verdicts[index]!));
    const prepared: Prepared[] | undefined = applied.claimed ? settle(applied.claimed) : undefined;
    if (ready && !following) await batch.run((store) => unmark(store, ready!));
    flight = following;
    if (prepared) {
      if (flight && !halted()) ahead = Promise.resolve(prepared);
      else await batch.run((store) => unmark(store, prepared));
    }
  }
}

/** Sends a prepared group (marked in flight in the store): one write alone (an upload shows its progress), several in a batch call. */
function launch(context: PushContext, group: Prepared[]): Flight {
  if (group.length > 1) return { group, outcomes: handled(context.transport.sendBatch(group.map((prepared) => prepared.request))) };
  const { db } = context;
  const [prepared] = group as [Prepared];
  const { upload } = prepared.request;
  if (upload) upload.onProgress = uploadProgressReporter(db, prepared.resource.name, prepared.entry.key, context.now);
  const outcome = context.transport.send(prepared.request).then(async (answer) => {
    if (upload) await clearUploadProgress(db, prepared.entry.key);
    return [answer];
  });
  return { group, outcomes: handled(outcome) };
}

/**
 * Marks a promise awaited later as handled now: a store failure meanwhile
 * still reaches the worker when it awaits it, but is not reported as an
 * unhandled rejection first (or ever, when the worker ended on another failure).
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * Claims entries until `size` are prepared (marked in flight) or none is
 * left, all in the caller's transaction: the entries that wait for a
 * create or were changed meanwhile cost no transaction of their own. A
 * write that cannot go in a batch (an upload, a command) makes a group of
 * its own.
 */
async function claimAndPrepare(context: PushContext, store: StoreScope, claim: Claim, size: number): Promise<Claimed> {
  const claimed: Claimed = { prepared: [], passed: [] };
  while (claimed.prepared.length < size) {
    const entry = claim(claimed.prepared.length);
    if (!entry) break;
    const prepared = await prepare(context, store, entry);
    if (prepared === 'skipped' || prepared === 'waiting') {
      claimed.passed.push({ entry, verdict: prepared });
      continue;
    }
    claimed.prepared.push(prepared);
    if (!batchable(store.registry, prepared.entry)) break;
  }
  return claimed;
}

/**
 * Whether a write may travel in a batch call: a JSON create, update or
 * delete. Not an upload (multipart, with its progress) nor a command (it
 * may take long, such as sending an e-mail).
 */
function batchable(registry: ResourceRegistry, entry: OutboxEntry): boolean {
  return entry.op !== 'command' && !(entry.op === 'create' && registry.get(entry.resource).upload);
}

/** Puts back each entry of a prepared group that was not sent (`unmarkEntry`). */
async function unmark(store: StoreScope, group: readonly Prepared[]): Promise<void> {
  for (const prepared of group) await unmarkEntry(store, prepared);
}

/**
 * Puts back a prepared entry that was not sent: pending again, this try not
 * counted, the body it would have sent forgotten unless an earlier try sent
 * it. Only while it is still as the prepare left it.
 */
async function unmarkEntry(store: StoreScope, prepared: Prepared): Promise<void> {
  const entry = await store.outbox.get(prepared.seq);
  if (entry?.status !== 'in_flight' || entry.attempts !== prepared.entry.attempts) return;
  const restored: OutboxEntry = { ...entry, status: 'pending', attempts: prepared.before.attempts };
  if (prepared.before.sent) restored.sent = prepared.before.sent;
  else delete restored.sent;
  await store.outbox.put(restored);
}

async function prepare(context: PushContext, db: StoreScope, seen: OutboxEntry): Promise<PrepareResult> {
  const seq = seen.seq!;
  // Read together: each read waited for alone costs a round trip to the store (most of a push's time in Chromium).
  // The entry, by its seq: still the head of its chain if it still has its key. A chain only gains
  // entries at its end (seqs grow), except by adopting a duplicate, which moves entries to another
  // key, and only into the chain of a create being answered, whose head that create is.
  const [stored, record, targets] = await Promise.all([
    db.outbox.get(seq),
    db.records(seen.resource).get(seen.key),
    seen.payload ? readReferenceTargets(db, db.registry.get(seen.resource), seen.payload) : undefined,
  ]);
  const entry = stored?.key === seen.key ? stored : undefined;
  if (entry?.status !== 'pending' || entry.next_attempt_at > context.now()) return 'skipped';
  const resource = db.registry.get(entry.resource);
  if (!record || (await removedWithOther(db, record, entry))) {
    // Its record went along with a deleted parent or target: the server's cascade takes care of it.
    await dropEntry(db, entry);
    return 'skipped';
  }
  if (entry.op === 'command') return prepareCommand(db, entry, record, resource);

  const fields = entry.op === 'delete' ? record : { ...record, ...entry.payload };
  const references = await resolveReferences(db, resource, fields, targets);
  if (!references.ready) return 'waiting';
  const parentId = resource.parent ? (references.ids[resource.parent.field] ?? null) : undefined;
  const parent = resource.parent ? { key: record[resource.parent.keyField] as string, id: parentId ?? null } : undefined;
  if (resource.parent && parentId === null) {
    await failEntry(db, entry, syncErrorInfo('validation', SYNC_MESSAGES.missingReference));
    return 'skipped';
  }

  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: entry.idempotency_key };
  let request: HttpRequest;
  let body: RecordFields | undefined;
  // A retry under the same idempotency key sends the body of the first try, byte for byte.
  const frozen = entry.sent?.key === entry.idempotency_key ? entry.sent.body : undefined;
  if (entry.op === 'create') {
    body = frozen ?? buildBody(resource, entry.payload ?? {}, references.ids);
    request = { method: 'POST', path: fillPath(resource.paths.create, { parentId }), body, headers };
    if (resource.upload) {
      // A file's create is a multipart upload of the bytes kept on the device (files.ts).
      const upload = await uploadForm(db, resource, entry.key, body);
      if (!upload) {
        await failEntry(db, entry, syncErrorInfo('validation', FILE_MESSAGES.missing));
        return 'skipped';
      }
      request = { method: 'POST', path: request.path, headers, upload: { form: upload.form, bytes: upload.size } };
    }
  } else {
    if (record.id === null) {
      if (entry.op === 'delete') {
        // The record never reached the server: nothing to delete there.
        await db.outbox.delete(seq);
        if ((await db.outbox.where('key').equals(entry.key).count()) === 0) await removeRecord(db, resource.name, entry.key);
        return 'skipped';
      }
      return 'waiting';
    }
    if (record.updated_at) headers[IF_MATCH_HEADER] = record.updated_at;
    const path = fillPath(entry.op === 'update' ? resource.paths.update : resource.paths.delete, { id: record.id, parentId });
    if (entry.op === 'update') {
      body = frozen ?? buildBody(resource, entry.payload ?? {}, references.ids);
      request = { method: 'PUT', path, body, headers };
    } else {
      request = { method: 'DELETE', path, headers };
    }
  }
  const inFlight: OutboxEntry = {
    ...entry,
    status: 'in_flight',
    attempts: entry.attempts + 1,
    ...(body ? { sent: { key: entry.idempotency_key, body } } : {}),
  };
  await db.outbox.put(inFlight);
  return { seq, entry: inFlight, before: entry, resource, request, body, parent, keys: knownKeys(resource, fields, references.ids) };
}

/** Server id → local key of each reference the request was resolved from, for applying the answer without looking them up. */
function knownKeys(resource: ResourceDefinition, fields: RecordFields, ids: Record<string, number | null>): KnownKeys {
  const keys = new Map<string, Map<number, string>>();
  for (const reference of allReferences(resource)) {
    const key = fields[reference.keyField];
    const id = ids[reference.field];
    if (typeof key !== 'string' || typeof id !== 'number') continue;
    const known = keys.get(reference.resource) ?? new Map<number, string>();
    known.set(id, key);
    keys.set(reference.resource, known);
  }
  return keys;
}

async function applyOutcome(
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
  const decision = classifyOutcome(outcome, entry);
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

async function retryLater(context: PushContext, db: StoreScope, entry: OutboxEntry, error: SyncErrorInfo, retryAfterMs?: number): Promise<void> {
  const delay = nextRetryDelay(entry.attempts, retryAfterMs, context.backoff, context.random);
  await db.outbox.put({ ...entry, status: 'pending', error, next_attempt_at: context.now() + delay });
}
