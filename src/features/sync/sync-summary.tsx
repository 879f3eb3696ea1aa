/**
 * The top of the sync page: the connection, what the engine is doing, the
 * last successful sync (DD/MM/YYYY HH:mm), the engine's last error when a
 * run failed, and 'Sincronizar agora' (asks the tab that runs the engine,
 * whichever it is, to run at once).
 */
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { SyncStatus } from '@sync/react';
import { formatDateTime } from './format-sync-value';
import { countChanges, SYNC_TEXTS } from './sync-texts';

export interface SyncSummaryProps {
  status: SyncStatus;
  onSyncNow: () => void;
}

function connectionBadge(status: SyncStatus): { label: string; color: string } {
  if (!status.online) return { label: SYNC_TEXTS.offline, color: 'gray' };
  if (status.phase === 'pushing' || status.phase === 'pulling') return { label: SYNC_TEXTS.syncing, color: 'blue' };
  return { label: SYNC_TEXTS.online, color: 'green' };
}

export function SyncSummary({ status, onSyncNow }: SyncSummaryProps) {
  const badge = connectionBadge(status);
  const running = status.phase === 'pushing' || status.phase === 'pulling';
  const showError = status.online && (status.phase === 'error' || status.phase === 'unauthorized') && status.lastError;
  const unsent = status.pending + status.failed + status.conflicts;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Badge color={badge.color} variant="light" size="lg" radius="sm" tt="none" data-testid="sync-page-connection">
              {badge.label}
            </Badge>
            <Text size="sm" data-testid="last-sync">
              {SYNC_TEXTS.lastSync}: {status.lastSyncAt ? formatDateTime(status.lastSyncAt) : SYNC_TEXTS.neverSynced}
            </Text>
          </Group>
          <Button onClick={onSyncNow} loading={running}>
            {SYNC_TEXTS.syncNow}
          </Button>
        </Group>
        {unsent > 0 ? (
          <Text size="sm" c="dimmed">
            {countChanges(unsent)} neste aparelho ainda não {unsent === 1 ? 'foi aceita' : 'foram aceitas'} pelo servidor.
          </Text>
        ) : null}
        {!status.online ? (
          <Text size="sm" c="dimmed">
            {SYNC_TEXTS.offlineNote}
          </Text>
        ) : null}
        {showError ? (
          <Alert color="red" variant="light">
            {status.lastError!.message}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
