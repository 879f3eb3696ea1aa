/** The quotation documents: the quotation and its warranty certificate, and what they are made from. */
export { buildQuotationDocument, QUOTATION_PDF_TEXTS } from './quotation-document';
export { buildWarrantyDocument, WARRANTY_PDF_TEXTS } from './warranty-document';
export type { PdfAddress, PdfCustomer, PdfQuotation, QuotationPdfInput, WarrantyPdfInput } from './input';
export { embeddableLogo, quotationPdfInput, type PdfSourceCustomer, type PdfSources } from './assemble';
