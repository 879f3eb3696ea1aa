/**
 * Draws the stamp (photo-stamp.ts) once onto a reduced photo and re-encodes
 * it as JPEG at the reduction's quality, lowered a step at a time while it
 * is over the reduction's size limit. Runs after the library's worker, on an
 * OffscreenCanvas (a 1600 px image: tens of milliseconds, measured by the
 * photos bench); where the browser can draw on no canvas the photo is kept
 * unstamped (losing the photo would be worse than a photo without a stamp).
 */
import { drawStamp } from './photo-stamp';

/** The bytes the re-encoded photo must stay under, and the quality to start at. */
export interface StampEncoding {
  maxBytes: number;
  quality: number;
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): AnyCanvas | null {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: AnyCanvas, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** The stamped JPEG, or null when this browser cannot draw it (the caller keeps the photo as reduced). */
export async function stampPhoto(photo: Blob, text: string, encoding: StampEncoding): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(photo);
  try {
    const canvas = canvasOf(bitmap.width, bitmap.height);
    const context = canvas?.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null | undefined;
    if (!canvas || !context) return null;
    context.drawImage(bitmap, 0, 0);
    drawStamp(context, bitmap.width, bitmap.height, text);
    let quality = encoding.quality;
    let stamped = await encode(canvas, quality);
    // The band's sharp edges cost a few kB; the library's size limit still holds.
    while (stamped && stamped.size > encoding.maxBytes && quality > 0.45) {
      quality = Math.round((quality - 0.1) * 100) / 100;
      stamped = await encode(canvas, quality);
    }
    return stamped;
  } finally {
    bitmap.close();
  }
}
