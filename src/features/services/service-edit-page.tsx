/**
 * A service's page: 'Serviço / Adicionar' at /admin/servicos/novo, the edit
 * page at /admin/servicos/{id or local key} with 'Novo serviço'. Card 'Dados
 * cadastrais' with Nome and Preço (R$), Salvar and Deletar; after the first
 * save the service's equipment list with '+ Novo equipamento'. Saving writes
 * the device's store (the engine sends it later) and opens
 * /admin/servicos/{id}.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRecordProblem } from '../../../sync/react/use-outbox-problems';
import { routeParamOf, useRouteRecord } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalService } from '../../../sync/store/registry/catalog-records';
import { alertDanger, alertSuccess } from '../../ui/alerts';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { EditPage, PageLoading, RecordNotFound } from '../../ui/edit-page';
import { EquipmentLinesSection } from '../../ui/equipment';
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
import { SERVICE_TEXTS } from './service-texts';

export function ServiceEditPage({ serviceId }: { serviceId?: string }) {
  const state = useRouteRecord('services', serviceId);
  if (serviceId === undefined) return <ServiceEditor />;
  if (state.loading) return <PageLoading />;
  if (!state.record) {
    return (
      <RecordNotFound
        title={SERVICE_TEXTS.editTitle}
        back={
          <Button
            variant="default"
            w="fit-content"
            renderRoot={(props) => <Link {...props} to="/admin/servicos/lista/$page" params={{ page: '1' }} />}
          >
            {SERVICE_TEXTS.backToList}
          </Button>
        }
      />
    );
  }
  return <ServiceEditor key={state.record.key} record={state.record} />;
}

function ServiceEditor({ record }: { record?: LocalService }) {
  const navigate = useNavigate();
  const { saveRecord, deleteRecord } = useSyncActions();
  const problem = useRecordProblem('services', record?.key);
  const [values, setValues] = useState<NamePriceValues>(() => namePriceValues(record));
  const [errors, setErrors] = useState<NamePriceErrors>({});
  const [saving, setSaving] = useState(false);
  const remove = useConfirmDelete<LocalService>({
    run: (service) => deleteRecord('services', service.key),
    successMessage: SERVICE_TEXTS.deleted,
    onDeleted: () => void navigate({ to: '/admin/servicos/lista/$page', params: { page: '1' } }),
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
      const key = await saveRecord('services', record?.key ?? null, read.fields);
      alertSuccess(SERVICE_TEXTS.saved);
      const serviceId = record ? routeParamOf(record) : key;
      void navigate({ to: '/admin/servicos/$serviceId', params: { serviceId }, replace: record !== undefined });
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
      title={record ? SERVICE_TEXTS.editTitle : SERVICE_TEXTS.createTitle}
      status={record && record.id === null ? <PendingBadge /> : null}
      actions={
        record ? (
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/admin/servicos/novo" />}>
            {SERVICE_TEXTS.newButton}
          </Button>
        ) : null
      }
      problem={problem}
      onSubmit={() => void submit()}
      saving={saving}
      onDelete={record ? () => remove.request(record) : undefined}
      after={
        <>
          {record ? <EquipmentLinesSection resource="service_equipments" parentKeyField="service_key" parentKey={record.key} /> : null}
          {remove.modal({ message: SERVICE_TEXTS.confirmDelete })}
        </>
      }
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
