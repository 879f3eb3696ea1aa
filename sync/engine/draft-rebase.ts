/**
 * A draft (what a page holds typed and unsaved, store/drafts.ts) carried
 * over a newer stored version of its record: another tab saved, or a sync
 * brought the server's change, while the page was open. The same three-way
 * merge as a conflict (merge.ts, at any depth): base = the fields as stored
 * when the draft started, mine = the draft, theirs = the record as stored
 * now. Whatever the draft did not change takes the stored value (a Salvar
 * never writes an older value back); a leaf changed on both sides keeps the
 * draft's value (the user is typing it) and is reported, so the page can
 * tell. Pure.
 */
import type { ResourceDefinition } from '../store/registry/resource';
import type { RecordFields } from '../store/types';
import { differingPaths, type MergePath } from './json-merge';
import { mergeUnitsOf, threeWayMerge } from './merge';

export interface DraftRebase {
  /** The draft on the stored version (only `fields`). */
  fields: RecordFields;
  /** Where the rebase changed what the draft shows (what came in), computed figures left out. */
  incoming: MergePath[];
  /** Changed in the draft and in the stored version, differently: the draft's value was kept. */
  kept: MergePath[];
}

/**
 * `context` holds what the resource's figures and labels read besides the
 * fields (a sample's `type_id`); `fields` are the draft's fields (a sample's
 * five blocks).
 */
export function rebaseDraft(
  resource: ResourceDefinition,
  context: RecordFields,
  fields: readonly string[],
  base: RecordFields,
  draft: RecordFields,
  stored: RecordFields,
): DraftRebase {
  const units = mergeUnitsOf(resource).filter((unit) => fields.includes(unit.field));
  const side = (values: RecordFields) => ({ ...context, ...values });
  const result = threeWayMerge(side(base), side(draft), side(stored), units);
  const merged: RecordFields = {};
  for (const field of fields) merged[field] = result.merged[field] ?? draft[field] ?? null;
  const record = side(merged);
  const figure = (path: MergePath) => resource.isFigurePath?.(record, path) ?? false;
  const incoming = fields.flatMap((field) => differingPaths(draft[field], merged[field], [field])).filter((path) => !figure(path));
  return { fields: merged, incoming, kept: result.conflicts.map((conflict) => conflict.path).filter((path) => !figure(path)) };
}
