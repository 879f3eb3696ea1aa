/**
 * Rich text on the wire (the quotation's `details`; spec: "details
 * rich-text editor"): a tiptap 3 JSON document limited to a whitelist, so
 * the server stores only what the editor makes, the PDF (src/pdf) and the
 * e-mail render it without surprises, and nothing executable (scripts,
 * images, iframes, `javascript:` links, styles) can be stored.
 *
 * Nodes: doc, paragraph, heading (levels 1 to 6), bulletList, orderedList,
 * listItem, hardBreak, text. Marks: bold, italic, underline, strike, and
 * link with an http(s) or mailto href. Unknown keys are refused (strict
 * objects). Limits: MAX_DEPTH block levels (about four nested lists), at
 * most MAX_NODES nodes, at most TEXT_LIMITS.richText characters of text, no
 * U+0000 nor lone surrogate in any text (FIELD_MESSAGES.invalidCharacter).
 *
 * A legacy plain string (quotations saved before the editor, or a client
 * that still sends text) is accepted and becomes a document: one paragraph
 * per line (`richTextFromPlain`). Empty text or an empty document is null.
 *
 * The node and mark names are tiptap's (StarterKit), which the PDF
 * converter also reads: do not rename them.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, isStorableText, TEXT_LIMITS } from './fields';

export const RICH_TEXT_MESSAGES = {
  invalid:
    'O texto formatado contém elementos não permitidos. Use apenas parágrafos, títulos, listas, quebras de linha, negrito, itálico, sublinhado, tachado e links.',
  linkInvalid: 'Link inválido: use um endereço http://, https:// ou mailto:.',
  tooDeep: 'O texto formatado tem níveis demais (listas dentro de listas).',
  tooLarge: 'O texto formatado é grande demais.',
} as const;

/** Block levels below the document (a list item's paragraph in a list is 3). */
export const RICH_TEXT_MAX_DEPTH = 10;
export const RICH_TEXT_MAX_NODES = 10_000;

/* ---------- marks ---------- */

const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;
const attrText = z.string().max(TEXT_LIMITS.line, RICH_TEXT_MESSAGES.invalid).refine(isStorableText, FIELD_MESSAGES.invalidCharacter).nullish();

const linkMarkSchema = z.strictObject({
  type: z.literal('link'),
  attrs: z.strictObject({
    href: z
      .string({ error: RICH_TEXT_MESSAGES.linkInvalid })
      .trim()
      .max(2048, RICH_TEXT_MESSAGES.linkInvalid)
      .regex(ALLOWED_LINK, RICH_TEXT_MESSAGES.linkInvalid)
      // No control characters or spaces inside an address (they hide schemes from naive checks).
      .regex(/^[^\s\u0000-\u001f\u007f]+$/, RICH_TEXT_MESSAGES.linkInvalid),
    target: z.enum(['_blank']).nullish(),
    rel: attrText,
    class: z.null().optional(),
    title: attrText,
  }),
});

const simpleMark = (type: 'bold' | 'italic' | 'underline' | 'strike') => z.strictObject({ type: z.literal(type) });

export const richTextMarkSchema = z.discriminatedUnion('type', [
  simpleMark('bold'),
  simpleMark('italic'),
  simpleMark('underline'),
  simpleMark('strike'),
  linkMarkSchema,
]);
export type RichTextMark = z.infer<typeof richTextMarkSchema>;

const marks = z.array(richTextMarkSchema).max(5, RICH_TEXT_MESSAGES.invalid).optional();

/* ---------- nodes ---------- */

const textNodeSchema = z.strictObject({
  type: z.literal('text'),
  text: z
    .string()
    .min(1, RICH_TEXT_MESSAGES.invalid)
    .max(TEXT_LIMITS.richText, RICH_TEXT_MESSAGES.tooLarge)
    .refine(isStorableText, FIELD_MESSAGES.invalidCharacter),
  marks,
});
const hardBreakSchema = z.strictObject({ type: z.literal('hardBreak'), marks });
const inlineSchema = z.discriminatedUnion('type', [textNodeSchema, hardBreakSchema]);
export type RichTextInline = z.infer<typeof inlineSchema>;

const inlineContent = z.array(inlineSchema).max(RICH_TEXT_MAX_NODES, RICH_TEXT_MESSAGES.tooLarge).optional();

const paragraphSchema = z.strictObject({ type: z.literal('paragraph'), content: inlineContent });
const headingSchema = z.strictObject({
  type: z.literal('heading'),
  attrs: z.strictObject({ level: z.number().int().min(1).max(6) }).optional(),
  content: inlineContent,
});

export type RichTextBlock =
  | z.infer<typeof paragraphSchema>
  | z.infer<typeof headingSchema>
  | { type: 'bulletList'; content?: RichTextListItem[] }
  | { type: 'orderedList'; attrs?: { start?: number; type?: string | null }; content?: RichTextListItem[] };
export type RichTextListItem = { type: 'listItem'; content?: RichTextBlock[] };

const blockContent: z.ZodType<RichTextBlock[] | undefined> = z.lazy(() =>
  z.array(blockSchema).max(RICH_TEXT_MAX_NODES, RICH_TEXT_MESSAGES.tooLarge).optional(),
);
const listItemSchema: z.ZodType<RichTextListItem> = z.strictObject({ type: z.literal('listItem'), content: blockContent });
const listItems = z.array(listItemSchema).max(RICH_TEXT_MAX_NODES, RICH_TEXT_MESSAGES.tooLarge).optional();

const blockSchema: z.ZodType<RichTextBlock> = z.lazy(() =>
  z.discriminatedUnion('type', [
    paragraphSchema,
    headingSchema,
    z.strictObject({ type: z.literal('bulletList'), content: listItems }),
    z.strictObject({
      type: z.literal('orderedList'),
      attrs: z
        .strictObject({
          start: z.number().int().min(0).max(1_000_000).optional(),
          type: z.string().max(10).nullish(),
        })
        .optional(),
      content: listItems,
    }),
  ]),
);

export interface RichTextDoc {
  type: 'doc';
  content?: RichTextBlock[];
}

/** Walks the tree without recursion (a hostile depth cannot exhaust the stack). */
function measure(doc: RichTextDoc): { depth: number; nodes: number; characters: number } {
  let depth = 0;
  let nodes = 0;
  let characters = 0;
  const stack: Array<{ node: { content?: unknown[]; text?: string }; level: number }> = [{ node: doc, level: 0 }];
  while (stack.length > 0) {
    const { node, level } = stack.pop()!;
    nodes += 1;
    depth = Math.max(depth, level);
    if (typeof node.text === 'string') characters += node.text.length;
    for (const child of node.content ?? []) stack.push({ node: child as { content?: unknown[] }, level: level + 1 });
  }
  return { depth, nodes, characters };
}

/**
 * The whitelisted document. The depth counts the text level too, so
 * MAX_DEPTH block levels allow MAX_DEPTH + 1 levels below the document.
 */
export const richTextDocSchema: z.ZodType<RichTextDoc> = z
  .strictObject({
    type: z.literal('doc'),
    content: blockContent,
  })
  .superRefine((doc, context) => {
    const size = measure(doc as RichTextDoc);
    if (size.depth > RICH_TEXT_MAX_DEPTH + 1) context.addIssue({ code: 'custom', message: RICH_TEXT_MESSAGES.tooDeep });
    if (size.nodes > RICH_TEXT_MAX_NODES || size.characters > TEXT_LIMITS.richText) {
      context.addIssue({ code: 'custom', message: RICH_TEXT_MESSAGES.tooLarge });
    }
  }) as z.ZodType<RichTextDoc>;

/** A plain text as a document: one paragraph per line, an empty line an empty paragraph. */
export function richTextFromPlain(text: string): RichTextDoc {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return {
    type: 'doc',
    content: lines.map((line) => (line === '' ? { type: 'paragraph' } : { type: 'paragraph', content: [{ type: 'text', text: line }] })),
  };
}

/** The document's text, paragraphs on their own lines (search, plain previews, emptiness). */
export function richTextPlain(doc: RichTextDoc | null | undefined): string {
  if (!doc) return '';
  const out: string[] = [];
  const walk = (node: { type: string; text?: string; content?: unknown[] }) => {
    if (node.type === 'text') out.push(node.text ?? '');
    else if (node.type === 'hardBreak') out.push('\n');
    for (const child of node.content ?? []) walk(child as { type: string });
    if (node.type === 'paragraph' || node.type === 'heading') out.push('\n');
  };
  walk(doc);
  return out.join('').replace(/\n+$/, '');
}

/** True when the document shows nothing (the editor's empty state is one empty paragraph). */
export function isRichTextEmpty(doc: RichTextDoc | null | undefined): boolean {
  return richTextPlain(doc).trim() === '';
}

/**
 * What a client may send for a rich-text field: the document, a legacy
 * plain string, or nothing; an empty document or blank text becomes null.
 * Anything else is refused with RICH_TEXT_MESSAGES.invalid (in Portuguese)
 * rather than zod's union message.
 */
export const richTextInputSchema = z
  .unknown()
  .optional()
  .transform((value, context): RichTextDoc | null => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') {
      if (value.trim() === '') return null;
      if (value.length > TEXT_LIMITS.richText) {
        context.addIssue({ code: 'custom', message: RICH_TEXT_MESSAGES.tooLarge });
        return z.NEVER;
      }
      if (!isStorableText(value)) {
        context.addIssue({ code: 'custom', message: FIELD_MESSAGES.invalidCharacter });
        return z.NEVER;
      }
      return richTextFromPlain(value);
    }
    const parsed = richTextDocSchema.safeParse(value);
    if (!parsed.success) {
      const messages = new Set<string>([...Object.values(RICH_TEXT_MESSAGES), FIELD_MESSAGES.invalidCharacter]);
      const known = parsed.error.issues.find((issue) => messages.has(issue.message));
      context.addIssue({ code: 'custom', message: known?.message ?? RICH_TEXT_MESSAGES.invalid });
      return z.NEVER;
    }
    return isRichTextEmpty(parsed.data) ? null : parsed.data;
  });

/**
 * A stored or received value as a document: a document passes, a legacy
 * string (older records on the device or in the database) is converted,
 * anything unreadable is dropped to null rather than breaking the page.
 */
export function toRichTextDoc(value: unknown): RichTextDoc | null {
  const parsed = richTextInputSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
