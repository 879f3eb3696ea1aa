/**
 * The state and Salvar of a catalog record's form. The values stay as typed
 * until the read accepts them; a save the store refuses as a validation shows
 * its messages at the fields, anything else as an alert, so nothing typed is
 * lost. A saved record opens its page: after a create by the local key (the
 * only thing known offline), after an edit replacing the URL so Back does not
 * return to the same form.
 */
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useRecordProblem, type RecordProblem } from '../../../sync/react/use-outbox-problems';
import { routeParamOf } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { ResourceInput, ResourceName, ResourceRecordMap } from '../../../sync/store/registry/catalog-records';
import { alertDanger, alertSuccess } from '../alerts';
import { useConfirmDelete, type ConfirmDelete } from '../confirm-delete';
import { errorMessage, fieldErrorsOf } from '../forms/sync-error';
import type { RecordRoutes } from '../list-page/record-routes';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormRead<R extends ResourceName, F extends string> =
  | { ok: true; fields: ResourceInput<R> }
  | { ok: false; errors: FieldErrors<F> };

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
  const navigate = useNavigate();
  const { saveRecord, deleteRecord } = useSyncActions();
  const problem = useRecordProblem(resource, record?.key);
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [saving, setSaving] = useState(false);
  const remove = useConfirmDelete<ResourceRecordMap[R]>({
    run: (target) => deleteRecord(resource, target.key),
    successMessage: texts.deleted,
    onDeleted: () => void navigate(routes.list('1')),
  });

  const submit = async () => {
    const result = read(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const key = await saveRecord(resource, record?.key ?? null, result.fields);
      alertSuccess(texts.saved);
      void navigate({ ...routes.record(record ? routeParamOf(record) : key), replace: record !== undefined });
    } catch (error) {
      // The store names fields on the wire; `fieldNames` maps those that differ from the form's.
      const fieldErrors = fieldErrorsOf(error, fieldNames) as FieldErrors<F>;
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else alertDanger(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const change = (patch: Partial<V>, field: F) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return { record, values, setValues, errors, setErrors, change, saving, problem, submit, remove };
}
