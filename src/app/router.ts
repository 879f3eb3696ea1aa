/**
 * The router: the generated file-route tree with the app runtime as
 * context. Pages render the generic error page when they throw.
 */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { ErrorPage } from './errors/error-page';
import type { AppRuntime } from './runtime';

export function createAppRouter(runtime: AppRuntime) {
  return createRouter({
    routeTree,
    context: runtime,
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
