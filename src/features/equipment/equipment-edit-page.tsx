/**
 * An equipment's page: 'Equipamentos / Adicionar' at /admin/equipamentos/novo,
 * the edit page at /admin/equipamentos/{id or local key} with 'Novo
 * equipamento'. Card 'Dados cadastrais', Salvar and Deletar; categories are
 * created and renamed in their modal. Everything is saved on the device and
 * sent by the sync engine, so it works offline.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLocalList } from '../../../sync/react/use-local-record';
import { useRecordProblem } from '../../../sync/react/use-outbox-problems';
import { routeParamOf, useRouteRecord } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalEquipment, LocalEquipmentCategory } from '../../../sync/store/registry/catalog-records';
import { alertDanger, alertSuccess } from '../../ui/alerts';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { EditPage, PageLoading, RecordNotFound } from '../../ui/edit-page';
import { errorMessage, fieldErrorsOf } from '../../ui/forms';
import { PendingBadge } from '../../ui/list-page';
import { CategoryModal } from './category-modal';
import { equipmentValues, readEquipment, type EquipmentErrors, type EquipmentValues } from './equipment-form';
import { EquipmentFields } from './equipment-fields';
import { EQUIPMENT_TEXTS } from './equipment-texts';

/** Wire field → form field, for the store's validation messages. */
const FIELD_NAMES = {
  category_id: 'category',
  serial_number: 'serialNumber',
  calibration_certificate: 'certificate',
  expiration_date: 'expiry',
} as const;

export function EquipmentEditPage({ equipmentId }: { equipmentId?: string }) {
  const state = useRouteRecord('equipment', equipmentId);
  if (equipmentId === undefined) return <EquipmentEditor />;
  if (state.loading) return <PageLoading />;
  if (!state.record) {
    return (
      <RecordNotFound
        title={EQUIPMENT_TEXTS.editTitle}
        back={
          <Button
            variant="default"
            w="fit-content"
            renderRoot={(props) => <Link {...props} to="/admin/equipamentos/lista/$page" params={{ page: '1' }} />}
          >
            {EQUIPMENT_TEXTS.backToList}
          </Button>
        }
      />
    );
  }
  return <EquipmentEditor key={state.record.key} record={state.record} />;
}

function EquipmentEditor({ record }: { record?: LocalEquipment }) {
  const navigate = useNavigate();
  const { saveRecord, deleteRecord } = useSyncActions();
  const problem = useRecordProblem('equipment', record?.key);
  const categories = useLocalList('equipment_categories');
  const [values, setValues] = useState<EquipmentValues>(() => equipmentValues(record));
  const [errors, setErrors] = useState<EquipmentErrors>({});
  const [saving, setSaving] = useState(false);
  const [categoryModal, setCategoryModal] = useState<{ category?: LocalEquipmentCategory } | null>(null);
  const remove = useConfirmDelete<LocalEquipment>({
    run: (equipment) => deleteRecord('equipment', equipment.key),
    successMessage: EQUIPMENT_TEXTS.deleted,
    onDeleted: () => void navigate({ to: '/admin/equipamentos/lista/$page', params: { page: '1' } }),
  });

  const submit = async () => {
    const read = readEquipment(values);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const key = await saveRecord('equipment', record?.key ?? null, read.fields);
      alertSuccess(EQUIPMENT_TEXTS.saved);
      const equipmentId = record ? routeParamOf(record) : key;
      void navigate({ to: '/admin/equipamentos/$equipmentId', params: { equipmentId }, replace: record !== undefined });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, FIELD_NAMES);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else alertDanger(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditPage
      title={record ? EQUIPMENT_TEXTS.editTitle : EQUIPMENT_TEXTS.createTitle}
      status={record && record.id === null ? <PendingBadge /> : null}
      actions={
        record ? (
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/admin/equipamentos/novo" />}>
            {EQUIPMENT_TEXTS.newButton}
          </Button>
        ) : null
      }
      problem={problem}
      onSubmit={() => void submit()}
      saving={saving}
      onDelete={record ? () => remove.request(record) : undefined}
      after={
        <>
          <CategoryModal
            opened={categoryModal !== null}
            category={categoryModal?.category}
            onClose={() => setCategoryModal(null)}
            onSaved={(key) => {
              setCategoryModal(null);
              setValues((current) => ({ ...current, categoryKey: key, categoryId: null }));
              setErrors((current) => ({ ...current, category: undefined }));
            }}
          />
          {remove.modal({ title: EQUIPMENT_TEXTS.confirmDeleteTitle, message: EQUIPMENT_TEXTS.confirmDelete })}
        </>
      }
    >
      <EquipmentFields
        values={values}
        errors={errors}
        categories={categories.loading ? [] : categories.rows}
        onChange={(patch, field) => {
          setValues((current) => ({ ...current, ...patch }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
        onNewCategory={() => setCategoryModal({})}
        onEditCategory={(category) => setCategoryModal({ category })}
      />
    </EditPage>
  );
}
