/**
 * Headings kept with their content: a section's or sub-section's heading is
 * never the last thing printed on a page. Each heading carries its level as
 * pdfmake's `headlineLevel`; pdfmake lays the document out, then asks
 * `keepHeadingsWithContent` about every node in order (the definition's
 * `pageBreakBefore`), and a heading with none of the following content on
 * its page starts the next page instead (pdfmake lays out again and goes on
 * from there).
 *
 * Which page a piece of content landed on: pdfmake lays a table row out
 * (rows are never cut, `dontBreakRows`) before it knows whether the row
 * fits, and when it does not, moves it to the next page without updating
 * the page its texts report, except for a text with an `id`. So
 * `anchorContent` gives the first text of every piece of content after the
 * headings (a table's first cell, the first photo's caption) an id,
 * `keep-1`, `keep-2`..., and the rule reads those anchors only. A table's
 * anchor is in its first row under the header rows (pdfmake draws a header
 * again on every page the table reaches, and moves its texts' page along),
 * and the tables keep that row with their header (`keepWithHeaderRows`).
 */
import type { Content, Node, NodeQueries } from 'pdfmake/interfaces';
import type { Palette } from '../quotation/parts';

const HEADING_SIZES = [11, 10, 9] as const;
const ANCHOR = 'keep-';
/** A heading this near the top of its page (share of the page's height) stays: moving it would leave the page empty. */
const TOP_OF_PAGE = 0.05;

/** A heading: level 1 a section (a block, 'Dados cadastrais'), 2 a group or a list, 3 deeper. */
export function heading(text: string, level: number, palette: Palette): Content {
  const headlineLevel = Math.min(Math.max(level, 1), HEADING_SIZES.length);
  return {
    text,
    bold: true,
    fontSize: HEADING_SIZES[headlineLevel - 1],
    color: palette.title,
    margin: headlineLevel === 1 ? [0, 8, 0, 4] : [0, 4, 0, 3],
    headlineLevel,
  };
}

const isAnchor = (node: Node) => typeof node.id === 'string' && node.id.startsWith(ANCHOR);

/**
 * pdfmake's `pageBreakBefore`: true for a heading that is not at the top of
 * its page and has no content anchor after it on that page.
 */
export function keepHeadingsWithContent(node: Node, queries: NodeQueries): boolean {
  if (node.headlineLevel === undefined) return false;
  const { pageNumber, verticalRatio } = node.startPosition;
  if (verticalRatio < TOP_OF_PAGE) return false;
  return !queries.getFollowingNodesOnPage().some((other) => isAnchor(other) && other.startPosition.pageNumber === pageNumber);
}

type Json = Record<string, unknown>;
/** A JSON object (not a list). */
export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The node with an anchor id on its first text (depth first: stacks,
 * columns, lists, a table's cells row by row after its header rows); the same node
 * when it has none.
 */
function anchored(node: unknown, id: string): { node: unknown; done: boolean } {
  if (Array.isArray(node)) {
    const out = [...node];
    for (let index = 0; index < out.length; index++) {
      const inner = anchored(out[index], id);
      if (inner.done) {
        out[index] = inner.node;
        return { node: out, done: true };
      }
    }
    return { node, done: false };
  }
  if (typeof node === 'string') return node === '' ? { node, done: false } : { node: { text: node, id }, done: true };
  if (!isRecord(node)) return { node, done: false };
  if ('text' in node) return node.text === '' ? { node, done: false } : { node: { ...node, id }, done: true };
  // Lists too: the quotation's rich text may open with one (../quotation/quotation-document.ts).
  for (const key of ['stack', 'columns', 'ul', 'ol'] as const) {
    const inner = anchored(node[key], id);
    if (inner.done) return { node: { ...node, [key]: inner.node }, done: true };
  }
  const table = node.table;
  if (isRecord(table) && Array.isArray(table.body)) {
    // Past the header rows: pdfmake draws them again on every page the table reaches, and moves their anchor along.
    const headerRows = typeof table.headerRows === 'number' ? table.headerRows : 0;
    const body = anchored(table.body.slice(headerRows), id);
    if (body.done)
      return { node: { ...node, table: { ...table, body: [...table.body.slice(0, headerRows), ...(body.node as unknown[])] } }, done: true };
  }
  return { node, done: false };
}

/** The content with an anchor on the first text of every part that is not a heading (a new list; the given one is not changed). */
export function anchorContent(content: readonly Content[]): Content[] {
  let count = 0;
  return content.map((part) => {
    if (isRecord(part) && part.headlineLevel !== undefined) return part;
    const next = anchored(part, `${ANCHOR}${count + 1}`);
    if (next.done) count++;
    return next.node as Content;
  });
}
