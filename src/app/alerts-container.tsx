/**
 * Where the alerts show (spec section 8: top right, 6 s, at most five), in a
 * module of its own so the app can load it after the first paint: alerts
 * raised before it arrives wait in the notifications store and show once
 * it mounts.
 */
import { Notifications } from '@mantine/notifications';
import { ALERT_AUTO_CLOSE_MS } from '../ui/alerts';

export function AlertsContainer() {
  return <Notifications position="top-right" autoClose={ALERT_AUTO_CLOSE_MS} limit={5} />;
}
