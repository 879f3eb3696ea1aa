/**
 * Thumbnails of stored images (spec section 7: "Image thumbnails use 150 by
 * 150"; samples.md: requested from the file url with w=150 and h=150): the
 * image cut to fill 150 × 150 (cover, centred; EXIF orientation applied) as
 * a JPEG, made with sharp on the first request and kept in the file store
 * as a variant of the file (`<key>.thumb-150x150.jpg`, file-store.ts), so
 * later requests, on any machine sharing the store, read it like any stored
 * file; it goes when the file is removed. sharp reads the source from a
 * local copy the store gives (the file itself in the folder, a download
 * from the object store).
 *
 * 150 × 150 is the only size made (THUMBNAIL_SIDE; the app asks for no
 * other, src/features/samples/common/photos/sample-photos.tsx): any other
 * `w`/`h` answers 400, so a caller can make at most one thumbnail file per
 * stored image. The source is read only when its signature is JPEG, PNG,
 * WebP or GIF, and with the pixel limit of every stored image
 * (MAX_IMAGE_PIXELS): both also hold for files stored before uploads were
 * re-encoded. Bytes sharp cannot read (a damaged or unusual
 * image, or one above the limit) answer null: the caller serves the
 * original.
 */
import type { Readable } from 'node:stream';
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS, THUMBNAIL_SIDE } from '@sync/contract/images';
import { badRequest } from '../http/errors';
import type { FileStore } from './file-store';
import { signatureFormat } from './image-check';
import { loadSharp } from './sharp-loader';

export const THUMBNAIL_MIME = 'image/jpeg';
const QUALITY = 80;

export type ThumbnailSize = { width: number; height: number };

export type Thumbnail = { body: Readable | Buffer; size: number };

/**
 * The thumbnail `w`/`h` (digits) ask for: null when neither asks for one
 * (absent or 0: the file itself); 150 × 150 for w=150&h=150; anything else
 * is refused with 400 'Miniatura disponível só no tamanho 150 × 150…'.
 */
export function thumbnailSize(w: string | undefined, h: string | undefined): ThumbnailSize | null {
  const px = (text: string | undefined) => (text === undefined ? 0 : Number(text));
  const width = px(w);
  const height = px(h);
  if (width === 0 && height === 0) return null;
  if (width !== THUMBNAIL_SIDE || height !== THUMBNAIL_SIDE) throw badRequest(IMAGE_MESSAGES.thumbnailSize(THUMBNAIL_SIDE));
  return { width, height };
}

async function render(source: string, { width, height }: ThumbnailSize) {
  const sharp = await loadSharp();
  return sharp(source, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width, height, fit: 'cover', position: 'centre' })
    .jpeg({ quality: QUALITY, mozjpeg: true });
}

/** Made from the stored image, or null when its bytes are not an image sharp reads. */
async function made(storage: FileStore, key: string, size: ThumbnailSize): Promise<Buffer | null> {
  const source = await storage.localCopy(key).catch(() => null);
  if (!source) return null;
  try {
    // Only the formats uploads are re-encoded to reach a decoder: a file kept before the checks that is anything else (an SVG) is not rendered.
    if (!(await signatureFormat(source.path).catch(() => null))) return null;
    return await (await render(source.path, size)).toBuffer().catch(() => null);
  } finally {
    await source.discard();
  }
}

/** The 150 × 150 thumbnail of a stored image, from the store or made now; null when the bytes are not an image sharp reads. */
export async function thumbnailOf(storage: FileStore, key: string, size: ThumbnailSize): Promise<Thumbnail | null> {
  const variant = `thumb-${size.width}x${size.height}.jpg`;
  const kept = await storage.openDerived(key, variant);
  if (kept && kept.size >= 0) return kept;
  kept?.body.destroy();
  const bytes = await made(storage, key, size);
  if (!bytes) return null;
  // Kept for the next request; one that cannot be kept (the store down a moment) is still served.
  await storage.writeDerived(key, variant, bytes).catch(() => undefined);
  return { body: bytes, size: bytes.length };
}
