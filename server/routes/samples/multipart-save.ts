/**
 * The documented `POST api/sample/{id}` as multipart/form-data: "the whole
 * sample, files included" (spec section 7). The sample comes as JSON in the
 * field `data` (or each top-level field as its own form field, the blocks
 * as JSON text); the images in any number of file parts (`files`,
 * `files[]`, `images[]`…). This hook turns such a request into the JSON
 * save the route validates as always, and keeps the received images for
 * `attachReceivedImages`, which adds them to the sample in the save's
 * transaction. Non-images answer 415 'Você não pode enviar arquivos desse
 * tipo.' before the sample is touched; every image is written to a
 * temporary file, checked and re-encoded by sharp like the one-photo upload
 * (server/files/image-check.ts: SVG, empty, undecodable and decompression
 * bombs refused), and only what sharp made is kept. The whole request (all
 * parts together) may carry at most SAMPLE_SAVE_MAX_MB (25 MB: 50 photos
 * as the tablet reduces them, sync/contract/images.ts): a larger declared
 * Content-Length is refused (413) before a byte is read, and a body that
 * grows past it while streaming is cut off with the same 413. On any
 * refusal the received bytes are removed.
 *
 * JSON saves (what the engine sends) go past this hook untouched.
 */
import { Transform } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTooLargeMessage } from '@sync/contract/customers';
import { IMAGE_MESSAGES, SAMPLE_SAVE_MAX_MB } from '@sync/contract/images';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { sampleFiles } from '@server/db/schema';
import { insertFileRow } from '@server/files/file-rows';
import { safeOriginalName } from '@server/files/file-names';
import { assertDeclaredImage, IMAGE_RULES, storeImage } from '@server/files/image-check';
import { limitBytes } from '@server/files/multipart-upload';
import type { FileStore, StoredBytes } from '@server/files/file-store';
import { badRequest, HttpError } from '@server/http/errors';
import { HTTP_MESSAGES } from '@server/http/messages';

interface ReceivedImage {
  stored: StoredBytes;
  originalName: string;
  type: string;
}

const received = new WeakMap<FastifyRequest, ReceivedImage[]>();
/** The save's route as the router matched it (any spelling of the path reaches it). */
const SAVE_ROUTE = '/api/sample/:id';
const MAX_FILES = 50;
/** Every part of one save together, in bytes. */
const MAX_TOTAL_BYTES = limitBytes(SAMPLE_SAVE_MAX_MB);

const totalTooLarge = () => new HttpError(413, IMAGE_MESSAGES.sampleSaveTooLarge(SAMPLE_SAVE_MAX_MB));

/** The bytes of one request's parts, counted as they stream; past MAX_TOTAL_BYTES, 413. */
class RequestBudget {
  private used = 0;

  add(bytes: number): void {
    this.used += bytes;
    if (this.used > MAX_TOTAL_BYTES) throw totalTooLarge();
  }

  /** A pass-through that counts what flows and fails past the budget. */
  meter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        try {
          this.add(chunk.length);
          callback(null, chunk);
        } catch (error) {
          callback(error as Error);
        }
      },
    });
  }
}

const JSON_FIELDS = new Set(['caracterization', 'memory_field', 'result', 'risk_classification', 'validation']);
const NUMBER_FIELDS = new Set(['quotation_id', 'plan_unit', 'type_id', 'sample_no']);
/** A form field's text naming a quotation row as a legacy position (a row id is at least 24 characters). */
const LEGACY_ROW_POSITION = /^\d{1,4}$/;

function fieldValue(name: string, value: string): unknown {
  if (JSON_FIELDS.has(name)) return JSON.parse(value);
  if (NUMBER_FIELDS.has(name)) return value === '' ? null : Number(value);
  // The agent row's row_id; digits alone are its position, as saves made before rows had ids sent it.
  if (name === 'quotation_row_id') return value === '' ? null : LEGACY_ROW_POSITION.test(value) ? Number(value) : value;
  return value;
}

async function receive(request: FastifyRequest, storage: FileStore, limitMb: number): Promise<void> {
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > MAX_TOTAL_BYTES) throw totalTooLarge();
  const images: ReceivedImage[] = [];
  const fields: Record<string, unknown> = {};
  const budget = new RequestBudget();
  let data: unknown;
  try {
    const parts = request.parts({ limits: { fileSize: limitBytes(limitMb), files: MAX_FILES, fields: 40, fieldSize: 200_000 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value);
        budget.add(Buffer.byteLength(value));
        if (part.fieldname === 'data') data = JSON.parse(value);
        else fields[part.fieldname] = fieldValue(part.fieldname, value);
        continue;
      }
      try {
        assertDeclaredImage(IMAGE_RULES.samplePhoto, part.mimetype);
      } catch (error) {
        part.file.resume(); // let the rest of the body through, so the client reads the answer
        throw error;
      }
      // Counted on the way to disk; the part's own failure (a body cut short) is carried to the meter, which pipe() alone would leave waiting.
      const counted = part.file.pipe(budget.meter());
      part.file.once('error', (error) => counted.destroy(error));
      const temporary = await storage.writeTemporary(counted).catch((error: unknown) => {
        part.file.resume(); // past the budget: the rest of the body is let through, so the client reads the 413
        throw error;
      });
      try {
        if (part.file.truncated) throw new HttpError(413, fileTooLargeMessage(limitMb));
        if (temporary.size === 0) throw badRequest(IMAGE_MESSAGES.empty);
        const image = await storeImage(storage, temporary.path, IMAGE_RULES.samplePhoto);
        images.push({ stored: image.stored, originalName: safeOriginalName(part.filename), type: image.type });
      } finally {
        await temporary.discard();
      }
    }
  } catch (error) {
    await Promise.all(images.map((image) => storage.remove(image.stored.key)));
    if (error instanceof HttpError) throw error;
    throw badRequest(HTTP_MESSAGES.invalidBody);
  }
  request.body = data !== undefined && typeof data === 'object' && data !== null ? { ...(data as object), ...fields } : fields;
  received.set(request, images);
}

/** How many images a multipart save brought (0 for a JSON save). */
export function receivedImageCount(request: FastifyRequest): number {
  return received.get(request)?.length ?? 0;
}

/** Adds the images a multipart save brought to the sample, inside the save's transaction. */
export async function attachReceivedImages(tx: Tx, request: FastifyRequest, sampleId: number, now: Date): Promise<void> {
  for (const image of received.get(request) ?? []) {
    const fileId = await insertFileRow(tx, image, now);
    await tx.insert(sampleFiles).values({ sample_id: sampleId, file_id: fileId, name: image.originalName, created_at: now, updated_at: now });
  }
}

export function registerMultipartSave(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' || request.routeOptions.url !== SAVE_ROUTE || !request.isMultipart()) return;
    await receive(request, storage, ctx.config.uploadLimitMb);
  });
  // A save refused after the bytes arrived (validation, 404, 409): the bytes go.
  app.addHook('onResponse', async (request, reply) => {
    const images = received.get(request);
    if (!images || reply.statusCode < 400) return;
    await Promise.all(images.map((image) => storage.remove(image.stored.key).catch(() => undefined)));
  });
}
