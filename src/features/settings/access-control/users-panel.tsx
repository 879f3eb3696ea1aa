/**
 * Usuários: every active user with name, e-mail and a department selector;
 * a change is saved at once (`POST api/access-control/user/{id}`). Read from
 * the device's users and roles lists (readable offline). Administrators have
 * no department: their row says so and cannot be changed.
 */
import { useState } from 'react';
import { Select, Table, Text } from '@mantine/core';
import { ACCESS_CONTROL_PATHS, roleRecordSchema } from '@sync/contract/access-control';
import { ADMIN_USER_TYPE_ID } from '@sync/contract/modules';
import { userRecordSchema } from '@sync/contract/user-list';
import { useOnlineWrite, useReadOnlyList } from '@sync/react';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms/sync-error';
import { ACCESS_TEXTS } from './access-control-texts';

export function UsersPanel() {
  const send = useOnlineWrite();
  const users = useReadOnlyList('users', userRecordSchema);
  const roles = useReadOnlyList('roles', roleRecordSchema);
  const [saving, setSaving] = useState<number | null>(null);

  const roleOptions = (roles.loading ? [] : [...roles.rows].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))).map((r) => ({
    value: String(r.id),
    label: r.name,
  }));
  const rows = users.loading ? [] : users.rows.filter((u) => u.deleted_at === null).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

  const change = async (userId: number, value: string | null) => {
    if (value === null || saving !== null) return;
    setSaving(userId);
    try {
      await send({ method: 'POST', path: ACCESS_CONTROL_PATHS.user(userId), body: { role_id: Number(value) }, pulls: ['users'] });
      alertSuccess(ACCESS_TEXTS.userRoleChanged);
    } catch (failure) {
      alertDanger(errorMessage(failure));
    } finally {
      setSaving(null);
    }
  };

  if (!users.loading && rows.length === 0) return <Text c="dimmed">{ACCESS_TEXTS.noUsers}</Text>;
  return (
    <Table striped verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{ACCESS_TEXTS.columns.name}</Table.Th>
          <Table.Th>{ACCESS_TEXTS.columns.email}</Table.Th>
          <Table.Th w={260}>{ACCESS_TEXTS.columns.role}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((user) => (
          <Table.Tr key={user.key} data-testid={`user-${user.username}`}>
            <Table.Td>{user.name}</Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>
              {user.settings.user_type_id === ADMIN_USER_TYPE_ID ? (
                <Text size="sm">{ACCESS_TEXTS.administrator}</Text>
              ) : (
                <Select
                  aria-label={`${ACCESS_TEXTS.department} de ${user.name}`}
                  placeholder={ACCESS_TEXTS.chooseRole}
                  data={roleOptions}
                  value={user.settings.role_id === null ? null : String(user.settings.role_id)}
                  onChange={(value) => void change(user.id, value)}
                  allowDeselect={false}
                  disabled={saving !== null}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
