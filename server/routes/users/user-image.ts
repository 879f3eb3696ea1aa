/**
 * Users' images (spec section 5: images only, re-encoded to JPEG): an
 * uploaded image is checked and re-encoded by sharp like every stored image
 * (server/files/image-check.ts: JPEG, PNG or WebP, at most 40 megapixels,
 * decodable), turned upright by its EXIF orientation, at most 1024 px on
 * its longer side, metadata dropped, on white, so what is stored and served
 * is always a plain JPEG, never the bytes the client sent. The stored file is
 * a `files` row whose bytes live under DATA_DIR/files, served by
 * `GET /api/user/image/{key}` (./user-image-url.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { USER_IMAGE_FIELD } from '@sync/contract/user-input';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { storedFiles, users } from '@server/db/schema';
import { insertFileRow } from '@server/files/file-rows';
import { IMAGE_RULES, storeImage } from '@server/files/image-check';
import type { FileStore, StoredBytes } from '@server/files/file-store';
import { notFound } from '@server/http/errors';
import type { UploadedImage } from './user-body';
import { USER_IMAGE_ROUTE } from './user-image-url';
import { access } from '@server/auth/access';

export type StoredImage = { stored: StoredBytes; name: string };

/** Re-encodes the upload to JPEG and writes it to the storage; 415/413/400 (image-check.ts) when it is not an image to keep. */
export async function storeUserImage(storage: FileStore, image: UploadedImage): Promise<StoredImage> {
  const { stored } = await storeImage(storage, image.bytes, IMAGE_RULES.userImage, USER_IMAGE_FIELD);
  const base =
    image.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[\u0000-\u001f\u007f/\\]/g, '')
      .trim() || 'imagem';
  return { stored, name: `${base.slice(0, 200)}.jpg` };
}

/** Inserts the `files` row of a stored image; returns its id. */
export function insertImageRow(tx: Tx, image: StoredImage, now: Date): Promise<number> {
  return insertFileRow(tx, { stored: image.stored, originalName: image.name, type: 'image/jpeg' }, now);
}

/** Removes a replaced image's row; returns its storage key so the bytes go after the commit. */
export async function removeImageRow(tx: Tx, fileId: number | null): Promise<string | null> {
  if (fileId === null) return null;
  const [row] = await tx.delete(storedFiles).where(eq(storedFiles.id, fileId)).returning({ key: storedFiles.storage_key });
  return row?.key ?? null;
}

/** The public image route: only images that are some active user's current image are served. */
export function registerUserImageRoute(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.get(
    USER_IMAGE_ROUTE,
    { config: { access: access.public() }, schema: { params: z.object({ key: z.string().max(64) }) } },
    async (request, reply) => {
      const { key } = request.params;
      if (!/^[a-f0-9]{32}$/.test(key)) throw notFound();
      const [row] = await ctx.db
        .select({ key: storedFiles.storage_key, size: storedFiles.size })
        .from(storedFiles)
        .innerJoin(users, and(eq(users.image_id, storedFiles.id), isNull(users.deleted_at)))
        .where(eq(storedFiles.storage_key, key));
      if (!row) throw notFound();
      // Gone: 404; the store not answering: a 500, not a 404 the browser would keep.
      const stream = await storage.open(row.key).catch((error: { code?: string }) => {
        throw error.code === 'ENOENT' ? notFound() : error;
      });
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-length', String(row.size))
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(stream);
    },
  );
}
