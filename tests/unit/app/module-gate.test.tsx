/**
 * The gate in the admin layout: a customer-type user who types a costs path
 * gets the 'sem permissão' page and the costs form never mounts; a user with
 * the module gets the page.
 */
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModuleGate } from '@/app/guard/module-gate';
import { NO_PERMISSION_TEXTS } from '@/app/guard/no-permission-page';
import type { CurrentUser } from '@sync/contract/user';
import { makeUser } from '../session/user-factory';
import { renderWithProviders } from '../support/render';

async function renderAt(user: CurrentUser, path: string) {
  const root = createRootRoute({
    component: () => (
      <ModuleGate user={user}>
        <Outlet />
      </ModuleGate>
    ),
  });
  const page = createRoute({ getParentRoute: () => root, path: '/admin/custos/novo', component: () => <form aria-label="Custo" /> });
  const overview = createRoute({ getParentRoute: () => root, path: '/admin/overview', component: () => <p>Visão Global</p> });
  const router = createRouter({ routeTree: root.addChildren([page, overview]), history: createMemoryHistory({ initialEntries: [path] }) });
  await renderWithProviders(<RouterProvider router={router as never} />);
}

describe('ModuleGate', () => {
  it("shows 'sem permissão' and never mounts the page of a module the user lacks", async () => {
    const customer = makeUser({ modules: [{ id: 1, name: 'Clientes', slug: 'customers' }] }, 'cliente');
    await renderAt(customer, '/admin/custos/novo');
    expect(await screen.findByText(NO_PERMISSION_TEXTS.title)).toBeInTheDocument();
    expect(screen.getByText(NO_PERMISSION_TEXTS.message)).toBeInTheDocument();
    expect(screen.getByText('Módulo: Custos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NO_PERMISSION_TEXTS.back })).toHaveAttribute('href', '/admin/overview');
    expect(screen.queryByRole('form', { name: 'Custo' })).not.toBeInTheDocument();
  });

  it('shows the page to a user with the module', async () => {
    const office = makeUser({ modules: [{ id: 1, name: 'Custos', slug: 'costs' }] }, 'administrativo');
    await renderAt(office, '/admin/custos/novo');
    expect(await screen.findByRole('form', { name: 'Custo' })).toBeInTheDocument();
    expect(screen.queryByText(NO_PERMISSION_TEXTS.title)).not.toBeInTheDocument();
  });
});
