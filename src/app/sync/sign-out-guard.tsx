/**
 * Signing out never loses data silently: when the user's store still holds
 * changes the server has not accepted (waiting, failed or in conflict), 'Sair'
 * first says how many and that they stay on this device, to be sent when the
 * same user signs in again (each user has their own store, user-database.ts).
 * With nothing unsent, 'Sair' signs out at once. The warning also offers
 * 'Exportar dados não enviados': a tablet about to be wiped or handed over
 * takes its data to another device in a file instead
 * (docs/decisions/unsent-data-export.md).
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { readSyncStatus } from '@sync/engine/status';
import { useSyncDatabase } from '@sync/react/context';
import { type TransferUser, transferUserOf } from '@sync/react';
import type { SyncDatabase } from '@sync/store/database';
import { ExportUnsentButton } from '@/features/sync/export-unsent-button';
import { TransferOutcomeMessage } from '@/features/sync/transfer-outcome';
import { TRANSFER_TEXTS } from '@/features/sync/transfer-texts';
import { useTransferActions } from '@/features/sync/use-transfer-actions';
import { ConfirmModal } from '@/ui/confirm-modal';
import { useRuntime } from '../runtime-context';
import { useSessionState } from '../session/use-session-state';

export const SIGN_OUT_WARNING_TITLE = 'Alterações não sincronizadas';
export const SIGN_OUT_ANYWAY = 'Sair mesmo assim';

export interface UnsyncedChanges {
  /** Every change the server has not accepted. */
  total: number;
  /** Of those, the ones that wait for the user (failed or in conflict). */
  needAttention: number;
}

export async function readUnsyncedChanges(db: SyncDatabase): Promise<UnsyncedChanges> {
  const status = await readSyncStatus(db);
  return { total: status.pending + status.failed + status.conflicts, needAttention: status.failed + status.conflicts };
}

export function unsyncedChangesMessage(total: number): string {
  return total === 1
    ? 'Há 1 alteração ainda não sincronizada. Se sair agora ela fica guardada neste aparelho e será enviada quando você entrar de novo.'
    : `Há ${total} alterações ainda não sincronizadas. Se sair agora elas ficam guardadas neste aparelho e serão enviadas quando você entrar de novo.`;
}

export function attentionMessage(needAttention: number): string | null {
  if (needAttention === 0) return null;
  return needAttention === 1
    ? '1 delas foi recusada pelo servidor ou está em conflito e só será enviada depois que você decidir o que fazer com ela.'
    : `${needAttention} delas foram recusadas pelo servidor ou estão em conflito e só serão enviadas depois que você decidir o que fazer com elas.`;
}

export interface SignOutGuard {
  /** What 'Sair' calls: signs out, or first asks when changes are unsent. */
  requestSignOut: () => void;
  /** The confirmation to render somewhere in the layout. */
  confirmation: ReactNode;
}

/** The warning's way out for a device that will not be used again: the data, to a file. */
function ExportBeforeSignOut({ user }: { user: TransferUser }) {
  const actions = useTransferActions(user);
  return (
    <Stack gap="xs">
      <Text size="sm">{TRANSFER_TEXTS.signOutHint}</Text>
      <ExportUnsentButton actions={actions} variant="default" />
      <TransferOutcomeMessage outcome={actions.outcome} />
    </Stack>
  );
}

export function useSignOutGuard(signOut: () => unknown): SignOutGuard {
  const db = useSyncDatabase();
  const [unsynced, setUnsynced] = useState<UnsyncedChanges | null>(null);
  const { user } = useSessionState(useRuntime().session);
  const transferUser = useMemo(() => (user ? transferUserOf(user) : null), [user]);

  const requestSignOut = useCallback(() => {
    void readUnsyncedChanges(db)
      .catch(() => ({ total: 0, needAttention: 0 }))
      .then((changes) => {
        if (changes.total === 0) void signOut();
        else setUnsynced(changes);
      });
  }, [db, signOut]);

  const close = () => setUnsynced(null);
  const attention = unsynced ? attentionMessage(unsynced.needAttention) : null;
  const confirmation = (
    <ConfirmModal
      opened={unsynced !== null}
      title={SIGN_OUT_WARNING_TITLE}
      message={
        <Stack gap="sm">
          <Text>{unsynced ? unsyncedChangesMessage(unsynced.total) : ''}</Text>
          {attention ? <Text>{attention}</Text> : null}
          <Anchor component={Link} to="/admin/sincronizacao" onClick={close}>
            Ver as alterações
          </Anchor>
          {transferUser ? <ExportBeforeSignOut user={transferUser} /> : null}
        </Stack>
      }
      confirmLabel={SIGN_OUT_ANYWAY}
      onCancel={close}
      onConfirm={() => {
        close();
        void signOut();
      }}
    />
  );
  return { requestSignOut, confirmation };
}
