/**
 * A record page's form on a zod schema (`useSchemaForm`) with the record
 * page's Salvar and Deletar (`useRecordActions`): the schema's output is the
 * fields saved, a refused save shows at the fields. The one way a record
 * page writes its form.
 */
import type { z } from 'zod';
import type { ResourceInput, ResourceName } from '@sync/react';
import { useSchemaForm, type FormSchema, type SchemaForm, type SchemaFormOptions } from '../forms/use-schema-form';
import { useRecordActions, type RecordActions, type RecordActionsOptions } from './use-record-actions';

export interface RecordFormOptions<R extends ResourceName, S extends FormSchema> extends RecordActionsOptions<R> {
  /** Form values in, the fields to save out. */
  schema: S & z.ZodType<ResourceInput<R>, z.input<S>>;
  initialValues: () => z.input<S>;
  /** Wire field → form field, for the store's messages about fields the form names otherwise. */
  fieldNames?: Readonly<Record<string, string>>;
  /** `useSchemaForm`'s mode: 'uncontrolled' for a form too large to re-render on every key (the quotation). */
  mode?: SchemaFormOptions['mode'];
}

export interface RecordForm<R extends ResourceName, S extends FormSchema> extends Omit<RecordActions<R>, 'save'> {
  form: SchemaForm<S>;
  submit: () => Promise<void>;
}

export function useRecordForm<R extends ResourceName, S extends FormSchema>({
  schema,
  initialValues,
  fieldNames,
  mode,
  ...actionOptions
}: RecordFormOptions<R, S>): RecordForm<R, S> {
  const form = useSchemaForm(schema, initialValues, { fieldNames, mode });
  const { save, ...actions } = useRecordActions(actionOptions);

  const submit = async () => {
    const read = form.read();
    if (read.ok) await save(read.output as ResourceInput<R>, form.showSaveError);
  };

  return { ...actions, form, submit };
}
