/**
 * A form schema from a hand-written read: for the forms whose rules go
 * beyond the contract's fields (the customer's masks and contact copy, the
 * quotation's blank rows, totals and discount), kept as pure functions with
 * their own tables of tests. The read's messages become the schema's issues
 * at the same field paths ('rows.0.value'), so `useSchemaForm` shows them
 * like any other schema's, and its fields are the output.
 */
import { z } from 'zod';

/** What a read gives: the fields to save, or the message of each field path in trouble. */
export type FormReadResult<O> = { ok: true; fields: O } | { ok: false; errors: Readonly<Record<string, string | undefined>> };

/** The values as typed in, the read's fields out; `V` is the form's values (an object). */
export function readSchema<V extends object, O>(read: (values: V) => FormReadResult<O>) {
  const schema = z
    .custom<V>((value) => typeof value === 'object' && value !== null)
    .transform((values, context): O => {
      const result = read(values);
      if (result.ok) return result.fields;
      for (const [path, message] of Object.entries(result.errors)) {
        if (message) context.addIssue({ code: 'custom', path: path.split('.'), message, input: values });
      }
      return z.NEVER;
    });
  return schema as unknown as z.ZodType<O, V>;
}
