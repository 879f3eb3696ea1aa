/** The sample document and what it is made from. */
export {
  blockContent,
  buildSampleDocument,
  fieldLabel,
  SAMPLE_FIELD_LABELS,
  SAMPLE_PDF_TEXTS,
  type PdfSample,
  type SamplePdfInput,
} from './sample-document';
export { PHOTO_SECTION_TEXTS, photoSection, PRINT_PHOTO, type PdfPhoto } from './photo-section';
