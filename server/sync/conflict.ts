/**
 * The 409 answers a write route may give, for its response schema: the
 * If-Match conflict `{ message, current }`, or a plain `{ message }` (a
 * record in use, or the idempotency plugin's "request in progress"). A
 * schema with only the first would turn the others into 500s.
 */
import type { z } from 'zod';
import { apiErrorSchema } from '@sync/contract/errors';
import { conflictResponseSchema } from '@sync/contract/sync';

export function conflictAnswerSchema<T extends z.ZodType>(item: T) {
  return conflictResponseSchema(item).or(apiErrorSchema);
}
