/**
 * 'Exportar dados não enviados' and 'Importar dados' for the screens
 * (docs/decisions/unsent-data-export.md): the export writes what this
 * device has not delivered to one JSON file the browser downloads; the
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

/** Hands bytes to the user as a download (an object URL on a link: works offline and in an installed app). */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Later: the browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface UnsentDataTransfer {
  /** Downloads the file; resolves to what it holds, or null (and no file) when nothing is unsent. */
  exportUnsent(): Promise<{ fileName: string; counts: UnsentCounts } | null>;
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
        if (!exported) return null;
        download(exported.blob, exported.fileName);
        return { fileName: exported.fileName, counts: exported.counts };
      },
      async importUnsent(file) {
        return importUnsentData(db, await file.text(), who);
      },
    };
  }, [db, id, username, name, isAdmin]);
}
