/**
 * Preparing a push worker's next group, inside the caller's store step:
 * each claimed entry is looked at again (still the head of its chain, still
 * due, its record still there), its request built (push-request.ts, or
 * commands.ts for a command) and the entry marked in flight. And the way
 * back: a prepared entry that was not sent is put back as it was.
 */
import type { StoreScope } from '../store/database';
import { allReferences, type ResourceDefinition } from '../store/registry/resource';
import type { ResourceRegistry } from '../store/registry/registry';
import type { OutboxEntry, RecordFields } from '../store/types';
import { prepareCommand } from './commands';
import { isUpload } from './push-order';
import { dropEntry, failEntry, removedWithOther, type Prepared } from './push-apply';
import { buildRequest } from './push-request';
import { removeRecord } from './references';
import { readReferenceTargets, resolveReferences, type KnownKeys } from './wire';

/** The next ready entry, if the group of `grouped` entries prepared so far may take it. */
export type Claim = (grouped: number) => OutboxEntry | undefined;

/** What one store step gave: the entries it prepared (none, one, or a batch's), and the claimed entries that could not go. */
export interface Claimed {
  prepared: Prepared[];
  passed: { entry: OutboxEntry; verdict: 'skipped' | 'waiting' }[];
}

/**
 * Claims entries until `size` are prepared (marked in flight) or none is
 * left, all in the caller's transaction: the entries that wait for a
 * create or were changed meanwhile cost no transaction of their own. A
 * write that cannot go in a batch (an upload, a command) makes a group of
 * its own.
 */
export async function claimAndPrepare(now: () => number, store: StoreScope, claim: Claim, size: number): Promise<Claimed> {
  const claimed: Claimed = { prepared: [], passed: [] };
  while (claimed.prepared.length < size) {
    const entry = claim(claimed.prepared.length);
    if (!entry) break;
    const prepared = await prepare(now, store, entry);
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
export function batchable(registry: ResourceRegistry, entry: OutboxEntry): boolean {
  return entry.op !== 'command' && !isUpload(registry, entry);
}

/** Puts back each entry of a prepared group that was not sent (`unmarkEntry`). */
export async function unmark(store: StoreScope, group: readonly Prepared[]): Promise<void> {
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

async function prepare(now: () => number, db: StoreScope, seen: OutboxEntry): Promise<Prepared | 'skipped' | 'waiting'> {
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
  if (entry?.status !== 'pending' || entry.next_attempt_at > now()) return 'skipped';
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
  const built = await buildRequest(db, entry, record, resource, references.ids);
  switch (built.kind) {
    case 'waiting':
      return 'waiting';
    case 'refused':
      await failEntry(db, entry, built.error);
      return 'skipped';
    case 'never-created':
      await forgetDelete(db, entry, resource);
      return 'skipped';
  }
  const { request, body, parent } = built;
  const inFlight: OutboxEntry = {
    ...entry,
    status: 'in_flight',
    attempts: entry.attempts + 1,
    ...(body ? { sent: { key: entry.idempotency_key, body } } : {}),
  };
  await db.outbox.put(inFlight);
  return { seq, entry: inFlight, before: entry, resource, request, body, parent, keys: knownKeys(resource, fields, references.ids) };
}

/** A delete of a record that never reached the server: nothing to delete there; the record goes with its last entry. */
async function forgetDelete(db: StoreScope, entry: OutboxEntry, resource: ResourceDefinition): Promise<void> {
  await db.outbox.delete(entry.seq!);
  if ((await db.outbox.where('key').equals(entry.key).count()) === 0) await removeRecord(db, resource.name, entry.key);
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
