/**
 * Receives one uploaded file from a multipart/form-data request (fields
 * `file` and `name`, in any order) straight into the file storage, with the
 * limits of the upload calls:
 *
 * - size: above the limit → 413 'Arquivo maior que o limite de N MB.' (the
 *   bytes already written are removed);
 * - type: outside the allow-list → 415 'Tipo de arquivo não permitido:
 *   {type}', refused before a byte is written;
 * - one file per request, a display name that passes `checkDisplayName`,
 *   not empty;
 * - images (`images`: a rule of ./image-check.ts): a file whose accepted
 *   type is one of the rule's formats is written to a temporary file, checked
 *   and re-encoded by sharp, and what sharp made is stored (its type is the
 *   re-encoded image's); 415/413/400 as image-check.ts says. Other allowed
 *   types (documents) are stored as they came. With `imagesOnly`, anything
 *   but the rule's formats is refused (415) before a byte is written.
 *
 * On any refusal nothing stays in the file store. Requires @fastify/multipart in the
 * route's scope.
 */
import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart'; // the request's isMultipart() and parts()
import type { FastifyRequest } from 'fastify';
import { allowedFileType, CUSTOMER_MESSAGES, fileTooLargeMessage, fileTypeNotAllowedMessage, GENERIC_FILE_TYPES } from '@sync/contract/customers';
import { badRequest, HttpError } from '../http/errors';
import { HTTP_MESSAGES } from '../http/messages';
import { checkDisplayName, extensionOf, safeOriginalName } from './file-names';
import { assertDeclaredImage, ruleFormatOf, storeImage, type ImageRule } from './image-check';
import type { FileStore, StoredBytes } from './file-store';

export type UploadLimits = {
  /** The limit as configured, for the message. */
  limitMb: number;
  /** Files of these image formats are checked and re-encoded before they are stored. */
  images?: ImageRule;
  /** Only the `images` formats are taken (sample photos); anything else is refused with 415. */
  imagesOnly?: boolean;
};

export type ReceivedUpload = {
  stored: StoredBytes;
  /** The client's file name without folders. */
  originalName: string;
  /** The allowed MIME type it was accepted as. */
  type: string;
  /** The display name (field `name`), checked. */
  name: string;
};

export function limitBytes(limitMb: number): number {
  return Math.floor(limitMb * 1024 * 1024);
}

/** Multipart parser errors, as the API's answers. */
function translate(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, fileTooLargeMessage(limits.limitMb));
    case 'FST_FILES_LIMIT':
      return badRequest(CUSTOMER_MESSAGES.oneFilePerRequest);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(CUSTOMER_MESSAGES.multipartRequired);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, CUSTOMER_MESSAGES.multipartRequired);
    default:
      // Busboy's own complaints (a body cut short, a malformed boundary) are the client's.
      if (error instanceof Error && /multipart|boundary|Unexpected end of form|terminated early/i.test(error.message)) {
        return badRequest(HTTP_MESSAGES.invalidBody);
      }
      return error;
  }
}

/** How a refused type is named in the 415 message: the declared type, or the extension when the type is generic. */
function describeType(declared: string, originalName: string): string {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (!GENERIC_FILE_TYPES.includes(type)) return type;
  return extensionOf(originalName) || type || 'desconhecido';
}

/**
 * An image part: written to a temporary file within the size limit (never
 * to memory), then checked and re-encoded into the storage; the temporary
 * file goes either way.
 */
async function storeReceivedImage(
  storage: FileStore,
  file: Readable & { truncated: boolean },
  rule: ImageRule,
  limits: UploadLimits,
): Promise<{ stored: StoredBytes; type: string }> {
  const received = await storage.writeTemporary(file);
  try {
    if (file.truncated) throw new HttpError(413, fileTooLargeMessage(limits.limitMb));
    if (received.size === 0) throw badRequest(CUSTOMER_MESSAGES.fileEmpty, { file: [CUSTOMER_MESSAGES.fileEmpty] });
    return await storeImage(storage, received.path, rule, 'file');
  } finally {
    await received.discard();
  }
}

export async function receiveUpload(request: FastifyRequest, storage: FileStore, limits: UploadLimits): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, CUSTOMER_MESSAGES.multipartRequired);
  let stored: StoredBytes | undefined;
  let originalName = '';
  let type = '';
  let name: unknown;
  let nameTooLong = false;
  try {
    const parts = request.parts({
      limits: { fileSize: limitBytes(limits.limitMb), files: 1, fields: 8, parts: 10, fieldSize: 4096, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'name') {
          name = part.value;
          nameTooLong = part.valueTruncated;
        }
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(CUSTOMER_MESSAGES.multipartRequired);
      }
      originalName = safeOriginalName(part.filename);
      const allowed = allowedFileType(part.mimetype, originalName);
      if (!allowed) {
        part.file.resume(); // let the rest of the body through, so the client reads the answer
        throw new HttpError(415, fileTypeNotAllowedMessage(describeType(part.mimetype, originalName)));
      }
      const image = limits.images && ruleFormatOf(limits.images, allowed) ? limits.images : null;
      if (!image && limits.images && limits.imagesOnly) {
        part.file.resume();
        assertDeclaredImage(limits.images, allowed); // always refuses here: 415, before a byte is written
      }
      type = allowed;
      if (image) {
        const received = await storeReceivedImage(storage, part.file, image, limits);
        stored = received.stored;
        type = received.type;
      } else {
        const file = part.file;
        // Checked before the bytes become a stored file: the object store uploads only what passed.
        stored = await storage.write(file, {
          check: () => {
            if (file.truncated) throw new HttpError(413, fileTooLargeMessage(limits.limitMb));
          },
        });
      }
    }
    if (!stored) throw badRequest(CUSTOMER_MESSAGES.fileRequired, { file: [CUSTOMER_MESSAGES.fileRequired] });
    if (stored.size === 0) throw badRequest(CUSTOMER_MESSAGES.fileEmpty, { file: [CUSTOMER_MESSAGES.fileEmpty] });
    const check = nameTooLong ? ({ ok: false, message: CUSTOMER_MESSAGES.textTooLong } as const) : checkDisplayName(name);
    if (!check.ok) throw badRequest(check.message, { name: [check.message] });
    return { stored, originalName, type, name: check.name };
  } catch (error) {
    if (stored) await storage.remove(stored.key);
    throw translate(error, limits);
  }
}
