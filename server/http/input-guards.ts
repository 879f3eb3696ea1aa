/**
 * What every request must be before any route sees it, installed once on
 * the root instance so every route, present and future, gets it:
 *
 * - JSON bodies nest at most MAX_JSON_DEPTH levels. The raw text is
 *   scanned before parsing, so a body nested 20,000 levels deep is refused
 *   with a 400 instead of overflowing a stack in the parser, the schemas or
 *   JSON.stringify. Prototype poisoning stays refused (Fastify's parser).
 * - No string anywhere in the body, the query or the path parameters
 *   (keys included) holds U+0000: PostgreSQL text cannot store it, and the
 *   driver's failure would surface as a 500. The contract's `text()`
 *   builders refuse it per field too (so the device shows it on the form);
 *   this catches every string the schemas leave open (JSON settings values,
 *   unknown keys, fields without a builder).
 *
 * Multipart bodies are read by their handlers; their text fields have their
 * own checks (server/files).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIELD_MESSAGES } from '@sync/contract/fields';
import { badRequest } from './errors';
import { HTTP_MESSAGES } from './messages';

/** Deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text opens more than `max` objects/arrays inside each other (strings skipped). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i += 1; // backslash: skip the escaped character
      else if (code === 34) inString = false;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 125 || code === 93) depth -= 1;
  }
  return false;
}

/**
 * The dotted path of the first string (value or key) holding U+0000, or
 * null. Iterative, so no input can exhaust the stack.
 */
export function pathOfNul(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, item] of Object.entries(current)) {
      const itemPath = path === '' ? key : `${path}.${key}`;
      if (key.includes('\u0000')) return path;
      stack.push({ value: item, path: itemPath });
    }
  }
  return null;
}

function refuseNul(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const path = pathOfNul(part);
    if (path === null) continue;
    const field = path.replace(/\u0000/g, '');
    throw badRequest(FIELD_MESSAGES.invalidCharacter, field === '' ? undefined : { [field]: [FIELD_MESSAGES.invalidCharacter] });
  }
}

export function installInputGuards(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(HTTP_MESSAGES.tooDeep), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  // preValidation: after the body is parsed (any content type), before the schemas and every handler.
  app.addHook('preValidation', async (request) => refuseNul(request));
}
