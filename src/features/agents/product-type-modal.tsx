/**
 * The add-type modal of the agent form (spec: "add type option (Nome,
 * Cancelar, Salvar)"): saves a product type on the device and hands its key
 * back so the form selects it.
 */
import { CATALOG_MESSAGES } from '@sync/contract/catalog';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { NameModal } from '@/ui/forms';
import { TYPE_TEXTS } from './agent-texts';

const TEXTS = { ...TYPE_TEXTS, required: CATALOG_MESSAGES.nameRequired };

export interface ProductTypeModalProps {
  opened: boolean;
  onClose: () => void;
  onSaved: (key: string) => void;
}

export function ProductTypeModal({ opened, onClose, onSaved }: ProductTypeModalProps) {
  const { saveRecord } = useSyncActions();
  return <NameModal opened={opened} texts={TEXTS} save={(name) => saveRecord('product_types', null, { name })} onClose={onClose} onSaved={onSaved} />;
}
