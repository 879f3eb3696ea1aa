/**
 * The sample's browser rendering, loaded with `import()` only when the user
 * prints: the one template of src/pdf/sample (the server's too) rendered by
 * pdfmake's browser build (src/entities/print/render-pdf.ts), so it prints
 * offline.
 */
import { pdfBlob } from '@/entities/print/render-pdf';
import { buildSampleDocument, type SamplePdfInput } from '@/pdf/sample';

export async function renderSamplePdf(input: SamplePdfInput): Promise<Blob> {
  return pdfBlob(buildSampleDocument(input));
}
