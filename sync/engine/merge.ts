/**
 * Three-way merge of a record's fields when the server answers 409: base
 * (the server version the local change was based on, the record's `_base`),
 * mine (the change on this device) and theirs (the server's `current`).
 * Pure: no store, no clock.
 *
 * Per field: changed on one side only → that side's value, without asking;
 * changed on both sides to equal values → that value; changed on both sides
 * to different values → a conflict, the user chooses per field. Without a
 * base (unknown), every field that differs is a conflict.
 *
 * A field is merged as one unit, whatever its value: a nested array or
 * object (a quotation's lines) is compared with deep equality and taken
 * whole from one side, never merged line by line, since half of one side's
 * lines with half of the other's can make a document neither user wrote
 * (totals, numbering). A reference is one unit too: its server id, local
 * key and the display fields copied from the target travel together.
 */
import { sameValue } from '../store/local-record';
import { allReferences, type ResourceDefinition } from '../store/registry/resource';
import type { RecordFields } from '../store/types';

export type FieldChoice = 'mine' | 'theirs';

export interface MergeUnit {
  /** The field the user sees and chooses (a reference: its server id field). */
  field: string;
  /** The local fields taken together with it from the chosen side. */
  carries: readonly string[];
  /** Equal on this unit. */
  same(a: RecordFields, b: RecordFields): boolean;
}

export interface MergeResult {
  /** Every unit's fields: the merged value, and for a conflict mine (until the user chooses). */
  merged: RecordFields;
  /** Fields changed on both sides to different values, in the resource's order. */
  conflicts: string[];
}

/** The units of a resource: every input field; a reference with its local key and copied fields. */
export function mergeUnitsOf(resource: ResourceDefinition): MergeUnit[] {
  const references = new Map(allReferences(resource).map((reference) => [reference.field, reference]));
  const claimed = new Set<string>();
  for (const reference of references.values()) for (const field of Object.keys(reference.copy ?? {})) claimed.add(field);
  const units: MergeUnit[] = [];
  for (const field of Object.keys(resource.input.shape)) {
    if (resource.derivedFields.includes(field)) continue;
    const reference = references.get(field);
    if (reference) {
      units.push({
        field,
        carries: [field, reference.keyField, ...Object.keys(reference.copy ?? {})],
        same: (a, b) => sameReference(a[reference.keyField], a[field], b[reference.keyField], b[field]),
      });
    } else if (!claimed.has(field)) {
      units.push({ field, carries: [field], same: (a, b) => sameValue(a[field], b[field]) });
    }
  }
  return units;
}

/**
 * The same target: by local key when both sides have one (a target created
 * offline has no id yet), else by server id (a target the device does not
 * have has no key), else both empty.
 */
export function sameReference(keyA: unknown, idA: unknown, keyB: unknown, idB: unknown): boolean {
  if (typeof keyA === 'string' && typeof keyB === 'string') return keyA === keyB;
  if (typeof idA === 'number' || typeof idB === 'number') return idA === idB;
  return typeof keyA !== 'string' && typeof keyB !== 'string';
}

export function threeWayMerge(base: RecordFields | null, mine: RecordFields, theirs: RecordFields, units: readonly MergeUnit[]): MergeResult {
  const merged: RecordFields = {};
  const conflicts: string[] = [];
  for (const unit of units) {
    const mineChanged = base === null || !unit.same(base, mine);
    const theirsChanged = base === null || !unit.same(base, theirs);
    let from: RecordFields;
    if (unit.same(mine, theirs) || !mineChanged) from = theirs;
    else if (!theirsChanged) from = mine;
    else {
      conflicts.push(unit.field);
      from = mine;
    }
    for (const field of unit.carries) merged[field] = from[field] ?? null;
  }
  return { merged, conflicts };
}

/**
 * The merge with the user's choice for each conflicting field. Every
 * conflicting field must have a choice; returns null when one is missing
 * (nothing is chosen for the user).
 */
export function resolveMerge(
  result: MergeResult,
  mine: RecordFields,
  theirs: RecordFields,
  units: readonly MergeUnit[],
  choices: Readonly<Record<string, FieldChoice>>,
): RecordFields | null {
  const resolved: RecordFields = { ...result.merged };
  for (const field of result.conflicts) {
    const choice = choices[field];
    if (choice !== 'mine' && choice !== 'theirs') return null;
    const unit = units.find((candidate) => candidate.field === field)!;
    const from = choice === 'mine' ? mine : theirs;
    for (const carried of unit.carries) resolved[carried] = from[carried] ?? null;
  }
  return resolved;
}

/** True when `a` and `b` agree on every unit. */
export function sameUnits(a: RecordFields, b: RecordFields, units: readonly MergeUnit[]): boolean {
  return units.every((unit) => unit.same(a, b));
}

/**
 * Carries a merge into what was built on top of the merged change: a later
 * entry's payload or the record's local fields were made from `before` (the
 * change as it was), so a unit they still hold as in `before` takes its
 * value in `after`; a unit changed since (a later edit) stays.
 */
export function carryForward(target: RecordFields, before: RecordFields, after: RecordFields, units: readonly MergeUnit[]): RecordFields {
  const next: RecordFields = { ...target };
  for (const unit of units) {
    if (unit.same(before, after) || !unit.same(target, before)) continue;
    for (const field of unit.carries) if (Object.hasOwn(target, field)) next[field] = after[field] ?? null;
  }
  return next;
}
