/**
 * How a refused local write reads: the contract's Portuguese messages per
 * field, for the save actions and the commands alike.
 */
import type { z } from 'zod';
import { SYNC_MESSAGES } from './errors';

/**
 * Messages per field; a message inside a nested list is also given under its
 * full path, as the server does ('rows' and 'rows.0.quantity'), so a form
 * can mark the line.
 */
export function fieldMessages(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    (fields[field] ??= []).push(issue.message);
    if (issue.path.length > 1) (fields[issue.path.map(String).join('.')] ??= []).push(issue.message);
  }
  return fields;
}

/** The first message, for the alert. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? SYNC_MESSAGES.validation;
}
