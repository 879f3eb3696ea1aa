/** The sample document and what it is made from. */
export { buildSampleDocument, SAMPLE_PDF_TEXTS } from './sample-document';
export { pdfSampleOf, type PdfSample, type PdfSampleRecord, type SamplePdfInput } from './input';
export { BLOCK_TEXTS, blockContent, humanise, isInternalKey, looseLabel, MAX_TABLE_COLUMNS, type BlockScope } from './block-content';
export { anchorContent, heading, keepHeadingsWithContent } from './keep-headings';
export { PHOTO_SECTION_TEXTS, photoSection, PRINT_PHOTO, type PdfPhoto } from './photo-section';
export { APPROVAL_PDF_TEXTS, verifyUrl } from './approval-block';
