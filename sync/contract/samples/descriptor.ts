/**
 * A sample type as one unit (docs/adding-a-sample-type.md): its five block
 * schemas, every field in the form's order with its Portuguese label and
 * options, what is required, what a duplicate clears, a new sample's
 * blocks and the derivation of its figures. The device (tabs, badges,
 * Verificar, the draft's rebase, the conflict questions), the server (its
 * recomputation on every save) and the report (both renderings) all read
 * the same descriptor, so a label or a rule exists once.
 *
 * A block is a tree of nodes: a field, a group (a nested object such as the
 * noise result's NHO 01 block) or a row list (tasks, EPIs) whose rows carry a
 * stable `row_id`. Paths name a field with dots (`nho.dose8`,
 * `tasks.*.tbn` for the field of every row); concrete paths of rows use the
 * row's index (`tasks.1.tbn`, as form-paths.ts reads them).
 */
import type { ClearRule, RequiredField } from '@/domain/form-paths';
import type { ResultThresholds } from '@/domain/result-thresholds';
import type { SampleBlock, SampleBlockName, SampleBlockSchemas } from './blocks';
import { newRowId } from '../row-id';
import type { SampleTypeSlug } from './types';

export type SampleBlocks = Record<SampleBlockName, SampleBlock>;

/** How a field is typed and read: the input the tab shows and how the report prints it. */
export type FieldInput = 'line' | 'note' | 'time' | 'duration' | 'decimal' | 'date' | 'choice' | 'color';

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldNode {
  kind: 'field';
  key: string;
  /** The label on the form and in the report, with its unit ('Dose 8h (%)'). */
  label: string;
  input: FieldInput;
  options?: readonly FieldOption[];
  required?: boolean;
  /**
   * Computed by the derivation. Shown read-only when computed; the
   * technician may type over some of them (the derivation says which, and
   * keeps their mark).
   */
  figure?: boolean;
  /** Not printed (a colour is printed as the swatch of the field it colours). */
  hidden?: boolean;
  /** The colour field that colours this one in the report ('bgColor'), as a sibling key. */
  swatch?: string;
  /** The field holding this value's unit, as a sibling key: the report prints it after the value ('1,5 ppm'). */
  unit?: string;
}

export interface GroupNode {
  kind: 'group';
  key: string;
  label: string;
  nodes: readonly SampleNode[];
}

export interface RowsNode {
  kind: 'rows';
  key: string;
  label: string;
  /** One row's name ('Tarefa 2'), 0-based index. */
  rowLabel(index: number): string;
  nodes: readonly SampleNode[];
}

export type SampleNode = FieldNode | GroupNode | RowsNode;

export interface BlockDescriptor {
  block: SampleBlockName;
  /** The tab's title ('Memória de campo'). */
  title: string;
  nodes: readonly SampleNode[];
}

/** What a derivation reads besides the blocks: the thresholds of Settings > Resultados. */
export interface SampleDeriveContext {
  thresholds: ResultThresholds;
}

export interface SampleTypeDescriptor {
  slug: SampleTypeSlug;
  /** The type's name ('Ruído'). */
  name: string;
  schemas: SampleBlockSchemas;
  /** The five blocks in the tabs' order. */
  blocks: readonly BlockDescriptor[];
  /** What 'Duplicar amostra' clears. */
  cleared: ClearRule;
  /** A new sample's block (the spec's defaults, one blank row per list). */
  emptyBlock(block: SampleBlockName): SampleBlock;
  /**
   * The figures brought up to date from the inputs: pure, the same on the
   * device at every keystroke, on the server at every save, and before the
   * report. Returns the same object when nothing changes.
   */
  derive(blocks: SampleBlocks, context: SampleDeriveContext): SampleBlocks;
  /** The tabs whose figures are computed and show a badge of their own even with nothing required (heat's Classificação). */
  markedTabs?: readonly SampleBlockName[];
}

/* ---------- reading the tree ---------- */

export function blockOf(descriptor: SampleTypeDescriptor, block: SampleBlockName): BlockDescriptor | undefined {
  return descriptor.blocks.find((candidate) => candidate.block === block);
}

/** The node a path names (`nho.dose8`, `tasks.*.tbn` or `tasks.1.tbn`), or undefined. */
export function nodeAt(nodes: readonly SampleNode[], path: string): SampleNode | undefined {
  const steps = path.split('.');
  let current: readonly SampleNode[] = nodes;
  let found: SampleNode | undefined;
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index]!;
    found = current.find((node) => node.key === step);
    if (!found) return undefined;
    if (found.kind === 'rows') {
      const next = steps[index + 1];
      // A row step: `*`, an index or a row id.
      if (next !== undefined) index++;
      current = found.nodes;
    } else if (found.kind === 'group') current = found.nodes;
    else if (index < steps.length - 1) return undefined;
  }
  return found;
}

/**
 * The label of a concrete path for a person: the field's label, after its
 * group's and row's names ('NHO 01 — Dose 8h (%)', 'Tarefa 2 — tbn (°C)').
 * `rowIndex` turns a row id step into the row's position when the caller
 * knows it. Undefined for a path the descriptor does not know.
 */
export function pathLabel(nodes: readonly SampleNode[], path: string, rowIndex?: (listPath: string, step: string) => number): string | undefined {
  const steps = path.split('.');
  const names: string[] = [];
  let current: readonly SampleNode[] = nodes;
  let walked: string[] = [];
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index]!;
    const node = current.find((candidate) => candidate.key === step);
    if (!node) return undefined;
    walked = [...walked, step];
    if (node.kind === 'field') {
      if (index < steps.length - 1) return undefined;
      names.push(node.label);
    } else if (node.kind === 'group') {
      names.push(node.label);
      current = node.nodes;
    } else {
      const rowStep = steps[index + 1];
      if (rowStep === undefined) names.push(node.label);
      else {
        index++;
        const position = /^\d+$/.test(rowStep) ? Number(rowStep) : (rowIndex?.(walked.join('.'), rowStep) ?? -1);
        names.push(position >= 0 ? node.rowLabel(position) : node.label);
        walked = [...walked, rowStep];
      }
      current = node.nodes;
    }
  }
  return names.join(' — ');
}

/** The label of an option value, or the value itself when it is not one of the options. */
export function optionLabel(node: FieldNode, value: string): string {
  return node.options?.find((option) => option.value === value)?.label ?? value;
}

/** The required fields of a type, in the form's order, as form-paths.ts reads them (tab marks, Verificar, asterisks). */
export function requiredFieldsOf(descriptor: SampleTypeDescriptor): RequiredField[] {
  const required: RequiredField[] = [];
  const walk = (block: SampleBlockName, nodes: readonly SampleNode[], prefix: string, names: string[], rowLabel?: (index: number) => string) => {
    for (const node of nodes) {
      const path = prefix ? `${prefix}.${node.key}` : node.key;
      if (node.kind === 'field') {
        if (!node.required) continue;
        const label = [...names, node.label].join(' — ');
        required.push(rowLabel ? { block, path, label, rowLabel } : { block, path, label });
      } else if (node.kind === 'group') walk(block, node.nodes, path, [...names, node.label], rowLabel);
      else walk(block, node.nodes, `${path}.*`, names, node.rowLabel);
    }
  };
  for (const block of descriptor.blocks) walk(block.block, block.nodes, '', []);
  return required;
}

/** Every field path template of a block (`tasks.*.tbn`), in the form's order. */
export function fieldPathsOf(nodes: readonly SampleNode[], prefix = ''): Array<{ path: string; node: FieldNode }> {
  const out: Array<{ path: string; node: FieldNode }> = [];
  for (const node of nodes) {
    const path = prefix ? `${prefix}.${node.key}` : node.key;
    if (node.kind === 'field') out.push({ path, node });
    else if (node.kind === 'group') out.push(...fieldPathsOf(node.nodes, path));
    else out.push(...fieldPathsOf(node.nodes, `${path}.*`));
  }
  return out;
}

/* ---------- row ids ---------- */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The blocks with an id given to every row that has none (rows saved before
 * rows had ids): the server runs it on every save, so from then on every
 * device names a row the same way. Returns the same object when every row
 * has one.
 */
export function withRowIds(descriptor: SampleTypeDescriptor, blocks: SampleBlocks): SampleBlocks {
  let changed = false;
  const fill = (nodes: readonly SampleNode[], value: unknown): unknown => {
    if (!isRecord(value)) return value;
    let next: Record<string, unknown> | null = null;
    for (const node of nodes) {
      if (node.kind === 'field') continue;
      const inner = value[node.key];
      let filled: unknown = inner;
      if (node.kind === 'group') filled = fill(node.nodes, inner);
      else if (Array.isArray(inner)) {
        let rowsChanged = false;
        const rows = inner.map((row) => {
          const withInner = fill(node.nodes, row);
          if (isRecord(withInner) && (typeof withInner.row_id !== 'string' || withInner.row_id === '')) {
            rowsChanged = true;
            return { ...withInner, row_id: newRowId() };
          }
          if (withInner !== row) rowsChanged = true;
          return withInner;
        });
        if (rowsChanged) filled = rows;
      }
      if (filled !== inner) {
        next ??= { ...value };
        next[node.key] = filled;
      }
    }
    if (next) changed = true;
    return next ?? value;
  };
  const out = { ...blocks };
  for (const block of descriptor.blocks) out[block.block] = fill(block.nodes, blocks[block.block]) as SampleBlock;
  return changed ? out : blocks;
}

/** The labels of a block's fields by key (groups and rows flattened; the first node of a key wins): what the tabs label their inputs with. */
export function blockLabels(descriptor: SampleTypeDescriptor, block: SampleBlockName): Readonly<Record<string, string>> {
  const labels: Record<string, string> = {};
  const walk = (nodes: readonly SampleNode[]) => {
    for (const node of nodes) {
      labels[node.key] ??= node.label;
      if (node.kind !== 'field') walk(node.nodes);
    }
  };
  walk(blockOf(descriptor, block)?.nodes ?? []);
  return labels;
}
