/**
 * 'Sincronização' (/admin/sincronizacao): every change this device has not
 * yet got accepted by the server, grouped as conflicts, refused changes and
 * changes waiting to be sent, with what the user can do about each; the
 * status and last successful sync at the top. All of it is read live from
 * the local store, so it works offline and follows the engine as it runs.
 * Below them, 'Dados não enviados' (export them to a file, import such a
 * file: docs/decisions/unsent-data-export.md) and the device's storage
 * (persistent or not, the quota used).
 */
import { useState } from 'react';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { type ConflictChoice, type PendingChange, type TransferUser, usePendingChanges, useSyncActions, useSyncStatus } from '@sync/react';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { ChangeCard } from './change-card';
import { DeviceStorageCard } from './device-storage-card';
import { useDiscardConfirmation } from './discard-confirmation';
import { groupChanges, type ChangeSections } from './group-changes';
import { messageOf } from './message-of';
import { SyncSummary } from './sync-summary';
import { UnsentTransferCard } from './unsent-transfer-card';
import { SECTION_HINTS, SECTION_TITLES, SYNC_PAGE_TITLE, SYNC_TEXTS } from './sync-texts';

const SECTION_ORDER: ReadonlyArray<keyof ChangeSections> = ['conflicts', 'failed', 'pending'];

/** `user`: the signed-in user, whose unsent data the page exports and imports (the card is left out without one). */
export function SyncPage({ user }: { user?: TransferUser | null } = {}) {
  const status = useSyncStatus();
  const changes = usePendingChanges();
  const actions = useSyncActions();
  const { askDiscard, confirmation } = useDiscardConfirmation(actions);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  async function run(change: PendingChange, work: () => Promise<void>, success: string) {
    setBusy((current) => new Set(current).add(change.seq));
    try {
      await work();
      alertSuccess(success);
    } catch (error) {
      alertDanger(messageOf(error));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(change.seq);
        return next;
      });
    }
  }

  const onRetry = (change: PendingChange) => void run(change, () => actions.retryEntry(change.seq), SYNC_TEXTS.retryAlert);
  const onResolve = (change: PendingChange, choice: ConflictChoice) =>
    void run(
      change,
      () => actions.resolveConflict(change.seq, choice),
      choice === 'mine' ? SYNC_TEXTS.keptMineAlert : choice === 'theirs' ? SYNC_TEXTS.usedServerAlert : SYNC_TEXTS.choicesAppliedAlert,
    );
  const onDiscard = (change: PendingChange) => void askDiscard(change.seq);

  if (status.loading || changes.loading) {
    return (
      <Stack gap="lg">
        <Title order={2}>{SYNC_PAGE_TITLE}</Title>
        <Center py="xl">
          <Loader aria-label={SYNC_TEXTS.loading} />
        </Center>
      </Stack>
    );
  }

  const sections = groupChanges(changes.changes);
  return (
    <Stack gap="lg">
      <Title order={2}>{SYNC_PAGE_TITLE}</Title>
      <SyncSummary status={status} onSyncNow={() => void actions.syncNow()} />
      {changes.changes.length === 0 ? (
        <Text size="lg" ta="center" py="xl" data-testid="sync-empty">
          {SYNC_TEXTS.allSynced}
        </Text>
      ) : (
        SECTION_ORDER.filter((name) => sections[name].length > 0).map((name) => (
          <Stack key={name} gap="sm" component="section" aria-label={SECTION_TITLES[name]}>
            <div>
              <Title order={3} size="h4">
                {SECTION_TITLES[name]} ({sections[name].length})
              </Title>
              <Text size="sm" c="dimmed">
                {SECTION_HINTS[name]}
              </Text>
            </div>
            {sections[name].map((change) => (
              <ChangeCard
                key={change.seq}
                change={change}
                busy={busy.has(change.seq)}
                onRetry={onRetry}
                onDiscard={onDiscard}
                onResolve={onResolve}
              />
            ))}
          </Stack>
        ))
      )}
      {user ? <UnsentTransferCard user={user} /> : null}
      <DeviceStorageCard />
      {confirmation}
    </Stack>
  );
}
