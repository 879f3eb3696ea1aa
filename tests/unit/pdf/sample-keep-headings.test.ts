// @vitest-environment node
/**
 * No heading of the sample report ends a page (src/pdf/sample/keep-headings.ts):
 * the rule on pdfmake's layout as its `pageBreakBefore` callback sees it,
 * the anchors it reads, and a real report rendered with pdfmake (the
 * server's renderer) and read back page by page: a layout where a heading
 * falls at a page's end without the rule has it at the top of the next page
 * with it.
 */
import type { Node, NodeQueries, TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { emptyHeatBlocks } from '@sync/contract/samples/heat';
import { anchorContent, buildSampleDocument, keepHeadingsWithContent, pdfSampleOf } from '@/pdf/sample';
import { renderPdf } from '@server/pdf/render';
import { readPdf } from '../../server/helpers/pdf-text';
import { headings } from './sample-pdf-support';

const position = (pageNumber: number, verticalRatio: number) => ({
  pageNumber,
  pageOrientation: 'portrait' as const,
  pageInnerHeight: 750,
  pageInnerWidth: 515,
  left: 40,
  top: 40 + verticalRatio * 750,
  verticalRatio,
  horizontalRatio: 0,
});

const node = (fields: Partial<Node> & { page: number; at: number }): Node => {
  const { page, at, ...rest } = fields;
  return { pageNumbers: [page], pages: 3, stack: false, startPosition: position(page, at), ...rest } as Node;
};

const queries = (following: Node[]): NodeQueries => ({
  getFollowingNodesOnPage: () => following,
  getNodesOnNextPage: () => [],
  getPreviousNodesOnPage: () => [],
});

describe('keepHeadingsWithContent', () => {
  const heading = node({ text: 'Resultado', headlineLevel: 1, page: 1, at: 0.95 });

  it('moves a heading with no content anchor after it on its page', () => {
    expect(keepHeadingsWithContent(heading, queries([]))).toBe(true);
    // A sub-heading and texts whose row pdfmake moved (they report the old page) are not content that stays.
    expect(
      keepHeadingsWithContent(
        heading,
        queries([node({ text: 'NHO 01', headlineLevel: 2, page: 1, at: 0.97 }), node({ text: 'Código', page: 1, at: 0.98 })]),
      ),
    ).toBe(true);
    // The anchor of the content's first row says the row went to the next page.
    expect(keepHeadingsWithContent(heading, queries([node({ text: 'Código', id: 'keep-4', page: 2, at: 0 })]))).toBe(true);
  });

  it('keeps a heading whose content starts on its page, one at the top of its page, and any other node', () => {
    expect(keepHeadingsWithContent(heading, queries([node({ text: 'Código', id: 'keep-4', page: 1, at: 0.97 })]))).toBe(false);
    expect(keepHeadingsWithContent(node({ text: 'Resultado', headlineLevel: 1, page: 2, at: 0 }), queries([]))).toBe(false);
    expect(keepHeadingsWithContent(node({ text: 'Código', page: 1, at: 0.95 }), queries([]))).toBe(false);
  });
});

describe('anchorContent', () => {
  it('gives the first text of each part but the headings an anchor id, in a table under its header', () => {
    const anchored = anchorContent([
      { text: 'Resultado', headlineLevel: 1 },
      { table: { body: [[{ text: 'Código' }, { text: 'X' }]] } },
      { columns: [{ stack: [{ image: 'data:image/jpeg;base64,AAAA' }, { text: 'Foto 1 - a.jpg' }] }] },
      { table: { headerRows: 1, body: [[{ text: 'Tipo' }], [{ text: '' }], [{ text: 'Luva' }]] } },
    ]);
    expect(anchored[0]).toEqual({ text: 'Resultado', headlineLevel: 1 });
    expect(anchored[1]).toEqual({ table: { body: [[{ text: 'Código', id: 'keep-1' }, { text: 'X' }]] } });
    expect(anchored[2]).toEqual({ columns: [{ stack: [{ image: 'data:image/jpeg;base64,AAAA' }, { text: 'Foto 1 - a.jpg', id: 'keep-2' }] }] });
    // Past the header row (drawn again on each page), and past empty texts.
    expect(anchored[3]).toEqual({ table: { headerRows: 1, body: [[{ text: 'Tipo' }], [{ text: '' }], [{ text: 'Luva', id: 'keep-3' }]] } });
  });
});

/** A heat report whose EPI list is `epis` rows long: more rows push the later headings down the pages. */
function report(epis: number): TDocumentDefinitions {
  const blank = emptyHeatBlocks();
  const task = blank.memory_field.tasks[0]!;
  const sample = pdfSampleOf(
    {
      type_id: 4,
      sample_no: 1,
      quotation_id: 5,
      company_name: 'Cerâmica',
      agent_name: 'Calor',
      employee: 'Maria',
      f_created_at: '01/03/2026',
      caracterization: { employee: 'Maria' },
      memory_field: {
        ...blank.memory_field,
        instrument: 'TGD-400',
        tasks: [
          { ...task, task: 'Forno', initial: '08:00', final: '09:00', duration: '01:00', metabolism: '300', tbn: '28', tg: '40', ibutg: '31,6' },
        ],
        epis: Array.from({ length: epis }, (_, index) => ({
          ...blank.memory_field.epis[0]!,
          row_id: `e${index}`,
          type: `Luva ${index + 1}`,
          number: String(1000 + index),
        })),
      },
      result: { ...blank.result, metabolism: '300', ibutg: '31,6', action_level: '26,3', max: '29,3' },
      risk_classification: { ...blank.risk_classification, condition: 'Acima do limite de exposição' },
      validation: { ...blank.validation, avaliation: 'Representativa', justify: 'Dia típico' },
    },
    '5/2026',
  );
  return buildSampleDocument({ sample, settings: { company_name: 'Higiene' }, logo: null });
}

/** Each page's lines of content (the footer left out). */
async function pageLines(definition: TDocumentDefinitions): Promise<string[][]> {
  const { pages } = await readPdf(await renderPdf(definition));
  return pages.map((page) =>
    page
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/Página \d+ de \d+/.test(line)),
  );
}

describe('a report whose heading would fall at a page’s end', () => {
  it('starts the next page with the heading instead', { timeout: 120_000 }, async () => {
    // The layout without the rule, as the callback sees it: the first report where the rule would move a heading.
    let found: { epis: number; heading: string } | null = null;
    for (let epis = 20; epis <= 60 && !found; epis += 1) {
      const definition = report(epis);
      const moved: string[] = [];
      definition.pageBreakBefore = (current, nodeQueries) => {
        if (keepHeadingsWithContent(current, nodeQueries)) moved.push(String(current.text));
        return false;
      };
      await renderPdf(definition);
      if (moved.length > 0) found = { epis, heading: moved[0]! };
    }
    expect(found).not.toBeNull();
    const { epis, heading } = found!;

    // Without the rule, that heading is the last line of its page: the rule read the layout right.
    const without = report(epis);
    delete without.pageBreakBefore;
    const before = await pageLines(without);
    expect(before.some((lines, page) => page < before.length - 1 && lines.at(-1) === heading)).toBe(true);

    // With it, no page but the last ends with a heading, and that one opens a page.
    const definition = report(epis);
    const titles = new Set(headings(definition));
    const after = await pageLines(definition);
    for (const lines of after.slice(0, -1)) expect(titles.has(lines.at(-1)!)).toBe(false);
    expect(after.some((lines) => lines[0] === heading)).toBe(true);
  });
});
