/**
 * How a write's optional fields become column values, the same for every
 * resource: a field the body leaves out keeps its stored value (a create
 * stores null), `null` or a blank text clears it. Required fields are
 * always in a valid body, so they are simply copied.
 */
export function optionalValues<I extends Record<string, unknown>, K extends keyof I & string>(
  input: I,
  fields: readonly K[],
): Partial<Record<K, unknown>> {
  const values: Partial<Record<K, unknown>> = {};
  for (const field of fields) {
    const value = input[field];
    if (value === undefined) continue;
    values[field] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return values;
}
