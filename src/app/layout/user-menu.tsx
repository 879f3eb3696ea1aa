/**
 * The header's user menu: the signed-in user's name, with Perfil and Sair.
 */
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '@sync/contract/user';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function UserMenu({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Menu do usuário" data-testid="user-menu" className="touch-target" display="flex" style={{ alignItems: 'center' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.settings.image?.url ?? null} radius="xl" size={32} color="cyan" alt="">
              {initialsOf(user.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="xs" data-testid="user-name" truncate maw={200}>
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/admin/perfil">
          Perfil
        </Menu.Item>
        <Menu.Item color="red" onClick={onSignOut}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
