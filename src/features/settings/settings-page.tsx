/**
 * 'Configurações' (/admin/settings; spec section 2, Settings): the tabs
 * Dados da empresa, Textos dos impressos, Variáveis do sistema, Resultados
 * and, for administrators only, Controle de acesso. Every tab reads the
 * settings the device keeps (readable offline) and saves online only: when
 * there is no connection the page says so plainly, and a refused save keeps
 * everything typed. Panels stay mounted, so what was typed in one tab is
 * still there after visiting another. The tab list scrolls sideways on a
 * tablet.
 */
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSyncStatus } from '@sync/react/use-sync-status';
import { AccessControlTab } from './access-control';
import { CompanyTab } from './company-tab';
import { MessagesTab } from './messages-tab';
import { ResultsTab } from './results-tab';
import { SETTINGS_TEXTS as T } from './settings-texts';
import { SystemTab } from './system-tab';
import { useSettingsMap } from './use-settings-map';

export interface SettingsPageProps {
  /** Administrators see 'Controle de acesso' (spec section 6). */
  isAdmin: boolean;
}

export function SettingsPage({ isAdmin }: SettingsPageProps) {
  const settings = useSettingsMap();
  const status = useSyncStatus();
  const offline = !status.loading && !status.online;

  return (
    <Stack gap="lg">
      <Title order={2}>{T.title}</Title>
      {offline ? (
        <Alert color="yellow" variant="light" role="status">
          {T.offline}
        </Alert>
      ) : null}
      {settings === null ? (
        <Text c="dimmed">{T.loading}</Text>
      ) : (
        <Tabs defaultValue="company">
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            <Tabs.Tab value="company">{T.tabs.company}</Tabs.Tab>
            <Tabs.Tab value="messages">{T.tabs.messages}</Tabs.Tab>
            <Tabs.Tab value="system">{T.tabs.system}</Tabs.Tab>
            <Tabs.Tab value="results">{T.tabs.results}</Tabs.Tab>
            {isAdmin ? <Tabs.Tab value="access">{T.tabs.access}</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="company" pt="lg">
            <CompanyTab settings={settings} />
          </Tabs.Panel>
          <Tabs.Panel value="messages" pt="lg">
            <MessagesTab settings={settings} />
          </Tabs.Panel>
          <Tabs.Panel value="system" pt="lg">
            <SystemTab settings={settings} />
          </Tabs.Panel>
          <Tabs.Panel value="results" pt="lg">
            <ResultsTab settings={settings} />
          </Tabs.Panel>
          {isAdmin ? (
            <Tabs.Panel value="access" pt="lg">
              <AccessControlTab />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      )}
    </Stack>
  );
}
