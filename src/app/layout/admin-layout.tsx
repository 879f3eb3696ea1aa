/**
 * The admin area's frame: a header (burger menu below 1024 px, product
 * name, connectivity and sync status, user menu), the side menu, and the
 * page, or 'sem permissão' when the page's module is not the user's
 * (app/guard/module-access.ts). Renders from the stored session alone, so it opens offline. Every
 * admin page gets the signed-in user's local store (<SignedInSync>), and
 * 'Sair' warns first when changes are still unsent. The company logo is
 * kept on the device from sign-in on (<DeviceLogoKeeper>), so the first
 * print offline, of a quotation or a sample, has it.
 */
import { useEffect } from 'react';
import { AppShell, Burger, Group, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../product-name';
import { ConnectivityIndicator } from '../connectivity/connectivity-indicator';
import { UploadProgress } from '../upload-progress/upload-progress';
import { ModuleGate } from '@/app/guard/module-gate';
import { NAVBAR_BREAKPOINT } from '@/app/theme';
import { useRuntime } from '../runtime-context';
import { SessionWatcher } from '../session/session-watcher';
import { useSessionState } from '../session/use-session-state';
import { useSignOutGuard } from '../sync/sign-out-guard';
import { SignedInSync } from '../sync/user-sync-context';
import type { CurrentUser } from '@sync/contract/user';
import { DeviceLogoKeeper } from '@/entities/print/device-logo';
import { AlertsBell } from '@/features/overview/alerts-bell';
import { AdminNavbar } from './admin-navbar';
import { UserMenu } from './user-menu';
import '@/ui/styles/all-styles';

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
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Below 1024 px the menu covers the page: any navigation (a menu entry, the product name, Back) closes it.
  const closeNav = nav.close;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input: each navigation closes the menu.
  useEffect(() => closeNav(), [pathname, closeNav]);
  const { requestSignOut, confirmation } = useSignOutGuard(signOut);
  // Closed behind the burger, the menu is only moved off-screen: keep it out of the tab order and of screen readers too.
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints[NAVBAR_BREAKPOINT]})`, true);
  const navHidden = !wide && !navOpened;

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !navOpened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom={NAVBAR_BREAKPOINT}
              size="sm"
              aria-label={navOpened ? 'Fechar menu' : 'Abrir menu'}
              aria-expanded={navOpened}
              data-testid="nav-burger"
            />
            <Text
              component={Link}
              to="/admin/overview"
              fw={700}
              c="cyan.9"
              size="lg"
              truncate
              style={{ textDecoration: 'none', lineHeight: 'var(--touch-target)' }}
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
            <AlertsBell />
            <UserMenu user={user} onSignOut={requestSignOut} />
          </Group>
        </Group>
        <UploadProgress />
      </AppShell.Header>
      <AppShell.Navbar p="xs" inert={navHidden} aria-hidden={navHidden || undefined}>
        <AdminNavbar user={user} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ModuleGate user={user}>
          <Outlet />
        </ModuleGate>
      </AppShell.Main>
      {confirmation}
      <DeviceLogoKeeper />
    </AppShell>
  );
}
