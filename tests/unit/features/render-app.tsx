/**
 * Renders catalog screens the way the app does, on a real local store
 * (fake-indexeddb): Mantine in test mode, the alert area, <SyncProvider> and
 * a memory router whose paths mirror src/routes. Each route maps to the
 * feature page with its params, as the thin route files do.
 */
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useParams,
  useSearch,
} from '@tanstack/react-router';
import { act, configure, render } from '@testing-library/react';
import type { SyncEngine } from '@sync/engine/engine';
import { SyncProvider } from '@sync/react/context';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { validateListSearch } from '@/ui/list-page';

// The store answers asynchronously; on a busy machine a second is not always enough.
configure({ asyncUtilTimeout: 4_000 });

export type RouteView = (route: { params: Record<string, string>; search: { busca?: string } }) => ReactElement;

export function openTestDb(): SyncDatabase {
  return new SyncDatabase(`features-${newKey()}`);
}

export async function closeTestDb(db: SyncDatabase): Promise<void> {
  db.close();
  await db.delete();
}

/** `engine`: for screens that write online (users, profile), an engine against a real server, not started. */
export async function renderApp(db: SyncDatabase, routes: Record<string, RouteView>, initialPath: string, engine?: SyncEngine) {
  notifications.clean();
  const root = createRootRoute({ component: () => <Outlet /> });
  const children = Object.entries(routes).map(([path, view]) =>
    createRoute({
      getParentRoute: () => root,
      path,
      validateSearch: validateListSearch,
      component: function TestRoute() {
        const params = useParams({ strict: false }) as Record<string, string>;
        const search = useSearch({ strict: false }) as { busca?: string };
        return view({ params, search });
      },
    }),
  );
  const sync = createRoute({ getParentRoute: () => root, path: '/admin/sincronizacao', component: () => <p>Sincronização</p> });
  const router = createRouter({
    routeTree: root.addChildren([...children, sync]),
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  await act(async () => {
    render(
      <MantineProvider env="test">
        <Notifications />
        <SyncProvider db={db} engine={engine}>
          <RouterProvider router={router as never} />
        </SyncProvider>
      </MantineProvider>,
    );
  });
  return {
    router,
    /** The current path (with the search string). */
    path: () => router.state.location.pathname + (router.state.location.searchStr ?? ''),
  };
}
