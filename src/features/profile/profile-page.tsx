/**
 * 'Perfil do usuário' (/admin/perfil): the signed-in user's data, read-only.
 * Editing arrives with the users area.
 */
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CurrentUser } from '@sync/contract/user';
import { isAdminUser } from '@sync/session/session-user';

/** Spec section 3: a user with no role name is shown as 'Administrador'. */
export function roleLabel(user: CurrentUser): string {
  return user.settings.role?.name?.trim() || 'Administrador';
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value?.trim() ? value : '—'}</Text>
    </div>
  );
}

export function ProfilePage({ user }: { user: CurrentUser }) {
  const phone = user.phone ?? user.settings.phone;
  return (
    <Stack gap="lg">
      <Title order={2}>Perfil do usuário</Title>
      <Card withBorder padding="lg" radius="md">
        <Group gap="md" mb="lg">
          <Avatar src={user.settings.image?.url ?? null} size={64} radius="xl" color="cyan" alt="" />
          <div>
            <Text fw={600} size="lg">
              {user.name}
            </Text>
            <Text c="dimmed" size="sm">
              {user.settings.position || roleLabel(user)}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="Nome" value={user.name} />
          <Field label="Usuário" value={user.username} />
          <Field label="E-mail" value={user.email} />
          <Field label="Telefone" value={phone} />
          <Field label="Cargo" value={user.settings.position} />
          <Field label="Registro (ABHO)" value={user.settings.registration_code} />
          <Field label="Tipo de usuário" value={user.settings.type.name} />
          <Field label="Função" value={roleLabel(user)} />
        </SimpleGrid>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Text fw={600} mb="sm">
          Módulos
        </Text>
        {isAdminUser(user) ? (
          <Text size="sm">Todos os módulos (administrador).</Text>
        ) : user.modules.length > 0 ? (
          <Group gap="xs">
            {user.modules.map((module) => (
              <Badge key={module.id} variant="light">
                {module.name}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text c="dimmed" size="sm">
            Nenhum módulo atribuído.
          </Text>
        )}
      </Card>
    </Stack>
  );
}
