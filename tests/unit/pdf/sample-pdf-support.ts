/**
 * Reading a sample document definition (src/pdf/sample) in the tests: the
 * headings, the label/value lines with their swatch colours, and all the
 * text with a table's cells joined by '|' one row a line.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A node's text (its runs joined), '' for none. */
export function textOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (!isRecord(node)) return '';
  if ('text' in node) return textOf(node.text).replace(/\u200b/g, '');
  for (const key of ['stack', 'columns'] as const)
    if (Array.isArray(node[key])) return (node[key] as unknown[]).map(textOf).filter(Boolean).join(' ');
  return '';
}

/** A cell's swatch colour (the canvas square before its text), null for none. */
export function swatchOf(cell: unknown): string | null {
  if (!isRecord(cell) || !Array.isArray(cell.columns)) return null;
  const [square] = cell.columns as Json[];
  const [rect] = (square?.canvas as Json[] | undefined) ?? [];
  return typeof rect?.color === 'string' ? rect.color : null;
}

function walk(node: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (isRecord(node)) {
    visit(node);
    for (const key of ['stack', 'columns'] as const) walk(node[key], visit);
    if (isRecord(node.table)) walk(node.table.body, visit);
  }
}

/** The top-level headings, in order. */
export function headings(definition: TDocumentDefinitions): string[] {
  return (definition.content as unknown[]).filter((part) => isRecord(part) && part.headlineLevel !== undefined).map(textOf);
}

export type FieldLine = { label: string; text: string; colour: string | null };

/** Every label/value line (a bold label and its value), in order. */
export function fieldRows(definition: TDocumentDefinitions): FieldLine[] {
  const rows: FieldLine[] = [];
  walk(definition.content, (node) => {
    if (!isRecord(node.table)) return;
    for (const row of node.table.body as unknown[][]) {
      const [label, value] = row;
      if (row.length !== 2 || !isRecord(label) || label.bold !== true || label.colSpan !== undefined || label.fillColor !== undefined) continue;
      rows.push({ label: textOf(label), text: textOf(value), colour: swatchOf(value) });
    }
  });
  return rows;
}

/** All the text: a paragraph a line, a table row a line with its cells joined by '|'. */
export function printedText(definition: TDocumentDefinitions): string {
  const lines: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (typeof node === 'string') {
      lines.push(node);
    } else if (isRecord(node)) {
      if (isRecord(node.table)) for (const row of node.table.body as unknown[][]) lines.push(row.map(textOf).join('|'));
      else if ('text' in node) lines.push(textOf(node));
      else for (const key of ['stack', 'columns'] as const) visit(node[key]);
    }
  };
  visit(definition.content);
  return lines.join('\n');
}
