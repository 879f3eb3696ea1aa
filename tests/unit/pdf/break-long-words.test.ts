/**
 * Long words made wrappable (src/pdf/break-long-words.ts) as a table, the
 * count carried across a paragraph's pieces, and the property that matters:
 * after breaking, pdfmake's own line breaker (the `linebreak` package,
 * UAX #14) finds no word longer than about twice the limit, whatever the
 * text, including the runs UAX #14 glues across spaces ('( ( (', '! ! !').
 * Also the pass over a whole definition (break-document-words.ts), the
 * builders that run it, and the tables' number widths (quotation/parts.ts)
 * that keep a long word's pieces inside the page.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { breakDocumentWords } from '@/pdf/break-document-words';
import { breakLongWords, LONG_WORD_CHARS, newWordRun, WORD_BREAK } from '@/pdf/break-long-words';
import { buildQuotationDocument, type QuotationPdfInput } from '@/pdf/quotation';
import { columnWidths, CONTENT_WIDTH } from '@/pdf/quotation/parts';
import { buildSampleDocument } from '@/pdf/sample';

const B = WORD_BREAK;
const x = (n: number) => 'x'.repeat(n);

describe('breakLongWords', () => {
  const cases: Array<[string, string, string]> = [
    ['an empty text', '', ''],
    ['a sentence of ordinary words is left as it is', 'Medições conforme a NHO 01, ≤ 85 dB(A).', 'Medições conforme a NHO 01, ≤ 85 dB(A).'],
    [
      'words joined by dashes and signs are still words',
      'Avaliação - Ruído + Calor = Vibração & Poeira',
      'Avaliação - Ruído + Calor = Vibração & Poeira',
    ],
    ['a word of exactly the limit is left as it is', x(30), x(30)],
    ['a word one over the limit gets one break', x(31), `${x(30)}${B}x`],
    ['a long word gets a break every 30 characters', x(75), `${x(30)}${B}${x(30)}${B}${x(15)}`],
    ['each long word of a sentence is counted from its start', `abc ${x(31)} def`, `abc ${x(30)}${B}x def`],
    ['a line end starts a new count', `${x(20)}\n${x(20)}`, `${x(20)}\n${x(20)}`],
    ['a zero-width space already there starts a new count', `${x(20)}${B}${x(20)}`, `${x(20)}${B}${x(20)}`],
    ['a long URL breaks', `https://exemplo.com.br/${x(20)}`, `https://exemplo.com.br/xxxxxxx${B}${x(13)}`],
    ['spaces after an opening bracket do not end a run (UAX #14 never breaks there)', '( '.repeat(20), `${'( '.repeat(15)}${B}${'( '.repeat(5)}`],
    ['more than 30 spaces in a row are cut to 30 (no break can be put between spaces)', `a${' '.repeat(50)}b`, `a${' '.repeat(30)}b`],
    ['a combining accent stays with its letter', `${x(30)}e\u0301${x(2)}`, `${x(30)}${B}e\u0301xx`],
    ['characters outside the BMP are never cut in half', '😀'.repeat(31), `${'😀'.repeat(30)}${B}😀`],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(breakLongWords(text)).toBe(expected);
  });

  it('returns the very same string when nothing needed breaking', () => {
    const text = 'Relatório técnico';
    expect(breakLongWords(text)).toBe(text);
  });

  it('counts a word across the pieces of one paragraph (pdfmake glues a word across bold and plain runs)', () => {
    const run = newWordRun();
    expect([breakLongWords(x(20), run), breakLongWords(x(20), run), breakLongWords(' fim', run)]).toEqual([x(20), `${x(10)}${B}${x(10)}`, ' fim']);
  });

  // pdfmake splits text into words with this package (node_modules/pdfmake/src/TextBreaker.js).
  const LineBreaker = createRequire(import.meta.url)('linebreak') as new (text: string) => { nextBreak(): { position: number } | null };
  const longestWord = (text: string) => {
    const breaker = new LineBreaker(text);
    let last = 0;
    let longest = 0;
    for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
      longest = Math.max(longest, [...text.slice(last, next.position)].length);
      last = next.position;
    }
    return longest;
  };

  it('leaves pdfmake no word longer than twice the limit, for random texts from a hostile alphabet cut into random pieces', () => {
    const alphabet = [
      ...['a', 'Z', '1', 'ç', 'ω', 'ж', '\u0301', ' ', ' ', ' ', '(', ')', '!', '.', ',', '—', '«', '»', '“', '"', "'", '\u00a0'],
      ...['ぁ', 'あ', '/', '-', '+', '=', '&', '%', '$', '\u200d', '\t', '[', ']', '¿', '😀', '\n', '\u2014', '\u3000', '\u2060'],
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 300; round++) {
      const letters = alphabet.filter(() => random() < 0.4);
      if (letters.length === 0) continue;
      const text = Array.from({ length: 600 }, () => letters[Math.floor(random() * letters.length)]).join('');
      const run = newWordRun();
      let printed = '';
      for (let at = 0; at < text.length; ) {
        const size = 1 + Math.floor(random() * 40);
        printed += breakLongWords(text.slice(at, at + size), run);
        at += size;
      }
      expect(longestWord(printed)).toBeLessThanOrEqual(2 * LONG_WORD_CHARS);
    }
  });
});

describe('breakDocumentWords', () => {
  it('breaks the texts of paragraphs, stacks, columns, lists and table cells, and leaves noWrap texts and images alone', () => {
    const long = x(31);
    const broken = `${x(30)}${B}x`;
    const image = `data:image/png;base64,${'A'.repeat(40)}`;
    const [out] = breakDocumentWords([
      {
        stack: [
          long,
          { text: long, bold: true },
          { columns: [{ text: long }, { image, width: 10 }] },
          { ul: [long, { text: long }] },
          { ol: [long] },
          { table: { widths: ['*', 40], body: [[{ text: long }, { text: long, noWrap: true }]] }, layout: 'noBorders' },
        ],
      },
    ]);
    expect(out).toEqual({
      stack: [
        broken,
        { text: broken, bold: true },
        { columns: [{ text: broken }, { image, width: 10 }] },
        { ul: [broken, { text: broken }] },
        { ol: [broken] },
        { table: { widths: ['*', 40], body: [[{ text: broken }, { text: long, noWrap: true }]] }, layout: 'noBorders' },
      ],
    });
  });

  it('counts a paragraph’s pieces as one text, and each paragraph from zero', () => {
    const out = breakDocumentWords([{ text: [{ text: x(20), bold: true }, { text: x(20) }] }, { text: x(20) }]);
    expect(out).toEqual([{ text: [{ text: x(20), bold: true }, { text: `${x(10)}${B}${x(10)}` }] }, { text: x(20) }]);
  });
});

describe('the builders break every printed text', () => {
  const printed = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap(printed);
    if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, child]) => (key === 'image' ? [] : printed(child)));
    return [];
  };
  const hasLongRun = (texts: string[]) => texts.some((text) => /[^\s\u200b]{61,}/u.test(text));

  it('the quotation: details, names, table cells, comment', () => {
    const word = x(50_000);
    const input: QuotationPdfInput = {
      quotation: {
        valid_at: '2026-12-31',
        status: 'open',
        discount: null,
        discount_type: 'pct',
        parcel: 1,
        payment_info: word,
        delivery_date: null,
        duration_time: null,
        comment: word,
        responsible: null,
        reference_no: '1',
        f_created_at: '01/11/2026',
        rows: [{ product_id: null, name: word, sector: word, function: word, daily_exposition: word, quantity: 1, value: 1, exposition_type_id: 1 }],
        services: [{ product_id: null, name: word, quantity: 1, value: 1 }],
        costs: [],
        equipments: [{ equipment_id: null, name: word, quantity: 1 }],
        deadlines: [{ activity: word, description: word }],
        details: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: word, marks: [{ type: 'bold' }] }] }] },
        seller: word,
      } as unknown as QuotationPdfInput['quotation'],
      customer: { name: word, type: 'corporate', document: null, email: word, phone: null, contactName: word, address: null },
      settings: { company_name: word, message_presentation: word, message_slogan: word },
      logo: null,
      expositionTypes: { 1: word },
      paymentName: word,
    };
    const definition = buildQuotationDocument(input);
    expect(printed(definition.content).some((text) => text.includes(B))).toBe(true);
    // Every table of user text has number widths (pdfmake never widens them past the page for a long word); the totals' holds figures only.
    const widths = (JSON.stringify(definition.content).match(/"widths":\[[^\]]*\]/g) ?? []).filter((list) => list !== '"widths":["*","auto"]');
    expect(widths.length).toBe(5); // customer, agents, services, equipment, deadlines
    for (const list of widths) expect(list).not.toContain('"*"');
    expect(hasLongRun(printed(definition.content))).toBe(false);
    const footer = (definition.footer as (page: number, pages: number) => unknown)(1, 1);
    expect(hasLongRun(printed(footer))).toBe(false);
  });

  it('the sample: field values of every block', () => {
    const word = x(5_000);
    const definition = buildSampleDocument({
      sample: {
        company_name: word,
        agent_name: word,
        employee: word,
        caracterization: { observation: word, nested: { task: word }, epis: [{ name: word }] },
        memory_field: null,
        result: null,
        risk_classification: null,
        validation: null,
        type: { name: word, slug: 'noise' },
        sample_no: 1,
        quotation_id: 1,
        f_created_at: null,
      } as never,
      settings: { company_name: 'Empresa' },
      logo: null,
      photos: [{ image: 'data:image/jpeg;base64,AAAA', name: word }],
    });
    expect(hasLongRun(printed(definition.content))).toBe(false);
  });
});

describe('columnWidths', () => {
  it('gives each * column its share of what the fixed columns and the paddings leave, as pdfmake would', () => {
    const widths = columnWidths([14, '*', 52, 55, 55, 42, 26, 52, 56], 72);
    expect(widths[1]).toBeCloseTo(CONTENT_WIDTH - 352 - 72, 6);
    expect(widths.reduce((sum, width) => sum + width, 0) + 72).toBeCloseTo(CONTENT_WIDTH, 6);
    expect(columnWidths([70, '*', 60, '*'], 24)).toEqual([70, (CONTENT_WIDTH - 130 - 24) / 2, 60, (CONTENT_WIDTH - 130 - 24) / 2]);
    expect(columnWidths([30, 40], 16)).toEqual([30, 40]);
  });
});
