/**
 * The reason a review step needs (Devolver, Cancelar, Invalidar): a
 * required 'Motivo', refused blank with the contract's 'Informe o motivo.'
 * before anything is sent. The reason goes into the sample's history and,
 * for Devolver, onto the technician's page.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { SAMPLE_REVIEW_MESSAGES } from '@sync/contract/samples';
import { REVIEW_TEXTS } from './review-texts';

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  intro: string;
  confirmLabel: string;
  loading: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}

export function ReasonModal({ opened, title, intro, confirmLabel, loading, onConfirm, onCancel }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (reason.trim() === '') {
      setError(SAMPLE_REVIEW_MESSAGES.reasonRequired);
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onCancel} title={title} centered closeOnClickOutside={!loading} withCloseButton={!loading}>
      <Stack gap="sm">
        <Text>{intro}</Text>
        <Textarea
          label={REVIEW_TEXTS.reason}
          required
          rows={4}
          resize="vertical"
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" mih={44} onClick={onCancel} disabled={loading}>
            {REVIEW_TEXTS.cancel}
          </Button>
          <Button color="red" mih={44} onClick={confirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
