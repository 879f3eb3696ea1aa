/**
 * Tipos: the departments (roles), read from the device's roles list; create,
 * rename and delete online (slug derived on the server). Names are
 * capitalised as typed (spec section 5); a refused save keeps what was typed.
 */
import { useState } from 'react';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { ACCESS_CONTROL_PATHS, roleRecordSchema, type RoleRecord } from '@sync/contract/access-control';
import { useOnlineWrite, useReadOnlyList } from '@sync/react';
import { capitalizeWords } from '@/domain/text-case';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { useConfirmDelete } from '@/ui/confirm-delete';
import { errorMessage, fieldErrorsOf } from '@/ui/forms/sync-error';
import { ACCESS_TEXTS } from './access-control-texts';

type Row = RoleRecord & { key: string };

/** A name field and its save: the add form, and the rename form of one row. */
function NameForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  onSave: (name: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!name.trim()) {
      setError(ACCESS_TEXTS.nameRequired);
      return;
    }
    setSaving(true);
    try {
      await onSave(name.trim());
      setError(undefined);
      if (!onCancel) setName('');
    } catch (failure) {
      setError(fieldErrorsOf(failure).name);
      alertDanger(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          aria-label={ACCESS_TEXTS.roleName}
          placeholder={ACCESS_TEXTS.roleName}
          value={name}
          error={error}
          onChange={(event) => {
            setName(capitalizeWords(event.currentTarget.value));
            setError(undefined);
          }}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {ACCESS_TEXTS.cancel}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

export function RolesPanel() {
  const send = useOnlineWrite();
  const list = useReadOnlyList('roles', roleRecordSchema);
  const [editing, setEditing] = useState<number | null>(null);
  const remove = useConfirmDelete<Row>({
    run: (role) => send({ method: 'DELETE', path: ACCESS_CONTROL_PATHS.role(role.id), pulls: ['roles'] }),
    successMessage: ACCESS_TEXTS.roleDeleted,
  });
  const rows = list.loading ? [] : [...list.rows].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

  const create = async (name: string) => {
    await send({ method: 'POST', path: ACCESS_CONTROL_PATHS.roles, body: { name }, pulls: ['roles'] });
    alertSuccess(ACCESS_TEXTS.roleSaved);
  };
  const rename = (role: Row) => async (name: string) => {
    await send({ method: 'PUT', path: ACCESS_CONTROL_PATHS.role(role.id), body: { name }, pulls: ['roles', 'users'] });
    setEditing(null);
    alertSuccess(ACCESS_TEXTS.roleSaved);
  };

  return (
    <Stack gap="md">
      <div>
        <Text fw={600} mb="xs">
          {ACCESS_TEXTS.newRole}
        </Text>
        <NameForm initial="" submitLabel={ACCESS_TEXTS.add} onSave={create} />
      </div>
      {!list.loading && rows.length === 0 ? (
        <Text c="dimmed">{ACCESS_TEXTS.noRoles}</Text>
      ) : (
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{ACCESS_TEXTS.columns.name}</Table.Th>
              <Table.Th w={200} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((role) => (
              <Table.Tr key={role.key} data-testid={`role-${role.slug}`}>
                {editing === role.id ? (
                  <Table.Td colSpan={2}>
                    <NameForm initial={role.name} submitLabel={ACCESS_TEXTS.save} onSave={rename(role)} onCancel={() => setEditing(null)} />
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>{role.name}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" aria-label={`${ACCESS_TEXTS.rename} ${role.name}`} onClick={() => setEditing(role.id)}>
                          {ACCESS_TEXTS.rename}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`${ACCESS_TEXTS.delete} ${role.name}`}
                          onClick={() => remove.request(role)}
                        >
                          {ACCESS_TEXTS.delete}
                        </Button>
                      </Group>
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {remove.modal({ message: ACCESS_TEXTS.confirmDelete })}
    </Stack>
  );
}
