/**
 * Required fields and duplicate-clearing of a multi-block form (the sample's
 * five blocks, FIELD-UX items 3 and 9), as pure functions of tables.
 *
 * A path names a field inside one block with dots: `initial_time`,
 * `nho.dose8`, or `tasks.*.initial` for that field in every row of a list
 * (a list that always keeps one row: an empty or missing list counts as one
 * blank row). The tables themselves live with each sample type
 * (src/features/samples/<type>/…-rules.ts); these functions only read them.
 */

export type FormBlocks = Readonly<Record<string, unknown>>;

/** One required field of a block: its path and the label the form shows. */
export interface RequiredField {
  block: string;
  path: string;
  label: string;
  /** For a list path (`tasks.*.initial`): the row's name in the check's list ('Tarefa 2'). */
  rowLabel?: (index: number) => string;
}

/** A required field left blank, with its concrete path (`tasks.1.initial`). */
export interface MissingField {
  block: string;
  path: string;
  label: string;
}

/** Blank: nothing, or text of spaces only. A number, a boolean, a list or an object counts as filled. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a concrete path (no `*`), undefined when any step is missing. */
export function valueAt(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const step of path.split('.')) {
    if (Array.isArray(current)) current = current[Number(step)];
    else if (isRecord(current)) current = current[step];
    else return undefined;
  }
  return current;
}

/** The concrete paths of a template: `tasks.*.initial` → `tasks.0.initial`, `tasks.1.initial`, … (at least row 0). */
export function expandPath(root: unknown, template: string): string[] {
  const star = template.indexOf('*');
  if (star < 0) return [template];
  const listPath = template.slice(0, star - 1);
  const rest = template.slice(star + 2);
  const list = valueAt(root, listPath);
  const rows = Array.isArray(list) && list.length > 0 ? list.length : 1;
  return Array.from({ length: rows }, (_, index) => `${listPath}.${index}${rest ? `.${rest}` : ''}`).flatMap((path) =>
    rest.includes('*') ? expandPath(root, path) : [path],
  );
}

/** The template of a concrete path: row numbers become `*` (`tasks.1.initial` → `tasks.*.initial`). */
export function templateOf(path: string): string {
  return path
    .split('.')
    .map((step) => (/^\d+$/.test(step) ? '*' : step))
    .join('.');
}

/** The first row number of a concrete path, for the row's label. */
function rowIndexOf(path: string): number {
  const step = path.split('.').find((part) => /^\d+$/.test(part));
  return step === undefined ? 0 : Number(step);
}

/** The required fields left blank, in the table's order (rows in list order). */
export function missingFields(blocks: FormBlocks, required: readonly RequiredField[]): MissingField[] {
  const missing: MissingField[] = [];
  for (const field of required) {
    const block = blocks[field.block];
    for (const path of expandPath(block, field.path)) {
      if (!isBlank(valueAt(block, path))) continue;
      const label = field.rowLabel ? `${field.rowLabel(rowIndexOf(path))}: ${field.label}` : field.label;
      missing.push({ block: field.block, path, label });
    }
  }
  return missing;
}

/** How many required fields each block leaves blank (every block of the table named, 0 when complete). */
export function missingCountByBlock(blocks: FormBlocks, required: readonly RequiredField[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const field of required) counts[field.block] = 0;
  for (const field of missingFields(blocks, required)) counts[field.block] = (counts[field.block] ?? 0) + 1;
  return counts;
}

/**
 * What a duplicate clears, by block: the paths (list paths with `*`) that
 * return to a new record's value, or 'all' for the whole block.
 */
export type ClearRule = Readonly<Record<string, readonly string[] | 'all'>>;

/** Sets (or, for `undefined`, removes) the value at a concrete path whose parent exists. */
function setAt(root: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  let current: unknown = root;
  for (const step of steps.slice(0, -1)) {
    current = Array.isArray(current) ? current[Number(step)] : isRecord(current) ? current[step] : undefined;
    if (current === undefined || current === null || typeof current !== 'object') return;
  }
  const last = steps[steps.length - 1]!;
  if (Array.isArray(current)) current[Number(last)] = value ?? '';
  else if (isRecord(current)) {
    if (value === undefined) delete current[last];
    else current[last] = value;
  }
}

/**
 * The blocks of a copy: every block cloned, then each cleared path set to
 * what a new record has there (`emptyBlock(block)` at the same path, row 0
 * for list rows; removed when the new record has nothing there), each 'all'
 * block replaced by the new record's block. A path the source lacks stays
 * absent (nothing to clear). The source is never changed.
 */
export function clearForCopy<B extends FormBlocks>(blocks: B, rule: ClearRule, emptyBlock: (block: string) => Record<string, unknown>): B {
  const copy = structuredClone(blocks) as Record<string, unknown>;
  for (const [block, paths] of Object.entries(rule)) {
    const empty = emptyBlock(block);
    if (paths === 'all') {
      copy[block] = structuredClone(empty);
      continue;
    }
    const target = copy[block];
    if (!isRecord(target)) continue;
    for (const template of paths) {
      for (const path of expandPath(target, template)) {
        if (valueAt(target, path) === undefined) continue;
        const fresh = valueAt(empty, path.replace(/\.\d+(?=\.|$)/g, '.0'));
        setAt(target, path, fresh === undefined ? undefined : structuredClone(fresh));
      }
    }
  }
  return copy as B;
}
