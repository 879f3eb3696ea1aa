/**
 * The 'Controle de acesso' tab of 'Configurações' (spec core-administration,
 * Settings and Access control): its three sub-tabs Tipos (departments),
 * Módulos (a department's module permissions) and Usuários (each user's
 * department). Rendered by the settings page for administrators only.
 */
import { Tabs } from '@mantine/core';

export function AccessControlTab() {
  return (
    <Tabs defaultValue="tipos" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="tipos">Tipos</Tabs.Tab>
        <Tabs.Tab value="modulos">Módulos</Tabs.Tab>
        <Tabs.Tab value="usuarios">Usuários</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="tipos" pt="md">
        {null}
      </Tabs.Panel>
      <Tabs.Panel value="modulos" pt="md">
        {null}
      </Tabs.Panel>
      <Tabs.Panel value="usuarios" pt="md">
        {null}
      </Tabs.Panel>
    </Tabs>
  );
}
