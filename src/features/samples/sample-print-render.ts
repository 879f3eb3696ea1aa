/**
 * The sample's browser rendering, loaded with `import()` only when the user
 * prints: the one template of src/pdf/sample (the server's too) rendered by
 * pdfmake's browser build (src/entities/print/render-pdf.ts), so it prints
 * offline. The sample's photos (the PDF's 'Registro fotográfico') are read
 * from the device here, in the lazily loaded part.
 */
import { pdfBlob } from '@/entities/print/render-pdf';
import { buildSampleDocument, type SamplePdfInput } from '@/pdf/sample';

export { samplePhotosForPrint } from './common/photos/photos-for-print';

export async function renderSamplePdf(input: SamplePdfInput): Promise<Blob> {
  return pdfBlob(buildSampleDocument(input));
}
