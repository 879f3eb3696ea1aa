/**
 * The company logo for the server's documents: `settings_logo` names a
 * stored file ('api/file/{id}', server/routes/settings-logo.ts); its bytes
 * are read from the file storage, made printable and handed to the template
 * as a data URL (src/pdf/quotation/logo.ts). A logo that cannot be had (no
 * such file, its bytes gone from disk, not a PNG or JPEG, larger than a
 * logo may be, above the pixel limit, not decodable) prints the document
 * without it: a missing logo never fails or stalls a PDF or an e-mail.
 *
 * Printable: logos uploaded since image-check.ts are already small
 * re-encoded PNGs or JPEGs, but one stored before it may be anything its
 * signature allowed, e.g. a 1 MB PNG declaring 16,000 × 16,000 px. So the
 * header is read first with sharp's pixel limit (MAX_IMAGE_PIXELS; a bomb is
 * refused in milliseconds, nothing decoded), then the image is decoded and
 * fitted inside LOGO_MAX_SIDE (1000 px; the templates draw it in a 110 × 60
 * pt box) in its own format. The result is kept per stored file (the last
 * one only: a new logo is a new file), so each logo is decoded once per
 * process, not once per document.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_IMAGE_PIXELS } from '@sync/contract/images';
import { LOGO_MAX_BYTES } from '@sync/contract/settings-groups';
import { logoDataUrl, logoFileId, logoImageType } from '@/pdf/quotation/logo';
import type { Db } from '@server/db/client';
import { storedFiles } from '@server/db/schema';
import { LOGO_MAX_SIDE } from '@server/files/image-check';
import type { FileStore } from '@server/files/file-store';
import { loadSharp } from '@server/files/sharp-loader';

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > LOGO_MAX_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The stored logo as the documents draw it: PNG or JPEG, upright, at most LOGO_MAX_SIDE a side; throws when it cannot be. */
async function printable(bytes: Buffer): Promise<Uint8Array> {
  const type = logoImageType(bytes);
  if (!type) throw new Error('stored logo is not a PNG or JPEG');
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  const sharp = await loadSharp();
  // Header only: a decompression bomb stops here, in milliseconds.
  const header = await sharp(bytes, options).metadata();
  if (!header.width || !header.height) throw new Error('stored logo has no size');
  const image = sharp(bytes, options).rotate().resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  return new Uint8Array(await (type === 'image/png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer());
}

/** The last logo made printable, by its storage key (keys never change meaning: a new logo is a new key). */
let last: { key: string; bytes: Promise<Uint8Array | null> } | null = null;

async function printableLogo(storage: FileStore, key: string, fileId: number, log?: FastifyBaseLogger): Promise<Uint8Array | null> {
  const stream = await storage.open(key);
  let bytes: Buffer | null;
  try {
    bytes = await readAll(stream);
  } finally {
    stream.destroy();
  }
  if (!bytes) {
    log?.warn({ fileId }, 'company logo larger than a logo may be; document printed without it');
    return null;
  }
  try {
    return await printable(bytes);
  } catch (err) {
    log?.warn({ err, fileId }, 'company logo not printable (not an image, above the pixel limit or damaged); document printed without it');
    return null;
  }
}

/**
 * The stored file's logo as every document draws it (PNG or JPEG, at most
 * LOGO_MAX_SIDE a side), or null when it cannot be drawn. The server's PDFs
 * embed it and `GET api/file/{id}` serves it to the devices for their
 * offline prints, so a logo stored before the image checks (a
 * decompression bomb) reaches neither.
 */
export async function printableStoredLogo(db: Db, storage: FileStore, id: number, log?: FastifyBaseLogger): Promise<Uint8Array | null> {
  const [file] = await db.select({ storage_key: storedFiles.storage_key }).from(storedFiles).where(eq(storedFiles.id, id));
  if (!file) return null;
  const key = `${storage.label}/${file.storage_key}`;
  if (last?.key !== key) {
    const bytes = printableLogo(storage, file.storage_key, id, log).catch((err: unknown) => {
      log?.warn({ err, fileId: id }, 'company logo not readable; document printed without it');
      // Bytes gone from disk: not remembered, so a restored file prints again.
      if (last?.key === key) last = null;
      return null;
    });
    last = { key, bytes };
  }
  return last.bytes;
}

/** The logo `settings_logo` names, as a data URL; null when there is none to print. */
export async function storedLogo(db: Db, storage: FileStore, setting: string | undefined, log?: FastifyBaseLogger): Promise<string | null> {
  const id = logoFileId(setting);
  if (id === null) return null;
  const bytes = await printableStoredLogo(db, storage, id, log);
  return bytes ? logoDataUrl(bytes) : null;
}
