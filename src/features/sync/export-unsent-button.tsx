/**
 * 'Exportar dados não enviados': downloads the file of what this device has
 * not delivered. On the sync page's card and in the sign-out warning (where
 * signing out of a device that will be wiped would leave the data behind).
 */
import { Button } from '@mantine/core';
import { TRANSFER_TEXTS } from './transfer-texts';
import type { TransferActions } from './use-transfer-actions';

export function ExportUnsentButton({ actions, variant = 'filled' }: { actions: TransferActions; variant?: 'filled' | 'default' }) {
  return (
    <Button
      mih={44}
      variant={variant}
      loading={actions.running === 'export'}
      disabled={actions.running === 'import'}
      onClick={() => void actions.exportNow()}
    >
      {TRANSFER_TEXTS.exportButton}
    </Button>
  );
}
