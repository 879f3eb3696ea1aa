/**
 * A customer's files (spec section 7, "Anexos"):
 *
 *   POST   api/customer/{id}/file                      multipart (file, name), one file → 201 CustomerFile
 *   PUT    api/customer/{id}/file/{fileId}              {name} → 200 CustomerFile (rename; an extension)
 *   DELETE api/customer/{id}/file/{fileId}              → 204 (the bytes go too)
 *   GET    api/customer/{id}/files                      search; updated_since → pull
 *   GET    api/customer/{id}/file/{fileId}/download     the bytes, as an attachment
 *   POST   api/customer/{id}/files/download-multiple    {file_ids} → arquivos_{YYYY-MM-DD}.zip
 *
 * `{fileId}` and `file_ids` are CustomerFile ids (the attachment's `id`,
 * not `file_id`). Bytes live under DATA_DIR/files (server/files). A file
 * that is a JPEG, PNG, WebP or GIF image is checked and re-encoded before
 * it is kept (server/files/image-check.ts); other files (documents, and
 * HEIC, TIFF and BMP images, which the server never decodes) are kept as
 * sent. Downloads are always attachments, with `nosniff`. Every
 * upload, rename and delete locks the customer and moves its `updated_at`, so the
 * customer's embedded `files` stay authoritative on pull. Customer-type
 * users may list, download and zip the files of their linked customers
 * only, and never upload or delete.
 */
import type { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  CUSTOMER_MESSAGES,
  customerFileInputSchema,
  customerFileSchema,
  downloadMultipleInputSchema,
  zipFileName,
  type CustomerFile,
} from '@sync/contract/customers';
import { CONFLICT_MESSAGE, listQuerySchema, pullResponseSchema } from '@sync/contract/sync';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Db, Tx } from '@server/db/client';
import { customerFiles, storedFiles } from '@server/db/schema';
import { insertFileRow } from '@server/files/file-rows';
import { contentDisposition, downloadName, uniqueNames } from '@server/files/file-names';
import { IMAGE_RULES } from '@server/files/image-check';
import { receiveUpload } from '@server/files/multipart-upload';
import type { FileStore } from '@server/files/file-store';
import { fitsInZip, zipStream } from '@server/files/zip-writer';
import { HttpError, notFound } from '@server/http/errors';
import { conflictAnswerSchema } from '@server/sync/conflict';
import { idParam } from '@server/sync/crud-routes';
import { recordDeletions } from '@server/sync/deletions';
import { pullCursorOf, pullRecords, type ListSource } from '@server/sync/list';
import { searchCondition } from '@server/sync/search';
import { atVersion, ifMatchOf, nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { deletionViewer } from '@server/auth/permissions';
import { assertCustomerReadable, CUSTOMER_READ, CUSTOMER_READ_BY_POST, CUSTOMER_WRITE, customerViewers } from './access';
import { CUSTOMER_FILES_RESOURCE } from './customers';
import { fileRows, toCustomerFile } from './load';
import { assertCustomerExists, bumpCustomer, lockCustomer } from './parent';

const customerParams = z.object({ id: idParam });
const fileParams = z.object({ id: idParam, fileId: idParam });
const conflict = conflictAnswerSchema(customerFileSchema);

/** Types worth deflating properly in a zip; the rest (JPEG, PDF, OOXML, zip) is already compressed. */
const COMPRESSIBLE = /^(text\/|application\/(rtf|msword|vnd\.ms-|vnd\.oasis)|image\/(bmp|tiff))/;

async function loadFiles(db: Db | Tx, ids: readonly number[]): Promise<CustomerFile[]> {
  if (ids.length === 0) return [];
  const rows = await fileRows(db).where(inArray(customerFiles.id, [...ids]));
  return rows.map(toCustomerFile);
}

const fileSource: ListSource<CustomerFile> = { resource: CUSTOMER_FILES_RESOURCE, table: customerFiles, load: loadFiles };

/** Today in Brasília as YYYY-MM-DD, for the zip's name. */
function brasiliaDate(instant: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

async function findFile(db: Db | Tx, customerId: number, attachmentId: number) {
  const [row] = await fileRows(db).where(and(eq(customerFiles.id, attachmentId), eq(customerFiles.customer_id, customerId)));
  if (!row) throw notFound(CUSTOMER_MESSAGES.fileNotFound);
  return row;
}

export function registerFileRoutes(app: ZodApp, ctx: AppContext, storage: FileStore) {
  /** The stored bytes, or 404 when they are gone from disk (logged: the disk and the database disagree). */
  async function openBytes(key: string, log: { error(obj: object, msg: string): void }): Promise<Readable> {
    try {
      return await storage.open(key);
    } catch (err) {
      // The store not answering is a 500, not a file gone.
      if ((err as { code?: string }).code !== 'ENOENT') throw err;
      log.error({ err, key }, 'stored file missing on disk');
      throw notFound(CUSTOMER_MESSAGES.fileBytesMissing);
    }
  }

  app.post(
    '/api/customer/:id/file',
    { config: CUSTOMER_WRITE, schema: { params: customerParams, response: { 201: customerFileSchema } } },
    async (request, reply) => {
      const customerId = request.params.id;
      // Refuse before taking the bytes when the customer is not there.
      await assertCustomerExists(ctx.db, customerId);
      // Images (JPEG, PNG, WebP, GIF) are checked and re-encoded (server/files/image-check.ts); documents are kept as sent.
      const upload = await receiveUpload(request, storage, { limitMb: ctx.config.uploadLimitMb, images: IMAGE_RULES.customerImage });
      const now = writeTime(ctx.clock);
      try {
        const record = await ctx.db.transaction(async (tx) => {
          await lockCustomer(tx, customerId);
          const fileId = await insertFileRow(tx, upload, now);
          const [attachment] = await tx
            .insert(customerFiles)
            .values({ customer_id: customerId, file_id: fileId, name: upload.name, created_at: now, updated_at: now })
            .returning({ id: customerFiles.id });
          await bumpCustomer(tx, customerId, now);
          return toCustomerFile(await findFile(tx, customerId, attachment!.id));
        });
        return reply.code(201).send(record);
      } catch (error) {
        await storage.remove(upload.stored.key);
        throw error;
      }
    },
  );

  /** Locks the customer, then the file (404 when it is not this customer's). */
  async function lockFile(tx: Tx, customerId: number, fileId: number) {
    await lockCustomer(tx, customerId);
    const [locked] = await tx
      .select({ id: customerFiles.id })
      .from(customerFiles)
      .where(and(eq(customerFiles.id, fileId), eq(customerFiles.customer_id, customerId)))
      .for('update');
    if (!locked) throw notFound(CUSTOMER_MESSAGES.fileNotFound);
    return findFile(tx, customerId, fileId);
  }

  app.put(
    '/api/customer/:id/file/:fileId',
    { config: CUSTOMER_WRITE, schema: { params: fileParams, body: customerFileInputSchema, response: { 200: customerFileSchema, 409: conflict } } },
    async (request, reply) => {
      const { id: customerId, fileId } = request.params;
      const version = ifMatchOf(request);
      const now = writeTime(ctx.clock);
      const outcome = await ctx.db.transaction(async (tx) => {
        const row = await lockFile(tx, customerId, fileId);
        if (version && row.attachment.updated_at.getTime() !== version.getTime()) return { stale: true, record: toCustomerFile(row) };
        await tx
          .update(customerFiles)
          .set({ name: request.body.name, updated_at: nextUpdatedAt(customerFiles.updated_at, now) })
          .where(atVersion(customerFiles.id, fileId, customerFiles.updated_at, version));
        await bumpCustomer(tx, customerId, now);
        return { stale: false, record: toCustomerFile(await findFile(tx, customerId, fileId)) };
      });
      if (outcome.stale) return reply.code(409).send({ message: CONFLICT_MESSAGE, current: outcome.record });
      return outcome.record;
    },
  );

  app.delete(
    '/api/customer/:id/file/:fileId',
    { config: CUSTOMER_WRITE, schema: { params: fileParams, response: { 409: conflict } } },
    async (request, reply) => {
      const { id: customerId, fileId } = request.params;
      const version = ifMatchOf(request);
      const now = writeTime(ctx.clock);
      const outcome = await ctx.db.transaction(async (tx) => {
        const row = await lockFile(tx, customerId, fileId);
        if (version && row.attachment.updated_at.getTime() !== version.getTime()) return { stale: toCustomerFile(row) };
        await tx.delete(storedFiles).where(eq(storedFiles.id, row.file.id));
        await recordDeletions(tx, CUSTOMER_FILES_RESOURCE, [fileId], now, await customerViewers(tx, customerId));
        await bumpCustomer(tx, customerId, now);
        return { key: row.file.storage_key };
      });
      if ('stale' in outcome) return reply.code(409).send({ message: CONFLICT_MESSAGE, current: outcome.stale! });
      // After the commit: a failure here leaves unreferenced bytes, never a record without its bytes.
      await storage.remove(outcome.key).catch((err: unknown) => request.log.error({ err }, 'could not remove a deleted file'));
      return (reply as FastifyReply).code(204).send();
    },
  );

  app.get(
    '/api/customer/:id/files',
    {
      config: CUSTOMER_READ,
      schema: {
        params: customerParams,
        querystring: listQuerySchema,
        response: { 200: z.union([pullResponseSchema(customerFileSchema), z.array(customerFileSchema)]) },
      },
    },
    async (request) => {
      const customerId = request.params.id;
      assertCustomerReadable(request, customerId);
      const serverTime = writeTime(ctx.clock);
      await assertCustomerExists(ctx.db, customerId);
      const ofCustomer = eq(customerFiles.customer_id, customerId);
      const cursor = pullCursorOf(request.query);
      if (cursor) return pullRecords(ctx.db, fileSource, cursor, null, serverTime, ofCustomer, deletionViewer(request));
      const search = searchCondition(request.query.search, [customerFiles.name, storedFiles.original_name]);
      const rows = await fileRows(ctx.db)
        .where(search ? and(ofCustomer, search) : ofCustomer)
        .orderBy(asc(customerFiles.id));
      return rows.map(toCustomerFile);
    },
  );

  app.get('/api/customer/:id/file/:fileId/download', { config: CUSTOMER_READ, schema: { params: fileParams } }, async (request, reply) => {
    const { id: customerId, fileId } = request.params;
    assertCustomerReadable(request, customerId);
    const { attachment, file } = await findFile(ctx.db, customerId, fileId);
    const stream = await openBytes(file.storage_key, request.log);
    return reply
      .header('content-type', file.mime_type)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition(downloadName(attachment.name, file.original_name)))
      .send(stream);
  });

  app.post(
    '/api/customer/:id/files/download-multiple',
    // A read (customer-type users may zip their files), though sent as POST.
    { config: CUSTOMER_READ_BY_POST, schema: { params: customerParams, body: downloadMultipleInputSchema } },
    async (request, reply) => {
      const customerId = request.params.id;
      assertCustomerReadable(request, customerId);
      await assertCustomerExists(ctx.db, customerId);
      const ids = [...new Set(request.body.file_ids)];
      const rows = await fileRows(ctx.db).where(and(eq(customerFiles.customer_id, customerId), inArray(customerFiles.id, ids)));
      if (rows.length < ids.length) throw notFound(CUSTOMER_MESSAGES.fileNotFound);
      if (!fitsInZip(rows.map((r) => r.file.size))) throw new HttpError(413, CUSTOMER_MESSAGES.zipTooLarge);
      // In the order asked for; bytes checked before the first byte goes out, so the zip is never cut short.
      const byId = new Map(rows.map((r) => [r.attachment.id, r]));
      const ordered = ids.map((id) => byId.get(id)!);
      for (const row of ordered) {
        if (!(await storage.exists(row.file.storage_key))) {
          request.log.error({ key: row.file.storage_key }, 'stored file missing on disk');
          throw notFound(CUSTOMER_MESSAGES.fileBytesMissing);
        }
      }
      const names = uniqueNames(ordered.map((r) => downloadName(r.attachment.name, r.file.original_name)));
      const zip = zipStream(
        ordered.map((row, index) => ({
          name: names[index]!,
          modified: row.file.created_at,
          compressible: COMPRESSIBLE.test(row.file.mime_type),
          open: () => storage.open(row.file.storage_key),
        })),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(zipFileName(brasiliaDate(ctx.clock.now()))))
        .send(zip);
    },
  );
}
