/**
 * The header's connectivity and sync status: Online or Offline with the
 * number of changes waiting to be sent, plus a red badge for changes the
 * server refused and an orange one for conflicts. The counts come live from
 * the signed-in user's store (sync/react `useSyncStatus`, the same in every
 * tab); the whole indicator leads to the 'Sincronização' page. Under the
 * badges, whether the device is ready to work offline
 * (app/offline-readiness, issue 26).
 */
import { Badge, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSyncStatus } from '@sync/react/use-sync-status';
import { OfflineReadinessLine } from '../offline-readiness/offline-readiness-line';
import { describeReadiness } from '../offline-readiness/readiness';
import { useOfflineReadiness } from '../offline-readiness/use-offline-readiness';
import type { ConnectivityState, SyncReport } from './connectivity-store';
import { useConnectivity } from './use-connectivity';

export interface StatusBadge {
  label: string;
  /** What fits on a phone's header (the count alone); the full label is in the link's name and tooltip. */
  short?: string;
  color: string;
  hint: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The main badge: the connection, and how many changes wait to be sent. */
export function describeConnectivity(state: ConnectivityState): StatusBadge {
  const pending = state.sync?.pending ?? 0;
  const waiting = pending > 0 ? ` · ${plural(pending, 'pendente', 'pendentes')}` : '';
  if (!state.online) {
    return {
      label: `Offline${waiting}`,
      color: 'gray',
      hint: 'Sem conexão com o servidor. O aplicativo continua funcionando com os dados deste aparelho.',
    };
  }
  if (pending > 0) {
    return { label: `Online${waiting}`, color: 'yellow', hint: 'Enviando as alterações feitas neste aparelho.' };
  }
  return { label: 'Online', color: 'green', hint: 'Conectado ao servidor. Tudo sincronizado.' };
}

/** Badges for what waits on the user: refused changes and conflicts (none when all is well). */
export function describeSyncProblems(sync: SyncReport | null): StatusBadge[] {
  const badges: StatusBadge[] = [];
  const failed = sync?.failed ?? 0;
  const conflicts = sync?.conflicts ?? 0;
  if (failed > 0) {
    badges.push({
      label: `${failed} com falha`,
      short: String(failed),
      color: 'red',
      hint: 'Algumas alterações foram recusadas pelo servidor e continuam neste aparelho.',
    });
  }
  if (conflicts > 0) {
    badges.push({
      label: plural(conflicts, 'conflito', 'conflitos'),
      short: String(conflicts),
      color: 'orange',
      hint: 'Alguns registros foram alterados no servidor e neste aparelho. Escolha qual versão manter.',
    });
  }
  return badges;
}

/**
 * The header's state: the store's sync status once read, the browser's
 * connection before that; and whether the first sync has ended (null until
 * the store was read).
 */
function useHeaderState(): { state: ConnectivityState; synced: boolean | null } {
  const connectivity = useConnectivity();
  const status = useSyncStatus();
  if (status.loading) return { state: connectivity, synced: null };
  const state = {
    online: status.online,
    sync: {
      pending: status.pending,
      failed: status.failed,
      conflicts: status.conflicts,
      lastSuccessAt: status.lastSyncAt ? Date.parse(status.lastSyncAt) : null,
    },
  };
  return { state, synced: status.lastSyncAt !== null };
}

export function ConnectivityIndicator() {
  const { state, synced } = useHeaderState();
  const main = describeConnectivity(state);
  const problems = describeSyncProblems(state.sync);
  const ready = describeReadiness(useOfflineReadiness(synced));
  const badges = [main, ...problems];
  const labels = [...badges.map((badge) => badge.label), ...(ready ? [ready.label] : [])];
  const hints = [...badges.map((badge) => badge.hint), ...(ready ? [ready.hint] : [])];
  return (
    <Tooltip label={hints.join(' ')} multiline w={280} withArrow>
      <UnstyledButton
        component={Link}
        to="/admin/sincronizacao"
        aria-label={`Sincronização: ${labels.join(', ')}`}
        data-testid="sync-status"
        className="touch-target"
        display="flex"
        style={{ alignItems: 'center' }}
      >
        <Stack gap={2} align="flex-end">
          <Group gap={4} wrap="nowrap">
            <Badge
              color={main.color}
              variant="light"
              size="lg"
              radius="sm"
              tt="none"
              style={{ flexShrink: 0, overflow: 'visible', cursor: 'pointer' }}
              data-testid="connectivity"
              aria-live="polite"
            >
              {main.label}
            </Badge>
            {problems.map((badge) => (
              <Badge
                key={badge.color}
                color={badge.color}
                variant="filled"
                size="lg"
                radius="sm"
                tt="none"
                style={{ flexShrink: 0, cursor: 'pointer' }}
                data-testid={badge.color === 'red' ? 'sync-failed' : 'sync-conflicts'}
              >
                <Text span inherit visibleFrom="xs">
                  {badge.label}
                </Text>
                <Text span inherit hiddenFrom="xs" aria-hidden>
                  {badge.short}
                </Text>
              </Badge>
            ))}
          </Group>
          <OfflineReadinessLine text={ready} />
        </Stack>
      </UnstyledButton>
    </Tooltip>
  );
}
