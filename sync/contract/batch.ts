/**
 * The batch call (docs/decisions/sync-push-batch.md): several JSON writes in
 * one HTTP request, each run by the server exactly as if it had come alone
 * (authentication, permissions, idempotency key, If-Match, validation), one
 * after the other, in order. The answer holds each write's status and body.
 * It exists for the device's push: a thousand queued creates cost a tablet a
 * thousand requests otherwise, and in the browser each request costs more
 * CPU than the store work around it.
 */
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IF_MATCH_HEADER } from './sync';

/** Where the batch call lives (relative to the API base). */
export const BATCH_PATH = 'api/sync/batch';

/** Most writes one batch may carry; the device sends at most PUSH_BATCH_SIZE. */
export const MAX_BATCH_REQUESTS = 50;

/** Body limit of the batch call: its writes keep their own route's limit each. */
export const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

export const BATCH_MESSAGES = {
  notAllowed: 'Esta requisição não pode ir num lote: envie-a sozinha.',
} as const;

export const batchItemSchema = z.object({
  method: z.enum(['POST', 'PUT', 'DELETE']),
  /** Relative to the API base, as the device's transport builds it ("api/equipment/12"). */
  path: z.string().min(1).max(2000),
  headers: z
    .object({
      [IDEMPOTENCY_HEADER]: z.string().max(255).optional(),
      [IF_MATCH_HEADER]: z.string().max(100).optional(),
    })
    .strict()
    .optional(),
  body: z.unknown().optional(),
});

export const batchRequestSchema = z.object({
  requests: z.array(batchItemSchema).min(1).max(MAX_BATCH_REQUESTS),
});

export const batchAnswerSchema = z.object({
  status: z.number().int().min(100).max(599),
  body: z.unknown(),
  /** The write's Retry-After header, when it had one. */
  retry_after: z.string().optional(),
});

export const batchResponseSchema = z.object({
  responses: z.array(batchAnswerSchema),
});

export type BatchItem = z.infer<typeof batchItemSchema>;
export type BatchAnswer = z.infer<typeof batchAnswerSchema>;

/**
 * An answer's body as both ends read it: JSON when it parses, else the
 * text, null when empty. The server reads each write's answer this way for
 * the batch; the device reads every answer this way (transport.ts), so a
 * write's body is the same whether it came alone or in a batch.
 */
export function readAnswerBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
