/**
 * The quotation's browser rendering, loaded with `import()` only when the
 * user prints: the one template of src/pdf rendered by pdfmake's browser
 * build (src/entities/print/render-pdf.ts, fonts served by the app, so
 * printing works offline).
 */
import { pdfBlob } from '@/entities/print/render-pdf';
import { buildQuotationDocument, buildWarrantyDocument, quotationPdfInput, type PdfSources } from '@/pdf/quotation';

export type PrintRequest = { kind: 'quotation' } | { kind: 'warranty'; days: number; issuedAt: string; deliveredAt: string };

/** The PDF of a quotation (or its warranty) from the device's records. */
export async function renderQuotationPdf(sources: PdfSources, request: PrintRequest): Promise<Blob> {
  const input = quotationPdfInput(sources);
  const definition =
    request.kind === 'quotation'
      ? buildQuotationDocument(input)
      : buildWarrantyDocument({ ...input, days: request.days, issuedAt: request.issuedAt, deliveredAt: request.deliveredAt });
  return pdfBlob(definition);
}
