/**
 * The confirmation of a review step that asks no reason (Finalizar,
 * Aprovar, Concluir laboratório, Emitir): its title, what it does, and two
 * 44 px buttons. While it runs the modal stays and its button shows
 * progress, so a step is not sent twice.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { REVIEW_TEXTS } from './review-texts';

export interface ActionConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  /** More to say under the message (fields still blank). */
  extra?: ReactNode;
  confirmLabel: string;
  loading: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ActionConfirmModal({ opened, title, message, extra, confirmLabel, loading, onConfirm, onCancel }: ActionConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onCancel} title={title} centered closeOnClickOutside={!loading} withCloseButton={!loading}>
      <Stack gap="sm">
        <Text>{message}</Text>
        {extra}
        <Group justify="flex-end" mt="md">
          <Button variant="default" mih={44} onClick={onCancel} disabled={loading}>
            {REVIEW_TEXTS.cancel}
          </Button>
          <Button mih={44} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
