/**
 * A kept photo made ready for a printed document: shrunk on the device to
 * the print size (a canvas, JPEG) and returned as a data URL, which the PDF
 * template embeds. Where the browser can draw on no canvas the photo's own
 * bytes are used (already reduced: under 400 kB).
 */

export interface PrintSize {
  maxSide: number;
  quality: number;
}

async function shrink(photo: Blob, size: PrintSize): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(photo);
    const scale = Math.min(1, size.maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: size.quality });
  } catch {
    return null;
  }
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The photo as a JPEG data URL at most `size.maxSide` on its long side. */
export async function printPhotoDataUrl(photo: Blob, size: PrintSize): Promise<string> {
  const shrunk = await shrink(photo, size);
  const bytes = new Uint8Array(await (shrunk ?? photo).arrayBuffer());
  return `data:${shrunk ? 'image/jpeg' : photo.type || 'image/jpeg'};base64,${base64Of(bytes)}`;
}
