/**
 * The error body every API failure carries: a Portuguese message for people
 * and, for validation failures, the messages per field.
 */
import { z } from 'zod';

export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
