/**
 * Invalidar (issue 28): an approved or issued sample becomes 'substituida'
 * and revision n + 1 is created in 'em_revisao' with the same quotation,
 * slot, number and content, linked both ways (`replaces_id`,
 * `replaced_by_id`); revision n and its approval stay as they were, readable
 * and verifiable (as 'substituída'). Both rows change in one transaction.
 *
 * A photo belongs to one sample (`sample_files.file_id` is unique), so the
 * next revision gets copies of the bytes, made before the transaction (file
 * I/O does not hold the row lock) and removed by the caller if it fails.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '@server/db/client';
import { sampleApprovals, sampleFiles, samples, storedFiles } from '@server/db/schema';
import { insertFileRow, type FileRowInput } from '@server/files/file-rows';
import type { FileStore } from '@server/files/file-store';
import { recordSampleEvent } from './history-events';
import type { SampleRow } from './sample-moves';

export interface PhotoCopy extends FileRowInput {
  name: string;
}

/** Copies of the sample's photos' bytes, in their order. */
export async function copyPhotos(db: Db, storage: FileStore, sampleId: number): Promise<PhotoCopy[]> {
  const files = await db
    .select({ name: sampleFiles.name, key: storedFiles.storage_key, originalName: storedFiles.original_name, type: storedFiles.mime_type })
    .from(sampleFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, sampleFiles.file_id))
    .where(eq(sampleFiles.sample_id, sampleId))
    .orderBy(asc(sampleFiles.id));
  const copies: PhotoCopy[] = [];
  try {
    for (const file of files) {
      copies.push({ name: file.name, originalName: file.originalName, type: file.type, stored: await storage.write(await storage.open(file.key)) });
    }
  } catch (error) {
    await removeCopies(storage, copies);
    throw error;
  }
  return copies;
}

export async function removeCopies(storage: FileStore, copies: readonly PhotoCopy[]): Promise<void> {
  await Promise.all(copies.map((copy) => storage.remove(copy.stored.key).catch(() => undefined)));
}

/** Inserts revision n + 1 of the locked row, with its photos and its first event; returns its id. */
export async function insertNextRevision(
  tx: Tx,
  request: FastifyRequest,
  row: SampleRow,
  photos: readonly PhotoCopy[],
  reason: string,
  now: Date,
): Promise<number> {
  const { id: _id, created_at: _created, updated_at: _updated, ...content } = row;
  const [next] = await tx
    .insert(samples)
    .values({
      ...content,
      revision: row.revision + 1,
      replaces_id: row.id,
      replaced_by_id: null,
      status: 'em_revisao',
      status_reason: reason,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: samples.id });
  const id = next!.id;
  for (const photo of photos) {
    const fileId = await insertFileRow(tx, photo, now);
    await tx.insert(sampleFiles).values({ sample_id: id, file_id: fileId, name: photo.name, created_at: now, updated_at: now });
  }
  await tx.update(sampleApprovals).set({ invalidated_at: now }).where(eq(sampleApprovals.sample_id, row.id));
  await recordSampleEvent(tx, request, id, { kind: 'state', action: 'invalidate', from: null, to: 'em_revisao', reason }, now);
  return id;
}
