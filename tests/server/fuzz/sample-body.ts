/**
 * Bodies for the fuzz test, made from a route's own zod schema, so a route
 * added later is fuzzed without writing anything for it:
 *
 * - `sampleOf(schema)`: a plausible body (names, e-mails, phones, states by
 *   field name; enums, literals and unions by their first option), so that
 *   a mutation of one field is usually the only thing wrong with it;
 * - `nodesOf(value)`: every field of that body, nested ones included, as
 *   paths, with what kind of value sits there;
 * - `withValueAt(value, path, replacement)`: a copy with one field replaced.
 */
import type { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  checks?: Array<{ _zod: { def: { check: string; format?: string; minimum?: number } } }>;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values that pass the contract's checks for fields with these names. */
const BY_NAME: Record<string, unknown> = {
  email: 'fuzz@exemplo.com.br',
  phone: '(11) 98765-4321',
  document: null,
  zipcode: '01310-100',
  state: 'SP',
  country: 'BR',
  option: 'company_fuzz',
  client_id: 'pwa',
  expiration_date: '2030-01-31',
  updated_since: '2026-01-01T00:00:00.000Z',
  password: 'senha-do-fuzz-1',
  password_confirmation: 'senha-do-fuzz-1',
};

export function sampleOf(schema: z.ZodType, name = '', depth = 0): unknown {
  if (depth > 12) return null;
  if (name in BY_NAME) return BY_NAME[name];
  const def = defOf(schema);
  const next = (inner: z.ZodType | undefined, innerName = name) => (inner ? sampleOf(inner, innerName, depth + 1) : null);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, next(field, key)]));
    case 'string': {
      const email = def.checks?.some((check) => check._zod.def.format === 'email');
      return email ? BY_NAME.email : 'Teste do fuzz';
    }
    case 'number': {
      const min = def.checks?.find((check) => check._zod.def.check === 'greater_than')?._zod.def.minimum;
      return typeof min === 'number' && min > 1 ? min : 1;
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0] ?? null;
    case 'literal':
      return def.values?.[0] ?? null;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return next(def.in);
    case 'union':
      return next(def.options?.[0]);
    case 'array':
      return [next(def.element, '')];
    case 'record':
      return { chave: next(def.valueType, '') };
    case 'intersection':
      return { ...(next(def.left) as object), ...(next(def.right) as object) };
    case 'null':
      return null;
    default:
      return 'x';
  }
}

export type Node = { path: Array<string | number>; kind: 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array' };

/** Every field of a JSON value (the root excluded), depth first, up to `maxDepth` levels. */
export function nodesOf(value: unknown, maxDepth = 4, path: Array<string | number> = []): Node[] {
  if (path.length > maxDepth) return [];
  const kind: Node['kind'] = value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as 'string' | 'number' | 'boolean' | 'object');
  const here: Node[] = path.length === 0 ? [] : [{ path, kind }];
  if (value === null || typeof value !== 'object') return here;
  const children = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return [...here, ...children.flatMap(([key, item]) => nodesOf(item, maxDepth, [...path, key]))];
}

/** A deep copy of `value` with the field at `path` replaced. */
export function withValueAt(value: unknown, path: ReadonlyArray<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}
