/**
 * Sends the outbox to the server.
 *
 * Entries form one chain per record (by local key) in the order they were
 * made; only the head of a chain is sent, so a record's changes arrive in
 * order, while chains do not wait for each other (up to `concurrency` in
 * parallel). A head that points at a record not yet created on the server
 * waits for that create. Each send is: mark in flight (a store step),
 * HTTP, apply the outcome (a store step); the steps of concurrent sends that
 * fall due together share one transaction (write-batch.ts). The outcome decides:
 *
 * - 2xx: the server's version becomes the record's base; a create's id goes
 *   into the record and every reference to it;
 * - network error, timeout, 408, 429, 5xx: retry later with backoff and
 *   jitter (Retry-After honoured), same idempotency key;
 * - 401: the transport already refreshed and retried once; the push stops
 *   until the user signs in again;
 * - 404 on a delete: done;
 * - 409 with the server's current record: a conflict the user resolves, unless
 *   only the server's timestamp moved; 409 with Retry-After and no record
 *   (the first attempt of the same key is still running there): retry;
 * - any other 4xx: failed, with the server's message; the local data stays.
 */
import { apiErrorSchema } from '../contract/errors';
import { conflictResponseSchema, IDEMPOTENCY_HEADER, IF_MATCH_HEADER } from '../contract/sync';
import type { StoreScope, SyncDatabase } from '../store/database';
import { sameValue } from '../store/local-record';
import { newKey } from '../store/keys';
import { withReopen } from '../store/reopen';
import type { ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord, SyncErrorInfo } from '../store/types';
import { acceptServerVersion, readLocalLines, replaceChildren, serverVersion } from './apply-server';
import { nextRetryDelay, type BackoffPolicy } from './backoff';
import { syncErrorInfo, SYNC_MESSAGES } from './errors';
import { clearAllUploadProgress, clearUploadProgress, uploadProgressReporter } from './files-progress';
import { FILE_MESSAGES, markUploaded, removeOwnedFiles, uploadForm } from './files-store';
import { assignServerId, removeRecord } from './references';
import type { HttpOutcome, HttpRequest, Transport } from './transport';
import { buildBody, fillPath, lookupKeys, readReferenceTargets, resolveReferences } from './wire';
import { WriteBatch } from './write-batch';

/** 409s settled on their own before the entry is shown as a conflict. */
const MAX_REBASES = 3;

export interface PushContext {
  db: SyncDatabase;
  transport: Transport;
  backoff: BackoffPolicy;
  random: () => number;
  now: () => number;
  concurrency: number;
  isStopped: () => boolean;
}

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

type SendVerdict = 'sent' | 'skipped' | 'waiting' | 'network-down' | 'unauthorized';

interface Prepared {
  seq: number;
  entry: OutboxEntry;
  resource: ResourceDefinition;
  request: HttpRequest;
  body: RecordFields | undefined;
  parent: { key: string; id: number | null } | undefined;
}

export async function push(context: PushContext): Promise<PushResult> {
  const result: PushResult = { sent: 0, networkDown: false, unauthorized: false, nextWakeAt: null, lastError: null };
  await withReopen(context.db, () => releaseStaleInFlight(context.db));
  // Entries that could not go this round (waiting for a create, or changed meanwhile) sit out
  // until something else moves; then every entry is looked at again.
  const parked = new Set<number>();
  const batch = new WriteBatch(context.db);
  while (!context.isStopped()) {
    const heads = await withReopen(context.db, () => readyHeads(context.db, context.now()));
    const ready = heads.filter((entry) => !parked.has(entry.seq!));
    if (ready.length === 0) break;
    let progress = 0;
    let failure: unknown = null;
    await runPool(ready, context.concurrency, async (entry) => {
      if (failure || result.networkDown || result.unauthorized || context.isStopped()) return;
      try {
        const verdict = await sendEntry(context, batch, entry, result);
        if (verdict === 'sent') progress += 1;
        else if (verdict === 'network-down') result.networkDown = true;
        else if (verdict === 'unauthorized') result.unauthorized = true;
        else parked.add(entry.seq!);
      } catch (error) {
        failure ??= error;
      }
    });
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

async function sendEntry(context: PushContext, batch: WriteBatch, seen: OutboxEntry, result: PushResult): Promise<SendVerdict> {
  const { db } = context;
  const prepared = await batch.run((store) => prepare(context, store, seen));
  if (prepared === 'skipped' || prepared === 'waiting') return prepared;
  const { upload } = prepared.request;
  if (upload) upload.onProgress = uploadProgressReporter(db, prepared.resource.name, prepared.entry.key, context.now);
  const outcome = await context.transport.send(prepared.request);
  if (upload) await clearUploadProgress(db, prepared.entry.key);
  return batch.run((store) => applyOutcome(context, store, prepared, outcome, result));
}

async function prepare(context: PushContext, db: StoreScope, seen: OutboxEntry): Promise<Prepared | 'skipped' | 'waiting'> {
  const seq = seen.seq!;
  // Read together: each read waited for alone costs a round trip to the store (most of a push's time in Chromium).
  // The key the entry had when the run listed it is checked, since adopting a duplicate can move an entry.
  const [entry, head, record, targets] = await Promise.all([
    db.outbox.get(seq),
    db.outbox.where('key').equals(seen.key).first(),
    db.records(seen.resource).get(seen.key),
    seen.payload ? readReferenceTargets(db, db.registry.get(seen.resource), seen.payload) : undefined,
  ]);
  if (!entry || entry.status !== 'pending' || entry.next_attempt_at > context.now()) return 'skipped';
  if (entry.key !== seen.key || head?.seq !== seq) return 'skipped';
  const resource = db.registry.get(entry.resource);
  if (!record || (await removedWithOther(db, record, entry))) {
    // Its record went along with a deleted parent or target: the server's cascade takes care of it.
    await dropEntry(db, entry);
    return 'skipped';
  }

  const fields = entry.op === 'delete' ? record : { ...record, ...entry.payload };
  const references = await resolveReferences(db, resource, fields, targets);
  if (!references.ready) return 'waiting';
  const parentId = resource.parent ? references.ids[resource.parent.field] ?? null : undefined;
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
  return { seq, entry: inFlight, resource, request, body, parent };
}

async function applyOutcome(
  context: PushContext,
  db: StoreScope,
  prepared: Prepared,
  outcome: HttpOutcome,
  result: PushResult,
): Promise<SendVerdict> {
  const [entry, sentRecord] = await Promise.all([
    db.outbox.get(prepared.seq),
    db.records(prepared.resource.name).get(prepared.entry.key),
  ]);
  if (!entry) return 'sent';
  const record = entry.key === prepared.entry.key ? sentRecord : await db.records(prepared.resource.name).get(entry.key);
  if (!record || (await removedWithOther(db, record, entry))) {
    // Removed (with its parent or target) while this was on its way: whatever the outcome, the
    // server's cascade settles it; a lost create is deleted with the parent.
    await dropEntry(db, entry);
    return outcome.kind === 'network' ? 'network-down' : 'sent';
  }
  if (outcome.kind === 'network') {
    result.lastError = syncErrorInfo('network');
    await retryLater(context, db, entry, result.lastError);
    return 'network-down';
  }
  if (outcome.kind === 'timeout') {
    result.lastError = syncErrorInfo('network');
    await retryLater(context, db, entry, result.lastError);
    return 'sent';
  }
  const { status, body } = outcome;
  if (status >= 200 && status < 300) return applySuccess(context, db, prepared, entry, record, body, result);
  if (status === 404 && entry.op === 'delete') return applyDeleted(db, prepared);
  if (status === 401) {
    // The session is over; this try does not count against the entry.
    await db.outbox.put({ ...entry, status: 'pending', attempts: Math.max(0, entry.attempts - 1) });
    return 'unauthorized';
  }
  if (status === 409 && outcome.retryAfterMs !== undefined && !hasCurrent(body)) {
    // "Still running": a retry met its own first attempt on the server. Not a conflict; try again shortly.
    result.lastError = syncErrorInfo('server', undefined, { status });
    await retryLater(context, db, entry, result.lastError, outcome.retryAfterMs);
    return 'sent';
  }
  if (status === 409) return applyConflict(context, db, prepared, entry, body);
  if (status === 408 || status === 429 || status >= 500) {
    result.lastError = syncErrorInfo('server', undefined, { status });
    await retryLater(context, db, entry, result.lastError, outcome.retryAfterMs);
    return 'sent';
  }
  const error = apiErrorSchema.safeParse(body);
  const code = status === 404 ? 'not-found' : 'validation';
  await failEntry(
    db,
    entry,
    syncErrorInfo(code, error.success ? error.data.message : undefined, {
      status,
      ...(error.success && error.data.errors ? { fields: error.data.errors } : {}),
    }),
  );
  return 'sent';
}

async function applySuccess(
  context: PushContext,
  db: StoreScope,
  prepared: Prepared,
  entry: OutboxEntry,
  record: StoredRecord,
  body: unknown,
  result: PushResult,
): Promise<SendVerdict> {
  if (entry.op === 'delete') return applyDeleted(db, prepared);
  const { resource } = prepared;
  const parsed = resource.schema.safeParse(body);
  if (!parsed.success) {
    // Same idempotency key on retry: the server replays its answer rather than applying twice.
    result.lastError = syncErrorInfo('server', SYNC_MESSAGES.unexpectedResponse);
    await retryLater(context, db, entry, result.lastError);
    return 'sent';
  }
  const wire = parsed.data as RecordFields;
  await acceptAnswer(db, prepared, entry, record, wire);
  return 'sent';
}

/**
 * The server applied the entry and answered `wire`: the entry is done, the
 * record (as read in this transaction) takes the new base.
 */
async function acceptAnswer(db: StoreScope, prepared: Prepared, entry: OutboxEntry, record: StoredRecord, wire: RecordFields): Promise<void> {
  const { resource } = prepared;
  const table = db.records(resource.name);
  const id = wire.id as number;
  const [, keyOf, duplicate, chain] = await Promise.all([
    db.outbox.delete(prepared.seq),
    lookupKeys(db, resource, [wire]),
    entry.op === 'create' ? table.where('id').equals(id).first() : undefined,
    db.outbox.where('key').equals(entry.key).primaryKeys(),
  ]);
  const version = serverVersion(resource, wire, keyOf, prepared.parent);
  let later = chain.filter((seq) => seq !== prepared.seq).length;
  if (duplicate && duplicate.key !== entry.key) {
    await adoptDuplicate(db, resource, entry.key, duplicate);
    // The copy's pending changes are now the record's.
    later = await db.outbox.where('key').equals(entry.key).count();
  }
  const updated = acceptServerVersion(resource, record, version, later === 0 && !record._deleted);
  const withLines = !updated._deleted && resource.children.length > 0;
  const [lines] = await Promise.all([
    withLines ? readLocalLines(db, resource, entry.key, wire) : undefined,
    table.put(updated),
    entry.op === 'create' ? assignServerId(db, resource.name, entry.key, version.id) : undefined,
    entry.op === 'create' && resource.upload ? markUploaded(db, resource.name, entry.key, version.id) : undefined,
  ]);
  if (lines) await replaceChildren(db, resource, updated, wire, undefined, lines);
}

async function applyDeleted(db: StoreScope, prepared: Prepared): Promise<SendVerdict> {
  await db.outbox.delete(prepared.seq);
  if ((await db.outbox.where('key').equals(prepared.entry.key).count()) === 0) {
    await removeRecord(db, prepared.resource.name, prepared.entry.key);
  }
  return 'sent';
}

/**
 * A 409 is only a conflict when someone changed what the user can edit. When
 * the server's editable fields are still those this change was based on
 * (only `updated_at` moved, e.g. an equipment line was added to the agent),
 * the change is re-sent against the new timestamp; when they already equal
 * what was sent, the change is in and the entry is done.
 */
async function applyConflict(
  context: PushContext,
  db: StoreScope,
  prepared: Prepared,
  entry: OutboxEntry,
  body: unknown,
): Promise<SendVerdict> {
  const { resource } = prepared;
  const parsed = conflictResponseSchema(resource.schema).safeParse(body);
  if (!parsed.success) {
    // A 409 without the current record is a refusal with a reason ("type in use"), not a version conflict.
    const error = apiErrorSchema.safeParse(body);
    await failEntry(db, entry, syncErrorInfo('validation', error.success ? error.data.message : undefined, { status: 409 }));
    return 'sent';
  }
  const current = parsed.data.current as RecordFields;
  const table = db.records(resource.name);
  const record = await table.get(entry.key);
  if (!record) return 'sent';
  if (entry.op === 'update' && prepared.body && sameInput(resource, current, prepared.body)) {
    await acceptAnswer(db, prepared, entry, record, current);
    return 'sent';
  }
  const rebases = entry.rebases ?? 0;
  const base = record._base ? await withDeletedTargetsCleared(db, resource, record._base, current) : null;
  if (base && sameInput(resource, current, base) && rebases < MAX_REBASES) {
    await table.put({ ...record, updated_at: current.updated_at as string });
    await db.outbox.put({
      ...entry,
      status: 'pending',
      attempts: 0,
      next_attempt_at: 0,
      error: null,
      idempotency_key: newKey(),
      rebases: rebases + 1,
    });
    return 'sent';
  }
  const error = apiErrorSchema.safeParse(body);
  await db.outbox.put({
    ...entry,
    status: 'conflict',
    conflict: { current },
    error: syncErrorInfo('conflict', error.success ? error.data.message : undefined, { status: 409 }),
  });
  return 'sent';
}

/**
 * True for a tombstone the user did not delete: it went along with a deleted
 * agent, service or equipment (`cascade`), so its chain has no delete of its own.
 */
async function removedWithOther(db: StoreScope, record: StoredRecord, entry: OutboxEntry): Promise<boolean> {
  if (!record._deleted || entry.op === 'delete') return false;
  const chain = await db.outbox.where('key').equals(entry.key).toArray();
  return !chain.some((item) => item.op === 'delete');
}

/** Removes the entry, and the tombstone row once nothing else of it waits. */
async function dropEntry(db: StoreScope, entry: OutboxEntry): Promise<void> {
  await db.outbox.delete(entry.seq!);
  if ((await db.outbox.where('key').equals(entry.key).count()) > 0) return;
  const record = await db.records(entry.resource).get(entry.key);
  if (!record || record._deleted) {
    await db.records(entry.resource).delete(entry.key);
    if (db.registry.get(entry.resource).upload) await removeOwnedFiles(db, entry.resource, entry.key);
  }
}

function hasCurrent(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'current' in body;
}

/**
 * The base as the server has it once this device's own deletes are in: a
 * reference to a record the user deleted here (set-null) reads as null,
 * since the server clears it when that delete arrives. Without this, the
 * device's own category delete, reaching the server first, would make its
 * own edit of the equipment look like someone else's change. The same holds
 * when the base names the target only by id (an answer applied after the
 * target was already gone from the device, e.g. a create's replayed answer)
 * and the server now has null there: no live record on the device has that
 * id, so it was deleted, and the server cleared the reference for it.
 */
async function withDeletedTargetsCleared(
  db: StoreScope,
  resource: ResourceDefinition,
  base: RecordFields,
  current: RecordFields,
): Promise<RecordFields> {
  const cleared = { ...base };
  for (const reference of resource.references) {
    if (reference.onDelete !== 'set-null') continue;
    const key = base[reference.keyField];
    const id = base[reference.field];
    let target: StoredRecord | undefined;
    if (typeof key === 'string') target = await db.records(reference.resource).get(key);
    else if (typeof id === 'number' && current[reference.field] === null) target = await db.records(reference.resource).where('id').equals(id).first();
    else continue;
    if (!target || target._deleted) cleared[reference.field] = null;
  }
  return cleared;
}

/** Equal on every field the input schema writes (references compared by server id). */
function sameInput(resource: ResourceDefinition, a: RecordFields, b: RecordFields): boolean {
  return Object.keys(resource.input.shape).every((field) => sameValue(a[field], b[field]));
}

async function retryLater(
  context: PushContext,
  db: StoreScope,
  entry: OutboxEntry,
  error: SyncErrorInfo,
  retryAfterMs?: number,
): Promise<void> {
  const delay = nextRetryDelay(entry.attempts, retryAfterMs, context.backoff, context.random);
  await db.outbox.put({ ...entry, status: 'pending', error, next_attempt_at: context.now() + delay });
}

async function failEntry(db: StoreScope, entry: OutboxEntry, error: SyncErrorInfo): Promise<void> {
  await db.outbox.put({ ...entry, status: 'failed', error });
}

/**
 * A create's answer was lost, and a pull brought the server's copy in as a
 * separate local record before the retry confirmed it. The copy folds into
 * the record that made the create: what pointed at the copy points at it,
 * the copy's pending changes follow it, and the copy goes.
 */
async function adoptDuplicate(
  db: StoreScope,
  resource: ResourceDefinition,
  key: string,
  duplicate: StoredRecord,
): Promise<void> {
  for (const { resource: referrer, reference } of db.registry.referrersOf(resource.name)) {
    await db
      .records(referrer.name)
      .where(reference.keyField)
      .equals(duplicate.key)
      .modify((record: StoredRecord) => {
        record[reference.keyField] = key;
      });
  }
  await db.outbox
    .where('key')
    .equals(duplicate.key)
    .modify((entry: OutboxEntry) => {
      entry.key = key;
    });
  await db.records(resource.name).delete(duplicate.key);
}

async function runPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
