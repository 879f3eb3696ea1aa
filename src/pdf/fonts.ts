/**
 * The one font of the documents: Roboto, the TrueType files pdfmake 0.3
 * ships (node_modules/pdfmake/build/fonts/Roboto), embedded in every PDF so
 * that ç ã é º ª ² ³ µ ° ≤ ≥ print the same everywhere. The server reads
 * the files from disk, the browser fetches them from the app (precached);
 * both give pdfmake this family under PDF_FONT. Bold is Roboto Medium,
 * pdfmake's own choice.
 */
export const PDF_FONT = 'Roboto';

/** The file of each style, as named in pdfmake's package. */
export const PDF_FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;
