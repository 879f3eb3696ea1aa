/**
 * The state and Salvar of a catalog record's form written by hand (values,
 * a `read` function, messages per field). New screens use `useRecordForm`
 * (a zod schema instead of `read`); this stays for the pages not moved yet.
 * The values stay as typed until the read accepts them.
 */
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { RecordProblem } from '@sync/react/use-outbox-problems';
import type { ResourceInput, ResourceName, ResourceRecordMap } from '@sync/react';
import type { ConfirmDelete } from '../confirm-delete';
import { fieldErrorsOf } from '../forms/sync-error';
import type { RecordRoutes } from '../list-page/record-routes';
import { useRecordActions } from './use-record-actions';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormRead<R extends ResourceName, F extends string> = { ok: true; fields: ResourceInput<R> } | { ok: false; errors: FieldErrors<F> };

export interface RecordEditorOptions<R extends ResourceName, V, F extends string> {
  resource: R;
  /** None for a new record. */
  record?: ResourceRecordMap[R];
  initialValues: () => V;
  /** Called at Salvar with the values as typed. */
  read: (values: V) => FormRead<R, F>;
  /** Wire field → form field, for the store's validation messages. */
  fieldNames?: Readonly<Record<string, NoInfer<F>>>;
  texts: { saved: string; deleted: string };
  routes: RecordRoutes;
}

export interface RecordEditor<R extends ResourceName, V, F extends string> {
  record?: ResourceRecordMap[R];
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  errors: FieldErrors<F>;
  setErrors: Dispatch<SetStateAction<FieldErrors<F>>>;
  /** A field edited: its new values, and its message cleared. */
  change: (patch: Partial<V>, field: F) => void;
  saving: boolean;
  problem?: RecordProblem;
  submit: () => Promise<void>;
  remove: ConfirmDelete<ResourceRecordMap[R]>;
}

export function useRecordEditor<R extends ResourceName, V, F extends string>({
  resource,
  record,
  initialValues,
  read,
  fieldNames,
  texts,
  routes,
}: RecordEditorOptions<R, V, F>): RecordEditor<R, V, F> {
  const actions = useRecordActions({ resource, record, texts, routes });
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const submit = async () => {
    const result = read(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    await actions.save(result.fields, (error) => {
      // The store names fields on the wire; `fieldNames` maps those that differ from the form's.
      const fieldErrors = fieldErrorsOf(error, fieldNames) as FieldErrors<F>;
      if (Object.keys(fieldErrors).length === 0) return false;
      setErrors(fieldErrors);
      return true;
    });
  };

  const change = (patch: Partial<V>, field: F) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const { problem, saving, remove } = actions;
  return { record, values, setValues, errors, setErrors, change, saving, problem, submit, remove };
}
