/**
 * The delete flow of the spec (section 4): confirm, progress, the call,
 * close the modal, an optional redirect, the success alert. A failure keeps
 * the modal closed and shows the message as a danger alert; nothing is lost.
 * Renders the shared confirmation modal; screens only say what to delete.
 */
import { useState, type ReactElement } from 'react';
import { alertDanger, alertSuccess } from './alerts';
import { ConfirmModal } from './confirm-modal';
import { errorMessage } from './forms/sync-error';

export interface ConfirmDeleteOptions<T> {
  /** Deletes the target (locally; the engine pushes it). */
  run: (target: T) => Promise<unknown>;
  successMessage: string;
  /** After the delete, before the alert (the redirect). */
  onDeleted?: (target: T) => void;
}

export interface ConfirmDelete<T> {
  /** Opens the confirmation for a target. */
  request: (target: T) => void;
  /** The modal to render once on the page. */
  modal: (texts: { title?: string; message: string }) => ReactElement;
}

export function useConfirmDelete<T>({ run, successMessage, onDeleted }: ConfirmDeleteOptions<T>): ConfirmDelete<T> {
  const [target, setTarget] = useState<{ value: T } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target || busy) return;
    setBusy(true);
    try {
      await run(target.value);
      setTarget(null);
      onDeleted?.(target.value);
      alertSuccess(successMessage);
    } catch (error) {
      setTarget(null);
      alertDanger(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    request: (value) => setTarget({ value }),
    modal: ({ title, message }) => (
      <ConfirmModal
        opened={target !== null}
        title={title}
        message={message}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    ),
  };
}
