/**
 * The one way the component tests render: Mantine in test mode
 * (env="test": no transitions, Select options that appear), then, as the
 * test asks, the alert area, the app runtime, the local store through
 * sync/react's <SyncProvider> (with an engine for the screens that write
 * online) and a memory router. The providers are Testing Library's
 * `wrapper`, so `rerender` keeps them; the render runs in an async act, so
 * the store's first reads have settled when it returns.
 */
import type { ReactElement, ReactNode } from 'react';
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
import { act, render, type RenderResult } from '@testing-library/react';
import type { SyncEngine } from '@sync/engine/engine';
import { SyncProvider } from '@sync/react/context';
import type { SyncDatabase } from '@sync/store/database';
import type { AppRuntime } from '@/app/runtime';
import { RuntimeProvider } from '@/app/runtime-context';
import { validateListSearch } from '@/ui/list-page';

export interface RenderOptions {
  /** The local store, given to <SyncProvider>. */
  db?: SyncDatabase;
  /** With `db`: an engine for the screens that write online (not started). */
  engine?: SyncEngine;
  /** The app's runtime (session, API client, the browser's connectivity). */
  runtime?: AppRuntime;
  /** The alert area (<Notifications />), emptied first. */
  notifications?: boolean;
}

function Providers({ options, children }: { options: RenderOptions; children: ReactNode }) {
  let tree = children;
  if (options.db) {
    tree = (
      <SyncProvider db={options.db} engine={options.engine}>
        {tree}
      </SyncProvider>
    );
  }
  if (options.runtime) tree = <RuntimeProvider runtime={options.runtime}>{tree}</RuntimeProvider>;
  return (
    <MantineProvider env="test">
      {options.notifications && <Notifications />}
      {tree}
    </MantineProvider>
  );
}

export async function renderWithProviders(ui: ReactNode, options: RenderOptions = {}): Promise<RenderResult> {
  if (options.notifications) notifications.clean();
  let result!: RenderResult;
  await act(async () => {
    result = render(ui, { wrapper: ({ children }) => <Providers options={options}>{children}</Providers> });
  });
  return result;
}

/** What the sync page's route shows: links to it can be followed without the page itself. */
export const SYNC_PAGE_MARKER = 'página de sincronização (rota de teste)';

export type RouteView = (route: { params: Record<string, string>; search: { busca?: string } }) => ReactElement;

/**
 * `routes` (paths as in src/routes, each shown with its params and list
 * search, as the thin route files do) on a memory router opened at
 * `initialPath`, plus the sync page's route showing SYNC_PAGE_MARKER.
 */
export async function renderRoutes(routes: Record<string, RouteView>, initialPath: string, options: RenderOptions = {}) {
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
  if (!('/admin/sincronizacao' in routes)) {
    children.push(createRoute({ getParentRoute: () => root, path: '/admin/sincronizacao', component: () => <p>{SYNC_PAGE_MARKER}</p> }));
  }
  const router = createRouter({
    routeTree: root.addChildren(children),
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  const result = await renderWithProviders(<RouterProvider router={router as never} />, options);
  return {
    ...result,
    router,
    /** The current path (with the search string). */
    path: () => router.state.location.pathname + (router.state.location.searchStr ?? ''),
  };
}
