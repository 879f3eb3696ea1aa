/**
 * Carrying out a push decision in the store (inside the step's transaction):
 * a server answer accepted as the record's base, a delete done, an entry
 * failed, and the entries whose record went with a deleted parent or target.
 */
import type { StoreScope } from '../store/database';
import type { ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord, SyncErrorInfo } from '../store/types';
import { acceptServerVersion, readLocalLines, replaceChildren, serverVersion } from './apply-server';
import { markDelivered } from './files-queue';
import { removeOwnedFiles } from './files-store';
import { assignServerId, referrerRowsKey, removeRecord } from './references';
import type { HttpRequest } from './transport';
import { lookupKeys, type KnownKeys } from './wire';

/** An entry marked in flight, with the request made of it. */
export interface Prepared {
  seq: number;
  entry: OutboxEntry;
  /** The entry as it was before it was marked in flight (put back if the run ends before sending it). */
  before: OutboxEntry;
  resource: ResourceDefinition;
  request: HttpRequest;
  body: RecordFields | undefined;
  parent: { key: string; id: number | null } | undefined;
  /** Local keys of the live records the request's references were resolved from, by server id. */
  keys?: KnownKeys;
}

export type SendVerdict = 'sent' | 'skipped' | 'waiting' | 'network-down' | 'unauthorized';

/**
 * The server applied the entry and answered `wire`: the entry is done, the
 * record (as read in this transaction) takes the new base. `chain`: the
 * record's outbox entries, when the caller read them in this step and
 * nothing changed them since (saves a request).
 *
 * A create's answer is looked for among the local records, since a copy
 * may be there: a pull may have brought it in while an earlier try's answer
 * was lost, or the server answered with a record it already had (200
 * instead of 201: one sample per plan slot), which a pull may have brought
 * in too. `newOnServer` says neither can be: the first try of the entry
 * (`attempts` 1; a try that was put back or refused is not counted) made
 * the record (201), and no pull runs during a push, so the device cannot
 * have it under another key; the lookup, a store request per create, is
 * then skipped.
 */
export async function acceptAnswer(
  db: StoreScope,
  prepared: Prepared,
  entry: OutboxEntry,
  record: StoredRecord,
  wire: RecordFields,
  chain?: readonly OutboxEntry[],
  newOnServer = false,
): Promise<void> {
  const { resource } = prepared;
  const table = db.records(resource.name);
  const id = wire.id as number;
  const create = entry.op === 'create';
  const mayHaveCopy = create && !(newOnServer && entry.attempts === 1);
  const deleted = db.outbox.delete(prepared.seq);
  // Awaited below with the writes; if the reads fail first, its failure is the transaction's, not unhandled.
  deleted.catch(() => undefined);
  const [keyOf, duplicate, seqs] = await Promise.all([
    lookupKeys(db, resource, [wire], prepared.keys),
    mayHaveCopy ? table.where('id').equals(id).first() : undefined,
    chain ? chain.map((item) => item.seq!) : db.outbox.where('key').equals(entry.key).primaryKeys(),
  ]);
  const version = serverVersion(resource, wire, keyOf, prepared.parent);
  let later = seqs.filter((seq) => seq !== prepared.seq).length;
  if (duplicate && duplicate.key !== entry.key) {
    await adoptDuplicate(db, resource, entry.key, duplicate);
    // The copy's pending changes are now the record's.
    later = await db.outbox.where('key').equals(entry.key).count();
  }
  const updated = acceptServerVersion(resource, record, version, later === 0 && !record._deleted);
  const withLines = !updated._deleted && resource.children.length > 0;
  // A create's local lines are the rows assignServerId reads and updates anyway: not read twice.
  const [lines, referrers] = await Promise.all([
    withLines ? readLocalLines(db, resource, entry.key, wire, create) : undefined,
    create ? assignServerId(db, resource.name, entry.key, version.id) : undefined,
    table.put(updated),
    deleted,
    create && resource.upload ? markDelivered(db, resource.name, entry.key, version.id, prepared.seq) : undefined,
  ]);
  if (!lines) return;
  if (referrers) {
    for (const [childName, read] of lines) {
      read.local = referrers.get(referrerRowsKey(childName, db.registry.get(childName).parent!.keyField)) ?? [];
    }
  }
  await replaceChildren(db, resource, updated, wire, undefined, lines);
}

export async function applyDeleted(db: StoreScope, prepared: Prepared): Promise<SendVerdict> {
  await db.outbox.delete(prepared.seq);
  if ((await db.outbox.where('key').equals(prepared.entry.key).count()) === 0) {
    await removeRecord(db, prepared.resource.name, prepared.entry.key);
  }
  return 'sent';
}

/**
 * True for a tombstone the user did not delete: it went along with a deleted
 * agent, service or equipment (`cascade`), so its chain has no delete of its own.
 */
export async function removedWithOther(db: StoreScope, record: StoredRecord, entry: OutboxEntry, read?: readonly OutboxEntry[]): Promise<boolean> {
  if (!record._deleted || entry.op === 'delete') return false;
  const chain = read ?? (await db.outbox.where('key').equals(entry.key).toArray());
  return !chain.some((item) => item.op === 'delete');
}

/** Removes the entry, and the tombstone row once nothing else of it waits. */
export async function dropEntry(db: StoreScope, entry: OutboxEntry): Promise<void> {
  await db.outbox.delete(entry.seq!);
  if ((await db.outbox.where('key').equals(entry.key).count()) > 0) return;
  const record = await db.records(entry.resource).get(entry.key);
  if (!record || record._deleted) {
    await db.records(entry.resource).delete(entry.key);
    if (db.registry.get(entry.resource).upload) await removeOwnedFiles(db, entry.resource, entry.key);
  }
}

export async function failEntry(db: StoreScope, entry: OutboxEntry, error: SyncErrorInfo): Promise<void> {
  await db.outbox.put({ ...entry, status: 'failed', error });
}

/**
 * A create's answer was lost, and a pull brought the server's copy in as a
 * separate local record before the retry confirmed it. The copy folds into
 * the record that made the create: what pointed at the copy points at it,
 * the copy's pending changes follow it, and the copy goes.
 */
async function adoptDuplicate(db: StoreScope, resource: ResourceDefinition, key: string, duplicate: StoredRecord): Promise<void> {
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
