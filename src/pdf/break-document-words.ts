/**
 * breakLongWords (break-long-words.ts) applied to every text a document
 * prints, in one pass over the finished content, so that no field can be
 * forgotten: names, addresses, table cells, the rich text's runs, the
 * message settings' texts, a sample's field values, captions. Each
 * builder (quotation, warranty, sample) runs its content through this
 * last; the page footer breaks its one text itself (parts.ts).
 *
 * The pieces of one paragraph (a `text` array: bold and plain runs) share
 * one count, because pdfmake glues a word across pieces. `noWrap` texts
 * (money figures) are left alone: pdfmake never wraps them, and they are
 * ours, short. Images, canvases and layouts are copied as they are.
 */
import type { Content } from 'pdfmake/interfaces';
import { breakLongWords, newWordRun, type WordRun } from './break-long-words';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A paragraph's `text`: a string, or its pieces (strings or styled `{ text }` runs), counted as one. */
function paragraphText(text: unknown, run: WordRun): unknown {
  if (typeof text === 'string') return breakLongWords(text, run);
  if (Array.isArray(text)) return text.map((piece) => paragraphText(piece, run));
  if (isNode(text) && !text.noWrap) return { ...text, text: paragraphText(text.text, run) };
  return text;
}

/** Containers whose children are content: stacked, side by side, list items. */
const CHILD_LISTS = ['stack', 'columns', 'ul', 'ol'] as const;

function content(value: unknown): unknown {
  // A bare string where content goes is a paragraph of its own.
  if (typeof value === 'string') return breakLongWords(value);
  if (Array.isArray(value)) return value.map(content);
  if (!isNode(value)) return value;
  const out: Node = { ...value };
  if ('text' in value && !value.noWrap) out.text = paragraphText(value.text, newWordRun());
  for (const key of CHILD_LISTS) {
    if (Array.isArray(value[key])) out[key] = value[key].map(content);
  }
  const table = value.table;
  if (isNode(table) && Array.isArray(table.body)) {
    out.table = { ...table, body: table.body.map((row) => (Array.isArray(row) ? row.map(content) : row)) };
  }
  return out;
}

/** The content with every long word broken (a new tree; the given one is not changed). */
export function breakDocumentWords(blocks: Content[]): Content[] {
  return blocks.map((block) => content(block) as Content);
}
