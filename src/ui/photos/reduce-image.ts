/**
 * Photos reduced on the device before they are kept (FIELD-UX item 7):
 * re-encoded to JPEG, about 1600 px on the long side, under 400 kB, with
 * browser-image-compression in a web worker whose library script is served
 * by the app itself (compression-library-url.ts), so it works offline.
 * Only images are taken: anything else is refused with the spec's messages
 * (`checkImages`), before any work is done. A small thumbnail is made from
 * the reduced photo and kept beside it on the device (never sent). With a
 * stamp label, the label and the capture time are drawn on the reduced photo
 * (FIELD-UX item 10; stamp-photo.ts), before the thumbnail is made.
 */
import imageCompression, { type Options } from 'browser-image-compression';
import { captureTimeOf } from './capture-time';
import { compressionLibraryUrl } from './compression-library-url';
import { stampText } from './photo-stamp';
import { type PhotoFailure, photoErrorMessage, photoFailureOf } from './photo-errors';
import { PHOTO_TEXTS } from './photo-texts';
import { stampPhoto } from './stamp-photo';

/** What a photo is reduced to: enough for a report (8 such photos make a PDF under 2 MB). */
export const PHOTO_REDUCTION = {
  maxWidthOrHeight: 1600,
  /** The library's MB is 1024 × 1024 bytes: 0.38 of it is about 398 kB, under 400 kB as people count. */
  maxSizeMB: 0.38,
  initialQuality: 0.8,
  fileType: 'image/jpeg',
} as const;

/** The library's call, replaceable in tests that do not decode real images. */
export type CompressImage = (file: File, options: Options) => Promise<File>;

export interface ReduceOptions {
  /** The label drawn with the capture time on the photo ('Amostra 12'); none: no stamp. */
  stampLabel?: string;
  /** A smaller long side than a photo's (a user's image is stored at 1024 px at most); never larger. */
  maxWidthOrHeight?: number;
  /** False: no device thumbnail (an image sent at once, never shown from the device's store). */
  thumbnail?: boolean;
  compress?: CompressImage;
}

/** An image by its MIME type, or by its extension when the browser gives no type. */
export function isImageFile(file: File): boolean {
  if (file.type) return file.type.startsWith('image/');
  return /\.(jpe?g|png|gif|webp|bmp|heic|heif|avif|tiff?)$/i.test(file.name);
}

export type ImageCheck = { ok: true; images: File[] } | { ok: false; refused: File[]; message: string; warnings: string[] };

/**
 * Takes the chosen files only when all are images; otherwise says which are
 * refused (the whole choice is refused, so nothing is half added).
 */
export function checkImages(files: readonly File[]): ImageCheck {
  const refused = files.filter((file) => !isImageFile(file));
  if (refused.length === 0) return { ok: true, images: [...files] };
  return {
    ok: false,
    refused,
    message: PHOTO_TEXTS.refused,
    warnings: refused.map((file) => PHOTO_TEXTS.unsupported(file.type || file.name)),
  };
}

/** The reduced photo's name: the original's with a .jpg extension. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'imagem';
  return `${base}.jpg`;
}

/**
 * The device's own thumbnail: a square (thumbnailSquare), twice the 150 px tile (sharp
 * on a tablet's 2× screen), a few kB. Opening a sample with 20 photos then
 * decodes 20 small images, not 20 of 1600 px.
 */
export const DEVICE_THUMBNAIL = { px: 300, quality: 0.7 } as const;

/** A reduced photo: the JPEG bytes, the name they are kept and sent under, and the device's thumbnail. */
export interface ReducedImage {
  blob: Blob;
  fileName: string;
  type: 'image/jpeg';
  /** Null where the browser cannot make one (then the photo itself is shown, scaled). */
  thumbnail: Blob | null;
}

/**
 * The square the thumbnail is cut from: centred across, and for a portrait
 * photo its bottom square, so the stamp's band along the bottom edge
 * (photo-stamp.ts) stays in the tile (a centre cut would drop it).
 */
export function thumbnailSquare(width: number, height: number): { sx: number; sy: number; side: number } {
  const side = Math.min(width, height);
  return { sx: (width - side) / 2, sy: height - side, side };
}

/** The thumbnail square (thumbnailSquare) of the photo at DEVICE_THUMBNAIL.px, as JPEG; null when this browser has no way to draw it. */
export async function makeThumbnail(photo: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(photo);
    const { sx, sy, side } = thumbnailSquare(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(DEVICE_THUMBNAIL.px, DEVICE_THUMBNAIL.px);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, sx, sy, side, side, 0, 0, DEVICE_THUMBNAIL.px, DEVICE_THUMBNAIL.px);
    bitmap.close();
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: DEVICE_THUMBNAIL.quality });
  } catch {
    // A thumbnail is a convenience: the photo itself is shown instead.
    return null;
  }
}

/**
 * A photo that could not be reduced: the message is the spec's 'Erro ao
 * processar imagem: {error}' with a reason in Portuguese (photo-errors.ts),
 * never the library's '[object Event]'; `failure` says which kind.
 */
export class ReduceImageError extends Error {
  readonly failure: PhotoFailure;

  constructor(cause: unknown) {
    super(PHOTO_TEXTS.processFailed(photoErrorMessage(cause)), { cause });
    this.name = 'ReduceImageError';
    this.failure = photoFailureOf(cause);
  }
}

/**
 * Reduces one image to JPEG. Throws a ReduceImageError (the spec's 'Erro ao
 * processar imagem: {error}', the reason readable). The library's own result is kept as
 * it is (renamed through `fileName`, not copied into a new File: one copy
 * of the bytes fewer on a low-memory tablet).
 */
export async function reduceImage(
  file: File,
  { stampLabel, maxWidthOrHeight, thumbnail = true, compress = imageCompression }: ReduceOptions = {},
): Promise<ReducedImage> {
  try {
    // Read before the reduction: the library does not keep the EXIF.
    const taken = stampLabel === undefined ? null : await captureTimeOf(file);
    let reduced: Blob = await compress(file, {
      ...PHOTO_REDUCTION,
      maxWidthOrHeight: Math.min(maxWidthOrHeight ?? PHOTO_REDUCTION.maxWidthOrHeight, PHOTO_REDUCTION.maxWidthOrHeight),
      useWebWorker: true,
      libURL: compressionLibraryUrl(),
      // The library applies the EXIF orientation to the pixels; the rest of
      // the original's EXIF (location, device) is not kept.
      preserveExif: false,
    });
    if (stampLabel !== undefined && taken) {
      const maxBytes = Math.floor(PHOTO_REDUCTION.maxSizeMB * 1024 * 1024);
      reduced = (await stampPhoto(reduced, stampText(stampLabel, taken), { maxBytes, quality: PHOTO_REDUCTION.initialQuality })) ?? reduced;
    }
    return { blob: reduced, fileName: jpegName(file.name), type: 'image/jpeg', thumbnail: thumbnail ? await makeThumbnail(reduced) : null };
  } catch (error) {
    throw new ReduceImageError(error);
  }
}
