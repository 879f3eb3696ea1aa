/**
 * Thumbnails of stored images (spec: "Image thumbnails use 150 by 150";
 * samples.md: requested from the file url with w=150 and h=150): the image
 * cut to fill w × h (cover, centred; EXIF orientation applied) as a JPEG,
 * made with sharp on the first request and kept on disk next to the file
 * (`<key>.thumb-<w>x<h>.jpg`, server/files/storage.ts), so later requests
 * read it like any stored file; it goes when the file is removed.
 *
 * Only small sizes (thumbnails, up to CACHE_MAX_PX a side) are kept: a larger
 * size is made for the request and not stored, so no caller can fill the
 * disk with variants. Sizes are capped at MAX_PX. Bytes sharp cannot read
 * (a damaged or unusual image) answer null: the caller serves the original.
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import sharp from 'sharp';
import type { FileStorage } from './storage';

export const THUMBNAIL_MIME = 'image/jpeg';
const MAX_PX = 2000;
const CACHE_MAX_PX = 300;
const QUALITY = 80;

export type ThumbnailSize = { width?: number | undefined; height?: number | undefined };

export type Thumbnail = { body: ReadStream | Buffer; size: number };

/** Parsed `w`/`h` (digits): null when neither asks for a size (0 or absent); capped at MAX_PX. */
export function thumbnailSize(w: string | undefined, h: string | undefined): ThumbnailSize | null {
  const px = (text: string | undefined) => {
    const value = text === undefined ? 0 : Number(text);
    return value > 0 ? Math.min(value, MAX_PX) : undefined;
  };
  const width = px(w);
  const height = px(h);
  return width === undefined && height === undefined ? null : { width, height };
}

function render(source: string, { width, height }: ThumbnailSize) {
  // One missing side keeps the image's proportions.
  return sharp(source, { failOn: 'error' })
    .rotate()
    .resize({ width, height, fit: 'cover', position: 'centre' })
    .jpeg({ quality: QUALITY, mozjpeg: true });
}

/** The thumbnail of a stored image at `size`, from the disk cache or made now; null when the bytes are not an image sharp reads. */
export async function thumbnailOf(storage: FileStorage, key: string, size: ThumbnailSize): Promise<Thumbnail | null> {
  const source = storage.pathOf(key);
  const cacheable = (size.width ?? 0) <= CACHE_MAX_PX && (size.height ?? 0) <= CACHE_MAX_PX;
  if (!cacheable) {
    const buffer = await render(source, size)
      .toBuffer()
      .catch(() => null);
    return buffer ? { body: buffer, size: buffer.length } : null;
  }
  const path = storage.derivedPathOf(key, `thumb-${size.width ?? 0}x${size.height ?? 0}.jpg`);
  const cached = await stat(path).catch(() => null);
  if (!cached) {
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
