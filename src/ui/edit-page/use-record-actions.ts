/**
 * What every record page does around its form: save through the sync layer
 * (on the device, sent later, so it works offline), the success alert, the
 * record's page opened after a save (after a create by the local key, the
 * only thing known offline; after an edit replacing the URL so Back does not
 * return to the same form), the record's sync problem and Deletar with its
 * confirmation. A refused save goes to the form's fields when it names them,
 * otherwise to an alert, so nothing typed is lost.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useRecordProblem, type RecordProblem } from '@sync/react/use-outbox-problems';
import { routeParamOf } from '@sync/react/use-route-record';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { ResourceInput, ResourceName, ResourceRecordMap } from '@sync/react';
import { alertDanger, alertSuccess } from '../alerts';
import { useConfirmDelete, type ConfirmDelete } from '../confirm-delete';
import { errorMessage } from '../forms/sync-error';
import type { RecordRoutes } from '../list-page/record-routes';

export interface RecordActionsOptions<R extends ResourceName> {
  resource: R;
  /** None for a new record. */
  record?: ResourceRecordMap[R];
  texts: { saved: string; deleted: string };
  routes: RecordRoutes;
}

export interface RecordActions<R extends ResourceName> {
  record?: ResourceRecordMap[R];
  saving: boolean;
  problem?: RecordProblem;
  /** Saves the fields; `showAtFields` shows a refusal at the form's fields and says whether it could. */
  save: (fields: ResourceInput<R>, showAtFields: (error: unknown) => boolean) => Promise<void>;
  remove: ConfirmDelete<ResourceRecordMap[R]>;
}

export function useRecordActions<R extends ResourceName>({ resource, record, texts, routes }: RecordActionsOptions<R>): RecordActions<R> {
  const navigate = useNavigate();
  const { saveRecord, deleteRecord } = useSyncActions();
  const problem = useRecordProblem(resource, record?.key);
  const [saving, setSaving] = useState(false);
  const remove = useConfirmDelete<ResourceRecordMap[R]>({
    run: (target) => deleteRecord(resource, target.key),
    successMessage: texts.deleted,
    onDeleted: () => void navigate(routes.list('1')),
  });

  const save = async (fields: ResourceInput<R>, showAtFields: (error: unknown) => boolean) => {
    setSaving(true);
    try {
      const key = await saveRecord(resource, record?.key ?? null, fields);
      alertSuccess(texts.saved);
      void navigate({ ...routes.record(record ? routeParamOf(record) : key), replace: record !== undefined });
    } catch (error) {
      if (!showAtFields(error)) alertDanger(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return { record, saving, problem, save, remove };
}
