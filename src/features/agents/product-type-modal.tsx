/**
 * The add-type modal of the agent form (spec: "add type option (Nome,
 * Cancelar, Salvar)"): saves a product type on the device and hands its key
 * back so the form selects it.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CATALOG_MESSAGES } from '../../../sync/contract/catalog';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import { alertDanger } from '../../ui/alerts';
import { errorMessage, fieldErrorsOf } from '../../ui/forms';
import { TYPE_TEXTS } from './agent-texts';

export interface ProductTypeModalProps {
  opened: boolean;
  onClose: () => void;
  onSaved: (key: string) => void;
}

export function ProductTypeModal(props: ProductTypeModalProps) {
  return props.opened ? <ProductTypeForm {...props} /> : null;
}

function ProductTypeForm({ onClose, onSaved }: ProductTypeModalProps) {
  const { saveRecord } = useSyncActions();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!name.trim()) {
      setError(CATALOG_MESSAGES.nameRequired);
      return;
    }
    setSaving(true);
    try {
      onSaved(await saveRecord('product_types', null, { name: name.trim() }));
    } catch (failure) {
      const fieldError = fieldErrorsOf(failure).name;
      if (fieldError) setError(fieldError);
      else alertDanger(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={TYPE_TEXTS.title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={TYPE_TEXTS.name}
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
              {TYPE_TEXTS.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {TYPE_TEXTS.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
