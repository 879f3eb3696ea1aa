/**
 * How a path inside a record is named to a person (the sync page's
 * questions, the sample page's notice of what came in): the resource's own
 * `pathLabel` ('Caracterização — Matrícula', 'Agentes — linha 2 —
 * Quantidade') when it knows the path, else the field's label and the rest
 * humanised ('Detalhes — Campo extra — linha 2').
 */
import type { ResourceDefinition } from '../store/registry/resource';
import type { RecordFields } from '../store/types';
import { rowIndexOf } from '../contract/row-id';
import { isPlainObject } from './json-merge';

/** The label of `path`; `records` are tried in turn for the resource's label (a row may be on one side only). */
export function labelOfPath(resource: ResourceDefinition, path: readonly string[], ...records: RecordFields[]): string {
  const [field, ...rest] = path;
  const fieldLabel = resource.fieldLabels[field!] ?? field!;
  if (rest.length === 0) return fieldLabel;
  for (const record of records) {
    const label = resource.pathLabel?.(record, path);
    if (label) return label;
  }
  return [fieldLabel, ...humanised(records[0]?.[field!], rest)].join(' — ');
}

/** Steps for a person: a key with its first letter up and spaces for '_', a row as 'linha N'. */
function humanised(value: unknown, steps: readonly string[]): string[] {
  const names: string[] = [];
  let current = value;
  for (const step of steps) {
    if (Array.isArray(current)) {
      const index = rowIndexOf(current, step);
      const position = index >= 0 ? index : /^#\d+$/.test(step) ? Number(step.slice(1)) : -1;
      names.push(position >= 0 ? `linha ${position + 1}` : 'linha');
      current = index >= 0 ? current[index] : undefined;
    } else {
      const words = step.replaceAll('_', ' ');
      names.push(words.charAt(0).toUpperCase() + words.slice(1));
      current = isPlainObject(current) ? current[step] : undefined;
    }
  }
  return names;
}

/**
 * A row's fields under their labels, for showing a whole row (removed on one
 * side, edited on the other): `{ 'tbn (°C)': '24,1', ... }`, without its id.
 */
export function labelledRow(resource: ResourceDefinition, path: readonly string[], row: unknown, ...records: RecordFields[]): unknown {
  if (!isPlainObject(row)) return row;
  const prefix = `${labelOfPath(resource, path, ...records)} — `;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'row_id') continue;
    const label = labelOfPath(resource, [...path, key], ...records);
    out[label.startsWith(prefix) ? label.slice(prefix.length) : key] = value;
  }
  return out;
}
