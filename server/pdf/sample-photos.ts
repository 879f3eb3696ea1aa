/**
 * The sample's photos for its PDF on the server: each file line's bytes read
 * from the file storage, shrunk for print with sharp (PRINT_PHOTO: 800 px on
 * the long side, JPEG quality 75, EXIF orientation applied) and handed to
 * the template as data URLs, in the order they were added. A photo that
 * cannot be had (bytes gone from disk, not an image sharp reads) is left
 * out and logged: a missing photo never fails the PDF.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_IMAGE_PIXELS } from '@sync/contract/images';
import type { SampleFile } from '@sync/contract/samples';
import { PRINT_PHOTO, type PdfPhoto } from '@/pdf/sample';
import type { Db } from '@server/db/client';
import { storedFiles } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { loadSharp } from '@server/files/sharp-loader';

/** A stored photo is under 400 kB; anything far larger is not read into memory for a PDF. */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

async function readStored(storage: FileStore, key: string): Promise<Buffer> {
  const stream = await storage.open(key);
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_SOURCE_BYTES) throw new Error('stored photo too large to print');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } finally {
    stream.destroy();
  }
}

/**
 * The print-size copies made lately, by storage key: a stored file's bytes
 * never change under its key, and shrinking with mozjpeg costs a few hundred
 * milliseconds a photo, so a report printed again (the office after the
 * tablet, a second copy) reuses them. At most PRINT_CACHE_SIZE copies of
 * about 100 kB each; the oldest used goes first.
 */
const PRINT_CACHE_SIZE = 64;
const printed = new Map<string, Buffer>();

/** JPEG bytes of a stored image shrunk for print. */
async function printBytes(storage: FileStore, key: string): Promise<Buffer> {
  const kept = printed.get(key);
  if (kept) {
    printed.delete(key);
    printed.set(key, kept);
    return kept;
  }
  const sharp = await loadSharp();
  const bytes = await sharp(await readStored(storage, key), { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: PRINT_PHOTO.maxSide, height: PRINT_PHOTO.maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: Math.round(PRINT_PHOTO.quality * 100), mozjpeg: true })
    .toBuffer();
  printed.set(key, bytes);
  if (printed.size > PRINT_CACHE_SIZE) printed.delete(printed.keys().next().value!);
  return bytes;
}

/** The sample's photos as the PDF prints them; images only, one at a time (sharp's memory on a small server). */
export async function samplePdfPhotos(db: Db, storage: FileStore, files: readonly SampleFile[], log?: FastifyBaseLogger): Promise<PdfPhoto[]> {
  const images = [...files].filter((file) => file.type.startsWith('image/')).sort((a, b) => a.id - b.id);
  if (images.length === 0) return [];
  const keys = new Map(
    (
      await db
        .select({ id: storedFiles.id, storage_key: storedFiles.storage_key })
        .from(storedFiles)
        .where(
          inArray(
            storedFiles.id,
            images.map((file) => file.file_id),
          ),
        )
    ).map((row) => [row.id, row.storage_key]),
  );
  const photos: PdfPhoto[] = [];
  for (const file of images) {
    const key = keys.get(file.file_id);
    if (!key) continue;
    try {
      const bytes = await printBytes(storage, key);
      photos.push({ image: `data:image/jpeg;base64,${bytes.toString('base64')}`, name: file.name || file.file_name });
    } catch (err) {
      log?.warn({ err, fileId: file.file_id }, 'sample photo not readable; PDF printed without it');
    }
  }
  return photos;
}
