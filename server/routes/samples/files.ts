/**
 * A sample's files (photos; spec sections 3 and 7), stored like customers'
 * files (server/files):
 *
 *   POST   api/sample/{id}/file        multipart (file, name), one image → 201 SampleFile (an extension: the engine uploads each photo once, acknowledged)
 *   DELETE api/sample/file/{fileId}    → 204 (the bytes go too)
 *   GET    api/sample/file/{fileId}    the bytes; with `w`/`h` (w=150&h=150) a JPEG thumbnail of that size
 *
 * Only images are accepted (415 'Você não pode enviar arquivos desse
 * tipo.'): JPEG, PNG or WebP, checked and re-encoded by sharp before they
 * are kept (server/files/image-check.ts; SVG, empty, undecodable and
 * decompression bombs refused). Every upload and delete locks the sample
 * and moves its `updated_at`, so a pull of samples brings the new embedded `files`.
 * Thumbnails: the device reduces photos before they leave it (about 1600 px)
 * and draws its own from its copy; a device without the copy asks the
 * server's `?w=150&h=150`, a 150×150 JPEG cut to fill (cover) and kept on
 * disk next to the photo (server/files/thumbnails.ts); any other size is
 * 400. Bytes that are not a readable image answer as stored; a stored type
 * other than a re-encoded image (files older than the checks) goes as an
 * attachment. Every answer carries `nosniff` (server/http/security-headers.ts).
 *
 * Photos are added and removed only while the sample is a draft or
 * returned (issue 28, edit-scope.ts): otherwise 409 with the reason, and
 * the upload's bytes are not kept.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SAMPLE_MESSAGES, sampleFileSchema } from '@sync/contract/samples';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { sampleFiles, samples, storedFiles } from '@server/db/schema';
import { insertFileRow } from '@server/files/file-rows';
import { contentDisposition, downloadName } from '@server/files/file-names';
import { IMAGE_RULES, isInlineImageType } from '@server/files/image-check';
import { receiveUpload } from '@server/files/multipart-upload';
import type { FileStore } from '@server/files/file-store';
import { THUMBNAIL_MIME, thumbnailOf, thumbnailSize } from '@server/files/thumbnails';
import { notFound } from '@server/http/errors';
import { idParam } from '@server/sync/crud-routes';
import { recordDeletions } from '@server/sync/deletions';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { assertSampleCustomer, SAMPLE_READ, SAMPLE_WRITE, sampleViewers } from './access';
import { assertPhotosEditable, editScopeOf } from './edit-scope';
import { sampleFileRows, toSampleFile } from './load';

export const SAMPLE_FILES_RESOURCE = 'sample_files';
const sampleParams = z.object({ id: idParam });
const fileParams = z.object({ fileId: idParam });
const sizeParam = z
  .string()
  .regex(/^\d{1,4}$/)
  .optional();

/** Locks the sample and refuses (409) unless the caller may change its photos now. */
async function lockSample(tx: Tx, request: FastifyRequest, sampleId: number) {
  const [row] = await tx.select({ id: samples.id, status: samples.status }).from(samples).where(eq(samples.id, sampleId)).for('update');
  if (!row) throw notFound(SAMPLE_MESSAGES.notFound);
  assertPhotosEditable(editScopeOf(request, row));
}

async function bumpSample(tx: Tx, sampleId: number, now: Date) {
  await tx
    .update(samples)
    .set({ updated_at: nextUpdatedAt(samples.updated_at, now) })
    .where(eq(samples.id, sampleId));
}

export function registerSampleFileRoutes(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.post(
    '/api/sample/:id/file',
    { config: SAMPLE_WRITE, schema: { params: sampleParams, response: { 201: sampleFileSchema } } },
    async (request, reply) => {
      const sampleId = request.params.id;
      const [exists] = await ctx.db.select({ id: samples.id, status: samples.status }).from(samples).where(eq(samples.id, sampleId));
      if (!exists) throw notFound(SAMPLE_MESSAGES.notFound);
      // Refused before a byte is read; checked again under the lock below.
      assertPhotosEditable(editScopeOf(request, exists));
      // Photos only, checked and re-encoded before they are kept (server/files/image-check.ts).
      const upload = await receiveUpload(request, storage, { limitMb: ctx.config.uploadLimitMb, images: IMAGE_RULES.samplePhoto, imagesOnly: true });
      const now = writeTime(ctx.clock);
      try {
        const record = await ctx.db.transaction(async (tx) => {
          await lockSample(tx, request, sampleId);
          const fileId = await insertFileRow(tx, upload, now);
          const [attachment] = await tx
            .insert(sampleFiles)
            .values({ sample_id: sampleId, file_id: fileId, name: upload.name, created_at: now, updated_at: now })
            .returning({ id: sampleFiles.id });
          await bumpSample(tx, sampleId, now);
          const [row] = await sampleFileRows(tx).where(eq(sampleFiles.id, attachment!.id));
          return toSampleFile(row!);
        });
        return reply.code(201).send(record);
      } catch (error) {
        await storage.remove(upload.stored.key);
        throw error;
      }
    },
  );

  app.delete('/api/sample/file/:fileId', { config: SAMPLE_WRITE, schema: { params: fileParams } }, async (request, reply) => {
    const { fileId } = request.params;
    const now = writeTime(ctx.clock);
    const key = await ctx.db.transaction(async (tx) => {
      const [found] = await tx.select({ sample_id: sampleFiles.sample_id }).from(sampleFiles).where(eq(sampleFiles.id, fileId));
      if (!found) throw notFound(SAMPLE_MESSAGES.fileNotFound);
      await lockSample(tx, request, found.sample_id);
      const [row] = await sampleFileRows(tx).where(and(eq(sampleFiles.id, fileId), eq(sampleFiles.sample_id, found.sample_id)));
      if (!row) throw notFound(SAMPLE_MESSAGES.fileNotFound);
      await tx.delete(storedFiles).where(eq(storedFiles.id, row.file.id));
      await recordDeletions(tx, SAMPLE_FILES_RESOURCE, [fileId], now, await sampleViewers(tx, found.sample_id));
      await bumpSample(tx, found.sample_id, now);
      return row.file.storage_key;
    });
    // After the commit: a failure here leaves unreferenced bytes, never a record without its bytes.
    await storage.remove(key).catch((err: unknown) => request.log.error({ err }, 'could not remove a deleted file'));
    return (reply as FastifyReply).code(204).send();
  });

  app.get(
    '/api/sample/file/:fileId',
    { config: SAMPLE_READ, schema: { params: fileParams, querystring: z.object({ w: sizeParam, h: sizeParam }) } },
    async (request, reply) => {
      const [row] = await sampleFileRows(ctx.db).where(eq(sampleFiles.id, request.params.fileId));
      if (!row) throw notFound(SAMPLE_MESSAGES.fileNotFound);
      const [sample] = await ctx.db.select({ customer_id: samples.customer_id }).from(samples).where(eq(samples.id, row.attachment.sample_id));
      assertSampleCustomer(request, sample!.customer_id);
      const size = thumbnailSize(request.query.w, request.query.h);
      const thumbnail = size && isInlineImageType(row.file.mime_type) ? await thumbnailOf(storage, row.file.storage_key, size) : null;
      if (thumbnail) return reply.header('content-type', THUMBNAIL_MIME).header('content-length', String(thumbnail.size)).send(thumbnail.body);
      let stream;
      try {
        stream = await storage.open(row.file.storage_key);
      } catch (err) {
        // The store not answering is a 500 the device retries, not a file gone.
        if ((err as { code?: string }).code !== 'ENOENT') throw err;
        request.log.error({ err, key: row.file.storage_key }, 'stored file missing on disk');
        throw notFound(SAMPLE_MESSAGES.fileNotFound);
      }
      // Anything but a re-encoded image (a file stored before uploads were checked) is a download, never a page.
      if (!isInlineImageType(row.file.mime_type)) {
        reply.header('content-disposition', contentDisposition(downloadName(row.attachment.name, row.file.original_name)));
      }
      return reply.header('content-type', row.file.mime_type).header('content-length', String(row.file.size)).send(stream);
    },
  );
}
