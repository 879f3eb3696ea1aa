/**
 * What every request must be before any route sees it, installed once on
 * the root instance so every route, present and future, gets it:
 *
 * - JSON bodies nest at most MAX_JSON_DEPTH levels. The raw text is
 *   scanned before parsing, so a body nested 20,000 levels deep is refused
 *   with a 400 instead of overflowing a stack in the parser, the schemas or
 *   JSON.stringify. Prototype poisoning stays refused (Fastify's parser).
 * - No string anywhere in the body, the query or the path parameters
 *   (keys included) holds U+0000 or a lone UTF-16 surrogate (a JSON
 *   "\ud800" escape without its pair): PostgreSQL text cannot store the
 *   first, jsonb refuses the second and the driver silently replaces it in
 *   text, so either surfaced as a 500 (and a device retrying forever) or as
 *   changed data. Refused with a 400 `{ message, errors: { field: [...] } }`
 *   naming the field by its dotted path ('rows.0.name'); nothing runs. The
 *   contract's `text()` builders refuse both per field too (so the device
 *   shows it on the form); this catches every string the schemas leave open
 *   (JSON settings values, sample blocks, unknown keys, fields without a
 *   builder). Line breaks are a per-field rule (single-line builders), not
 *   this one's.
 *
 * Multipart bodies are read by their handlers; their text fields have their
 * own checks (server/files).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIELD_MESSAGES, isStorableText } from '@sync/contract/fields';
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
 * The dotted path of the first string (value or key) that is not storable
 * text (U+0000, a lone surrogate: `isStorableText`), or null. Iterative, so
 * no input can exhaust the stack. A key that is itself not storable names
 * its parent ('' at the top).
 */
export function pathOfUnstorableText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, item] of Object.entries(current)) {
      if (!isStorableText(key)) return path;
      stack.push({ value: item, path: path === '' ? key : `${path}.${key}` });
    }
  }
  return null;
}

function refuseUnstorableText(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const path = pathOfUnstorableText(part);
    if (path === null) continue;
    throw badRequest(FIELD_MESSAGES.invalidCharacter, path === '' ? undefined : { [path]: [FIELD_MESSAGES.invalidCharacter] });
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
  app.addHook('preValidation', async (request) => refuseUnstorableText(request));
}
