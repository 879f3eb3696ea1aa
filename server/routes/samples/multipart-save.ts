/**
 * The documented `POST api/sample/{id}` as multipart/form-data: "the whole
 * sample, files included" (spec section 7). The sample comes as JSON in the
 * field `data` (or each top-level field as its own form field, the blocks
 * as JSON text); the images in any number of file parts (`files`,
 * `files[]`, `images[]`…). This hook turns such a request into the JSON
 * save the route validates as always, and keeps the received images for
 * `attachReceivedImages`, which adds them to the sample in the save's
 * transaction. Non-images answer 415 'Você não pode enviar arquivos desse
 * tipo.' before the sample is touched; on any refusal the received bytes
 * are removed.
 *
 * JSON saves (what the engine sends) go past this hook untouched.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SAMPLE_MESSAGES } from '@sync/contract/samples';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { sampleFiles } from '@server/db/schema';
import { insertFileRow } from '@server/files/file-rows';
import { safeOriginalName } from '@server/files/file-names';
import { limitBytes } from '@server/files/multipart-upload';
import type { FileStorage, StoredBytes } from '@server/files/storage';
import { badRequest, HttpError } from '@server/http/errors';
import { HTTP_MESSAGES } from '@server/http/messages';

interface ReceivedImage {
  stored: StoredBytes;
  originalName: string;
  type: string;
}

const received = new WeakMap<FastifyRequest, ReceivedImage[]>();
const SAVE_PATH = /^\/api\/sample\/\d+$/;
const MAX_FILES = 50;
const JSON_FIELDS = new Set(['caracterization', 'memory_field', 'result', 'risk_classification', 'validation']);
const NUMBER_FIELDS = new Set(['quotation_id', 'quotation_row_id', 'plan_unit', 'type_id', 'sample_no']);

function fieldValue(name: string, value: string): unknown {
  if (JSON_FIELDS.has(name)) return JSON.parse(value);
  if (NUMBER_FIELDS.has(name)) return value === '' ? null : Number(value);
  return value;
}

async function receive(request: FastifyRequest, storage: FileStorage, limitMb: number): Promise<void> {
  const images: ReceivedImage[] = [];
  const fields: Record<string, unknown> = {};
  let data: unknown;
  try {
    const parts = request.parts({ limits: { fileSize: limitBytes(limitMb), files: MAX_FILES, fields: 40, fieldSize: 200_000 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value);
        if (part.fieldname === 'data') data = JSON.parse(value);
        else fields[part.fieldname] = fieldValue(part.fieldname, value);
        continue;
      }
      if (!part.mimetype.startsWith('image/')) {
        part.file.resume();
        throw new HttpError(415, SAMPLE_MESSAGES.imagesOnly);
      }
      const stored = await storage.write(part.file);
      images.push({ stored, originalName: safeOriginalName(part.filename), type: part.mimetype });
      if (part.file.truncated) throw new HttpError(413, `Arquivo maior que o limite de ${limitMb} MB.`);
    }
  } catch (error) {
    await Promise.all(images.map((image) => storage.remove(image.stored.key)));
    if (error instanceof HttpError) throw error;
    throw badRequest(HTTP_MESSAGES.invalidBody);
  }
  request.body = data !== undefined && typeof data === 'object' && data !== null ? { ...(data as object), ...fields } : fields;
  received.set(request, images);
}

/** Adds the images a multipart save brought to the sample, inside the save's transaction. */
export async function attachReceivedImages(tx: Tx, request: FastifyRequest, sampleId: number, now: Date): Promise<void> {
  for (const image of received.get(request) ?? []) {
    const fileId = await insertFileRow(tx, image, now);
    await tx.insert(sampleFiles).values({ sample_id: sampleId, file_id: fileId, name: image.originalName, created_at: now, updated_at: now });
  }
}

export function registerMultipartSave(app: ZodApp, ctx: AppContext, storage: FileStorage) {
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' || !SAVE_PATH.test(request.url.split('?')[0]!) || !request.isMultipart()) return;
    await receive(request, storage, ctx.config.uploadLimitMb);
  });
  // A save refused after the bytes arrived (validation, 404, 409): the bytes go.
  app.addHook('onResponse', async (request, reply) => {
    const images = received.get(request);
    if (!images || reply.statusCode < 400) return;
    await Promise.all(images.map((image) => storage.remove(image.stored.key).catch(() => undefined)));
  });
}
