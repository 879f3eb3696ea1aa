/**
 * Reads a PDF back for the tests (pdfjs-dist 4.10, legacy build for Node
 * 20): the text of each page, and each text run with the font it is drawn
 * in (the embedded font's PostScript name, e.g. 'ABCDEF+Roboto-Medium'),
 * so a test can check a bold word is drawn in the bold font; and how many
 * images each page paints (the company logo).
 */
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfRun = { text: string; font: string };
export type PdfContent = { pages: string[]; runs: PdfRun[]; text: string; pageCount: number; images: number[] };

export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  const runs: PdfRun[] = [];
  const images: number[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    // The operator list loads the page's fonts into commonObjs, where their names are.
    const { fnArray } = await page.getOperatorList();
    images.push(fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : '');
      const font = page.commonObjs.has(item.fontName) ? (page.commonObjs.get(item.fontName) as { name?: string }).name : undefined;
      runs.push({ text: item.str, font: font ?? item.fontName });
    }
    pages.push(text);
  }
  await document.destroy();
  return { pages, runs, text: pages.join('\n'), pageCount: document.numPages, images };
}
