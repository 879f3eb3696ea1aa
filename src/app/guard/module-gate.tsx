/**
 * Renders the admin page for the current path, or the 'sem permissão' page
 * when the page belongs to a module the user lacks: the page itself never
 * mounts, so nothing can be typed into it.
 */
import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import type { CurrentUser } from '@sync/contract/user';
import { decideModuleAccess } from './module-access';
import { NoPermissionPage } from './no-permission-page';

export function ModuleGate({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const access = decideModuleAccess(user, pathname);
  return access.allowed ? children : <NoPermissionPage module={access.module} />;
}
