/**
 * What an edit changed in a sample, leaf by leaf: each changed field's path
 * ('result.agents.0.result'), its label for a person (sampleFieldLabel, the
 * descriptor's labels), and the value before and after. Rows of a list are
 * matched by their `row_id`, so removing a row reads as that row removed,
 * not as every row after it changed; a path names a row by its position.
 * Empty values are one value: absent, null, '' , [] and {} never differ
 * from each other (a field the form adds blank is no change).
 */
import { canonicalJson } from '@server/sync/idempotency-plugin';
import { SAMPLE_BLOCKS, sampleFieldLabel } from '@sync/contract/samples';
import type { SampleChange } from '@server/db/schema';

type Plain = Record<string, unknown>;

export interface LeafChange {
  steps: string[];
  before: unknown;
  after: unknown;
}

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (isPlain(value) && Object.keys(value).length === 0)
  );
}

function isRowList(value: unknown): value is Plain[] {
  return Array.isArray(value) && value.length > 0 && value.every((row) => isPlain(row) && typeof row.row_id === 'string' && row.row_id !== '');
}

function rowChanges(before: Plain[], after: Plain[], steps: string[]): LeafChange[] {
  const changes: LeafChange[] = [];
  const beforeById = new Map(before.map((row) => [row.row_id as string, row]));
  const afterIds = new Set(after.map((row) => row.row_id as string));
  after.forEach((row, index) => {
    const previous = beforeById.get(row.row_id as string);
    const at = [...steps, String(index)];
    if (previous) changes.push(...leafChanges(previous, row, at));
    else changes.push({ steps: at, before: undefined, after: row });
  });
  before.forEach((row, index) => {
    if (!afterIds.has(row.row_id as string)) changes.push({ steps: [...steps, String(index)], before: row, after: undefined });
  });
  return changes;
}

/** Every leaf that differs between two JSON values, under `steps`. */
export function leafChanges(before: unknown, after: unknown, steps: string[] = []): LeafChange[] {
  if (isEmptyValue(before) && isEmptyValue(after)) return [];
  if (isPlain(before) && isPlain(after)) {
    const keys = [...Object.keys(after), ...Object.keys(before).filter((key) => !(key in after))];
    return keys.flatMap((key) => leafChanges(before[key], after[key], [...steps, key]));
  }
  if (isRowList(before) && isRowList(after)) return rowChanges(before, after, steps);
  if (isRowList(before) && isEmptyValue(after)) return rowChanges(before, [], steps);
  if (isEmptyValue(before) && isRowList(after)) return rowChanges([], after, steps);
  if (before === after) return [];
  if (typeof before === 'object' && typeof after === 'object' && canonicalJson(before) === canonicalJson(after)) return [];
  return [{ steps, before, after }];
}

/** The sample's own fields an edit may change besides the blocks, with the labels the device's registry gives them. */
const FIELD_LABELS = { sample_no: 'Número', agent_name: 'Agente', chemical_agent: 'Agente químico' } as const;

/** A leaf's path and label; a path the type does not describe is labelled by the path itself. */
export function describeChange(record: Plain, change: LeafChange): SampleChange {
  const path = change.steps.join('.');
  const label = FIELD_LABELS[path as keyof typeof FIELD_LABELS] ?? sampleFieldLabel(record, change.steps) ?? path;
  return { path, label, before: change.before ?? null, after: change.after ?? null };
}

/** What changed from one stored sample (row or column values) to the next, labelled. */
export function sampleChanges(before: Plain, after: Plain): SampleChange[] {
  const leaves = [
    ...Object.keys(FIELD_LABELS).flatMap((field) => (field in after ? leafChanges(before[field], after[field], [field]) : [])),
    ...SAMPLE_BLOCKS.flatMap((block) => (block in after ? leafChanges(before[block], after[block], [block]) : [])),
  ];
  const record = { ...before, ...after };
  return leaves.map((leaf) => describeChange(record, leaf));
}
