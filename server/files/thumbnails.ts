/**
 * Thumbnails of stored images (spec section 7: "Image thumbnails use 150 by
 * 150"; samples.md: requested from the file url with w=150 and h=150): the
 * image cut to fill 150 × 150 (cover, centred; EXIF orientation applied) as
 * a JPEG, made with sharp on the first request and kept on disk next to the
 * file (`<key>.thumb-150x150.jpg`, server/files/storage.ts), so later
 * requests read it like any stored file; it goes when the file is removed.
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
import { createReadStream, type ReadStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import sharp from 'sharp';
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS, THUMBNAIL_SIDE } from '@sync/contract/images';
import { badRequest } from '../http/errors';
import { signatureFormat } from './image-check';
import type { FileStorage } from './storage';

export const THUMBNAIL_MIME = 'image/jpeg';
const QUALITY = 80;

export type ThumbnailSize = { width: number; height: number };

export type Thumbnail = { body: ReadStream; size: number };

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

function render(source: string, { width, height }: ThumbnailSize) {
  return sharp(source, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width, height, fit: 'cover', position: 'centre' })
    .jpeg({ quality: QUALITY, mozjpeg: true });
}

/** The 150 × 150 thumbnail of a stored image, from the disk cache or made now; null when the bytes are not an image sharp reads. */
export async function thumbnailOf(storage: FileStorage, key: string, size: ThumbnailSize): Promise<Thumbnail | null> {
  const source = storage.pathOf(key);
  const path = storage.derivedPathOf(key, `thumb-${size.width}x${size.height}.jpg`);
  const cached = await stat(path).catch(() => null);
  if (!cached) {
    // Only the formats uploads are re-encoded to reach a decoder: a file kept before the checks that is anything else (an SVG) is not rendered.
    if (!(await signatureFormat(source).catch(() => null))) return null;
    // Written under a temporary name and renamed: two requests at once each write their own, and a reader never sees half.
    const partial = storage.partialPathOf(path);
    try {
      await render(source, size).toFile(partial);
      await rename(partial, path);
    } catch {
      await unlink(partial).catch(() => undefined);
      return null;
    }
  }
  const info = cached ?? (await stat(path));
  return { body: createReadStream(path), size: info.size };
}
