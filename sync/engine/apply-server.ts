/**
 * Writing server versions into the local store: pulled records, the answers
 * of pushed writes, the server's side of a conflict. A record with pending
 * local changes is never overwritten: the server version is kept aside
 * (`_remote`) and its fields stay as the user left them. Embedded child lines
 * (an agent's equipment list) replace the local lines, except those with
 * pending changes.
 *
 * Everything here runs inside the caller's transaction over every table.
 */
import type { StoreScope } from '../store/database';
import { withIndexes } from '../store/local-record';
import { newKey } from '../store/keys';
import type { ResourceDefinition } from '../store/registry/resource';
import type { RecordFields, StoredRecord } from '../store/types';
import { removeRecord } from './references';
import { fieldsFromWire, lookupKeys, type KeyLookup } from './wire';

export interface ServerVersion {
  id: number;
  fields: RecordFields;
  created_at: string;
  updated_at: string;
}

export function serverVersion(
  resource: ResourceDefinition,
  wire: RecordFields,
  keyOf: KeyLookup,
  parent?: { key: string; id: number | null },
): ServerVersion {
  return {
    id: wire.id as number,
    fields: fieldsFromWire(resource, wire, keyOf, parent),
    created_at: wire.created_at as string,
    updated_at: wire.updated_at as string,
  };
}

/**
 * The record with `version` as its last known server state. `takeFields`
 * also makes it the record's content (no pending changes left to show).
 */
export function acceptServerVersion(resource: ResourceDefinition, record: StoredRecord, version: ServerVersion, takeFields: boolean): StoredRecord {
  const next: StoredRecord = {
    ...record,
    ...(takeFields ? version.fields : {}),
    id: version.id,
    created_at: version.created_at,
    updated_at: version.updated_at,
    _base: version.fields,
  };
  delete next._remote;
  if (takeFields) delete next._deleted;
  return withIndexes(resource, next);
}

/** A record first seen on the server. */
export function newRecordFromServer(resource: ResourceDefinition, version: ServerVersion): StoredRecord {
  return acceptServerVersion(resource, { key: newKey(), id: version.id, created_at: null, updated_at: null, _base: null }, version, true);
}

/** Keys of records that have outbox entries (pending, in flight, failed or in conflict). */
export async function keysWithEntries(db: StoreScope): Promise<Set<string>> {
  return new Set((await db.outbox.orderBy('key').uniqueKeys()) as string[]);
}

/**
 * Which of `keys` have outbox entries: one lookup on the outbox's key index.
 * Applying one answer uses this instead of `keysWithEntries`, whose cost
 * grows with the whole outbox and made a long push quadratic.
 */
export async function keysWithEntriesAmong(db: StoreScope, keys: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Set();
  return new Set((await db.outbox.where('key').anyOf(wanted).uniqueKeys()) as string[]);
}

/**
 * Applies server versions (one pulled page, or the lines embedded in a
 * parent) to the local records with the same ids, creating the ones the
 * device does not have. A record with pending changes keeps its fields and
 * remembers the server version in `_remote`. Returns the local keys, in order.
 */
export async function applyServerRecords(
  db: StoreScope,
  resource: ResourceDefinition,
  wires: readonly RecordFields[],
  pending: ReadonlySet<string>,
  parent?: { key: string; id: number | null },
): Promise<string[]> {
  if (wires.length === 0) return [];
  const table = db.records(resource.name);
  const keyOf = await lookupKeys(db, resource, wires);
  const existing = new Map<number, StoredRecord>();
  for (const record of await table
    .where('id')
    .anyOf(wires.map((wire) => wire.id as number))
    .toArray()) {
    existing.set(record.id!, record);
  }
  const writes: StoredRecord[] = [];
  const created: StoredRecord[] = [];
  const keys: string[] = [];
  for (const wire of wires) {
    const version = serverVersion(resource, wire, keyOf, parent);
    const local = existing.get(version.id);
    let next: StoredRecord | null;
    if (!local) {
      next = newRecordFromServer(resource, version);
      created.push(next);
    } else if (pending.has(local.key)) {
      const { created_at, updated_at, fields } = version;
      next = { ...local, _remote: { fields, created_at, updated_at } };
    } else if (local.updated_at !== version.updated_at || local._deleted || local._remote) {
      next = acceptServerVersion(resource, local, version, true);
    } else {
      next = null; // same version: re-reading the overlap window changes nothing
    }
    if (next) {
      writes.push(next);
      existing.set(version.id, next);
    }
    keys.push(next?.key ?? local!.key);
  }
  await table.bulkPut(writes);
  await linkDanglingReferences(db, resource.name, created);
  if (resource.children.length > 0) {
    const createdKeys = new Set(created.map((record) => record.key));
    for (const wire of wires) {
      const stored = existing.get(wire.id as number)!;
      if (stored._deleted) continue;
      // A page of records first seen here (a first pull) skips one lines query per record.
      const lines = readLocalLines(db, resource, stored.key, wire, createdKeys.has(stored.key));
      await replaceChildren(db, resource, stored, wire, pending, lines);
    }
  }
  return keys;
}

/** The server says this id is gone. Removes the record unless it has pending changes (then remembered for discard). */
export async function applyServerDelete(db: StoreScope, resource: ResourceDefinition, id: number, pending: ReadonlySet<string>): Promise<void> {
  const local = await db.records(resource.name).where('id').equals(id).first();
  if (!local) return;
  if (pending.has(local.key)) {
    await db.records(resource.name).put({ ...local, _remote: { deleted: true } });
    return;
  }
  await removeRecord(db, resource.name, local.key);
}

/** A parent's local lines, and the local keys of the lines an answer embeds, per child resource. */
export type LocalLines = Map<string, { local: StoredRecord[]; sentKeys: string[] }>;

/**
 * Reads what `replaceChildren` compares the embedded lines with. Separate so
 * a pushed answer can issue it together with its other store work: it only
 * reads ids and keys, which nothing else in that step changes.
 */
export async function readLocalLines(
  db: StoreScope,
  resource: ResourceDefinition,
  parentKey: string,
  wire: RecordFields,
  /** The parent was created just now, under a new key: no local line can point at it yet. */
  newParent = false,
): Promise<LocalLines> {
  const read: LocalLines = new Map();
  await Promise.all(
    resource.children.map(async (childName) => {
      const link = db.registry.get(childName).parent!;
      const lines = wire[link.embeddedAs];
      if (!Array.isArray(lines)) return;
      const table = db.records(childName);
      const ids = (lines as RecordFields[]).map((line) => line.id as number);
      const [local, sentKeys] = await Promise.all([
        newParent ? [] : table.where(link.keyField).equals(parentKey).toArray(),
        ids.length === 0 ? [] : (table.where('id').anyOf(ids).primaryKeys() as Promise<string[]>),
      ]);
      read.set(childName, { local, sentKeys });
    }),
  );
  return read;
}

/**
 * The parent's embedded lines are authoritative: lines the server has are
 * written, local lines the server no longer has are removed, and lines with
 * pending changes (including ones created here and not pushed yet) are kept.
 * Without `pending` (one pushed answer), only the lines' own keys are looked
 * up in the outbox, not the whole of it.
 */
export async function replaceChildren(
  db: StoreScope,
  resource: ResourceDefinition,
  parentRecord: StoredRecord,
  wire: RecordFields,
  pending?: ReadonlySet<string>,
  lines: LocalLines | Promise<LocalLines> = readLocalLines(db, resource, parentRecord.key, wire),
): Promise<void> {
  const read = await lines;
  for (const childName of resource.children) {
    const child = db.registry.get(childName);
    const embedded = wire[child.parent!.embeddedAs];
    const known = read.get(childName);
    if (!Array.isArray(embedded) || !known) continue;
    const { local, sentKeys } = known;
    const withEntries = pending ?? (await keysWithEntriesAmong(db, [...local.map((line) => line.key), ...sentKeys]));
    await applyServerRecords(db, child, embedded as RecordFields[], withEntries, { key: parentRecord.key, id: parentRecord.id });
    // Lines the server sent were just written; of the others, those it no longer has go.
    const seen = new Set((embedded as RecordFields[]).map((line) => line.id as number));
    for (const line of local) {
      if (line.id !== null && !seen.has(line.id) && !withEntries.has(line.key)) await removeRecord(db, childName, line.key);
    }
  }
}

/**
 * A record pulled before the record it points at has only the server id of
 * the reference; once the target arrives, the referrers get its local key.
 */
export async function linkDanglingReferences(db: StoreScope, resourceName: string, targets: readonly StoredRecord[]): Promise<void> {
  const keyById = new Map(targets.filter((target) => target.id !== null).map((target) => [target.id!, target.key]));
  if (keyById.size === 0) return;
  for (const { resource, reference } of db.registry.referrersOf(resourceName)) {
    await db
      .records(resource.name)
      .where(reference.field)
      .anyOf([...keyById.keys()])
      .modify((record: StoredRecord) => {
        if (record[reference.keyField] === null || record[reference.keyField] === undefined) {
          record[reference.keyField] = keyById.get(record[reference.field] as number) ?? null;
        }
      });
  }
}
