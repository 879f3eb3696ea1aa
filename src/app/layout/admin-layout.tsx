/**
 * The admin area's frame: a header (menu button on small screens, product
 * name, connectivity and sync status, user menu), the side menu, and the
 * page. Renders from the stored session alone, so it opens offline. Every
 * admin page gets the signed-in user's local store (<SignedInSync>), and
 * 'Sair' warns first when changes are still unsent.
 */
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../product-name';
import { ConnectivityIndicator } from '../connectivity/connectivity-indicator';
import { useRuntime } from '../runtime-context';
import { SessionWatcher } from '../session/session-watcher';
import { useSessionState } from '../session/use-session-state';
import { useSignOutGuard } from '../sync/sign-out-guard';
import { SignedInSync } from '../sync/user-sync-context';
import type { CurrentUser } from '../../../sync/contract/user';
import { AdminNavbar } from './admin-navbar';
import { UserMenu } from './user-menu';
import '../../ui/styles/all-styles';

/** What fits next to the menu button on a phone. */
export const PRODUCT_SHORT_NAME = 'Higiene';

export function AdminLayout() {
  const { session } = useRuntime();
  const { user } = useSessionState(session);

  return (
    <>
      <SessionWatcher />
      {user ? (
        <SignedInSync userId={user.id}>
          <AdminShell user={user} signOut={session.signOut} />
        </SignedInSync>
      ) : null}
    </>
  );
}

function AdminShell({ user, signOut }: { user: CurrentUser; signOut: () => Promise<void> }) {
  const [navOpened, nav] = useDisclosure(false);
  const { requestSignOut, confirmation } = useSignOutGuard(signOut);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Abrir menu" />
            <Text
              component={Link}
              to="/admin/overview"
              fw={700}
              c="cyan.9"
              size="lg"
              truncate
              style={{ textDecoration: 'none' }}
            >
              <Text span inherit visibleFrom="xs">
                {PRODUCT_NAME}
              </Text>
              <Text span inherit hiddenFrom="xs">
                {PRODUCT_SHORT_NAME}
              </Text>
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <ConnectivityIndicator />
            <UserMenu user={user} onSignOut={requestSignOut} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AdminNavbar user={user} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      {confirmation}
    </AppShell>
  );
}
