/**
 * A list of the user's alerts (use-alerts.ts), shared by the dashboard's
 * 'Alertas' card and the header bell: each with its title (a link to the
 * record when there is one), its text and time, unread ones marked and
 * with 'Marcar como lido'. A refused mark (offline, or the server's
 * message) shows as a danger alert and changes nothing.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DASHBOARD_TEXTS } from '@sync/contract/dashboard';
import { alertDanger } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms/sync-error';
import { formatInstant } from './format';
import { type ShownAlert, useMarkAlertRead } from './use-alerts';

export interface AlertListProps {
  alerts: readonly ShownAlert[];
  /** Called when the user follows an alert's link (the bell closes its dropdown). */
  onFollow?: () => void;
  /** What an empty list says (default 'Nenhum alerta.'). */
  emptyText?: string;
}

function AlertItem({ alert, onFollow }: { alert: ShownAlert; onFollow?: () => void }) {
  const markRead = useMarkAlertRead();
  const [marking, setMarking] = useState(false);
  const mark = async () => {
    if (typeof alert.id !== 'number') return;
    setMarking(true);
    try {
      await markRead(alert.id);
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      setMarking(false);
    }
  };
  const title = (
    <Text fw={alert.unread ? 700 : 500} size="sm">
      {alert.title}
    </Text>
  );
  return (
    <Stack gap={2} data-testid="alert-item" data-unread={alert.unread || undefined}>
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        {alert.link ? (
          <Anchor
            renderRoot={(props) => <Link {...props} {...alert.link} />}
            onClick={onFollow}
            className="touch-target"
            style={{ display: 'inline-flex', alignItems: 'center' }}
          >
            {title}
          </Anchor>
        ) : (
          title
        )}
        {alert.unread ? (
          <Badge color="red" variant="light" size="sm">
            {DASHBOARD_TEXTS.newBadge}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {alert.message}
      </Text>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="xs" c="dimmed">
          {alert.at ? formatInstant(alert.at) : ''}
        </Text>
        {alert.markable ? (
          <Button size="compact-sm" variant="subtle" loading={marking} onClick={mark}>
            {DASHBOARD_TEXTS.markRead}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

export function AlertList({ alerts, onFollow, emptyText = DASHBOARD_TEXTS.noAlerts }: AlertListProps) {
  if (alerts.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Stack gap="md">
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} onFollow={onFollow} />
      ))}
    </Stack>
  );
}
