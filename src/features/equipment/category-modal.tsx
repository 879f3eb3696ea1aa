/**
 * 'Nova Categoria' / 'Editar Categoria': the equipment category's name
 * (required, not blank after trimming: 'O nome da categoria é obrigatório.').
 * Saves to the device's store and hands the category's key back so the
 * equipment form selects it.
 */
import { CATALOG_MESSAGES } from '@sync/contract/catalog';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { LocalEquipmentCategory } from '@sync/react';
import { alertSuccess } from '@/ui/alerts';
import { NameModal } from '@/ui/forms';
import { CATEGORY_TEXTS } from './equipment-texts';

export interface CategoryModalProps {
  opened: boolean;
  /** The category to rename; none for a new one. */
  category?: LocalEquipmentCategory;
  onClose: () => void;
  onSaved: (key: string) => void;
}

export function CategoryModal({ opened, category, onClose, onSaved }: CategoryModalProps) {
  const { saveRecord } = useSyncActions();
  const save = async (name: string) => {
    const key = await saveRecord('equipment_categories', category?.key ?? null, { name });
    alertSuccess(category ? CATEGORY_TEXTS.updated : CATEGORY_TEXTS.created);
    return key;
  };
  return (
    <NameModal
      opened={opened}
      texts={{
        ...CATEGORY_TEXTS,
        title: category ? CATEGORY_TEXTS.editTitle : CATEGORY_TEXTS.newTitle,
        required: CATALOG_MESSAGES.categoryNameRequired,
      }}
      initialName={category?.name}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
