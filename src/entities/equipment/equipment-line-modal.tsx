/**
 * The add/edit modal of an equipment list line (agents and services): the
 * equipment, picked from the local list by name or serial number, and the
 * quantity. Bad input stays in the modal with a message at the field.
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { LocalEquipment } from '@sync/react';
import { todayIso } from '@/ui/inputs/date-text';
import { equipmentOptions } from './equipment-options';

export const LINE_TEXTS = {
  addTitle: 'Adicionar equipamento',
  editTitle: 'Editar equipamento',
  equipment: 'Equipamento',
  quantity: 'Quantidade',
  cancel: 'Cancelar',
  save: 'Salvar',
  pick: 'Selecione um equipamento',
  nothingFound: 'Nenhum equipamento encontrado',
  duplicate: 'Equipamento já foi adicionado',
  quantityInvalid: 'Quantidade deve ser um número inteiro maior que zero',
} as const;

export interface LineDraft {
  /** Key of the chosen equipment; null keeps the line's current equipment (known only by id). */
  equipmentKey: string | null;
  quantity: number;
}

export interface EquipmentLineModalProps {
  opened: boolean;
  /** Editing: the line's current values. */
  initial?: { equipmentKey: string | null; equipmentName: string | null; quantity: number };
  equipment: readonly LocalEquipment[];
  /** Equipment keys already in the list (other lines), refused as duplicates. */
  taken: ReadonlySet<string>;
  onClose: () => void;
  /** Saves; a thrown error's field messages come back through `fieldErrors`. */
  onSave: (draft: LineDraft) => Promise<Record<string, string> | void>;
}

export function EquipmentLineModal(props: EquipmentLineModalProps) {
  // Mounted only while open, so each opening starts from the line's values.
  return props.opened ? <LineForm {...props} /> : null;
}

function LineForm({ initial, equipment, taken, onClose, onSave }: EquipmentLineModalProps) {
  const [equipmentKey, setEquipmentKey] = useState<string | null>(initial?.equipmentKey ?? null);
  const [quantity, setQuantity] = useState(String(initial?.quantity ?? 1));
  const [errors, setErrors] = useState<{ equipment?: string; quantity?: string }>({});
  const [saving, setSaving] = useState(false);
  const keepsUnknownEquipment = initial !== undefined && initial.equipmentKey === null && equipmentKey === null;

  const submit = async () => {
    const next: typeof errors = {};
    if (!equipmentKey && !keepsUnknownEquipment) next.equipment = LINE_TEXTS.pick;
    else if (equipmentKey && taken.has(equipmentKey)) next.equipment = LINE_TEXTS.duplicate;
    const amount = /^\s*\d+\s*$/.test(quantity) ? Number(quantity) : NaN;
    if (!Number.isSafeInteger(amount) || amount < 1) next.quantity = LINE_TEXTS.quantityInvalid;
    setErrors(next);
    if (next.equipment || next.quantity) return;
    setSaving(true);
    try {
      const fieldErrors = await onSave({ equipmentKey, quantity: amount });
      if (fieldErrors && Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={initial ? LINE_TEXTS.editTitle : LINE_TEXTS.addTitle} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Select
            label={LINE_TEXTS.equipment}
            placeholder={keepsUnknownEquipment ? (initial?.equipmentName ?? LINE_TEXTS.pick) : LINE_TEXTS.pick}
            data={equipmentOptions(equipment, todayIso())}
            value={equipmentKey}
            onChange={(value) => {
              setEquipmentKey(value);
              setErrors((current) => ({ ...current, equipment: undefined }));
            }}
            searchable
            limit={50}
            nothingFoundMessage={LINE_TEXTS.nothingFound}
            error={errors.equipment}
            required
            data-autofocus
          />
          <TextInput
            label={LINE_TEXTS.quantity}
            value={quantity}
            onChange={(event) => {
              setQuantity(event.currentTarget.value);
              setErrors((current) => ({ ...current, quantity: undefined }));
            }}
            inputMode="numeric"
            error={errors.quantity}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {LINE_TEXTS.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {LINE_TEXTS.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
