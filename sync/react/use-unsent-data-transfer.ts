/**
 * 'Exportar dados não enviados' and 'Importar dados' for the screens
 * (docs/decisions/unsent-data-export.md): the export writes what this
 * device has not delivered to one JSON file (the screen hands it to the
 * user, src/ui/save-blob.ts); the
 * import reads such a file (the user's own, or any user's for an
 * administrator) into this device's outbox, to be sent by the normal sync.
 * Both work offline. A refused file throws SyncError 'validation' with the
 * sentence to show; nothing is changed then.
 */
import { useMemo } from 'react';
import type { CurrentUser } from '../contract/user';
import { exportUnsentData } from '../engine/unsent-export';
import type { TransferUser, UnsentCounts } from '../engine/unsent-format';
import { importUnsentData, type UnsentImportResult } from '../engine/unsent-import';
import { isAdminUser } from '../session/session-user';
import { useSyncDatabase } from './context';

export type { TransferUser, UnsentCounts, UnsentImportResult };

/** The signed-in user as the file names them. */
export function transferUserOf(user: CurrentUser): TransferUser {
  return { id: user.id, username: user.username, name: user.name, isAdmin: isAdminUser(user) };
}

export interface UnsentDataTransfer {
  /** The file (the screen hands it to the user) and what it holds, or null when nothing is unsent. */
  exportUnsent(): Promise<{ blob: Blob; fileName: string; counts: UnsentCounts } | null>;
  /** Imports a file the user picked; resolves to what was added. */
  importUnsent(file: Blob): Promise<UnsentImportResult>;
}

export function useUnsentDataTransfer(user: TransferUser): UnsentDataTransfer {
  const db = useSyncDatabase();
  const { id, username, name, isAdmin } = user;
  return useMemo(() => {
    const who: TransferUser = { id, username, name, isAdmin };
    return {
      async exportUnsent() {
        const exported = await exportUnsentData(db, who);
        return exported ? { blob: exported.blob, fileName: exported.fileName, counts: exported.counts } : null;
      },
      async importUnsent(file) {
        return importUnsentData(db, await file.text(), who);
      },
    };
  }, [db, id, username, name, isAdmin]);
}
