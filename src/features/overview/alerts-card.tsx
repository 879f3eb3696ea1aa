/** The dashboard's 'Alertas' card: every alert of the user (use-alerts.ts), newest first, the device's own on top. */
import { Card, Group, Loader, Text, Title } from '@mantine/core';
import { DASHBOARD_TEXTS } from '@sync/contract/dashboard';
import { AlertList } from './alert-list';
import { useAlerts } from './use-alerts';

export function AlertsCard() {
  const state = useAlerts();
  return (
    <Card withBorder radius="md" padding="md" id="alertas" aria-labelledby="alerts-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="alerts-title">
          {DASHBOARD_TEXTS.alerts}
        </Title>
        {!state.loading && state.unread > 0 ? (
          <Text size="sm" c="dimmed">
            {DASHBOARD_TEXTS.unreadCount(state.unread)}
          </Text>
        ) : null}
      </Group>
      {state.loading ? <Loader size="sm" /> : <AlertList alerts={state.alerts} />}
    </Card>
  );
}
