/**
 * The three sides of a conflict as the store has them, for the push (settle
 * alone or mark a conflict), the sync page (which fields to ask about) and
 * the user's resolution, so all three see the same merge:
 *
 * - base: the record's `_base`, the server version the change was made on.
 *   Pulls never move it while the record has entries (they keep the newer
 *   version in `_remote`), saves merged into an open entry keep it (the
 *   merged content is still based on it), and an accepted answer, a settled
 *   409 or a resolution moves it to the server version the next send is
 *   based on.
 * - mine: the record as the user last left it: the payload of the chain's
 *   last update (over the record for display fields). The entry in conflict
 *   heads its chain and the updates after it were made before the 409 and
 *   never sent (only a head is sent); the 409 applied nothing either. So the
 *   chain's updates fold into the one merged change (`foldChain`): the user
 *   is asked about their latest values, and a later edit of a field the
 *   server also changed is a question, not a silent overwrite.
 * - theirs: the server's `current` from the 409, in local form.
 *
 * Base and mine are read as the server will have them once this device's own
 * deletes are in: a reference to a target deleted here reads as null.
 */
import type { StoreScope } from '../store/database';
import type { ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord } from '../store/types';
import { serverVersion, type ServerVersion } from './apply-server';
import { carryForward, mergeUnitsOf, threeWayMerge, type MergeResult, type MergeUnit } from './merge';
import { lookupKeys, resolveReferences } from './wire';

export interface ConflictSides {
  base: RecordFields | null;
  /** Payload of the chain's last update (the entry's own when none follows). */
  latest: RecordFields;
  /** The updates after the entry, folded into it when it is settled or resolved. */
  later: number[];
  mine: RecordFields;
  theirs: RecordFields;
  /** The server's current version (id, timestamps, fields in local form). */
  version: ServerVersion;
  units: MergeUnit[];
  /** Fields computed from the others (`resource.derivedFields`): never merged, always recomputed. */
  derivedFields: readonly string[];
  result: MergeResult;
}

export async function readConflictSides(
  db: StoreScope,
  resource: ResourceDefinition,
  entry: OutboxEntry,
  record: StoredRecord,
  current: RecordFields,
): Promise<ConflictSides> {
  const [keyOf, chain] = await Promise.all([lookupKeys(db, resource, [current]), db.outbox.where('key').equals(entry.key).toArray()]);
  const version = serverVersion(resource, current, keyOf, parentOf(resource, record));
  const laterUpdates = chain.filter((item) => item.seq! > entry.seq! && item.op === 'update' && item.payload).sort((a, b) => a.seq! - b.seq!);
  const latest = laterUpdates.at(-1)?.payload ?? entry.payload ?? {};
  const [base, mine] = await Promise.all([
    record._base ? withDeletedTargetsCleared(db, resource, record._base, current) : null,
    asSent(db, resource, { ...record, ...latest }),
  ]);
  const units = mergeUnitsOf(resource);
  const result = threeWayMerge(base, mine, version.fields, units);
  return {
    base,
    latest,
    later: laterUpdates.map((item) => item.seq!),
    mine,
    theirs: version.fields,
    version,
    units,
    derivedFields: resource.derivedFields,
    result: { ...result, merged: withDerivedFields(resource, result.merged, mine) },
  };
}

/**
 * The merged (or resolved) fields with the resource's derived fields computed
 * again from them: two edits of different parts of a quotation (its lines
 * here, its discount there) both move its total, and that is no question for
 * the user: the total of the merged document is the answer.
 */
export function withDerivedFields(resource: ResourceDefinition, fields: RecordFields, basis: RecordFields): RecordFields {
  if (!resource.derive || resource.derivedFields.length === 0) return fields;
  const derived = resource.derive({ ...basis, ...fields });
  const next = { ...fields };
  for (const field of resource.derivedFields) next[field] = derived[field] ?? null;
  return next;
}

/**
 * Folds the chain's later updates into the merged change: they go, and the
 * returned payload (for the entry) and record fields hold `after` (the merge,
 * or the user's resolution) wherever they held my latest values. Nothing is
 * written to the record here.
 */
export async function foldChain(
  db: StoreScope,
  sides: ConflictSides,
  record: StoredRecord,
  after: RecordFields,
): Promise<{ payload: RecordFields; record: StoredRecord }> {
  if (sides.later.length > 0) await db.outbox.bulkDelete(sides.later);
  const payload = carryForward(sides.latest, sides.mine, after, sides.units);
  const folded = carryForward(record, sides.mine, after, sides.units) as StoredRecord;
  for (const field of sides.derivedFields) {
    if (!Object.hasOwn(after, field)) continue;
    if (Object.hasOwn(payload, field)) payload[field] = after[field];
    folded[field] = after[field];
  }
  return { payload, record: folded };
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
export async function withDeletedTargetsCleared(
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
    else if (typeof id === 'number' && current[reference.field] === null)
      target = await db.records(reference.resource).where('id').equals(id).first();
    else continue;
    if (!target || target._deleted) {
      cleared[reference.field] = null;
      cleared[reference.keyField] = null;
    }
  }
  return cleared;
}

/** My fields as the push sends them: a reference to a target gone from this device (or deleted here) is null. */
async function asSent(db: StoreScope, resource: ResourceDefinition, mine: RecordFields): Promise<RecordFields> {
  const references = await resolveReferences(db, resource, mine);
  if (!references.ready) return mine;
  const sent = { ...mine };
  for (const reference of resource.references) {
    if (references.ids[reference.field] === null && typeof sent[reference.keyField] === 'string') {
      sent[reference.field] = null;
      sent[reference.keyField] = null;
    }
  }
  return sent;
}

function parentOf(resource: ResourceDefinition, record: StoredRecord): { key: string; id: number | null } | undefined {
  if (!resource.parent) return undefined;
  return { key: record[resource.parent.keyField] as string, id: (record[resource.parent.field] as number | null) ?? null };
}
