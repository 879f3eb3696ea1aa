/**
 * Between wire records and local records: server ids in references become
 * local keys on the way in, local keys become server ids on the way out,
 * and path templates get their ids. A write that points at a record not yet
 * created on the server cannot be built; the caller waits for that create.
 */
import type { StoreScope } from '../store/database';
import { pickFields } from '../store/local-record';
import { allReferences, type ResourceDefinition } from '../store/registry/resource';
import type { RecordFields, StoredRecord } from '../store/types';

/** Local key of the record of `resource` with server id `id`, when the device has it. */
export type KeyLookup = (resource: string, id: number) => string | null;

function referencedIds(resource: ResourceDefinition, wire: RecordFields, into: Map<string, Set<number>>): void {
  for (const reference of resource.references) {
    const id = wire[reference.field];
    if (typeof id === 'number') {
      const ids = into.get(reference.resource) ?? new Set<number>();
      ids.add(id);
      into.set(reference.resource, ids);
    }
  }
}

/** Local keys already known for server ids, by target resource (a push knows those of the references it sent). */
export type KnownKeys = ReadonlyMap<string, ReadonlyMap<number, string>>;

/**
 * Maps every id referenced by the wire records (and by their embedded lines) to local keys, in one query per target;
 * ids found in `known` are not looked up.
 */
export async function lookupKeys(
  db: StoreScope,
  resource: ResourceDefinition,
  wires: readonly RecordFields[],
  known?: KnownKeys,
): Promise<KeyLookup> {
  const wanted = new Map<string, Set<number>>();
  for (const wire of wires) {
    referencedIds(resource, wire, wanted);
    for (const childName of resource.children) {
      const child = db.registry.get(childName);
      const lines = wire[child.parent!.embeddedAs];
      if (Array.isArray(lines)) for (const line of lines) referencedIds(child, line as RecordFields, wanted);
    }
  }
  const keys = new Map<string, Map<number, string>>();
  for (const [target, ids] of wanted) {
    const knownIds = known?.get(target);
    const byId = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const key = knownIds?.get(id);
      if (key === undefined) missing.push(id);
      else byId.set(id, key);
    }
    if (missing.length > 0) {
      for (const record of await db.records(target).where('id').anyOf(missing).toArray()) byId.set(record.id!, record.key);
    }
    keys.set(target, byId);
  }
  return (target, id) => keys.get(target)?.get(id) ?? null;
}

/** Local fields of a wire record: its fields, each reference also by local key, the parent link for a line. */
export function fieldsFromWire(
  resource: ResourceDefinition,
  wire: RecordFields,
  keyOf: KeyLookup,
  parent?: { key: string; id: number | null },
): RecordFields {
  const fields = pickFields(resource, wire);
  for (const reference of resource.references) {
    const id = wire[reference.field];
    fields[reference.keyField] = typeof id === 'number' ? keyOf(reference.resource, id) : null;
  }
  if (resource.parent && parent) {
    fields[resource.parent.field] = parent.id;
    fields[resource.parent.keyField] = parent.key;
  }
  return fields;
}

export type ReferenceResolution =
  | { ready: true; ids: Record<string, number | null> }
  /** A referenced record has no server id yet: the write waits for its create. */
  | { ready: false; waitingFor: { resource: string; key: string } };

/** Reference targets by resource and local key; null: read, and not on the device. */
export type ReferenceTargets = Map<string, StoredRecord | null>;
const targetId = (resource: string, key: string) => `${resource}\u0000${key}`;

/**
 * Reads, all at once, the targets of the references `fields` names by local
 * key. A caller that knows the fields ahead (a pending entry's payload) can
 * start this with its other reads and hand the result to `resolveReferences`.
 */
export async function readReferenceTargets(db: StoreScope, resource: ResourceDefinition, fields: RecordFields): Promise<ReferenceTargets> {
  const targets: ReferenceTargets = new Map();
  await Promise.all(
    allReferences(resource).map(async (reference) => {
      const key = fields[reference.keyField];
      if (typeof key === 'string') targets.set(targetId(reference.resource, key), (await db.records(reference.resource).get(key)) ?? null);
    }),
  );
  return targets;
}

/**
 * Server ids of the references (and parent) of a record's fields, read from
 * the referenced records now, so a reference to a record created offline is
 * sent with the id its create got. A reference to a record that no longer
 * exists on the device (or that the user deleted) is sent as null. Targets
 * read ahead are used when they are the ones `fields` names; otherwise they
 * are read here.
 */
export async function resolveReferences(
  db: StoreScope,
  resource: ResourceDefinition,
  fields: RecordFields,
  readAhead?: ReferenceTargets,
): Promise<ReferenceResolution> {
  const references = allReferences(resource);
  const named = (reference: (typeof references)[number]) => {
    const key = fields[reference.keyField];
    return typeof key === 'string' ? targetId(reference.resource, key) : null;
  };
  const covered =
    readAhead &&
    references.every((reference) => {
      const id = named(reference);
      return id === null || readAhead.has(id);
    });
  const targets = covered ? readAhead : await readReferenceTargets(db, resource, fields);
  const ids: Record<string, number | null> = {};
  for (const reference of references) {
    const key = fields[reference.keyField];
    if (typeof key !== 'string') {
      const id = fields[reference.field];
      ids[reference.field] = typeof id === 'number' ? id : null;
      continue;
    }
    const target = targets.get(targetId(reference.resource, key));
    // A set-null target awaiting its own delete is as good as gone; a cascade target (a line's
    // equipment) still exists on the server until then, and its delete takes the line along.
    if (!target || (target._deleted && reference.onDelete === 'set-null')) ids[reference.field] = null;
    else if (target.id === null) return { ready: false, waitingFor: { resource: reference.resource, key } };
    else ids[reference.field] = target.id;
  }
  return { ready: true, ids };
}

/** The write body: the input fields of the payload, with references as resolved server ids. */
export function buildBody(resource: ResourceDefinition, payload: RecordFields, ids: Record<string, number | null>): RecordFields {
  const body: RecordFields = {};
  for (const field of Object.keys(resource.input.shape)) {
    const value = field in ids ? ids[field] : payload[field];
    if (value !== undefined) body[field] = value;
  }
  return body;
}

/** Fills `{id}`, `{parentId}`, `{skip}` and `{take}` in a path template. */
export function fillPath(template: string, values: { id?: number | null; parentId?: number | null; skip?: number; take?: number }): string {
  return template.replace(/\{(id|parentId|skip|take)\}/g, (_, name: keyof typeof values) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing ${name} for path ${template}`);
    return String(value);
  });
}
