/**
 * What a screen that saves only online (users, profile) says while the
 * device is offline: the data shown is the last received, saving needs a
 * connection, and what was typed stays.
 */
import { Alert } from '@mantine/core';
import { useSyncStatus } from '@sync/react/use-sync-status';
import { USER_ENTITY_TEXTS } from './user-texts';

export function OnlineOnlyNotice() {
  const status = useSyncStatus();
  if (status.loading || status.online) return null;
  return (
    <Alert color="yellow" variant="light" title={USER_ENTITY_TEXTS.offlineTitle} data-testid="online-only-notice">
      {USER_ENTITY_TEXTS.offline}
    </Alert>
  );
}
