/**
 * List calls answer `{ list, total_items }` (spec section 7) and page with
 * `/all/{skip}/{take}`; page size is 10 everywhere (spec section 9).
 */
import { z } from 'zod';
import { countParamSchema, MAX_ID } from './fields';

export const PAGE_SIZE = 10;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total_items: z.number().int().nonnegative() });
}

export const skipTakeParamsSchema = z.object({
  skip: countParamSchema(0, MAX_ID),
  take: countParamSchema(1, 1000),
});
