/**
 * The shared confirmation modal (spec section 2, "Shared elements"): a
 * title (default 'Confirmar exclusão'), a message, and the buttons Cancelar
 * and Confirmar. While `loading`, Confirmar shows progress and the modal
 * cannot be dismissed, so a delete is not fired twice.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

export const CONFIRM_DEFAULT_TITLE = 'Confirmar exclusão';

export interface ConfirmModalProps {
  opened: boolean;
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colour of the confirm button; red by default (the modal guards deletions). */
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmModal({
  opened,
  title = CONFIRM_DEFAULT_TITLE,
  message,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  confirmColor = 'red',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onCancel}
      title={title}
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
    >
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
