/**
 * Where the alerts show (6 s, at most five, spec section 8; bottom left, clear
 * of the header's sync status and of Salvar: docs/decisions/tablet-shell.md), in a
 * module of its own so the app can load it after the first paint: alerts
 * raised before it arrives wait in the notifications store and show once
 * it mounts.
 */
import { Notifications } from '@mantine/notifications';
import { ALERT_AUTO_CLOSE_MS } from '../ui/alerts';

export function AlertsContainer() {
  return <Notifications position="bottom-left" autoClose={ALERT_AUTO_CLOSE_MS} limit={5} />;
}
