/**
 * The sync extensions every syncable resource shares (docs/sync-protocol.md):
 * timestamps on every record, incremental list pulls, optimistic concurrency
 * and idempotent writes. They extend the documented API without changing any
 * documented behaviour.
 */
import { z } from 'zod';
import { countParamSchema, MAX_ID, text, TEXT_LIMITS, timestampSchema } from './fields';

export { timestampSchema };

/** Request header: a replay of the same key returns the first response. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Request header on PUT/DELETE: the `updated_at` the client last saw. */
export const IF_MATCH_HEADER = 'if-match';

export const syncFieldsSchema = z.object({
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

/**
 * Query of every list call. `updated_since` (with `after_id` for ties) turns
 * a list call into an incremental pull ordered by (updated_at, id);
 * without it the call behaves as documented (search, newest first).
 */
export const listQuerySchema = z.object({
  search: text(TEXT_LIMITS.search).optional(),
  updated_since: timestampSchema.optional(),
  after_id: countParamSchema(0, MAX_ID).optional(),
});

/**
 * Answer of a list call made with `updated_since`: the records changed since
 * (keyset-paged by take), the ids deleted since, and the server's clock at the
 * start of the request, which the client keeps as its next cursor (minus an
 * overlap window, so a transaction that committed late is not missed).
 */
export function pullResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total_items: z.number().int().nonnegative(),
    deleted_ids: z.array(z.number().int()),
    server_time: timestampSchema,
  });
}

/** 409 body when If-Match does not match: the server's current record. */
export function conflictResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ message: z.string(), current: item });
}

export const CONFLICT_MESSAGE = 'Este registro foi alterado por outra pessoa desde a última sincronização.';
