/**
 * Rich text (a quotation's details, the message settings' texts) as pdfmake
 * content. Owns the one conversion from the editor's stored document, the
 * tiptap/ProseMirror JSON (doc, paragraph, heading, bulletList, orderedList,
 * listItem, hardBreak, text with the marks bold, italic, underline, strike
 * and link), to pdfmake blocks, so the PDF keeps what the user formatted.
 *
 * Also accepted, because older records and the seeded message texts hold
 * them: the same JSON as a string, and a legacy string, plain (paragraphs by
 * blank lines, line breaks kept) or the simple HTML the old editor wrote
 * (<p>, <br>, <strong>/<b>, <em>/<i>, <u>, <s>, <ul>/<ol>/<li>, <h1>–<h6>,
 * tags otherwise dropped, entities decoded).
 *
 * Unknown nodes are not an error: their text is kept (a blockquote reads as
 * its paragraphs), so nothing the user wrote disappears from the document.
 */
import type { Content, ContentText } from 'pdfmake/interfaces';

/** A ProseMirror node as stored (only the fields read here). */
export interface RichNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type?: string; attrs?: Record<string, unknown> }>;
  content?: RichNode[];
}

type Inline = ContentText;

const HEADING_SIZES: Record<number, number> = { 1: 16, 2: 14, 3: 12, 4: 11, 5: 10, 6: 10 };
const PARAGRAPH_GAP = 6;
export const LINK_COLOR = '#1c5fb8';

/* ---------- inline ---------- */

function markedText(node: RichNode): Inline {
  const inline: Inline = { text: node.text ?? '' };
  const decorations: Array<'underline' | 'lineThrough'> = [];
  for (const mark of node.marks ?? []) {
    switch (mark.type) {
      case 'bold':
        inline.bold = true;
        break;
      case 'italic':
        inline.italics = true;
        break;
      case 'underline':
        decorations.push('underline');
        break;
      case 'strike':
        decorations.push('lineThrough');
        break;
      case 'link': {
        const href = mark.attrs?.href;
        // Only web and mail links become clickable; anything else stays text.
        if (typeof href === 'string' && /^(https?:|mailto:)/i.test(href)) {
          inline.link = href;
          inline.color = LINK_COLOR;
          if (!decorations.includes('underline')) decorations.push('underline');
        }
        break;
      }
      default:
        break;
    }
  }
  if (decorations.length === 1) inline.decoration = decorations[0];
  else if (decorations.length > 1) inline.decoration = decorations;
  return inline;
}

/** The inline runs of a textblock's children (text, hard breaks; anything else by its text). */
function inlines(nodes: readonly RichNode[] | undefined): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'text') out.push(markedText(node));
    else if (node.type === 'hardBreak') out.push({ text: '\n' });
    else if (node.content) out.push(...inlines(node.content));
    else if (typeof node.text === 'string') out.push({ text: node.text });
  }
  return out;
}

/** An empty paragraph still takes a line, as it does in the editor. */
function textBlock(runs: Inline[], extra: Partial<ContentText> = {}): ContentText {
  return { text: runs.length === 0 ? ' ' : runs, margin: [0, 0, 0, PARAGRAPH_GAP], ...extra };
}

/* ---------- blocks ---------- */

function listItem(node: RichNode): Content {
  const blocks = (node.content ?? []).flatMap(block);
  // A list item's last block needs no gap below (the list spaces its items).
  if (blocks.length === 1) {
    const only = blocks[0] as ContentText;
    return { ...only, margin: [0, 0, 0, 2] };
  }
  return { stack: blocks, margin: [0, 0, 0, 2] };
}

function block(node: RichNode): Content[] {
  switch (node.type) {
    case 'doc':
      return (node.content ?? []).flatMap(block);
    case 'paragraph':
      return [textBlock(inlines(node.content))];
    case 'heading': {
      const level = typeof node.attrs?.level === 'number' ? node.attrs.level : 2;
      return [textBlock(inlines(node.content), { bold: true, fontSize: HEADING_SIZES[level] ?? 12, margin: [0, 4, 0, PARAGRAPH_GAP] })];
    }
    case 'bulletList':
      return [{ ul: (node.content ?? []).map(listItem), margin: [0, 0, 0, PARAGRAPH_GAP] }];
    case 'orderedList': {
      const start = typeof node.attrs?.start === 'number' ? node.attrs.start : 1;
      return [{ ol: (node.content ?? []).map(listItem), start, margin: [0, 0, 0, PARAGRAPH_GAP] }];
    }
    case 'listItem':
      return [listItem(node)];
    case 'text':
    case 'hardBreak':
      return [textBlock(inlines([node]))];
    default:
      // blockquote, codeBlock, anything newer: keep its text.
      if (node.content?.some((child) => child.type === 'text' || child.type === 'hardBreak')) return [textBlock(inlines(node.content))];
      return (node.content ?? []).flatMap(block);
  }
}

/* ---------- legacy strings ---------- */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const INLINE_MARKS: Record<string, string> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
};

/** The simple HTML of the old editor as the same node tree (a tolerant reading; unknown tags keep their text). */
function htmlToDoc(html: string): RichNode {
  const root: RichNode = { type: 'doc', content: [] };
  const stack: RichNode[] = [root];
  const marks: Array<{ type: string; attrs?: Record<string, unknown> }> = [];
  const top = () => stack[stack.length - 1]!;
  const open = (node: RichNode) => {
    (top().content ??= []).push(node);
    stack.push(node);
  };
  /** Text outside any block goes into a paragraph of its own. */
  const textParent = () => {
    if (['doc', 'bulletList', 'orderedList', 'listItem'].includes(top().type ?? '')) open({ type: 'paragraph', content: [] });
    return top();
  };
  const close = (...types: string[]) => {
    for (let index = stack.length - 1; index > 0; index--) {
      if (types.includes(stack[index]!.type ?? '')) {
        stack.length = index;
        return;
      }
    }
  };
  for (const token of html.split(/(<[^>]+>)/)) {
    if (token === '') continue;
    const tag = /^<\s*(\/?)\s*([a-z0-9]+)([^>]*)>$/i.exec(token);
    if (!tag) {
      const text = decodeEntities(token.replace(/\s+/g, ' '));
      if (text.trim() === '' && !['paragraph', 'heading'].includes(top().type ?? '')) continue;
      (textParent().content ??= []).push({ type: 'text', text, marks: marks.map((mark) => ({ ...mark })) });
      continue;
    }
    const [, closing, rawName, rest] = tag;
    const name = rawName!.toLowerCase();
    const mark = INLINE_MARKS[name];
    if (mark) {
      if (closing) {
        const index = marks.map((m) => m.type).lastIndexOf(mark);
        if (index >= 0) marks.splice(index, 1);
      } else marks.push({ type: mark });
    } else if (name === 'a') {
      if (closing) {
        const index = marks.map((m) => m.type).lastIndexOf('link');
        if (index >= 0) marks.splice(index, 1);
      } else {
        const href = /href\s*=\s*["']([^"']*)["']/i.exec(rest ?? '')?.[1];
        marks.push({ type: 'link', attrs: { href: href ? decodeEntities(href) : '' } });
      }
    } else if (name === 'br') {
      (textParent().content ??= []).push({ type: 'hardBreak' });
    } else if (name === 'p' || name === 'div') {
      close('paragraph');
      if (!closing) open({ type: 'paragraph', content: [] });
    } else if (/^h[1-6]$/.test(name)) {
      close('heading');
      if (!closing) open({ type: 'heading', attrs: { level: Number(name[1]) }, content: [] });
    } else if (name === 'ul' || name === 'ol') {
      if (closing) close(name === 'ul' ? 'bulletList' : 'orderedList');
      else {
        close('paragraph', 'heading');
        open({ type: name === 'ul' ? 'bulletList' : 'orderedList', content: [] });
      }
    } else if (name === 'li') {
      if (closing) close('listItem');
      else {
        close('listItem');
        open({ type: 'listItem', content: [] });
      }
    }
  }
  return root;
}

/** Plain text: paragraphs by blank lines, single line breaks kept. */
function plainToDoc(text: string): RichNode {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '');
  return {
    type: 'doc',
    content: paragraphs.map((paragraph) => ({
      type: 'paragraph',
      content: paragraph
        .split('\n')
        .flatMap((line, index): RichNode[] => [...(index > 0 ? [{ type: 'hardBreak' }] : []), ...(line ? [{ type: 'text', text: line }] : [])]),
    })),
  };
}

const HTML_TAG = /<\/?(p|br|div|strong|b|em|i|u|s|ul|ol|li|h[1-6]|a|span)\b[^>]*>/i;

/** The stored value as a node tree: JSON (object or string), simple HTML, or plain text; null when empty. */
export function toRichNode(value: unknown): RichNode | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return value as RichNode;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'type' in parsed) return parsed as RichNode;
    } catch {
      // Not JSON after all: a plain text that starts with a brace.
    }
  }
  return HTML_TAG.test(text) ? htmlToDoc(text) : plainToDoc(value);
}

/** True when the value has no text at all (an empty editor stores a doc with one empty paragraph). */
export function isRichTextEmpty(value: unknown): boolean {
  const node = toRichNode(value);
  const hasText = (n: RichNode): boolean => (n.type === 'text' && (n.text ?? '').trim() !== '') || (n.content ?? []).some(hasText);
  return node === null || !hasText(node);
}

/** pdfmake blocks for the stored rich text (an empty array when there is nothing to print). */
export function richTextToPdf(value: unknown): Content[] {
  const node = toRichNode(value);
  if (node === null || isRichTextEmpty(node)) return [];
  return node.type === 'doc' || node.type === undefined ? (node.content ?? []).flatMap(block) : block(node);
}

/** The plain text of a stored rich text (for an e-mail's text part, a WhatsApp message). */
export function richTextToPlain(value: unknown): string {
  const node = toRichNode(value);
  if (node === null) return '';
  const lines: string[] = [];
  const walk = (n: RichNode, prefix = ''): void => {
    if (n.type === 'bulletList' || n.type === 'orderedList') {
      (n.content ?? []).forEach((item, index) => {
        walk(item, n.type === 'bulletList' ? '• ' : `${index + 1}. `);
      });
      return;
    }
    if (n.type === 'listItem') {
      (n.content ?? []).forEach((child, index) => {
        walk(child, index === 0 ? prefix : '   ');
      });
      return;
    }
    const runs = inlines(n.content);
    if (n.type === 'paragraph' || n.type === 'heading') {
      lines.push(prefix + runs.map((run) => run.text as string).join(''));
      return;
    }
    for (const child of n.content ?? []) walk(child, prefix);
  };
  walk(node);
  return lines.join('\n').trim();
}
