/**
 * Deny by default, at start-up: every route registered on the app must
 * declare its access (`config.access`, ./access.ts). The routes are
 * collected as they are registered (an onRoute hook on the root, installed
 * before any route) and checked when the app gets ready, after every
 * scope's own onRoute hooks had their say (the PWA's scope declares its
 * file routes public that way): a route without a declaration stops the
 * start with an error naming it, so nothing becomes public, or open to
 * everyone signed in, by omission.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

export class MissingAccessDeclaration extends Error {
  override name = 'MissingAccessDeclaration';
}

function describe(route: RouteOptions): string {
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  return `${methods} ${route.url}`;
}

/** The routes registered without `config.access`, by method and path. */
export function undeclaredRoutes(routes: readonly RouteOptions[]): string[] {
  return routes.filter((route) => (route.config as { access?: unknown } | undefined)?.access === undefined).map(describe);
}

export function requireAccessDeclarations(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onReady', async () => {
    const missing = undeclaredRoutes(routes);
    if (missing.length > 0) {
      throw new MissingAccessDeclaration(`Rotas sem declaração de acesso (config.access; docs/access-model.md): ${missing.join(', ')}`);
    }
  });
}
