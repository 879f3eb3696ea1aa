/**
 * The `files` row of bytes already in the storage: every upload (customer
 * files, sample images, user images, the logo) records its bytes the same
 * way, then links the row from its own table.
 */
import type { Db, Tx } from '@server/db/client';
import { storedFiles } from '@server/db/schema';
import type { StoredBytes } from './storage';

export interface FileRowInput {
  stored: StoredBytes;
  originalName: string;
  type: string;
}

/** Inserts the row; returns its id. */
export async function insertFileRow(db: Db | Tx, file: FileRowInput, now: Date): Promise<number> {
  const [row] = await db
    .insert(storedFiles)
    .values({
      storage_key: file.stored.key,
      original_name: file.originalName,
      mime_type: file.type,
      size: file.stored.size,
      sha256: file.stored.sha256,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: storedFiles.id });
  return row!.id;
}
