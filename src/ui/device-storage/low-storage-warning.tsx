/**
 * The warning shown where the device is running out of storage ('near' or
 * 'full', src/domain/storage-quota.ts): on the 'Sincronização' page and in
 * the photo area, before a photo fails to be kept. One text for both, so
 * the technician reads the same advice wherever it appears.
 */
import { Alert } from '@mantine/core';
import type { StorageLevel } from '@/domain/storage-quota';

export const LOW_STORAGE_WARNING = 'Pouco espaço no aparelho: sincronize e libere espaço antes de tirar mais fotos.';

export function LowStorageWarning({ level }: { level: StorageLevel | null | undefined }) {
  if (level !== 'near' && level !== 'full') return null;
  return (
    <Alert color={level === 'full' ? 'red' : 'yellow'} variant="light" role="alert" data-testid="low-storage-warning" data-level={level}>
      {LOW_STORAGE_WARNING}
    </Alert>
  );
}
