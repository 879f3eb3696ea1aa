/**
 * /admin/settings: 'Configurações'. The page itself (company data, print
 * texts, variables, results) comes from the settings branch, which replaces
 * this file on merge; until then it holds only the 'Controle de acesso' tab,
 * for administrators.
 */
import { createFileRoute } from '@tanstack/react-router';
import { Stack, Tabs, Title } from '@mantine/core';
import { isAdminUser } from '@sync/session/session-user';
import { useSessionState } from '@/app/session/use-session-state';
import { AccessControlTab } from '@/features/settings/access-control';
import { AreaPlaceholder } from '@/ui/area-placeholder';

export const Route = createFileRoute('/admin/settings')({ component: SettingsRoute });

function SettingsRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  if (!user || !isAdminUser(user)) return <AreaPlaceholder title="Configurações" />;
  return (
    <Stack gap="md">
      <Title order={2}>Configurações</Title>
      <Tabs defaultValue="acesso">
        <Tabs.List>
          <Tabs.Tab value="acesso">Controle de acesso</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="acesso" pt="md">
          <AccessControlTab user={user} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
