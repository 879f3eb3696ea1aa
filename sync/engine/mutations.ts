/**
 * The one write path of the screens: a save or a delete changes the local
 * record and its outbox entry in one Dexie transaction (nothing but Dexie is
 * awaited inside, so the transaction cannot commit half-way). The engine
 * pushes the entry later; the screens never call the API for a synced
 * resource. Commands on a record (a quotation's status change, a duplicate)
 * are queued the same way by `runCommand` (commands.ts, re-exported here).
 */
import type { StoreScope, SyncDatabase } from '../store/database';
import { isLive, localFieldNames, withIndexes } from '../store/local-record';
import { newKey } from '../store/keys';
import { ownedFileRow, type DeviceFile } from './files-store';
import { bumpCounter, META } from '../store/meta';
import { allReferences, type ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord } from '../store/types';
import { SyncError, SYNC_MESSAGES } from './errors';
import { fieldMessages, firstMessage } from './validation-messages';
import { planChange, type OutboxPlan, type PlannedChange } from './outbox-plan';
import { assertNotReferenced, removeCascadeReferrers, removeRecord } from './references';

export { runCommand } from './commands';

export interface MutationOptions {
  now?: () => number;
}

/** Stand-in id for validating a reference to a record that has no server id yet. */
const PLACEHOLDER_ID = 1;

/**
 * Saves a record: `key` null creates one. `changes` uses the wire field
 * names; set references by local key (`category_key`), or by server id
 * (`category_id`) when that is what the screen has. Validates with the
 * resource's input schema and throws `SyncError` 'validation' with the
 * contract's Portuguese messages per field. Returns the record's local key.
 */
export async function saveRecord(
  db: SyncDatabase,
  resourceName: string,
  key: string | null,
  changes: RecordFields,
  options: MutationOptions = {},
): Promise<string> {
  assertWritable(db.registry.get(resourceName));
  const now = (options.now ?? Date.now)();
  return db.write((store) => saveInStore(store, resourceName, key, changes, now));
}

/** One record of a unit of work (saveRecords). */
export interface RecordSave {
  resource: string;
  /** Null creates the record. */
  key: string | null;
  /**
   * The changes, or a function of the local keys of the items before this
   * one (in order), for a dependant that points at a record created in the
   * same unit: `(keys) => ({ ...address, customer_key: keys[0] })`.
   */
  fields: RecordFields | ((keys: readonly string[]) => RecordFields);
  /** Bytes the record owns (an upload resource's create): kept with it in the same transaction. */
  file?: DeviceFile;
}

/**
 * The item of a unit of work that was refused, with its reason: nothing of
 * the unit was written. `item` is its index in the list given.
 */
export class UnitOfWorkError extends SyncError {
  readonly item: number;

  constructor(info: SyncError['info'], item: number) {
    super(info);
    this.item = item;
  }
}

/**
 * Saves several records as one unit of work: a record and its dependants
 * (a customer and its addresses; a user and its customer links) in one
 * Dexie transaction, each with its outbox entry, so no reader ever sees
 * part of it, and a refusal of any item (validation, a missing record)
 * writes nothing at all. The entries are pushed in the order given (a
 * dependant waits for the create it points at, as always). Returns the
 * local keys, in order. A refused item throws `UnitOfWorkError`.
 */
export async function saveRecords(db: SyncDatabase, saves: readonly RecordSave[], options: MutationOptions = {}): Promise<string[]> {
  for (const [index, save] of saves.entries()) {
    const resource = db.registry.get(save.resource);
    try {
      assertWritable(resource);
      if (save.file && (!resource.upload || save.key !== null))
        throw new Error(`${save.resource}: a file goes only with the create of an upload resource`);
    } catch (error) {
      throw error instanceof SyncError ? new UnitOfWorkError(error.info, index) : error;
    }
  }
  const now = (options.now ?? Date.now)();
  return db.write(async (store) => {
    const keys: string[] = [];
    for (const [index, save] of saves.entries()) {
      const changes = typeof save.fields === 'function' ? save.fields(keys) : save.fields;
      let key: string;
      try {
        // A millisecond apart: records created together keep the order given (lists sort by creation time).
        key = await saveInStore(store, save.resource, save.key, changes, now + index);
      } catch (error) {
        // Thrown inside the transaction: Dexie aborts it, so the items before this one are not written either.
        throw error instanceof SyncError ? new UnitOfWorkError(error.info, index) : error;
      }
      if (save.file) {
        await store.files.put(ownedFileRow({ resource: save.resource, key }, save.file, { id: null, status: 'pending', created_at: now }));
      }
      keys.push(key);
    }
    return keys;
  });
}

/** A read-only resource (settings, roles, lookup lists) is written only online: refused here, before any outbox entry. */
function assertWritable(resource: ResourceDefinition): void {
  if (resource.kind === 'readOnly') throw SyncError.of('validation', SYNC_MESSAGES.readOnly);
}

/** The body of a save, inside the caller's transaction (one record, its entry, the wake-up counter). */
async function saveInStore(store: StoreScope, resourceName: string, key: string | null, changes: RecordFields, now: number): Promise<string> {
  const resource = store.registry.get(resourceName);
  assertWritable(resource);
  const table = store.records(resourceName);
  let record: StoredRecord;
  if (key === null) {
    record = { key: newKey(), id: null, created_at: null, updated_at: null, _base: null, _local_at: new Date(now).toISOString() };
    for (const field of localFieldNames(resource)) record[field] = null;
  } else {
    const existing = await table.get(key);
    if (!isLive(existing)) throw SyncError.of('not-found', SYNC_MESSAGES.recordMissing);
    record = { ...existing };
  }
  for (const field of localFieldNames(resource)) if (Object.hasOwn(changes, field)) record[field] = changes[field];

  const candidate = await resolveForValidation(store, resource, record, changes);
  const parsed = resource.input.safeParse(candidate);
  if (!parsed.success) throw SyncError.of('validation', firstMessage(parsed.error), { fields: fieldMessages(parsed.error) });
  const referenceFields = new Set(allReferences(resource).map((reference) => reference.field));
  for (const field of Object.keys(resource.input.shape)) {
    if (!referenceFields.has(field)) record[field] = (parsed.data as RecordFields)[field] ?? null;
  }
  // Computed fields (a quotation's totals) follow what was just validated, as the server computes them.
  if (resource.derive) Object.assign(record, resource.derive(record));

  const payload: RecordFields = {};
  for (const field of Object.keys(resource.input.shape)) payload[field] = record[field];
  for (const reference of allReferences(resource)) {
    payload[reference.field] = record[reference.field];
    payload[reference.keyField] = record[reference.keyField];
  }
  const change: PlannedChange = key === null ? { op: 'create', payload } : { op: 'update', payload };
  const chain = await store.outbox.where('key').equals(record.key).toArray();
  await applyPlan(store, planChange(chain, change, { resource: resourceName, key: record.key, serverId: record.id, now, newIdempotencyKey: newKey }));
  await table.put(withIndexes(resource, record));
  await bumpCounter(store, META.localChange);
  return record.key;
}

export interface DeleteResult {
  /** True when the record never reached the server: it is gone and nothing will be sent. */
  cancelled: boolean;
}

/**
 * Deletes a record locally. A record that never reached the server is simply
 * removed (its create is cancelled, nothing is sent). Otherwise it becomes a
 * tombstone, out of every list, until the delete is pushed. Records that go
 * with it on the server (`cascade`: the lines of an agent, the lines listing
 * an equipment) go now, with their unsent changes: the server's cascade
 * removes whatever of them it has, and sending them first could only fail.
 * Cleared references (`set-null`) follow once the delete is confirmed; until
 * then they are sent as null. Throws 'validation' ("em uso") when a restrict
 * reference points at it.
 */
export async function deleteRecord(db: SyncDatabase, resourceName: string, key: string, options: MutationOptions = {}): Promise<DeleteResult> {
  const resource = db.registry.get(resourceName);
  assertWritable(resource);
  const now = (options.now ?? Date.now)();
  return db.write(async (store) => {
    const table = store.records(resourceName);
    const record = await table.get(key);
    if (!isLive(record)) return { cancelled: false };
    await assertNotReferenced(store, resourceName, key);
    const chain = await store.outbox.where('key').equals(key).toArray();
    const plan = planChange(chain, { op: 'delete' }, { resource: resourceName, key, serverId: record.id, now, newIdempotencyKey: newKey });
    await applyPlan(store, plan);
    if (plan.cancelled) await removeRecord(store, resourceName, key);
    else {
      await table.put(withIndexes(resource, { ...record, _deleted: 1 }));
      await removeCascadeReferrers(store, resourceName, key);
    }
    await bumpCounter(store, META.localChange);
    return { cancelled: plan.cancelled };
  });
}

/** Asks the engine tab (whichever tab it is) to sync now. */
export async function requestSync(db: SyncDatabase): Promise<void> {
  await db.write((store) => bumpCounter(store, META.syncRequest));
}

async function applyPlan(db: StoreScope, plan: OutboxPlan): Promise<void> {
  if (plan.remove.length > 0) await db.outbox.bulkDelete(plan.remove);
  for (const entry of plan.put) await db.outbox.put(entry as OutboxEntry);
}

/**
 * Fills both sides of every reference from the side the screen set, copies
 * the declared display fields from the target, and returns the input
 * candidate: references with the target's server id, or a stand-in when the
 * target exists but is not pushed yet (it is sent with the real id later).
 */
async function resolveForValidation(
  db: StoreScope,
  resource: ResourceDefinition,
  record: StoredRecord,
  changes: RecordFields,
): Promise<RecordFields> {
  const candidate: RecordFields = {};
  for (const field of Object.keys(resource.input.shape)) candidate[field] = record[field] ?? undefined;
  for (const reference of allReferences(resource)) {
    const targets = db.records(reference.resource);
    const setByKey = Object.hasOwn(changes, reference.keyField);
    const key = record[reference.keyField];
    const id = record[reference.field];
    let target: StoredRecord | undefined;
    if (!setByKey && typeof id === 'number' && (Object.hasOwn(changes, reference.field) || typeof key !== 'string')) {
      target = await targets.where('id').equals(id).first();
      if (!target) {
        // An id the device does not know (pulled before its target): keep it as it is.
        record[reference.keyField] = null;
        if (reference.field in candidate) candidate[reference.field] = id;
        continue;
      }
    } else {
      target = typeof key === 'string' ? await targets.get(key) : undefined;
    }
    if (target && !isLive(target)) target = undefined;
    if (resource.parent === reference && !target) throw SyncError.of('not-found', SYNC_MESSAGES.recordMissing);
    record[reference.keyField] = target?.key ?? null;
    record[reference.field] = target?.id ?? null;
    if (target && reference.copy && (setByKey || Object.hasOwn(changes, reference.field))) {
      for (const [field, from] of Object.entries(reference.copy)) record[field] = target[from] ?? null;
    }
    if (reference.field in candidate) candidate[reference.field] = target ? (target.id ?? PLACEHOLDER_ID) : undefined;
  }
  return candidate;
}
