/**
 * The company logo for the server's documents: `settings_logo` names a
 * stored file ('api/file/{id}', server/routes/settings-logo.ts); its bytes
 * are read from the file storage and handed to the template as a data URL
 * (src/pdf/quotation/logo.ts). A logo that cannot be had (no such file, its
 * bytes gone from disk, not an image, larger than a logo may be) prints the
 * document without it: a missing logo never fails a PDF or an e-mail.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOGO_MAX_BYTES } from '@sync/contract/settings-groups';
import { logoDataUrl, logoFileId } from '@/pdf/quotation/logo';
import type { Db } from '@server/db/client';
import { storedFiles } from '@server/db/schema';
import type { FileStorage } from '@server/files/storage';

async function readAll(stream: AsyncIterable<Buffer>): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > LOGO_MAX_BYTES) return null;
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The logo `settings_logo` names, as a data URL; null when there is none to print. */
export async function storedLogo(db: Db, storage: FileStorage, setting: string | undefined, log?: FastifyBaseLogger): Promise<string | null> {
  const id = logoFileId(setting);
  if (id === null) return null;
  const [file] = await db.select({ storage_key: storedFiles.storage_key }).from(storedFiles).where(eq(storedFiles.id, id));
  if (!file) return null;
  try {
    const stream = await storage.open(file.storage_key);
    try {
      return logoDataUrl(await readAll(stream));
    } finally {
      stream.destroy();
    }
  } catch (err) {
    log?.warn({ err, fileId: id }, 'company logo not readable; document printed without it');
    return null;
  }
}
