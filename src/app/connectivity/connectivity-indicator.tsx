/**
 * The header's connectivity badge: Online or Offline, and, once the sync
 * engine reports, the number of pending and failed changes.
 */
import { Badge, Group, Tooltip } from '@mantine/core';
import type { ConnectivityState } from './connectivity-store';
import { useConnectivity } from './use-connectivity';

export function describeConnectivity(state: ConnectivityState): { label: string; color: string; hint: string } {
  const failed = state.sync?.failed ?? 0;
  const pending = state.sync?.pending ?? 0;
  if (!state.online) {
    return {
      label: pending > 0 ? `Offline · ${pending} pendente${pending === 1 ? '' : 's'}` : 'Offline',
      color: 'gray',
      hint: 'Sem conexão com a internet. O aplicativo continua funcionando com os dados deste aparelho.',
    };
  }
  if (failed > 0) {
    return {
      label: `${failed} com falha`,
      color: 'red',
      hint: 'Algumas alterações foram recusadas pelo servidor e continuam neste aparelho.',
    };
  }
  if (pending > 0) {
    return {
      label: `Online · ${pending} pendente${pending === 1 ? '' : 's'}`,
      color: 'yellow',
      hint: 'Enviando as alterações feitas neste aparelho.',
    };
  }
  return { label: 'Online', color: 'green', hint: 'Conectado ao servidor.' };
}

export function ConnectivityIndicator() {
  const state = useConnectivity();
  const { label, color, hint } = describeConnectivity(state);
  return (
    <Tooltip label={hint} multiline w={260} withArrow>
      <Group gap={0}>
        <Badge
          color={color}
          variant="light"
          size="lg"
          radius="sm"
          tt="none"
          style={{ flexShrink: 0, overflow: 'visible' }}
          data-testid="connectivity"
          aria-live="polite"
        >
          {label}
        </Badge>
      </Group>
    </Tooltip>
  );
}
