/**
 * Alerts (spec section 8): success, danger and warning messages that close
 * after 6 seconds. Screens call these instead of Mantine directly so the
 * look and timing stay the same everywhere.
 */
import { notifications } from '@mantine/notifications';

/** Spec section 8: "Default alert timeout is 6" (seconds). */
export const ALERT_AUTO_CLOSE_MS = 6_000;

export type AlertKind = 'success' | 'danger' | 'warning';

const COLORS: Record<AlertKind, string> = { success: 'green', danger: 'red', warning: 'yellow' };

/** Shows an alert; several lines (a message and its field errors) are joined by line breaks. */
export function showAlert(kind: AlertKind, message: string | string[]): string {
  const text = Array.isArray(message) ? message.join('\n') : message;
  return notifications.show({
    color: COLORS[kind],
    message: text,
    autoClose: ALERT_AUTO_CLOSE_MS,
    withBorder: true,
    style: { whiteSpace: 'pre-line' },
    'data-alert-kind': kind,
  } as Parameters<typeof notifications.show>[0]);
}

export const alertSuccess = (message: string | string[]) => showAlert('success', message);
export const alertDanger = (message: string | string[]) => showAlert('danger', message);
export const alertWarning = (message: string | string[]) => showAlert('warning', message);
