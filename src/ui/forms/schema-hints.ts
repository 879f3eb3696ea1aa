/**
 * What a form can tell its inputs from a zod schema before anything is typed:
 * the longest text a field takes (the contract's string max), so the input
 * stops there instead of the save refusing it afterwards. Fields are named
 * by Mantine's paths, nested ones too ('points.0.value').
 */
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;
type Def = Record<string, unknown> & { type: string };

const defOf = (schema: AnySchema) => schema._zod.def as unknown as Def;

/** The smallest string max found anywhere inside a field's schema (wrappers and both ends of a pipe), or undefined. */
export function maxLengthOf(schema: AnySchema): number | undefined {
  const def = defOf(schema);
  if (def.type === 'string') return (schema as z.ZodString).maxLength ?? undefined;
  let found: number | undefined;
  for (const part of ['innerType', 'in', 'out'] as const) {
    const inner = def[part] as AnySchema | undefined;
    const max = inner ? maxLengthOf(inner) : undefined;
    if (max !== undefined && (found === undefined || max < found)) found = max;
  }
  return found;
}

/** The schema of the value at a form path: through wrappers, objects, arrays and the input side of pipes (`object.transform(...)`). */
export function schemaAt(schema: AnySchema, path: string): AnySchema | undefined {
  let current: AnySchema | undefined = schema;
  for (const segment of path.split('.')) {
    current = current && structureOf(current);
    if (!current) return undefined;
    const def = defOf(current);
    if (def.type === 'object') current = (def.shape as Record<string, AnySchema>)[segment];
    else if (def.type === 'array' && /^\d+$/.test(segment)) current = def.element as AnySchema;
    else return undefined;
  }
  return current;
}

/** The object or array a value is, under optional, nullable, default and the like. */
function structureOf(schema: AnySchema): AnySchema | undefined {
  const def = defOf(schema);
  if (def.type === 'object' || def.type === 'array') return schema;
  const inner = (def.innerType ?? def.in) as AnySchema | undefined;
  return inner ? structureOf(inner) : undefined;
}

// Schemas are module constants and inputs render often: each path is read once per schema.
const known = new WeakMap<AnySchema, Map<string, number | undefined>>();

/** The max length of the text at a form path, or undefined. */
export function maxLengthAt(schema: AnySchema, path: string): number | undefined {
  let lengths = known.get(schema);
  if (!lengths) known.set(schema, (lengths = new Map()));
  if (!lengths.has(path)) {
    const field = schemaAt(schema, path);
    lengths.set(path, field ? maxLengthOf(field) : undefined);
  }
  return lengths.get(path);
}
