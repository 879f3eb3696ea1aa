/**
 * The sample PDF's 'Registro fotográfico' (the spec names no title): the
 * sample's photos as kept (reduced and stamped on the device), shrunk for
 * print by the caller (print-photo sizes below), two per row, each scaled to
 * fit its cell and captioned with its number and name. A photo and its
 * caption are never split across pages, and the title stays with the first
 * row (keep-headings.ts).
 */
import type { Content } from 'pdfmake/interfaces';
import type { Palette } from '../quotation/parts';
import { heading } from './keep-headings';

/** One photo as the template takes it: JPEG bytes as a data URL, and its caption. */
export interface PdfPhoto {
  /** `data:image/jpeg;base64,...` */
  image: string;
  name: string;
}

/**
 * What a photo is shrunk to before it goes into a PDF: printed about 250 pt
 * (3.5 in) wide, 800 px is about 230 dpi; at quality 0.75 a photo is about
 * 100 kB, so 8 photos keep the PDF well under 2 MB (FIELD-UX item 7).
 */
export const PRINT_PHOTO = { maxSide: 800, quality: 0.75 } as const;

export const PHOTO_SECTION_TEXTS = {
  title: 'Registro fotográfico',
  caption: (index: number, name: string) => `Foto ${index} - ${name}`,
} as const;

/** Each cell's box: half the A4 content width (515 pt) less the gap, 4:3. */
const CELL = { width: 250, height: 188, gap: 15 } as const;

function photoCell(photo: PdfPhoto, index: number): Content {
  return {
    stack: [
      { image: photo.image, fit: [CELL.width, CELL.height], alignment: 'center' },
      { text: PHOTO_SECTION_TEXTS.caption(index, photo.name), fontSize: 8, alignment: 'center', margin: [0, 3, 0, 0] },
    ],
  };
}

/** The section, or nothing when the sample has no photos. */
export function photoSection(photos: readonly PdfPhoto[] | undefined, palette: Palette): Content[] {
  if (!photos || photos.length === 0) return [];
  const rows: Content[] = [];
  for (let index = 0; index < photos.length; index += 2) {
    const pair = photos.slice(index, index + 2).map((photo, offset) => photoCell(photo, index + offset + 1));
    rows.push({ columns: pair, columnGap: CELL.gap, margin: [0, 0, 0, 10], unbreakable: true });
  }
  return [heading(PHOTO_SECTION_TEXTS.title, 1, palette), ...rows];
}
