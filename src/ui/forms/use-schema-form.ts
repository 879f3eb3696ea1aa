/**
 * The one way a screen builds a form: a Mantine form (`@mantine/form`) over a
 * zod schema whose input is what the inputs hold and whose output is what is
 * saved (the contract's input schema, its typed-text fields wrapped by
 * `./form-fields`). It gives each input its props (value, onChange, the
 * field's message, `name`, the contract's max length), checks with the
 * schema's own Portuguese messages, shows the store's validation messages
 * (SyncError `info.fields`) at the same fields, and knows whether anything
 * was changed. Nothing typed is lost: a refused read keeps the values.
 */
import { type LooseKeys, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { maxLengthAt } from './schema-hints';
import { fieldErrorsOf } from './sync-error';

/** A schema whose input is the form's values (an object). */
export type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

/**
 * A refused read carries its messages by field path: the form's `errors`
 * state only has them after the next render, so a caller alerting at once
 * (a toast) must read them here, not from `form.errors`.
 */
export type SchemaRead<S extends FormSchema> = { ok: true; output: z.output<S> } | { ok: false; errors: Record<string, string> };

export interface SchemaFormOptions {
  /** Wire field → form field, for store messages about a field the form names otherwise (category_id → category_key). */
  fieldNames?: Readonly<Record<string, string>>;
}

/** What `field(name)` gives an input: Mantine's input props, plus its `name` and, when the contract has one, `maxLength`. */
export interface SchemaFieldProps {
  name: string;
  value: any;
  onChange: any;
  error?: any;
  onFocus?: any;
  onBlur?: any;
  maxLength?: number;
}

export interface SchemaForm<S extends FormSchema> {
  /** The Mantine form, for what this hook does not wrap (setFieldValue, lists, watch). */
  form: UseFormReturnType<z.input<S>>;
  values: z.input<S>;
  /** A field by its Mantine path: a top-level name, or a nested one ('points.0.value'). */
  field: (name: LooseKeys<z.input<S>>) => SchemaFieldProps;
  /** Checks the values: the output to save, or the messages shown at the fields. */
  read: () => SchemaRead<S>;
  /** Shows a failed save's validation messages at the fields; false when the error names no field (show it as an alert). */
  showSaveError: (error: unknown) => boolean;
  /** Anything changed since the form was filled. */
  dirty: boolean;
  /** The message of a rule about the whole form (a refine without a `path`), for an alert; a rule about a field should name it. */
  formError?: string;
}

export function useSchemaForm<S extends FormSchema>(
  schema: S,
  initialValues: z.input<S> | (() => z.input<S>),
  options: SchemaFormOptions = {},
): SchemaForm<S> {
  // Read once, on the first render: later renders keep what was typed.
  const [initial] = useState(initialValues);
  const form = useForm<z.input<S>>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ field }) => ({ name: field, maxLength: maxLengthAt(schema, field) }),
  });

  const read = (): SchemaRead<S> => {
    const checked = form.validate();
    const errors = Object.fromEntries(Object.entries(checked.errors).map(([path, message]) => [path, String(message)]));
    if (checked.hasErrors) return { ok: false, errors };
    // The resolver found no issue, so this parse succeeds; it gives the transformed output.
    const parsed = schema.safeParse(form.getValues());
    return parsed.success ? { ok: true, output: parsed.data } : { ok: false, errors };
  };

  const showSaveError = (error: unknown) => {
    const errors = fieldErrorsOf(error, options.fieldNames);
    if (Object.keys(errors).length === 0) return false;
    form.setErrors(errors);
    return true;
  };

  return {
    form,
    values: form.getValues(),
    field: (name) => form.getInputProps(name) as SchemaFieldProps,
    read,
    showSaveError,
    dirty: form.isDirty(),
    formError: typeof form.errors[''] === 'string' ? form.errors[''] : undefined,
  };
}
