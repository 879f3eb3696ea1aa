/**
 * Asking the server for the kept answer of an idempotent write before
 * sending it again (issue 26, docs/decisions/push-order.md): on a weak
 * uplink a photo's bytes may all have arrived and its answer been lost; the
 * retry asks first, with the write's own Idempotency-Key, and uploads the
 * bytes again only when the server has no answer for it.
 *
 * `GET api/sync/answer` with the `Idempotency-Key` header: 200 with the
 * answer the write got (its status and body), 404 when the server keeps
 * none (never arrived, failed in a way worth retrying, or older than
 * 24 hours), 409 with Retry-After while the write is still running there.
 * The device's keys are one random UUID per outbox entry, so a key's answer
 * is that write's answer.
 */
import { z } from 'zod';

export const STORED_ANSWER_PATH = 'api/sync/answer';

export const storedAnswerSchema = z.object({
  status: z.number().int().min(100).max(599),
  body: z.unknown(),
});
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

export const STORED_ANSWER_MESSAGES = {
  none: 'O servidor não tem resposta guardada para esta chave.',
  missingKey: 'Informe o cabeçalho Idempotency-Key da escrita.',
} as const;
