/**
 * Módulos: choose a department, then each module is a switch saved at once
 * (`POST .../role/{id}/permissions` with that one module). The switches show
 * the device's roles list (each role carries its active module ids), so the
 * last known permissions stay readable offline; a refused save leaves the
 * switch as the server has it and says why.
 */
import { useState } from 'react';
import { Select, Stack, Switch, Table, Text } from '@mantine/core';
import { moduleRecordSchema } from '@sync/contract/lookups';
import { ACCESS_CONTROL_PATHS, roleRecordSchema } from '@sync/contract/access-control';
import { useOnlineWrite, useReadOnlyList } from '@sync/react';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms/sync-error';
import { ACCESS_TEXTS } from './access-control-texts';

export function PermissionsPanel() {
  const send = useOnlineWrite();
  const roles = useReadOnlyList('roles', roleRecordSchema);
  const modules = useReadOnlyList('modules', moduleRecordSchema);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [saving, setSaving] = useState<number | null>(null);

  const roleRows = roles.loading ? [] : [...roles.rows].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const moduleRows = modules.loading ? [] : [...modules.rows].sort((a, b) => a.id - b.id);
  const role = roleRows.find((r) => String(r.id) === roleId);

  const toggle = async (moduleId: number, active: boolean) => {
    if (!role || saving !== null) return;
    setSaving(moduleId);
    try {
      await send({
        method: 'POST',
        path: ACCESS_CONTROL_PATHS.permissions(role.id),
        body: { permissions: [{ module_id: moduleId, active }] },
        pulls: ['roles'],
      });
      alertSuccess(ACCESS_TEXTS.permissionsSaved);
    } catch (failure) {
      alertDanger(errorMessage(failure));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="md">
      <Select
        label={ACCESS_TEXTS.department}
        placeholder={ACCESS_TEXTS.chooseRole}
        data={roleRows.map((r) => ({ value: String(r.id), label: r.name }))}
        value={roleId}
        onChange={setRoleId}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        maw={400}
      />
      {!role ? (
        <Text c="dimmed">{ACCESS_TEXTS.chooseRole}</Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{ACCESS_TEXTS.columns.module}</Table.Th>
              <Table.Th w={100}>{ACCESS_TEXTS.columns.active}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {moduleRows.map((module) => (
              <Table.Tr key={module.key}>
                <Table.Td>
                  <Text fw={500}>{module.name}</Text>
                  <Text size="xs" c="dimmed">
                    {module.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={module.name}
                    checked={role.modules.includes(module.id)}
                    disabled={saving !== null}
                    onChange={(event) => void toggle(module.id, event.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
