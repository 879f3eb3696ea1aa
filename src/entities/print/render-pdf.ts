/**
 * The browser's PDF rendering, for the printing modules loaded with
 * `import()` only when the user prints (never in the first screen's
 * JavaScript): pdfmake's browser build and the Roboto files served by the
 * app (the service worker precaches them, so printing works offline).
 * pdfmake fetches each font once per page load and keeps it in its virtual
 * file system. Only the app's own origin may be fetched. Import it only
 * from a lazily loaded module.
 */
import pdfMake from 'pdfmake';
import italicsUrl from 'pdfmake/build/fonts/Roboto/Roboto-Italic.ttf?url';
import boldUrl from 'pdfmake/build/fonts/Roboto/Roboto-Medium.ttf?url';
import boldItalicsUrl from 'pdfmake/build/fonts/Roboto/Roboto-MediumItalic.ttf?url';
import normalUrl from 'pdfmake/build/fonts/Roboto/Roboto-Regular.ttf?url';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { PDF_FONT } from '@/pdf/fonts';

let configured = false;

function configure() {
  if (configured) return;
  const absolute = (url: string) => new URL(url, globalThis.location.href).href;
  pdfMake.setFonts({
    [PDF_FONT]: { normal: absolute(normalUrl), bold: absolute(boldUrl), italics: absolute(italicsUrl), bolditalics: absolute(boldItalicsUrl) },
  });
  pdfMake.setUrlAccessPolicy((url) => new URL(url).origin === globalThis.location.origin);
  configured = true;
}

/** The PDF of a document definition (src/pdf), as a Blob. */
export async function pdfBlob(definition: TDocumentDefinitions): Promise<Blob> {
  configure();
  return (pdfMake.createPdf(definition) as unknown as { getBlob(): Promise<Blob> }).getBlob();
}
