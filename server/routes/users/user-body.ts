/**
 * The body of the users' form-data calls (spec section 7: `POST api/user`,
 * `POST api/user/{id}`, the profile, `POST api/user-customers/`): the text
 * fields, and at most one image in the field `image`, kept in memory (it is
 * re-encoded before anything is stored). A JSON or urlencoded body is read
 * as the same fields, without an image. The fields are then checked with a
 * contract schema; failures answer 400 with the per-field Portuguese
 * messages, as every other call does.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { CUSTOMER_MESSAGES, fileTooLargeMessage } from '@sync/contract/customers';
import { USER_IMAGE_FIELD, USER_MESSAGES } from '@sync/contract/user-input';
import { limitBytes } from '@server/files/multipart-upload';
import { badRequest, HttpError, type FieldErrors } from '@server/http/errors';
import { HTTP_MESSAGES } from '@server/http/messages';
import { ptBrErrorMap } from '@server/http/validation';

export type UploadedImage = { bytes: Buffer; type: string; fileName: string };

export type UserBody = { fields: Record<string, unknown>; image?: UploadedImage };

/** The declared types an image upload may have; anything else is refused before it is read. */
const IMAGE_TYPE = /^image\/[a-z0-9.+-]+$/;

async function readMultipart(request: FastifyRequest, limitMb: number): Promise<UserBody> {
  const fields: Record<string, unknown> = {};
  let image: UploadedImage | undefined;
  const parts = request.parts({ limits: { fileSize: limitBytes(limitMb), files: 1, fields: 30, parts: 32, fieldSize: 8192 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== USER_IMAGE_FIELD) {
        part.file.resume();
        throw badRequest(CUSTOMER_MESSAGES.multipartRequired);
      }
      const type = part.mimetype.split(';')[0]!.trim().toLowerCase();
      if (!IMAGE_TYPE.test(type)) {
        part.file.resume();
        throw new HttpError(415, USER_MESSAGES.imageType, { errors: { image: [USER_MESSAGES.imageType] } });
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new HttpError(413, fileTooLargeMessage(limitMb));
      // An empty file part is how a form without a chosen file may arrive: no image.
      if (bytes.length > 0) image = { bytes, type, fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, fileTooLargeMessage(limitMb));
    if (code === 'FST_FILES_LIMIT') throw badRequest(CUSTOMER_MESSAGES.oneFilePerRequest);
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest(HTTP_MESSAGES.invalidBody);
    if (error instanceof Error && /multipart|boundary|Unexpected end of form|terminated early/i.test(error.message)) {
      throw badRequest(HTTP_MESSAGES.invalidBody);
    }
    throw error;
  }
  return { fields, image };
}

/** Reads the call's fields (and image), multipart or not. */
export async function readUserBody(request: FastifyRequest, limitMb: number): Promise<UserBody> {
  if (request.isMultipart()) return readMultipart(request, limitMb);
  const body = request.body;
  if (body === undefined || body === null) return { fields: {} };
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(HTTP_MESSAGES.invalidBody);
  return { fields: body as Record<string, unknown> };
}

/** The fields checked with `schema`, or 400 with the messages per field. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const result = safeParse(schema, fields, { error: ptBrErrorMap });
  if (result.success) return result.data as z.output<S>;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    (errors[path] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? HTTP_MESSAGES.invalidData;
  throw badRequest(first, errors);
}
