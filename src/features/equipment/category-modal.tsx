/**
 * 'Nova Categoria' / 'Editar Categoria': the equipment category's name
 * (required, not blank after trimming: 'O nome da categoria é obrigatório.').
 * Saves to the device's store and hands the category's key back so the
 * equipment form selects it.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CATALOG_MESSAGES } from '../../../sync/contract/catalog';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalEquipmentCategory } from '../../../sync/store/registry/catalog-records';
import { alertDanger, alertSuccess } from '../../ui/alerts';
import { errorMessage, fieldErrorsOf } from '../../ui/forms';
import { CATEGORY_TEXTS } from './equipment-texts';

export interface CategoryModalProps {
  opened: boolean;
  /** The category to rename; none for a new one. */
  category?: LocalEquipmentCategory;
  onClose: () => void;
  onSaved: (key: string) => void;
}

export function CategoryModal(props: CategoryModalProps) {
  return props.opened ? <CategoryForm {...props} /> : null;
}

function CategoryForm({ category, onClose, onSaved }: CategoryModalProps) {
  const { saveRecord } = useSyncActions();
  const [name, setName] = useState(category?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!name.trim()) {
      setError(CATALOG_MESSAGES.categoryNameRequired);
      return;
    }
    setSaving(true);
    try {
      const key = await saveRecord('equipment_categories', category?.key ?? null, { name: name.trim() });
      alertSuccess(category ? CATEGORY_TEXTS.updated : CATEGORY_TEXTS.created);
      onSaved(key);
    } catch (failure) {
      const fieldError = fieldErrorsOf(failure).name;
      if (fieldError) setError(fieldError);
      else alertDanger(errorMessage(failure) || CATEGORY_TEXTS.failed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={category ? CATEGORY_TEXTS.editTitle : CATEGORY_TEXTS.newTitle} centered>
      <form
        noValidate
        onSubmit={(event) => {
          // The modal sits inside the equipment form's page: keep its submit from reaching that form.
          event.preventDefault();
          event.stopPropagation();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={CATEGORY_TEXTS.name}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {CATEGORY_TEXTS.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {CATEGORY_TEXTS.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
