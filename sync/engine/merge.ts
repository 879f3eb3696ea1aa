/**
 * Three-way merge of a record's fields when the server answers 409: base
 * (the server version the local change was based on, the record's `_base`),
 * mine (the change on this device) and theirs (the server's `current`).
 * Pure: no store, no clock.
 *
 * Per unit: changed on one side only → that side's value, without asking;
 * changed on both sides to equal values → that value; changed on both sides
 * to different values → merged further down when the unit is a plain field
 * holding a document (json-merge.ts: objects per key, rows by `row_id`),
 * so that only a leaf changed on both sides to different values is a
 * conflict, ONE per leaf, named by its path (`['caracterization',
 * 'register']`, keyed `'caracterization/register'`). Without a base
 * (unknown), every difference is a conflict.
 *
 * A reference is one unit: its server id, local key and the display fields
 * copied from the target travel together. A leaf the resource declares a
 * figure (`isFigurePath`) takes mine when both sides changed it (the server
 * computes it again); the record-level derived fields (`derivedFields`) are
 * left out and computed again from the merge (conflict-merge.ts).
 */
import { sameValue } from '../store/local-record';
import { allReferences, type ResourceDefinition } from '../store/registry/resource';
import type { RecordFields } from '../store/types';
import { choiceFor, type MergeChoice, type MergeConflict, type MergePath, mergeJson, NO_BASE, pathKey } from './json-merge';

export type FieldChoice = MergeChoice;
export type { MergeConflict, MergePath } from './json-merge';

export interface MergeUnit {
  /** The field the user sees and chooses (a reference: its server id field). */
  field: string;
  /** The local fields taken together with it from the chosen side. */
  carries: readonly string[];
  /** Equal on this unit. */
  same(a: RecordFields, b: RecordFields): boolean;
  /** A plain field: a document inside it merges at any depth (json-merge.ts); otherwise the unit is one leaf. */
  nested?: boolean;
  /** For a nested unit: true for a computed leaf (never a question: mine is taken). `record` is my side. */
  figure?: (record: RecordFields, path: MergePath) => boolean;
}

export interface MergeResult {
  /** Every unit's fields: the merged value, and for a conflict mine (until the user chooses). */
  merged: RecordFields;
  /** Leaves changed on both sides to different values, in the resource's order, then in the document's. */
  conflicts: MergeConflict[];
  /** The base the merge was made on (resolveMerge merges again with the choices). */
  base: RecordFields | null;
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
      units.push({
        field,
        carries: [field],
        same: (a, b) => sameValue(a[field], b[field]),
        nested: !resource.wholeFields.includes(field),
        ...(resource.isFigurePath ? { figure: resource.isFigurePath } : {}),
      });
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

/**
 * The merge. With `choices` (by path key, or by an enclosing path's key), a
 * conflict takes the chosen side; without one, mine (and it is reported).
 */
export function threeWayMerge(
  base: RecordFields | null,
  mine: RecordFields,
  theirs: RecordFields,
  units: readonly MergeUnit[],
  choices: Readonly<Record<string, FieldChoice>> = {},
): MergeResult {
  const merged: RecordFields = {};
  const conflicts: MergeConflict[] = [];
  const choose = (key: string) => choiceFor(choices, key);
  for (const unit of units) {
    if (unit.nested) {
      const figure = unit.figure;
      const result = mergeJson(base === null ? NO_BASE : base[unit.field], mine[unit.field], theirs[unit.field], [unit.field], {
        choose,
        ...(figure ? { figure: (path: MergePath) => figure(mine, path) } : {}),
      });
      conflicts.push(...result.conflicts);
      for (const field of unit.carries) merged[field] = result.value ?? null;
      continue;
    }
    const mineChanged = base === null || !unit.same(base, mine);
    const theirsChanged = base === null || !unit.same(base, theirs);
    let from: RecordFields;
    if (unit.same(mine, theirs) || !mineChanged) from = theirs;
    else if (!theirsChanged) from = mine;
    else {
      const path = [unit.field];
      conflicts.push({ path, key: pathKey(path), mine: mine[unit.field], theirs: theirs[unit.field] });
      from = choose(unit.field) === 'theirs' ? theirs : mine;
    }
    for (const field of unit.carries) merged[field] = from[field] ?? null;
  }
  return { merged, conflicts, base };
}

/**
 * The merge with the user's choice for each conflict (keyed by its path key,
 * or by an enclosing path's: `{ caracterization: 'mine' }` answers every
 * conflict inside it). Every conflict must have a choice; returns null when
 * one is missing (nothing is chosen for the user).
 */
export function resolveMerge(
  result: MergeResult,
  mine: RecordFields,
  theirs: RecordFields,
  units: readonly MergeUnit[],
  choices: Readonly<Record<string, FieldChoice>>,
): RecordFields | null {
  if (result.conflicts.some((conflict) => choiceFor(choices, conflict.key) === undefined)) return null;
  return threeWayMerge(result.base, mine, theirs, units, choices).merged;
}

/** True when `a` and `b` agree on every unit. */
export function sameUnits(a: RecordFields, b: RecordFields, units: readonly MergeUnit[]): boolean {
  return units.every((unit) => unit.same(a, b));
}

/**
 * Carries a merge into what was built on top of the merged change: a later
 * entry's payload or the record's local fields were made from `before` (the
 * change as it was), so what they still hold as in `before` takes its value
 * in `after`; what was changed since (a later edit) stays. Inside a
 * document this holds per leaf and per row (a three-way merge with `before`
 * as the base in which the later edit wins).
 */
export function carryForward(target: RecordFields, before: RecordFields, after: RecordFields, units: readonly MergeUnit[]): RecordFields {
  const next: RecordFields = { ...target };
  for (const unit of units) {
    if (unit.same(before, after)) continue;
    if (unit.same(target, before)) {
      for (const field of unit.carries) if (Object.hasOwn(target, field)) next[field] = after[field] ?? null;
    } else if (unit.nested && Object.hasOwn(target, unit.field)) {
      next[unit.field] = mergeJson(before[unit.field], target[unit.field], after[unit.field], [unit.field]).value ?? null;
    }
  }
  return next;
}
