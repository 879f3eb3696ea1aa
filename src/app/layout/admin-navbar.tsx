/**
 * The admin side menu: the user's areas (see admin-navigation.ts) as links,
 * the current one highlighted.
 */
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { CurrentUser } from '@sync/contract/user';
import { isNavItemActive, navigationFor } from '../navigation/admin-navigation';

export function AdminNavbar({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const items = navigationFor(user);
  return (
    <ScrollArea component="nav" aria-label="Menu principal" type="auto">
      {items.map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          active={isNavItemActive(item, pathname)}
          onClick={onNavigate}
          variant="light"
        />
      ))}
    </ScrollArea>
  );
}
