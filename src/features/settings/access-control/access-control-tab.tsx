/**
 * The 'Controle de acesso' tab of 'Configurações' (spec core-administration,
 * Settings and Access control): its three sub-tabs Tipos (departments),
 * Módulos (a department's module permissions) and Usuários (each user's
 * department). Administrators only: the settings page shows the tab only to
 * them, and given a non-administrator `user` this says so instead (the
 * server refuses every access-control call of anyone else anyway).
 *
 * Everything reads the device's read-only lists (roles, modules, users), so
 * the last known data stays readable offline; every save is an online write,
 * refused at once offline with a plain message, and the notice above the
 * tabs says so while the device is offline.
 */
import { Alert, Stack, Tabs } from '@mantine/core';
import type { CurrentUser } from '@sync/contract/user';
import { isAdminUser, useSyncStatus } from '@sync/react';
import { ACCESS_TEXTS } from './access-control-texts';
import { AdminOnlyNotice } from './admin-only-notice';
import { PermissionsPanel } from './permissions-panel';
import { RolesPanel } from './roles-panel';
import { UsersPanel } from './users-panel';

export function AccessControlTab({ user }: { user?: CurrentUser | null }) {
  const status = useSyncStatus();
  if (user && !isAdminUser(user)) return <AdminOnlyNotice />;
  const offline = !status.loading && !status.online;
  return (
    <Stack gap="md">
      {offline ? (
        <Alert color="yellow" variant="light" data-testid="access-offline">
          {ACCESS_TEXTS.offline}
        </Alert>
      ) : null}
      <Tabs defaultValue="tipos" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="tipos">{ACCESS_TEXTS.tabs.roles}</Tabs.Tab>
          <Tabs.Tab value="modulos">{ACCESS_TEXTS.tabs.permissions}</Tabs.Tab>
          <Tabs.Tab value="usuarios">{ACCESS_TEXTS.tabs.users}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tipos" pt="md">
          <RolesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="modulos" pt="md">
          <PermissionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="usuarios" pt="md">
          <UsersPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
