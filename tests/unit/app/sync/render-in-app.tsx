/**
 * Renders a piece of the signed-in app for component tests: Mantine (test
 * env) with the alert area, the app runtime (for the browser connectivity),
 * the user's local store through sync/react's <SyncProvider>, and a memory
 * router whose `/admin/sincronizacao` route shows a marker, so links to the
 * sync page can be followed.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { SyncProvider } from '@sync/react/context';
import type { SyncDatabase } from '@sync/store/database';
import { RuntimeProvider } from '@/app/runtime-context';
import { createAppRuntime } from '@/app/runtime';

export const SYNC_PAGE_MARKER = 'página de sincronização (rota de teste)';

export async function renderInApp(db: SyncDatabase, ui: ReactNode, path = '/admin/overview') {
  const runtime = createAppRuntime('http://127.0.0.1:9');
  const root = createRootRoute({ component: () => <Outlet /> });
  const here = createRoute({ getParentRoute: () => root, path, component: () => <>{ui}</> });
  const routes = [here];
  if (path !== '/admin/sincronizacao') {
    routes.push(createRoute({ getParentRoute: () => root, path: '/admin/sincronizacao', component: () => <p>{SYNC_PAGE_MARKER}</p> }));
  }
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [path] }) });
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <MantineProvider env="test">
        <Notifications />
        <RuntimeProvider runtime={runtime}>
          <SyncProvider db={db}>
            <RouterProvider router={router as never} />
          </SyncProvider>
        </RuntimeProvider>
      </MantineProvider>,
    );
  });
  return { ...result, router, runtime };
}
