/**
 * What a form can tell its inputs from a zod schema before anything is typed:
 * the longest text a field takes (the contract's string max), so the input
 * stops there instead of the save refusing it afterwards.
 */
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;

/** The smallest string max found anywhere inside a field's schema (wrappers and both ends of a pipe), or undefined. */
export function maxLengthOf(schema: AnySchema): number | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'string') return (schema as z.ZodString).maxLength ?? undefined;
  let found: number | undefined;
  for (const part of ['innerType', 'in', 'out'] as const) {
    const inner = def[part] as AnySchema | undefined;
    const max = inner ? maxLengthOf(inner) : undefined;
    if (max !== undefined && (found === undefined || max < found)) found = max;
  }
  return found;
}

/** The object schema a form is built on: itself, or the object at the start of its pipe (`object.transform(...)`). */
export function objectShapeOf(schema: AnySchema): Record<string, AnySchema> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'object') return (schema as z.ZodObject).shape;
  if (def.type === 'pipe') return objectShapeOf(def.in as AnySchema);
  return {};
}

/** Field name → max length, for the fields that have one. */
export function maxLengthsOf(schema: AnySchema): Record<string, number> {
  const lengths: Record<string, number> = {};
  for (const [name, field] of Object.entries(objectShapeOf(schema))) {
    const max = maxLengthOf(field);
    if (max !== undefined) lengths[name] = max;
  }
  return lengths;
}
