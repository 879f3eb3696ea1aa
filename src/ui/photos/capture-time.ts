/**
 * When a photo was taken, for the stamp drawn on it (FIELD-UX item 10): the
 * camera's EXIF DateTimeOriginal when the file carries one (read from the
 * original before the reduction drops the EXIF), else `File.lastModified`,
 * which the camera input sets to the moment of capture. EXIF times are the
 * camera's wall clock with no zone: they are kept as wall-clock parts and
 * never shifted; `lastModified` is an instant, shown in the device's zone.
 */

/** A wall-clock time (the device's zone for `lastModified`, the camera's for EXIF). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export type CaptureTime = WallTime & { source: 'exif' | 'file' };

/** EXIF lives in the first segments: 128 kB covers it (the embedded preview is inside APP1 too, usually under 64 kB). */
const EXIF_WINDOW = 128 * 1024;

const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;

/** "YYYY:MM:DD HH:MM:SS" → parts; null for the blank or zeroed values some cameras write. */
export function parseExifDate(text: string): WallTime | null {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2})/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

/** The IFD entry's value offset of `tag` (relative to the TIFF header), or null. */
function findTag(view: DataView, tiff: number, ifd: number, tag: number, little: boolean): { count: number; value: number } | null {
  if (tiff + ifd + 2 > view.byteLength) return null;
  const entries = view.getUint16(tiff + ifd, little);
  for (let index = 0; index < entries; index++) {
    const entry = tiff + ifd + 2 + index * 12;
    if (entry + 12 > view.byteLength) return null;
    if (view.getUint16(entry, little) === tag) return { count: view.getUint32(entry + 4, little), value: view.getUint32(entry + 8, little) };
  }
  return null;
}

/** DateTimeOriginal of a JPEG's bytes, or null (not a JPEG, no EXIF, no such tag, damaged). */
export function exifDateTimeOriginal(bytes: ArrayBuffer): WallTime | null {
  const view = new DataView(bytes);
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return null;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return null;
    const length = view.getUint16(offset + 2);
    if (marker === 0xffe1 && offset + 10 <= view.byteLength && view.getUint32(offset + 4) === 0x45786966 /* Exif */) {
      try {
        const tiff = offset + 10;
        const little = view.getUint16(tiff) === 0x4949;
        const ifd0 = view.getUint32(tiff + 4, little);
        const exifIfd = findTag(view, tiff, ifd0, TAG_EXIF_IFD, little);
        if (!exifIfd) return null;
        const original = findTag(view, tiff, exifIfd.value, TAG_DATE_TIME_ORIGINAL, little);
        if (!original || original.count < 16) return null;
        const text = new TextDecoder('ascii').decode(new Uint8Array(bytes, tiff + original.value, Math.min(original.count, 19)));
        return parseExifDate(text);
      } catch {
        return null;
      }
    }
    offset += 2 + length;
  }
  return null;
}

/** The wall-clock parts of an instant in the device's time zone. */
export function deviceWallTime(epochMs: number): WallTime {
  const date = new Date(epochMs);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() };
}

/** When the photo was taken: EXIF DateTimeOriginal, else the file's lastModified, else now. */
export async function captureTimeOf(file: File, now: () => number = Date.now): Promise<CaptureTime> {
  try {
    const exif = exifDateTimeOriginal(await file.slice(0, EXIF_WINDOW).arrayBuffer());
    if (exif) return { ...exif, source: 'exif' };
  } catch {
    // Unreadable head: the file's own time is used.
  }
  return { ...deviceWallTime(file.lastModified || now()), source: 'file' };
}
