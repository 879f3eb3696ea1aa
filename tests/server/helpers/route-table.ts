/**
 * The app's route table as Fastify registers it: a plugin that records
 * every route (method, pattern, access declaration, schemas) as it is
 * registered, so the route-walking tests cover a route added later without
 * anything written for it. HEAD and OPTIONS are Fastify's copies.
 */
import type { AppPlugin } from '@server/app-context';
import type { RouteAccess } from '@server/auth/access';
import type { RouteInfo } from '../fuzz/cases';

export type RegisteredRoute = RouteInfo & { access: RouteAccess | undefined };

export function routeRecorder(): { plugin: AppPlugin; routes: RegisteredRoute[] } {
  const routes: RegisteredRoute[] = [];
  const plugin: AppPlugin = {
    name: 'route-recorder',
    install(app) {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const access = (route.config as { access?: RouteAccess } | undefined)?.access;
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          routes.push({ method, url: route.url, access, public: access?.kind === 'public', schema: (route.schema ?? {}) as RouteInfo['schema'] });
        }
      });
    },
  };
  return { plugin, routes };
}
