/**
 * A modal with a single 'Nome' field (the agent form's type, the equipment
 * form's category): required after trimming, saved by the caller on the
 * device, the saved record's key handed back so the form selects it. The
 * form is mounted only while open, so each opening starts from `initialName`.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { alertDanger } from '../alerts';
import { errorMessage, fieldErrorsOf } from './sync-error';

export interface NameModalTexts {
  title: string;
  name: string;
  cancel: string;
  save: string;
  /** The message when the name is blank. */
  required: string;
  /** The alert when a failure carries no message. */
  failed?: string;
}

export interface NameModalProps {
  opened: boolean;
  texts: NameModalTexts;
  initialName?: string;
  /** Saves the trimmed name; resolves to the record's local key. */
  save: (name: string) => Promise<string>;
  onClose: () => void;
  onSaved: (key: string) => void;
}

export function NameModal(props: NameModalProps) {
  return props.opened ? <NameForm {...props} /> : null;
}

function NameForm({ texts, initialName = '', save, onClose, onSaved }: NameModalProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!name.trim()) {
      setError(texts.required);
      return;
    }
    setSaving(true);
    try {
      onSaved(await save(name.trim()));
    } catch (failure) {
      const fieldError = fieldErrorsOf(failure).name;
      if (fieldError) setError(fieldError);
      else alertDanger(errorMessage(failure) || (texts.failed ?? ''));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={texts.title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          // The modal sits inside the record form's page: keep its submit from reaching that form.
          event.preventDefault();
          event.stopPropagation();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={texts.name}
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
              {texts.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
