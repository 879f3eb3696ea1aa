/**
 * An equipment's page: 'Equipamentos / Adicionar' at /admin/equipamentos/novo,
 * the edit page at /admin/equipamentos/{id or local key} with 'Novo
 * equipamento'. Card 'Dados cadastrais', Salvar and Deletar; categories are
 * created and renamed in their modal. Everything is saved on the device and
 * sent by the sync engine, so it works offline.
 */
import { useState } from 'react';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalEquipment, LocalEquipmentCategory } from '@sync/react';
import { RecordEditPage, RecordRoute, useRecordForm } from '@/ui/edit-page';
import { CategoryModal } from './category-modal';
import { EQUIPMENT_FIELD_NAMES, equipmentFormSchema, equipmentValues } from './equipment-form';
import { EquipmentFields } from './equipment-fields';
import { EQUIPMENT_ROUTES } from './equipment-routes';
import { EQUIPMENT_TEXTS } from './equipment-texts';

export function EquipmentEditPage({ equipmentId }: { equipmentId?: string }) {
  return (
    <RecordRoute
      resource="equipment"
      param={equipmentId}
      notFoundTitle={EQUIPMENT_TEXTS.editTitle}
      backToList={EQUIPMENT_TEXTS.backToList}
      routes={EQUIPMENT_ROUTES}
    >
      {(record) => <EquipmentEditor record={record} />}
    </RecordRoute>
  );
}

function EquipmentEditor({ record }: { record?: LocalEquipment }) {
  const categories = useLocalList('equipment_categories');
  const [categoryModal, setCategoryModal] = useState<{ category?: LocalEquipmentCategory } | null>(null);
  const editor = useRecordForm({
    resource: 'equipment',
    record,
    schema: equipmentFormSchema,
    initialValues: () => equipmentValues(record),
    fieldNames: EQUIPMENT_FIELD_NAMES,
    texts: EQUIPMENT_TEXTS,
    routes: EQUIPMENT_ROUTES,
  });

  return (
    <RecordEditPage
      editor={editor}
      texts={EQUIPMENT_TEXTS}
      routes={EQUIPMENT_ROUTES}
      after={
        <CategoryModal
          opened={categoryModal !== null}
          category={categoryModal?.category}
          onClose={() => setCategoryModal(null)}
          onSaved={(key) => {
            setCategoryModal(null);
            editor.form.form.setValues({ category_key: key, category_id: null });
            editor.form.form.clearFieldError('category_key');
          }}
        />
      }
    >
      <EquipmentFields
        form={editor.form}
        categories={categories.loading ? [] : categories.rows}
        onNewCategory={() => setCategoryModal({})}
        onEditCategory={(category) => setCategoryModal({ category })}
      />
    </RecordEditPage>
  );
}
