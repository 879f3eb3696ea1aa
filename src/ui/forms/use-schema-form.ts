/**
 * The one way a screen builds a form: a Mantine form (`@mantine/form`) over a
 * zod schema whose input is what the inputs hold and whose output is what is
 * saved (the contract's input schema, its typed-text fields wrapped by
 * `./form-fields`). It gives each input its props (value, onChange, the
 * field's message, `name`, the contract's max length), checks with the
 * schema's own Portuguese messages, shows the store's validation messages
 * (SyncError `info.fields`) at the same fields, and knows whether anything
 * was changed. Nothing typed is lost: a refused read keeps the values.
 *
 * `mode: 'uncontrolled'` is for a large form whose keystrokes must not
 * re-render the page (the quotation: 100 agent rows, the key-to-total
 * bench): the values live in a ref, each input or figure subscribes to its
 * own path (`form.useWatchValue`), and a watched path also hears a change
 * of the list or row it is in.
 */
import { type LooseKeys, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { maxLengthAt } from './schema-hints';
import { fieldErrorsOf } from './sync-error';

/** A schema whose input is the form's values (an object; an interface too, hence `any`). */
export type FormSchema = z.ZodType<unknown, Record<string, any>>;

/**
 * A refused read carries its messages by field path: the form's `errors`
 * state only has them after the next render, so a caller alerting at once
 * (a toast) must read them here, not from `form.errors`.
 */
export type SchemaRead<S extends FormSchema> = { ok: true; output: z.output<S> } | { ok: false; errors: Record<string, string> };

export interface SchemaFormOptions {
  /** Wire field → form field, for store messages about a field the form names otherwise (category_id → category_key). */
  fieldNames?: Readonly<Record<string, string>>;
  /** 'controlled' (the default): the page re-renders on every change; 'uncontrolled': see the module's comment. */
  mode?: 'controlled' | 'uncontrolled';
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
  /**
   * Uncontrolled mode: stores a value typed or chosen without re-rendering
   * the component that holds the form. Watchers of the path, and of the
   * list or row it is in, hear it; its message goes.
   */
  setValue: (path: string, value: unknown) => void;
}

/** The value at a dotted path ('rows.3.value'). */
function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[key]), values);
}

export function useSchemaForm<S extends FormSchema>(
  schema: S,
  initialValues: z.input<S> | (() => z.input<S>),
  options: SchemaFormOptions = {},
): SchemaForm<S> {
  // Read once, on the first render: later renders keep what was typed.
  const [initial] = useState(initialValues);
  const mode = options.mode ?? 'controlled';
  // One resolver per schema: a new one each render would give the form new setters each render too.
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  const form = useForm<z.input<S>>({
    mode,
    initialValues: initial,
    validate,
    cascadeUpdates: mode === 'uncontrolled',
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

  const setValue = (path: string, value: unknown) => {
    // Mantine re-renders the form's holder whenever a field turns dirty or clean; saying so first (a ref) keeps it still.
    form.setDirty({ ...form.getDirty(), [path]: !Object.is(valueAt(form.getInitialValues(), path), value) });
    form.setFieldValue(path as never, value as never, { forceUpdate: false });
  };

  return {
    form,
    setValue,
    values: form.getValues(),
    field: (name) => form.getInputProps(name) as SchemaFieldProps,
    read,
    showSaveError,
    dirty: form.isDirty(),
    formError: typeof form.errors[''] === 'string' ? form.errors[''] : undefined,
  };
}
