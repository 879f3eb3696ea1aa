/**
 * One block of a sample printed from its type's descriptor
 * (sync/contract/samples/descriptor.ts): the block's nodes in the form's
 * order with the descriptor's labels, whatever the order of the stored keys
 * (the server's JSONB orders them its own way, the device keeps the order
 * typed), so the server and the device print the same text.
 *
 * - a field: a label/value line; an option's value printed as its option's
 *   label; `hidden` fields (colours) not printed; a field with `swatch` gets
 *   a colour square from the sibling field it names (the noise conclusion
 *   and classification), heat's condition the colour the screen shows
 *   (src/domain/heat-condition-colors.ts); an empty field is left out, or
 *   printed '—' when the form requires it;
 * - a group: a sub-section titled with the group's label;
 * - a block or group nothing was typed in (every value empty or the type's
 *   default) is left out, title and all;
 * - a list of rows: one table whose columns are the row's fields when they
 *   are few (MAX_TABLE_COLUMNS: EPIs), else each row its own label/value
 *   table titled with its name ('Tarefa 1': a heat task has 13 fields);
 *   rows nothing was typed in are left out;
 * - a field with `unit` prints its sibling unit field after the value
 *   (a chemical result '1,5 ppm');
 * - a figure the technician typed over is marked ' (digitado pelo técnico)':
 *   a row's `typed` list (heat tasks), and noise's Dose 8h, NEN and TWA when
 *   neither the measured dose nor the norm's average level was given;
 * - keys the descriptor does not know (the loose blocks of chemical and
 *   vibration, keys of older versions, a result's `criterion`) after the
 *   known ones: the common fields (instrument, EPIs, observation...) with
 *   their labels and in their order, then the others humanised and sorted
 *   by label; internal keys (`id`, `row_id`, `*_id`, `typed`, colours,
 *   files) never.
 */
import type { Content, ContentTable, TableCell } from 'pdfmake/interfaces';
import {
  optionLabel,
  type FieldNode,
  type GroupNode,
  type RowsNode,
  type SampleBlockName,
  type SampleNode,
  type SampleTypeSlug,
} from '@sync/contract/samples';
import { CARACTERIZATION_NODES, EPI_NODE, field, instrumentNodes, OBSERVATION_NODE } from '@sync/contract/samples/common-nodes';
import { AVERAGE_FIELD } from '@sync/contract/samples/noise-figures';
import { heatConditionColor } from '@/domain/heat-condition-colors';
import { columnWidths, type Palette } from '../quotation/parts';
import { heading, isRecord } from './keep-headings';

export const BLOCK_TEXTS = {
  empty: '—',
  typed: ' (digitado pelo técnico)',
} as const;

type Json = Record<string, unknown>;

/** What a block's printing knows besides its values. */
export interface BlockScope {
  slug: SampleTypeSlug | null;
  block: SampleBlockName;
  palette: Palette;
}

/** A list with more fields than this prints each row as its own table (A4 portrait). */
export const MAX_TABLE_COLUMNS = 5;

/** pdfmake's default cell padding, left and right: 4 pt each. */
const CELL_PADDINGS = 8;
/**
 * Label and value columns of a label/value table. Each table gets its own
 * copy: pdfmake rewrites a table's `widths` in place while it lays it out.
 */
const FIELD_WIDTHS: readonly number[] = columnWidths([170, '*'], 2 * CELL_PADDINGS);
const SWATCH = { size: 9, gap: 5 } as const;

const asRecord = (value: unknown): Json => (isRecord(value) ? value : {});

/* ---------- keys and labels ---------- */

/** Colour keys: printed as a swatch, never as text. */
const COLOUR_KEYS = ['bgColor', 'bg_color'] as const;
const INTERNAL_KEYS = new Set<string>(['id', 'row_id', 'key', 'typed', 'files', 'images', ...COLOUR_KEYS]);

/** Keys never printed: ids (the row's, the server's, a catalog's `*_id`), the typed-over marks, colours, files. */
export function isInternalKey(key: string): boolean {
  return INTERNAL_KEYS.has(key) || key.endsWith('_id') || key.startsWith('_');
}

/** The fields every type shares, for keys a type's descriptor does not declare (chemical, vibration today). */
const COMMON_NODES: readonly SampleNode[] = [...CARACTERIZATION_NODES, ...instrumentNodes({ gaugeRequired: false }), EPI_NODE, OBSERVATION_NODE];

/** Labels of keys no descriptor declares yet but the figures write (a result's criterion, heat's evaluated period). */
const KNOWN_LOOSE_LABELS: Readonly<Record<string, string>> = { criterion: 'Critério', window: 'Período avaliado' };

/** 'initial_time' → 'Initial time': a key no descriptor knows, as readable as it gets. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function looseLabel(key: string): string {
  const common = COMMON_NODES.find((node) => node.key === key);
  return common?.label ?? KNOWN_LOOSE_LABELS[key] ?? humanise(key);
}

/* ---------- values ---------- */

/** A stored value as text ('' for nothing); a list of plain values joined. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value) && value.every((item) => !isRecord(item) && !Array.isArray(item))) {
    return value.map(scalarText).filter(Boolean).join(', ');
  }
  return '';
}

const isScalar = (value: unknown) => !isRecord(value) && !(Array.isArray(value) && value.some((item) => isRecord(item) || Array.isArray(item)));

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colourOf = (value: unknown): string | null => (typeof value === 'string' && HEX.test(value.trim()) ? value.trim() : null);

/** Fields coloured by their own value, per type, by `block.path` (rows as `*`). */
const VALUE_COLOURS: Partial<Record<SampleTypeSlug, Readonly<Record<string, (value: string) => string>>>> = {
  heat: { 'risk_classification.condition': heatConditionColor },
};

/** The keys of a container whose values the technician typed over a computed figure. */
function typedKeys(scope: BlockScope, path: readonly string[], container: Json): ReadonlySet<string> {
  const keys = new Set<string>();
  if (Array.isArray(container.typed)) for (const key of container.typed) if (typeof key === 'string') keys.add(key);
  const norm = path.length === 1 ? path[0] : undefined;
  if (scope.slug === 'noise' && scope.block === 'result' && (norm === 'nho' || norm === 'nr15')) {
    const measured = scalarText(container.result) !== '' || scalarText(container[AVERAGE_FIELD[norm]]) !== '';
    if (!measured && scalarText(container.dose8) !== '') for (const key of ['dose8', 'nen', 'twa']) keys.add(key);
  }
  return keys;
}

/* ---------- cells and tables ---------- */

const labelCell = (text: string): TableCell => ({ text, bold: true });

/** A value, with a colour square before it when it has a colour; `width` is the cell's. */
function valueCell(text: string, colour: string | null, width: number): TableCell {
  if (!colour) return { text };
  return {
    columns: [
      {
        width: SWATCH.size,
        canvas: [{ type: 'rect', x: 0, y: 1.5, w: SWATCH.size, h: SWATCH.size, r: 1, color: colour, lineColor: '#868e96', lineWidth: 0.5 }],
      },
      { width: Math.max(width - SWATCH.size - SWATCH.gap, 20), text },
    ],
    columnGap: SWATCH.gap,
  } as TableCell;
}

const tableLayout = (headerRows: number) => ({
  hLineWidth: (index: number, node: { table: { body: unknown[] } }) =>
    index === 0 || index === node.table.body.length || (headerRows > 0 && index === headerRows) ? 0.8 : 0.3,
  vLineWidth: () => 0,
  hLineColor: () => '#adb5bd',
  fillColor: (index: number) => (index >= headerRows && (index - headerRows) % 2 === 1 ? '#f1f3f5' : null),
  paddingTop: () => 3,
  paddingBottom: () => 3,
});

const headerCell = (text: string, palette: Palette, extra: Record<string, unknown> = {}): TableCell =>
  ({ text, bold: true, color: palette.headerText, fillColor: palette.headerFill, ...extra }) as TableCell;

/** Label/value lines, rows never cut in half; with a title as its header row (a row of a list: 'Tarefa 1') when given. */
function fieldsTable(rows: TableCell[][], palette: Palette, title?: string): ContentTable {
  const header = title === undefined ? [] : [[headerCell(title, palette, { colSpan: 2 }), {}]];
  return {
    table: {
      headerRows: header.length,
      ...(header.length > 0 ? { keepWithHeaderRows: 1 } : {}),
      dontBreakRows: true,
      widths: [...FIELD_WIDTHS],
      body: [...header, ...rows],
    },
    layout: tableLayout(header.length),
    margin: [0, 0, 0, 8],
  };
}

/* ---------- nodes ---------- */

type Part = { rows: TableCell[][] } | { content: Content };

/** Synthetic nodes for the keys a container holds beyond `known`: common fields first, in their order, then by label. */
function looseNodes(value: Json, known: ReadonlySet<string>): SampleNode[] {
  const keys = Object.keys(value).filter((key) => !known.has(key) && !isInternalKey(key));
  const common = COMMON_NODES.filter((node) => keys.includes(node.key));
  const others = keys
    .filter((key) => !common.some((node) => node.key === key))
    .map((key) => ({ key, label: looseLabel(key) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR') || a.key.localeCompare(b.key));
  const colour = COLOUR_KEYS.find((key) => colourOf(value[key]) !== null);
  return [
    ...common,
    ...others.flatMap(({ key, label }): SampleNode[] => {
      const inner = value[key];
      if (isScalar(inner)) return [field(key, label, 'line', key === 'conclusion' && colour ? { swatch: colour } : {})];
      if (isRecord(inner)) return [{ kind: 'group', key, label, nodes: [] } satisfies GroupNode];
      const rows = (inner as unknown[]).filter(isRecord);
      // The row's fields: every key any row holds.
      const merged = Object.assign(
        {},
        ...rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => scalarText(v) !== '' || !isScalar(v)))),
      );
      return [{ kind: 'rows', key, label, rowLabel: (index) => `${label} ${index + 1}`, nodes: looseNodes(merged, new Set()) } satisfies RowsNode];
    }),
  ];
}

/** Nothing typed: every value as in the blank row (a list's template row), or empty. */
function isBlank(value: unknown, template: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => isBlank(item, Array.isArray(template) ? template[0] : undefined));
  if (isRecord(value)) {
    const blank = asRecord(template);
    return Object.entries(value).every(([key, inner]) => isInternalKey(key) || isBlank(inner, blank[key]));
  }
  return scalarText(value) === scalarText(template);
}

/** A field's printed text and colour; null when it is not printed (hidden, or empty and optional). */
function fieldValue(
  node: FieldNode,
  container: Json,
  scope: BlockScope,
  path: readonly string[],
  typed: ReadonlySet<string>,
): { text: string; colour: string | null } | null {
  if (node.hidden) return null;
  const raw = scalarText(container[node.key]);
  if (raw === '') return node.required ? { text: BLOCK_TEXTS.empty, colour: null } : null;
  const unit = node.unit ? scalarText(container[node.unit]) : '';
  const text = (node.options ? optionLabel(node, raw) : raw) + (unit ? ` ${unit}` : '') + (typed.has(node.key) ? BLOCK_TEXTS.typed : '');
  const byValue = scope.slug ? VALUE_COLOURS[scope.slug]?.[[scope.block, ...path, node.key].join('.')] : undefined;
  const colour = node.swatch ? colourOf(container[node.swatch]) : byValue ? byValue(raw) : null;
  return { text, colour };
}

function fieldRow(node: FieldNode, container: Json, scope: BlockScope, path: readonly string[], typed: ReadonlySet<string>): TableCell[] | null {
  const value = fieldValue(node, container, scope, path, typed);
  return value ? [labelCell(node.label), valueCell(value.text, value.colour, FIELD_WIDTHS[1]!)] : null;
}

/** Consecutive label/value lines as one table; headings and tables as they are. */
function partsContent(parts: readonly Part[], palette: Palette): Content[] {
  const out: Content[] = [];
  let rows: TableCell[][] = [];
  const flush = () => {
    if (rows.length > 0) out.push(fieldsTable(rows, palette));
    rows = [];
  };
  for (const part of parts) {
    if ('rows' in part) rows.push(...part.rows);
    else {
      flush();
      out.push(part.content);
    }
  }
  flush();
  return out;
}

const contentParts = (content: readonly Content[]): Part[] => content.map((item) => ({ content: item }));

function nodesParts(nodes: readonly SampleNode[], value: Json, template: Json, scope: BlockScope, path: readonly string[], level: number): Part[] {
  const all = [
    ...nodes,
    ...looseNodes(value, new Set(nodes.flatMap((node) => (node.kind === 'field' && node.swatch ? [node.key, node.swatch] : [node.key])))),
  ];
  const typed = typedKeys(scope, path, value);
  const parts: Part[] = [];
  for (const node of all) {
    if (node.kind === 'field') {
      const row = fieldRow(node, value, scope, path, typed);
      if (row) parts.push({ rows: [row] });
    } else if (node.kind === 'group') {
      if (isBlank(value[node.key], template[node.key])) continue;
      const inner = nodesParts(node.nodes, asRecord(value[node.key]), asRecord(template[node.key]), scope, [...path, node.key], level + 1);
      const content = partsContent(inner, scope.palette);
      if (content.length > 0) parts.push(...contentParts([heading(node.label, level + 1, scope.palette), ...content]));
    } else {
      const blankRow = Array.isArray(template[node.key]) ? (template[node.key] as unknown[])[0] : undefined;
      parts.push(...contentParts(rowsContent(node, value[node.key], asRecord(blankRow), scope, [...path, node.key, '*'], level + 1)));
    }
  }
  return parts;
}

/** A list: one table with a column per field when they are few, else one titled table per row. */
function rowsContent(node: RowsNode, list: unknown, blankRow: Json, scope: BlockScope, path: readonly string[], level: number): Content[] {
  const rows = (Array.isArray(list) ? list : []).filter(isRecord);
  const typedRows = rows.map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row, blankRow));
  if (typedRows.length === 0) return [];
  const { palette } = scope;
  const known = new Set(node.nodes.map((child) => child.key));
  const extra = looseNodes(Object.assign({}, ...typedRows.map(({ row }) => row)), known);
  const columns = [...node.nodes, ...extra].filter((child): child is FieldNode => child.kind === 'field' && !child.hidden);
  const flat = columns.length === [...node.nodes, ...extra].filter((child) => !(child.kind === 'field' && child.hidden)).length;
  const out: Content[] = [heading(node.label, level, palette)];
  if (flat && columns.length <= MAX_TABLE_COLUMNS) {
    const widths = columnWidths(
      columns.map(() => '*'),
      columns.length * CELL_PADDINGS,
    );
    const body = typedRows.map(({ row }) => {
      const typed = typedKeys(scope, path, row);
      return columns.map((column, index) => {
        const value = fieldValue(column, row, scope, path, typed);
        return valueCell(value?.text ?? '', value?.colour ?? null, widths[index]!);
      });
    });
    out.push({
      table: {
        headerRows: 1,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths,
        body: [columns.map((column) => headerCell(column.label, palette)), ...body],
      },
      layout: tableLayout(1),
      margin: [0, 0, 0, 8],
    });
    return out;
  }
  for (const { row, index } of typedRows) {
    const parts = nodesParts([...node.nodes, ...extra], row, blankRow, scope, path, level + 1);
    if (parts.every((part) => 'rows' in part)) {
      out.push(
        fieldsTable(
          parts.flatMap((part) => ('rows' in part ? part.rows : [])),
          palette,
          node.rowLabel(index),
        ),
      );
    } else out.push(heading(node.rowLabel(index), level + 1, palette), ...partsContent(parts, palette));
  }
  return out;
}

/**
 * A block's content under its title (nothing when nothing in it is
 * printed). `template` is the type's blank block (its defaults and blank
 * rows), `value` the stored or drafted block with the defaults filled in.
 */
export function blockContent(title: string, nodes: readonly SampleNode[], value: unknown, template: unknown, scope: BlockScope): Content[] {
  if (isBlank(value, template)) return [];
  const content = partsContent(nodesParts(nodes, asRecord(value), asRecord(template), scope, [], 1), scope.palette);
  return content.length > 0 ? [heading(title, 1, scope.palette), ...content] : [];
}
