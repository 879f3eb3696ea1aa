/**
 * PostgreSQL text cannot hold U+0000: a string with it makes the driver
 * fail, which would surface as a 500. This preValidation hook refuses such
 * bodies and query strings with a 400 before they reach the database.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors';

export const TEXT_GUARD_MESSAGE = 'O texto enviado contém caracteres inválidos.';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => containsNul(item, depth + 1));
}

export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
    throw badRequest(TEXT_GUARD_MESSAGE);
  }
}
