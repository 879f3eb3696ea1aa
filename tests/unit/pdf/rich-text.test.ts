/**
 * The rich text → pdfmake conversion (src/pdf/rich-text.ts) as a table:
 * tiptap JSON (object and string), the marks, lists, headings, hard breaks,
 * and the legacy strings (plain text, the old editor's HTML).
 */
import { describe, expect, it } from 'vitest';
import { isRichTextEmpty, LINK_COLOR, richTextToPdf, richTextToPlain } from '@/pdf/rich-text';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const t = (text: string, ...marks: string[]) => ({ type: 'text', text, ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}) });
const gap = [0, 0, 0, 6];

describe('richTextToPdf', () => {
  const cases: Array<[string, unknown, unknown[]]> = [
    ['empty and missing values print nothing', null, []],
    ['an empty editor (one empty paragraph) prints nothing', doc(p()), []],
    ['a paragraph of plain text', doc(p(t('Olá'))), [{ text: [{ text: 'Olá' }], margin: gap }]],
    [
      'bold, italic, underline and strike marks',
      doc(p(t('a', 'bold'), t('b', 'italic'), t('c', 'underline'), t('d', 'strike'), t('e', 'bold', 'italic', 'underline', 'strike'))),
      [
        {
          text: [
            { text: 'a', bold: true },
            { text: 'b', italics: true },
            { text: 'c', decoration: 'underline' },
            { text: 'd', decoration: 'lineThrough' },
            { text: 'e', bold: true, italics: true, decoration: ['underline', 'lineThrough'] },
          ],
          margin: gap,
        },
      ],
    ],
    [
      'a web link is clickable, blue and underlined',
      doc(p({ type: 'text', text: 'site', marks: [{ type: 'link', attrs: { href: 'https://exemplo.com.br' } }] })),
      [{ text: [{ text: 'site', link: 'https://exemplo.com.br', color: LINK_COLOR, decoration: 'underline' }], margin: gap }],
    ],
    [
      'a javascript: link stays plain text',
      doc(p({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] })),
      [{ text: [{ text: 'x' }], margin: gap }],
    ],
    [
      'a hard break is a line break',
      doc(p(t('um'), { type: 'hardBreak' }, t('dois'))),
      [{ text: [{ text: 'um' }, { text: '\n' }, { text: 'dois' }], margin: gap }],
    ],
    [
      'an empty paragraph between two keeps its line',
      doc(p(t('a')), p(), p(t('b'))),
      [
        { text: [{ text: 'a' }], margin: gap },
        { text: ' ', margin: gap },
        { text: [{ text: 'b' }], margin: gap },
      ],
    ],
    [
      'a heading is bold and larger',
      doc({ type: 'heading', attrs: { level: 1 }, content: [t('Título')] }),
      [{ text: [{ text: 'Título' }], bold: true, fontSize: 16, margin: [0, 4, 0, 6] }],
    ],
    [
      'a bullet list',
      doc({
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [p(t('um'))] },
          { type: 'listItem', content: [p(t('dois', 'bold'))] },
        ],
      }),
      [
        {
          ul: [
            { text: [{ text: 'um' }], margin: [0, 0, 0, 2] },
            { text: [{ text: 'dois', bold: true }], margin: [0, 0, 0, 2] },
          ],
          margin: gap,
        },
      ],
    ],
    [
      'an ordered list keeps its start',
      doc({ type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p(t('três'))] }] }),
      [{ ol: [{ text: [{ text: 'três' }], margin: [0, 0, 0, 2] }], start: 3, margin: gap }],
    ],
    [
      'a list item with a nested list is a stack',
      doc({
        type: 'bulletList',
        content: [{ type: 'listItem', content: [p(t('a')), { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('b'))] }] }] }],
      }),
      [
        {
          ul: [
            {
              stack: [
                { text: [{ text: 'a' }], margin: gap },
                { ul: [{ text: [{ text: 'b' }], margin: [0, 0, 0, 2] }], margin: gap },
              ],
              margin: [0, 0, 0, 2],
            },
          ],
          margin: gap,
        },
      ],
    ],
    [
      'an unknown block (blockquote) keeps its text',
      doc({ type: 'blockquote', content: [p(t('citação'))] }),
      [{ text: [{ text: 'citação' }], margin: gap }],
    ],
    ['the same JSON stored as a string', JSON.stringify(doc(p(t('forte', 'bold')))), [{ text: [{ text: 'forte', bold: true }], margin: gap }]],
    [
      'a legacy plain string: paragraphs by blank lines, line breaks kept',
      'Primeira linha\nsegunda\n\nOutro parágrafo',
      [
        { text: [{ text: 'Primeira linha' }, { text: '\n' }, { text: 'segunda' }], margin: gap },
        { text: [{ text: 'Outro parágrafo' }], margin: gap },
      ],
    ],
    ['a legacy string starting with a brace is text', '{não é JSON}', [{ text: [{ text: '{não é JSON}' }], margin: gap }]],
    [
      'legacy HTML: paragraphs, bold, italic, entities, line breaks',
      '<p>As <strong>avaliações</strong> &amp; <em>NHO</em></p><p>linha<br>nova&nbsp;x</p>',
      [
        { text: [{ text: 'As ' }, { text: 'avaliações', bold: true }, { text: ' & ' }, { text: 'NHO', italics: true }], margin: gap },
        { text: [{ text: 'linha' }, { text: '\n' }, { text: 'nova\u00a0x' }], margin: gap },
      ],
    ],
    [
      'legacy HTML lists',
      '<ul><li>um</li><li>dois</li></ul>',
      [
        {
          ul: [
            { text: [{ text: 'um' }], margin: [0, 0, 0, 2] },
            { text: [{ text: 'dois' }], margin: [0, 0, 0, 2] },
          ],
          margin: gap,
        },
      ],
    ],
  ];
  it.each(cases)('%s', (_name, value, expected) => {
    expect(richTextToPdf(value)).toEqual(expected);
  });
});

describe('isRichTextEmpty and richTextToPlain', () => {
  const cases: Array<[unknown, boolean, string]> = [
    [null, true, ''],
    ['   ', true, ''],
    [doc(p(), p(t('  '))), true, ''],
    [doc(p(t('a', 'bold'), t('b')), { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('c'))] }] }), false, 'ab\n• c'],
    [
      doc({
        type: 'orderedList',
        content: [
          { type: 'listItem', content: [p(t('x'))] },
          { type: 'listItem', content: [p(t('y'))] },
        ],
      }),
      false,
      '1. x\n2. y',
    ],
    ['<p>um</p><p>dois</p>', false, 'um\ndois'],
  ];
  it.each(cases)('%j → empty %s, plain %j', (value, empty, plain) => {
    expect(isRichTextEmpty(value)).toBe(empty);
    expect(richTextToPlain(value)).toBe(plain);
  });
});
