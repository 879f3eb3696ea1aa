/**
 * The rich-text whitelist (sync/contract/rich-text.ts) alone: every node and
 * mark the editor makes passes unchanged; anything else (other nodes and
 * marks, unknown keys, scripts hidden in links, too deep, too large) is
 * refused with a Portuguese message; legacy plain text becomes a document;
 * an empty document is null.
 */
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@sync/contract/fields';
import {
  isRichTextEmpty,
  RICH_TEXT_MESSAGES as M,
  RICH_TEXT_MAX_DEPTH,
  richTextFromPlain,
  richTextInputSchema,
  richTextPlain,
  toRichTextDoc,
} from '@sync/contract/rich-text';

const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const t = (text: string, marks?: unknown[]) => (marks ? { type: 'text', text, marks } : { type: 'text', text });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const link = (href: string) => ({ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title: null } });

/** What the editor's getJSON() gives for each allowed thing (tiptap 3.32 StarterKit). */
const ACCEPTED: Array<[string, unknown]> = [
  ['paragraphs and an empty one', doc(p(t('Primeiro')), { type: 'paragraph' }, p(t('Segundo')))],
  ['headings 1 to 6', doc(...[1, 2, 3, 4, 5, 6].map((level) => ({ type: 'heading', attrs: { level }, content: [t(`Título ${level}`)] })))],
  ['bold, italic, underline, strike together', doc(p(t('tudo', [{ type: 'bold' }, { type: 'italic' }, { type: 'underline' }, { type: 'strike' }])))],
  ['a line break (with a mark, as ProseMirror keeps it)', doc(p(t('a'), { type: 'hardBreak', marks: [{ type: 'bold' }] }, t('b')))],
  [
    'bullet and ordered lists, nested',
    doc({
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [p(t('um')), { type: 'orderedList', attrs: { start: 1, type: null }, content: [{ type: 'listItem', content: [p(t('dois'))] }] }],
        },
      ],
    }),
  ],
  ['an https link', doc(p(t('site', [link('https://exemplo.com.br/a?b=1')])))],
  ['an http link', doc(p(t('site', [link('http://exemplo.com.br')])))],
  ['a mailto link', doc(p(t('mail', [link('mailto:contato@exemplo.com.br')])))],
  ['a link with only its href', doc(p(t('site', [{ type: 'link', attrs: { href: 'https://a.b' } }])))],
];

const REFUSED: Array<[string, unknown, string]> = [
  ['an image', doc({ type: 'image', attrs: { src: 'https://a.b/x.png' } }), M.invalid],
  ['a blockquote', doc({ type: 'blockquote', content: [p(t('x'))] }), M.invalid],
  ['a code block', doc({ type: 'codeBlock', content: [t('x')] }), M.invalid],
  ['a code mark', doc(p(t('x', [{ type: 'code' }]))), M.invalid],
  ['a text style mark', doc(p(t('x', [{ type: 'textStyle', attrs: { color: 'red' } }]))), M.invalid],
  ['a script node', doc({ type: 'script', content: [t('alert(1)')] }), M.invalid],
  ['an unknown key on a node', doc({ type: 'paragraph', content: [t('x')], attrs: { style: 'color:red' } }), M.invalid],
  ['an unknown key on a mark', doc(p(t('x', [{ type: 'bold', attrs: { onclick: 'x' } }]))), M.invalid],
  ['html in place of a document', { type: 'doc', content: '<script>alert(1)</script>' }, M.invalid],
  ['a javascript: link', doc(p(t('x', [link('javascript:alert(1)')]))), M.linkInvalid],
  ['a data: link', doc(p(t('x', [link('data:text/html;base64,PHNjcmlwdD4=')]))), M.linkInvalid],
  ['a link hiding a scheme behind a control character', doc(p(t('x', [link('https://a.b/\u0000javascript:')]))), M.linkInvalid],
  ['a link with a class', doc(p(t('x', [{ type: 'link', attrs: { href: 'https://a.b', class: 'evil' } }]))), M.invalid],
  ['a heading level 7', doc({ type: 'heading', attrs: { level: 7 }, content: [t('x')] }), M.invalid],
  ['an empty text node', doc(p(t(''))), M.invalid],
  ['a text where a block goes', doc(t('solto')), M.invalid],
  ['a number', 42, M.invalid],
  ['a list', [p(t('x'))], M.invalid],
];

function nestedLists(levels: number): unknown {
  let node: unknown = p(t('fundo'));
  for (let i = 0; i < levels; i += 1) node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] };
  return doc(node);
}

function messageOf(value: unknown): string | null {
  const parsed = richTextInputSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

describe('rich-text whitelist', () => {
  it.each(ACCEPTED)('accepts %s unchanged', (_, value) => {
    expect(richTextInputSchema.parse(value)).toEqual(value);
  });

  it.each(REFUSED)('refuses %s in Portuguese', (_, value, message) => {
    expect(messageOf(value)).toBe(message);
  });

  it('limits the depth: four nested lists pass, six do not', () => {
    // Each list is two block levels (list, item), plus the paragraph.
    expect(2 * 4 + 1).toBeLessThanOrEqual(RICH_TEXT_MAX_DEPTH);
    expect(messageOf(nestedLists(4))).toBeNull();
    expect(messageOf(nestedLists(6))).toBe(M.tooDeep);
  });

  it('limits the size: the text, and the number of nodes', () => {
    const half = 'a'.repeat(TEXT_LIMITS.richText / 2);
    expect(messageOf(doc(p(t(half)), p(t(half))))).toBeNull();
    expect(messageOf(doc(p(t(half)), p(t(half)), p(t('a'))))).toBe(M.tooLarge);
    expect(messageOf(doc(...Array.from({ length: 10_001 }, () => ({ type: 'paragraph' }))))).toBe(M.tooLarge);
  });

  it('takes legacy plain text as a document, one paragraph per line; blank text and empty documents are null', () => {
    expect(richTextInputSchema.parse('Linha 1\r\n\nLinha 3')).toEqual(doc(p(t('Linha 1')), { type: 'paragraph' }, p(t('Linha 3'))));
    expect(richTextInputSchema.parse('   ')).toBeNull();
    expect(richTextInputSchema.parse(null)).toBeNull();
    expect(richTextInputSchema.parse(undefined)).toBeNull();
    expect(richTextInputSchema.parse(doc({ type: 'paragraph' }))).toBeNull();
    expect(richTextInputSchema.parse({ type: 'doc' })).toBeNull();
  });

  it('reads documents back as plain text, and says when one shows nothing', () => {
    const value = doc({ type: 'heading', attrs: { level: 2 }, content: [t('Escopo')] }, p(t('a'), { type: 'hardBreak' }, t('b', [{ type: 'bold' }])));
    expect(richTextPlain(value as never)).toBe('Escopo\na\nb');
    expect(isRichTextEmpty(doc({ type: 'paragraph' }, p(t('  '))) as never)).toBe(true);
    expect(isRichTextEmpty(richTextFromPlain('x'))).toBe(false);
    expect(toRichTextDoc({ type: 'doc', content: [{ type: 'image' }] })).toBeNull();
    expect(toRichTextDoc('texto antigo')).toEqual(doc(p(t('texto antigo'))));
  });
});
