/**
 * Renders a pdfmake document definition (src/pdf) to PDF bytes on Node,
 * with pdfmake 0.3's Node API. The Roboto TrueType files of the pdfmake
 * package are read once and kept in pdfmake's virtual file system, so every
 * document embeds the same font as the browser's copy (src/pdf/fonts.ts).
 * Nothing else is reachable: local files and URLs are refused by pdfmake's
 * access policies (a definition only carries data-URL images).
 *
 * The server calls it in its PDF worker threads (render-worker.ts, started
 * and bounded in time and memory by pdf-pool.ts), never on the request's
 * event loop. The definitions it gets have their long words broken already
 * (src/pdf/break-long-words.ts), which keeps pdfmake's wrapping cheap.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { PDF_FONT, PDF_FONT_FILES } from '@/pdf/fonts';

type PdfMake = typeof import('pdfmake') & {
  virtualfs: { writeFileSync(name: string, data: Buffer): void; existsSync(name: string): boolean };
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
};

const require = createRequire(import.meta.url);
let ready: PdfMake | null = null;

function pdfmake(): PdfMake {
  if (ready) return ready;
  const instance = require('pdfmake') as PdfMake;
  const fontFolder = join(dirname(require.resolve('pdfmake/package.json')), 'build', 'fonts', 'Roboto');
  for (const file of Object.values(PDF_FONT_FILES)) {
    if (!instance.virtualfs.existsSync(file)) instance.virtualfs.writeFileSync(file, readFileSync(join(fontFolder, file)));
  }
  instance.setFonts({ [PDF_FONT]: { ...PDF_FONT_FILES } });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy(() => false);
  ready = instance;
  return instance;
}

/** The PDF bytes of a document definition. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const document = pdfmake().createPdf(definition) as unknown as { getBuffer(): Promise<Buffer> };
  return document.getBuffer();
}
