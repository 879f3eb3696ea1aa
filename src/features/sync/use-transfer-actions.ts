/**
 * What the export and import buttons do, for the sync page's card and the
 * sign-out warning: run the hook's export or import, keep the sentence of
 * the last outcome (shown under the buttons, not a passing alert: a file
 * name and a refusal must stay readable), and say which is running.
 */
import { useState } from 'react';
import { type TransferUser, useUnsentDataTransfer } from '@sync/react';
import { saveBlobAs } from '@/ui/save-blob';
import { messageOf } from './message-of';
import { exportedMessage, importedMessage, TRANSFER_TEXTS } from './transfer-texts';

export interface TransferOutcome {
  kind: 'success' | 'info' | 'danger';
  text: string;
}

export interface TransferActions {
  running: 'export' | 'import' | null;
  outcome: TransferOutcome | null;
  exportNow(): Promise<void>;
  importFile(file: File): Promise<void>;
}

export function useTransferActions(user: TransferUser): TransferActions {
  const transfer = useUnsentDataTransfer(user);
  const [running, setRunning] = useState<TransferActions['running']>(null);
  const [outcome, setOutcome] = useState<TransferOutcome | null>(null);

  async function run(kind: 'export' | 'import', work: () => Promise<TransferOutcome>) {
    setRunning(kind);
    setOutcome(null);
    try {
      setOutcome(await work());
    } catch (error) {
      setOutcome({ kind: 'danger', text: messageOf(error) });
    } finally {
      setRunning(null);
    }
  }

  return {
    running,
    outcome,
    exportNow: () =>
      run('export', async () => {
        const exported = await transfer.exportUnsent();
        if (exported) saveBlobAs(exported.blob, exported.fileName);
        return exported
          ? { kind: 'success', text: exportedMessage(exported.fileName, exported.counts) }
          : { kind: 'info', text: TRANSFER_TEXTS.nothingToExport };
      }),
    importFile: (file) =>
      run('import', async () => {
        const result = await transfer.importUnsent(file);
        const text = importedMessage(result);
        return { kind: text === TRANSFER_TEXTS.nothingNew ? 'info' : 'success', text };
      }),
  };
}
