/**
 * The company logo's bytes (spec sections 4 and 7: "Logo save: if the chosen
 * file name differs from the stored logo, it is uploaded first, then the
 * options are saved"; "POST api/file: multipart field file; the response has
 * path"):
 *
 *   POST api/file        multipart `file`, a PNG or JPEG image → 201 { id, path: 'api/file/{id}' }
 *   GET  api/file/{id}   the logo as the documents draw it (server/pdf/logo.ts), to any signed-in
 *                        user, only while `settings_logo` is that path; 404 when it cannot be drawn
 *
 * Images only: the type is read from the bytes themselves (PNG and JPEG,
 * what the PDF templates can draw), never from the name or the declared
 * type alone; the image is checked with sharp (pixel limit, decodable) and
 * what is kept is sharp's re-encoding, fitted inside 1000 × 1000 px
 * (server/files/image-check.ts). Bytes live in the file storage (DATA_DIR/files) like
 * customers' attachments. Serving only the file `settings_logo` names
 * keeps this call from reaching any other stored file (customers' files
 * have their own, scoped calls), whatever other options say.
 */
import type {} from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { settingName } from '@sync/contract/settings';
import { fileUploadResponseSchema, LOGO_MAX_BYTES, LOGO_MESSAGES, logoPath } from '@sync/contract/settings-groups';
import type { AppContext, ZodApp } from '@server/app-context';
import { options } from '@server/db/schema';
import { insertFileRow } from '@server/files/file-rows';
import { safeOriginalName } from '@server/files/file-names';
import { assertDeclaredImage, IMAGE_RULES, storeImage } from '@server/files/image-check';
import type { FileStore } from '@server/files/file-store';
import { badRequest, HttpError, notFound } from '@server/http/errors';
import { idParam } from '@server/sync/crud-routes';
import { writeTime } from '@server/sync/versioning';
import { printableStoredLogo } from '@server/pdf/logo';
import { logoImageType } from '@/pdf/quotation/logo';
import { access } from '@server/auth/access';

const LOGO_OPTION = settingName('settings', 'logo');

async function readLogo(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError(415, LOGO_MESSAGES.missing);
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  } catch {
    throw badRequest(LOGO_MESSAGES.missing, { file: [LOGO_MESSAGES.missing] });
  }
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw badRequest(LOGO_MESSAGES.missing, { file: [LOGO_MESSAGES.missing] });
  }
  try {
    // An image type the PDF cannot draw (WebP, GIF, SVG...) or no image at all: refused before the bytes are read.
    assertDeclaredImage(IMAGE_RULES.logo, part.mimetype, 'file');
  } catch (error) {
    part.file.resume();
    throw error;
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer(); // at most LOGO_MAX_BYTES (2 MB)
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, LOGO_MESSAGES.tooLarge, { errors: { file: [LOGO_MESSAGES.tooLarge] } });
    throw error;
  }
  return { bytes, originalName: safeOriginalName(part.filename) };
}

export function registerLogoRoutes(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.post(
    '/api/file',
    { config: { access: access.module('settings') }, schema: { response: { 201: fileUploadResponseSchema } } },
    async (request, reply) => {
      const logo = await readLogo(request);
      // Checked (PNG or JPEG, pixel limit, decodable) and re-encoded at most LOGO_MAX_SIDE px: what is kept is what sharp made.
      const { stored, type } = await storeImage(storage, logo.bytes, IMAGE_RULES.logo, 'file');
      const now = writeTime(ctx.clock);
      try {
        const id = await insertFileRow(ctx.db, { stored, originalName: logo.originalName, type }, now);
        return reply.code(201).send({ id, path: logoPath(id) });
      } catch (error) {
        await storage.remove(stored.key);
        throw error;
      }
    },
  );

  app.get(
    '/api/file/:id',
    { config: { access: access.signedIn({ customerUsers: 'self' }) }, schema: { params: z.object({ id: idParam }) } },
    async (request, reply) => {
      const path = logoPath(request.params.id);
      const [named] = await ctx.db
        .select({ id: options.id })
        .from(options)
        .where(and(eq(options.option, LOGO_OPTION), eq(options.value, path)))
        .limit(1);
      const bytes = named ? await printableStoredLogo(ctx.db, storage, request.params.id, request.log) : null;
      if (!bytes) throw notFound(LOGO_MESSAGES.notFound);
      return reply
        .header('content-type', logoImageType(bytes) ?? 'application/octet-stream')
        .header('content-length', String(bytes.byteLength))
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
}
