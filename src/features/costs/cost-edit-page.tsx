/**
 * A cost's page: 'Custo / Adicionar' at /admin/custos/novo, the edit page at
 * /admin/custos/{id or local key} with 'Novo custo'. Card 'Dados cadastrais'
 * with Nome and Preço (R$), Salvar and Deletar. Saving writes the device's
 * store (the engine sends it later) and opens the cost's edit page.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRecordProblem } from '../../../sync/react/use-outbox-problems';
import { routeParamOf, useRouteRecord } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalCost } from '../../../sync/store/registry/catalog-records';
import { alertDanger, alertSuccess } from '../../ui/alerts';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { EditPage, PageLoading, RecordNotFound } from '../../ui/edit-page';
import {
  errorMessage,
  fieldErrorsOf,
  NamePriceFields,
  namePriceValues,
  readNamePrice,
  type NamePriceErrors,
  type NamePriceValues,
} from '../../ui/forms';
import { PendingBadge } from '../../ui/list-page';
import { COST_TEXTS } from './cost-texts';

export function CostEditPage({ costId }: { costId?: string }) {
  const state = useRouteRecord('costs', costId);
  if (costId === undefined) return <CostEditor />;
  if (state.loading) return <PageLoading />;
  if (!state.record) {
    return (
      <RecordNotFound
        title={COST_TEXTS.editTitle}
        back={
          <Button
            variant="default"
            w="fit-content"
            renderRoot={(props) => <Link {...props} to="/admin/custos/lista/$page" params={{ page: '1' }} />}
          >
            {COST_TEXTS.backToList}
          </Button>
        }
      />
    );
  }
  return <CostEditor key={state.record.key} record={state.record} />;
}

function CostEditor({ record }: { record?: LocalCost }) {
  const navigate = useNavigate();
  const { saveRecord, deleteRecord } = useSyncActions();
  const problem = useRecordProblem('costs', record?.key);
  const [values, setValues] = useState<NamePriceValues>(() => namePriceValues(record));
  const [errors, setErrors] = useState<NamePriceErrors>({});
  const [saving, setSaving] = useState(false);
  const remove = useConfirmDelete<LocalCost>({
    run: (cost) => deleteRecord('costs', cost.key),
    successMessage: COST_TEXTS.deleted,
    onDeleted: () => void navigate({ to: '/admin/custos/lista/$page', params: { page: '1' } }),
  });

  const submit = async () => {
    const read = readNamePrice(values);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const key = await saveRecord('costs', record?.key ?? null, read.fields);
      alertSuccess(COST_TEXTS.saved);
      const costId = record ? routeParamOf(record) : key;
      void navigate({ to: '/admin/custos/$costId', params: { costId }, replace: record !== undefined });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else alertDanger(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditPage
      title={record ? COST_TEXTS.editTitle : COST_TEXTS.createTitle}
      status={record && record.id === null ? <PendingBadge /> : null}
      actions={
        record ? (
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/admin/custos/novo" />}>
            {COST_TEXTS.newButton}
          </Button>
        ) : null
      }
      problem={problem}
      onSubmit={() => void submit()}
      saving={saving}
      onDelete={record ? () => remove.request(record) : undefined}
      after={remove.modal({ message: COST_TEXTS.confirmDelete })}
    >
      <NamePriceFields
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
      />
    </EditPage>
  );
}
